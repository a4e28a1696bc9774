/**
 * Vite settings shared by the build (scripts/build.mjs) and by Vitest. The browser bundle uses a
 * relative base so that one build serves under any BASE_PATH chosen at run time.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  base: './',
  publicDir: 'public',
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    // The heavier resilience suite runs on its own: npm run test:resilience.
    exclude: ['tests/resilience/**', '**/node_modules/**'],
    environment: 'node',
    // Each test file gets its own database; files run in parallel across the cores.
    pool: 'forks',
    testTimeout: 20_000,
  },
});
