// npm run lighthouse — Lighthouse (mobile preset: Moto G power emulation, simulated slow 4G,
// 4× CPU slowdown) against the production build served by the real server, and the landing
// page's JavaScript size. Prints the figures; docs/perf.md records them. Targets: performance
// ≥ 90, accessibility ≥ 95, best practices ≥ 95; landing JavaScript ≤ 150 KB gzipped.
//
// Needs `npm run build` first. CHROME_PATH picks the browser (default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3290);
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/').split(',');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** Gzipped bytes of every script index.html loads (entry and its static imports). */
function landingScriptBytes(): { files: number; gzipBytes: number } {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1] ?? '',
  );
  const gzipBytes = scripts.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length,
    0,
  );
  return { files: scripts.length, gzipBytes };
}

async function waitForServer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${url} within 60 s`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const bundle = landingScriptBytes();
console.log(
  `landing JavaScript: ${(bundle.gzipBytes / 1024).toFixed(1)} KB gzipped in ${bundle.files} files (budget 150 KB)`,
);

const dataDir = mkdtempSync(path.join(tmpdir(), 'glowreel-lighthouse-'));
// LIGHTHOUSE_URL measures an already running server instead of starting one.
const external = process.env.LIGHTHOUSE_URL;
const origin = external ?? `http://localhost:${PORT}`;
const server = external
  ? null
  : spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://localhost:${PORT}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});

let isBelowTarget = false;
try {
  await waitForServer(external ?? `${origin}/readyz`);
  for (const page of PAGES) {
    const scores: Record<string, number[]> = {};
    const metrics: Record<string, number[]> = {};
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const { categories, audits } = result.lhr;
      for (const category of CATEGORIES) {
        (scores[category] ??= []).push(Math.round((categories[category]?.score ?? 0) * 100));
      }
      for (const audit of [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
      ]) {
        (metrics[audit] ??= []).push(audits[audit]?.numericValue ?? Number.NaN);
      }
      const failing = Object.values(audits)
        .filter(
          (audit) =>
            audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary',
        )
        .map((audit) => audit.id);
      if (failing.length > 0 && run === 0) {
        console.log(`  failing audits: ${failing.join(', ')}`);
        for (const id of failing) {
          const details = audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
          for (const item of details?.items ?? []) {
            console.log(`    ${id}: ${JSON.stringify(item).slice(0, 240)}`);
          }
        }
      }
    }
    console.log(`\n${page} (mobile preset, median of ${RUNS} runs)`);
    for (const category of CATEGORIES) {
      const values = scores[category] ?? [];
      const target = category === 'performance' ? 90 : 95;
      if (median(values) < target) isBelowTarget = true;
      console.log(
        `  ${category.padEnd(15)} ${String(median(values)).padStart(3)}  (runs ${values.join(', ')}; target ≥ ${target})`,
      );
    }
    for (const [audit, values] of Object.entries(metrics)) {
      const value = median(values);
      const shown =
        audit === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`;
      console.log(`  ${audit.padEnd(25)} ${shown}`);
    }
  }
} finally {
  chrome.kill();
  if (server) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
if (isBelowTarget || bundle.gzipBytes > 150 * 1024) process.exitCode = 1;
