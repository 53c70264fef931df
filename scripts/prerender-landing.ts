// Part of `npm run build`, after the client build: renders the landing page (`/`) with
// react-dom/server into apps/web/dist/landing.html, which the server sends for `/` only (every
// other route keeps the empty shell, index.html). main.tsx hydrates it. Also writes .br/.gz
// beside it, since the server sends HTML from memory without compressing it.
import { createHash } from 'node:crypto';
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

function writeCompressed(file: string, content: string): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    }),
  );
}

/**
 * The page paints from its HTML; the scripts only hydrate it. Fetched from the start they are
 * ~110 KB competing with the stylesheet for a slow phone's bandwidth (and Lighthouse counts
 * everything that finished before the paint as needed for it). So landing.html loads only a
 * tiny deferred script, which adds the entry and its modulepreloads once the first frame is
 * painted. A file of its own, not an inline script: the CSP allows only 'self' scripts.
 */
function deferScriptsPastFirstPaint(html: string): string {
  const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (entryTag === null) throw new Error('index.html: no module entry script where Vite puts it');
  const preloadTags = [
    ...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g),
  ];
  const code = `// Written by scripts/prerender-landing.ts: loads the app after the first paint.
(() => {
const entry = ${JSON.stringify(entryTag[1])};
const modules = ${JSON.stringify(preloadTags.map((tag) => tag[1]))};
let isStarted = false;
function start() {
  if (isStarted) return;
  isStarted = true;
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}
// Once the browser reports the first paint (rendering waits for the stylesheet)...
new PerformanceObserver((entries, observer) => {
  if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
  observer.disconnect();
  start();
}).observe({ type: 'paint', buffered: true });
// ...or after 3 s whatever happens (a tab opened in the background paints nothing until shown).
setTimeout(start, 3000);
})();
`;
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const bootPath = `/assets/landing-boot-${hash}.js`;
  writeCompressed(path.join(DIST, bootPath), code);
  let result = html.replace(entryTag[0], `\n    <script defer src="${bootPath}"></script>`);
  for (const tag of preloadTags) result = result.replace(tag[0], '');
  return result;
}

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
landing = deferScriptsPastFirstPaint(landing);

const file = path.join(DIST, 'landing.html');
writeCompressed(file, landing);
console.log(
  `landing.html: ${(landing.length / 1024).toFixed(1)} KB, ${(gzipSync(landing).length / 1024).toFixed(1)} KB gzipped`,
);
