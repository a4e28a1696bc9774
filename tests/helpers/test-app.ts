/**
 * A real app on a real, freshly migrated and seeded SQLite file per test file: no mocks, no network
 * (requests go through app.inject()).
 */
import type { FastifyInstance } from 'fastify';
import { migrateToLatest, openDatabase, type OpenStore } from '../../src/cms/database';
import { seedDemoContent } from '../../src/demo/seed-demo';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { createTestStoreLocation } from './test-store';

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
  const location = await createTestStoreLocation();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: location.databaseUrl, ...env });
  const store = openDatabase(config.database, { listenForChanges, ...(onQuery ? { onQuery } : {}) });
  await migrateToLatest(store);
  if (seed) await seedDemoContent(store.db, { platformSitesSegment: config.platformSitesSegment, now: new Date('2026-01-15T09:00:00Z') });
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

/** GETs a URL from the app, expecting 200, and answers its JSON body. */
export async function getOk<T>(app: FastifyInstance, url: string): Promise<T> {
  const response = await app.inject(url);
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return response.json() as T;
}
