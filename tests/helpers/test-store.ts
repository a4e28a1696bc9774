/**
 * A fresh, empty content store per test file: a SQLite file by default, or a new PostgreSQL
 * database on the server TEST_DATABASE_URL names (.ci/run runs the suite a second time that way).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestStoreLocation {
  /** What DATABASE_URL would say. */
  databaseUrl: string;
  drop(): Promise<void>;
}

export const TEST_ENGINE = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';

export async function createTestStoreLocation(): Promise<TestStoreLocation> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl !== undefined && adminUrl.startsWith('postgres')) {
    const name = `lit_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      databaseUrl: url.toString(),
      async drop() {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const directory = mkdtempSync(join(tmpdir(), 'literature-test-'));
  return {
    databaseUrl: `sqlite:${join(directory, 'site.db')}`,
    async drop() {
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
