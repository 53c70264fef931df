// The whole suite: unit and integration (Vitest, PGlite and PostgreSQL), then the
// end-to-end tier (Playwright in Chromium against the built app). Prints one closing
// line "N passed, N failed" over both, and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = path.join(root, '.tmp', 'test-reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');

/**
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
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

const unitStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const buildStatus = run('npm', ['run', 'build']);
const e2eStatus =
  buildStatus === 0
    ? run(
        'npx',
        ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
        {
          PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
        },
      )
    : 1;

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
