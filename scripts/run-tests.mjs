// The whole suite: unit and integration (Vitest, PGlite and PostgreSQL) and the
// end-to-end tier (Playwright in Chromium against the built app). The two tiers share
// nothing (their own databases, ports and folders), so they run side by side: Vitest at
// once, the end-to-end tier as soon as the build is ready. Each line of output carries
// its tier's tag. Prints one closing line "N passed, N failed" over both, and exits
// non-zero when anything failed.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = path.join(root, '.tmp', 'test-reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');

/**
 * Runs a command with its output tagged line by line; resolves to its exit status.
 * @param {string} tag
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<number>}
 */
function run(tag, command, args, env = {}) {
  const startedAt = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      process.stdout.write(`[${tag}] ${line}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stdout.write(`[${tag}] could not start ${command}: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => {
      const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
      process.stdout.write(`[${tag}] finished with status ${code ?? 1} in ${minutes} min\n`);
      resolve(code ?? 1);
    });
  });
}

/**
 * @param {string} file
 * @returns {any}
 */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function buildThenEndToEnd() {
  const buildStatus = await run('build', 'npm', ['run', 'build']);
  if (buildStatus !== 0) return { buildStatus, e2eStatus: 1 };
  const e2eStatus = await run(
    'e2e',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  );
  return { buildStatus, e2eStatus };
}

const [unitStatus, { buildStatus, e2eStatus }] = await Promise.all([
  run('unit', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]),
  buildThenEndToEnd(),
]);

const unit = readJson(vitestReport);
const e2e = readJson(playwrightReport);
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed =
  (unit ? unit.numFailedTests : 1) +
  (e2e ? e2e.stats.unexpected + (e2e.stats.flaky ?? 0) : 1) +
  (buildStatus === 0 ? 0 : 1);
const exitCode = unitStatus !== 0 || e2eStatus !== 0 || buildStatus !== 0 ? 1 : 0;

console.log('');
console.log(`${passed} passed, ${Math.max(failed, exitCode)} failed`);
process.exit(exitCode);
