/**
 * Vitest's global set-up (vite.config.ts): a place for this run's store templates (test-store.ts),
 * removed at the end with the PostgreSQL template databases the run made.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { onServer, TEMPLATE_DATABASE_PREFIX } from './postgres-admin';

export default function setup(project: TestProject): () => Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'literature-templates-'));
  const runId = randomBytes(4).toString('hex');
  project.provide('storeTemplates', { directory, runId });
  return async () => {
    rmSync(directory, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl === undefined || !adminUrl.startsWith('postgres')) return;
    await onServer(adminUrl, async (admin) => {
      const made = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname', [
        `${TEMPLATE_DATABASE_PREFIX}${runId}_%`,
      ]);
      for (const { datname } of made.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
  };
}
