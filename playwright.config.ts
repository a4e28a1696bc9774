/**
 * End-to-end tests in real Chromium: Debian's package (or the browser CHROME_PATH names), driven
 * by Playwright; no browser download. Each run starts the built server on a fresh database.
 */
import { defineConfig } from '@playwright/test';

// E2E_PORT moves both servers (to PORT and PORT + 1), so that two checkouts can run their suites at once.
const ROOT_PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_PATH_PORT = ROOT_PORT + 1;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // Bounds on finishing, not waits: a passing test takes what it takes. CI's machines ran at a
  // third of their usual speed on 2026-11-29, and a studio journey of 12 s then took 35 s, a PDF
  // read 8 s, past Playwright's 30 s and 5 s defaults.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      // Chromium's own network features fail on a closed network; the sandbox needs a non-root user.
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
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'site', testIgnore: '**/base-path.spec.ts', use: { baseURL: `http://127.0.0.1:${ROOT_PORT}` } },
    { name: 'base-path', testMatch: '**/base-path.spec.ts', use: { baseURL: `http://127.0.0.1:${BASE_PATH_PORT}` } },
  ],
  webServer: [
    {
      command: `node tests/e2e/start-server.mjs`,
      env: { PORT: String(ROOT_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      url: `http://127.0.0.1:${ROOT_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node tests/e2e/start-server.mjs`,
      env: { PORT: String(BASE_PATH_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BASE_PATH: '/literature' },
      url: `http://127.0.0.1:${BASE_PATH_PORT}/literature/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
