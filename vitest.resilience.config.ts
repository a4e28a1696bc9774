/**
 * The resilience suite's process part (npm run test:resilience): load and store faults against
 * the built server. One file at a time: each one loads the machine on purpose.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/resilience/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
  },
});
