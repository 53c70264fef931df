// Part of `npm run build`, after the client build: renders the landing page (`/`) with
// react-dom/server into apps/web/dist/landing.html, which the server sends for `/` only (every
// other route keeps the empty shell, index.html). main.tsx hydrates it. Also writes .br/.gz
// beside it, since the server sends HTML from memory without compressing it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const WEB = path.resolve(import.meta.dirname, '../apps/web');
const DIST = path.join(WEB, 'dist');
// Outside dist/: the server-side bundle is a build tool, not something to serve.
const SSR_OUT = path.join(WEB, 'node_modules/.cache/glowreel-prerender');
const EMPTY_ROOT = '<div id="root"></div>';

await build({
  root: WEB,
  configFile: path.join(WEB, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir: SSR_OUT,
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
  },
});

const { renderLanding } = (await import(
  pathToFileURL(path.join(SSR_OUT, 'prerender.mjs')).href
)) as { renderLanding: () => Promise<string> };
const markup = await renderLanding();

// React 19 puts the page's <title> first in its output; it belongs in the head, where the
// browser's React will look for it too.
const titleMatch = /^<title>[^<]*<\/title>/.exec(markup);
const body = titleMatch === null ? markup : markup.slice(titleMatch[0].length);
const shell = readFileSync(path.join(DIST, 'index.html'), 'utf8');
if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT}`);
let landing = shell.replace(EMPTY_ROOT, `<div id="root">${body}</div>`);
if (titleMatch !== null) landing = landing.replace(/<title>[^<]*<\/title>/, titleMatch[0]);
// The page paints from its HTML; the scripts only hydrate it. Low priority lets the stylesheet
// and the font take the phone's bandwidth first (the empty shell keeps them high: it needs them).
landing = landing
  .replaceAll(
    '<script type="module" crossorigin ',
    '<script type="module" crossorigin fetchpriority="low" ',
  )
  .replaceAll(
    '<link rel="modulepreload" crossorigin ',
    '<link rel="modulepreload" crossorigin fetchpriority="low" ',
  );

if (!landing.includes('<script type="module" crossorigin fetchpriority="low" ')) {
  throw new Error('landing.html: the entry script tag is not the one Vite used to write');
}

const file = path.join(DIST, 'landing.html');
writeFileSync(file, landing);
writeFileSync(`${file}.gz`, gzipSync(landing, { level: 9 }));
writeFileSync(
  `${file}.br`,
  brotliCompressSync(landing, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
  }),
);
console.log(
  `landing.html: ${(landing.length / 1024).toFixed(1)} KB, ${(gzipSync(landing).length / 1024).toFixed(1)} KB gzipped`,
);
