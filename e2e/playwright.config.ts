import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PORTS } from './helpers/ports.ts';

// The system Chromium (Debian's package): browser downloads do not work on these machines.
const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = E2E_PORTS.app;
const BASE_URL = `http://localhost:${PORT}`;
const DATA_DIR = path.join(tmpdir(), `glowreel-e2e-${PORT}`);
// A second server keeps REQUIRE_EMAIL_VERIFICATION on for the specs of the
// gate itself (helpers/gated-server.ts); the first one turns it off so every other spec can
// sign up and go straight on to API keys and plans.
const GATED_PORT = E2E_PORTS.gatedApp;
const GATED_URL = `http://localhost:${GATED_PORT}`;
const GATED_DATA_DIR = path.join(tmpdir(), `glowreel-e2e-gated-${GATED_PORT}`);

export default defineConfig({
  testDir: './tests',
  // One results folder per port: runs on different ports (parallel sessions) never clean
  // away each other's traces and screenshots.
  outputDir: `test-results/${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          // Without these, Chromium keeps trying to reach Google's hosts on a closed network.
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      // A fresh embedded database for every run, on the real server with the built SPA, started
      // as `npm start` starts it.
      command: `rm -rf "${DATA_DIR}" && node ../scripts/start-server.mjs`,
      url: `${BASE_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        DATA_DIR,
        HOST: '127.0.0.1',
        PUBLIC_URL: BASE_URL,
        LOG_LEVEL: 'warn',
        REQUIRE_EMAIL_VERIFICATION: 'false',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `rm -rf "${GATED_DATA_DIR}" && node ../scripts/start-server.mjs`,
      url: `${GATED_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(GATED_PORT),
        DATA_DIR: GATED_DATA_DIR,
        HOST: '127.0.0.1',
        PUBLIC_URL: GATED_URL,
        LOG_LEVEL: 'warn',
        REQUIRE_EMAIL_VERIFICATION: 'true',
        // One render worker is plenty for accounts: the gated server renders nothing.
        RENDER_CONCURRENCY: '1',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
