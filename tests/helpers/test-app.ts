/**
 * A real app on a real, freshly migrated and seeded SQLite file per test file: no mocks, no network
 * (requests go through app.inject()). The store is a copy of one migrated and seeded once per test
 * run (test-store.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { migrateToLatest, openDatabase, type OpenStore } from '../../src/cms/database';
import { seedDemoContent } from '../../src/demo/seed-demo';
import { readJournalOnce } from '../../src/server/journal-follower';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { createTestStoreLocation, type StoreTemplate } from './test-store';

export interface TestApp {
  app: FastifyInstance;
  store: OpenStore;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Seed the demo content (default true). */
  seed?: boolean;
  clientDir?: string | null;
  /** Called with the SQL of every query the app runs. */
  onQuery?: (sql: string) => void;
  /** The clock sessions are timed by. */
  now?: () => number;
  /** Open the store as the server does, listening for other processes' changes (PostgreSQL NOTIFY). */
  listenForChanges?: boolean;
}

export async function createTestApp({
  env = {},
  seed = true,
  clientDir = null,
  onQuery,
  now,
  listenForChanges = false,
}: TestAppOptions = {}): Promise<TestApp> {
  const location = await createTestStoreLocation(storeTemplate(seed, loadConfig({ ...env, DATABASE_URL: 'sqlite::memory:' }).platformSitesSegment));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: location.databaseUrl, ...env });
  const store = openDatabase(config.database, { listenForChanges, ...(onQuery ? { onQuery } : {}) });
  const app = await buildApp({ config, store, clientDir, ...(now ? { now } : {}) });
  return {
    app,
    store,
    config,
    async close() {
      await app.close();
      await store.close();
      await location.drop();
    },
  };
}

/**
 * A store alone, on a copy of the same migrated (and, when `seed`, seeded) store a test app gets,
 * with no server and so nobody following its change journal but the test.
 */
export async function openTestStore({ seed = true, onQuery }: Pick<TestAppOptions, 'onQuery'> & { seed?: boolean } = {}): Promise<Omit<TestApp, 'app'>> {
  const location = await createTestStoreLocation(storeTemplate(seed, loadConfig({ DATABASE_URL: 'sqlite::memory:' }).platformSitesSegment));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: location.databaseUrl });
  const store = openDatabase(config.database, onQuery ? { onQuery } : {});
  return {
    store,
    config,
    async close() {
      await store.close();
      await location.drop();
    },
  };
}

/** The migrated store, with the demo content when `seed` (which names the platform's sites segment in its links). */
function storeTemplate(seed: boolean, platformSitesSegment: string): StoreTemplate {
  const name = seed ? `demo_${createHash('sha256').update(platformSitesSegment).digest('hex').slice(0, 12)}` : 'migrated';
  return {
    name,
    async build(databaseUrl) {
      const store = openDatabase(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl }).database);
      try {
        await migrateToLatest(store);
        if (seed) await seedDemoContent(store.db, { platformSitesSegment, now: new Date('2026-01-15T09:00:00Z') });
        // As a server would have it after its start: the search index made, the journal read.
        await readJournalOnce(store);
      } finally {
        await store.close();
      }
    },
  };
}

/** GETs a URL from the app, expecting 200, and answers its JSON body. */
export async function getOk<T>(app: FastifyInstance, url: string): Promise<T> {
  const response = await app.inject(url);
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return response.json() as T;
}
