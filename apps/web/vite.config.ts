import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '@glowreel/contracts';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// DESIGN.md D9/D14: the operator's content folder. site.json overrides the public contact
// details; samples/<slug>.mp4|.jpg replace the shipped sample videos. Both apply at build time
// (README.md "Operator content").
const CONTENT_DIR = path.resolve(
  import.meta.dirname,
  '../..',
  process.env.GLOWREEL_CONTENT_DIR ?? 'content',
);

function readSiteConfig(): SiteConfig {
  const file = path.join(CONTENT_DIR, 'site.json');
  if (!existsSync(file)) return DEFAULT_SITE_CONFIG;
  const overrides = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...DEFAULT_SITE_CONFIG };
  for (const key of Object.keys(DEFAULT_SITE_CONFIG)) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '') {
      throw new Error(
        `${file}: "${key}" must be a non-empty string (got ${JSON.stringify(value)})`,
      );
    }
    merged[key] = value.trim();
  }
  return merged as unknown as SiteConfig;
}

function operatorSamples(): Plugin {
  let outDir = 'dist';
  return {
    name: 'glowreel-operator-samples',
    // Not for the server-side render of the landing page (scripts/prerender-landing.ts).
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const samples = path.join(CONTENT_DIR, 'samples');
      if (existsSync(samples)) cpSync(samples, path.join(outDir, 'samples'), { recursive: true });
    },
  };
}

/**
 * Writes .br and .gz beside every script and stylesheet, so a server that serves pre-compressed
 * files (@fastify/static's `preCompressed`) sends ~1/3 of the bytes without compressing per request.
 */
function precompressAssets(): Plugin {
  let assetsDir = 'dist/assets';
  return {
    name: 'glowreel-precompress',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    writeBundle() {
      for (const name of readdirSync(assetsDir)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = path.join(assetsDir, name);
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), operatorSamples(), precompressAssets()],
  define: { __GLOWREEL_SITE_CONFIG__: JSON.stringify(readSiteConfig()) },
  server: {
    proxy: {
      // Only /api/... is the server's JSON API; /api itself is a page of this SPA.
      '^/api/.*': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A chunk of its own, which the entry imports first, so it runs before zod loads
          // (inside the entry chunk it would run after every chunk the entry imports).
          groups: [{ name: 'zod-without-eval', test: /zod-without-eval\.ts$/, priority: 100 }],
        },
      },
    },
  },
});
