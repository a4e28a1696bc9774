/** The set-up shared by the files that test the built server or the command line as a process (vitest only). */
import { afterAll, beforeAll } from 'vitest';
import { cli, type CliRun } from './cli';
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

/**
 * For a file of command-line tests: the build made once, a store of its own made by `first`
 * (`migrate`: empty; `seed`: the demo content), dropped after them; answers a runner of commands
 * against it, standard input a pipe holding `input`.
 */
export function useCliStore(first: 'migrate' | 'seed'): (args: string[], input?: string) => CliRun {
  const store = useBuiltServerStore();
  beforeAll(() => {
    const made = cli(store().databaseUrl, [first]);
    if (made.status !== 0) throw new Error(`${first} failed: ${made.stderr}`);
  }, 180_000);
  return (args, input = '') => cli(store().databaseUrl, args, input);
}
