/**
 * The resilience suite's browser part (npm run test:resilience): the hostile corpus rendered in
 * Debian's Chromium. Same browser settings as playwright.config.ts.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const PORT = 3220;

export default defineConfig({
  ...base,
  testDir: 'tests/resilience',
  testMatch: '**/*.spec.ts',
  timeout: 120_000,
  projects: [{ name: 'hostile', use: { baseURL: `http://127.0.0.1:${PORT}` } }],
  webServer: {
    command: 'npx tsx tests/resilience/start-hostile-server.ts',
    env: { PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
