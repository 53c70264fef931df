import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The system Chromium (Debian's package): browser downloads do not work on these machines.
const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;
const DATA_DIR = path.join(tmpdir(), `glowreel-e2e-${PORT}`);

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
  webServer: {
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
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
