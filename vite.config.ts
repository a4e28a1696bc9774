/**
 * Vite settings shared by the build (scripts/build.mjs) and by Vitest. The browser bundle uses a
 * relative base so that one build serves under any BASE_PATH chosen at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** What a test file that opens a content store (or starts a server on one) names. */
const OPENS_A_STORE = /createTestApp|openTestStore|createTestStoreLocation|TEST_DATABASE_URL|TEST_ENGINE|openDatabase|server-store|startServerProcess/;

/**
 * Files that open a store only to have an app to ask: what they test (the delivery API's checks
 * of its parameters, 1,000 bad values each) happens before any query, on every engine alike.
 */
const STORE_AS_FIXTURE = ['src/api/bad-input.property.test.ts'];

/**
 * The test files whose subject is not the content store. The second run against PostgreSQL
 * (TEST_DATABASE_URL, .ci/run) leaves them out: they ran already, and would run the same.
 */
function testsWithoutStore(): string[] {
  return ['src', 'tests'].flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.test\.tsx?$/.test(path))
      .map((path) => join(root, path))
      .filter((path) => STORE_AS_FIXTURE.includes(path) || !OPENS_A_STORE.test(readFileSync(path, 'utf8'))),
  );
}

export default defineConfig({
  plugins: [react()],
  base: './',
  publicDir: 'public',
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    // The heavier resilience suite runs on its own: npm run test:resilience.
    exclude: ['tests/resilience/**', '**/node_modules/**', ...(process.env.TEST_DATABASE_URL?.startsWith('postgres') ? testsWithoutStore() : [])],
    environment: 'node',
    // Each test file gets its own database; files run in parallel across the cores, on two cores
    // both (Vitest's default leaves one core to itself, and most files wait on a store or a process).
    pool: 'forks',
    // A worker keeps the modules it has loaded from one file to the next (a third less time): test
    // files share no state through them, since each one opens its own store and app.
    isolate: false,
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // This run's store templates: each test app's store is a copy (tests/helpers/test-store.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    // A bound on finishing, not a wait: CI's machines ran at about a third of their speed on
    // 2026-11-29, and 25 sign-ins one after another (each hashes a password) then took over 20 s
    // beside the end-to-end suite.
    testTimeout: 60_000,
    // Set-up and tear-down make and drop stores (on PostgreSQL each DROP DATABASE waits for a
    // checkpoint) and may wait for the build: a busy machine takes more than Vitest's 10 s.
    hookTimeout: 60_000,
  },
});
