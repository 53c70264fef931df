import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '@glowreel/contracts';
import { HUMAN_FACE_MODEL_FILES } from '@glowreel/engine';
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

/** The live preview's face models and tfjs wasm binaries: URL path → file on disk. */
function faceModelFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  // Both packages' entries sit in their dist folders (Human's models are one level up).
  const humanDist = path.dirname(require.resolve('@vladmandic/human'));
  const wasmDist = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const files = new Map<string, string>();
  for (const name of HUMAN_FACE_MODEL_FILES) {
    files.set(`models/${name}`, path.join(humanDist, '..', 'models', name));
  }
  // tfjs picks the SIMD build, or the plain one without SIMD. The threaded builds need a
  // cross-origin-isolated page (SharedArrayBuffer), which ours is not, so they are never fetched.
  for (const name of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm']) {
    files.set(`models/wasm/${name}`, path.join(wasmDist, name));
  }
  return files;
}

/**
 * Serves the face models from node_modules under /models (dev) and copies exactly those into the
 * build: nothing is fetched from a CDN at run time, and no unused model ships.
 */
function faceModels(): Plugin {
  const files = faceModelFiles();
  return {
    name: 'glowreel-face-models',
    apply: (_config, env) => env.isSsrBuild !== true,
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = files.get((request.url ?? '').split('?')[0]?.slice(1) ?? '');
        if (!file) {
          next();
          return;
        }
        response.setHeader(
          'content-type',
          file.endsWith('.wasm')
            ? 'application/wasm'
            : file.endsWith('.json')
              ? 'application/json'
              : 'application/octet-stream',
        );
        response.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [fileName, file] of files) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(file) });
      }
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
  plugins: [react(), tailwindcss(), faceModels(), operatorSamples(), precompressAssets()],
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
