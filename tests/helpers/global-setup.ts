/**
 * Vitest's global set-up (vite.config.ts): a place for this run's store templates (test-store.ts),
 * removed at the end with the PostgreSQL template databases the run made, and the PDF reader's
 * process bundled for the run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { onServer, TEMPLATE_DATABASE_PREFIX } from './postgres-admin';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const directory = mkdtempSync(join(tmpdir(), 'literature-templates-'));
  const runId = randomBytes(4).toString('hex');
  project.provide('storeTemplates', { directory, runId });
  // The PDF reader's process, bundled once for the run (files/pdf-reader.ts): started from its
  // TypeScript through tsx, each reader process took 2 s more. Beside node_modules, where its
  // packages are found.
  const readerScript = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'literature-tests', `pdf-worker-${runId}.mjs`);
  await build({
    entryPoints: [join(import.meta.dirname, '..', '..', 'src', 'files', 'pdf-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: readerScript,
    logLevel: 'warning',
  });
  process.env.PDF_READER_SCRIPT = readerScript;
  return async () => {
    rmSync(directory, { recursive: true, force: true });
    rmSync(readerScript, { force: true });
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
