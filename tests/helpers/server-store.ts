/** The set-up shared by the files that test the built server as a process (vitest only). */
import { afterAll, beforeAll } from 'vitest';
import { buildIfNeeded } from './server-process';
import { createTestStoreLocation, type TestStoreLocation } from './test-store';

/**
 * For a file of server-process tests: the build made once, and a store of its own for the file's
 * processes, dropped after them. The store is there once the file's tests run.
 */
export function useBuiltServerStore(): () => TestStoreLocation {
  let store: TestStoreLocation | undefined;
  beforeAll(async () => {
    buildIfNeeded();
    store = await createTestStoreLocation();
  }, 180_000);
  afterAll(async () => {
    await store?.drop();
  });
  return () => {
    if (store === undefined) throw new Error('the test store is made before the tests run');
    return store;
  };
}
