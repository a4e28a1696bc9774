import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStoreLocation, TEST_ENGINE, type TestStoreLocation } from '../../tests/helpers/test-store';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDatabase, type OpenStore } from './database';

let location: TestStoreLocation;
let store: OpenStore;
beforeAll(async () => {
  location = await createTestStoreLocation();
  store = openDatabase(loadConfig({ DATABASE_URL: location.databaseUrl }).database);
  await migrateToLatest(store);
});
afterAll(async () => {
  await store.close();
  await location.drop();
});

describe.runIf(TEST_ENGINE === 'postgres')('a PostgreSQL store', () => {
  it('survives the server ending its idle connections, and connects again', async () => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.db);
    // Another session ends ours while the pool holds it idle, as a restart or an administrator would.
    const other = openDatabase(loadConfig({ DATABASE_URL: location.databaseUrl }).database);
    try {
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(other.db);
    } finally {
      await other.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await sql<{ one: number }>`select 1 as one`.execute(store.db);
    expect(again.rows[0]!.one).toBe(1);
  });
});
