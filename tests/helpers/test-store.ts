/**
 * A fresh content store per test file: a SQLite file by default, or a new PostgreSQL database on
 * the server TEST_DATABASE_URL names (.ci/run runs the suite a second time that way).
 *
 * A store that starts with content (migrated, or migrated and seeded with the demo) is copied from
 * a template made once per test run (global-setup.ts): migrating and seeding, the demo's PDFs and
 * images drawn each time, took one to three seconds for every test app. The copy is the same store,
 * byte for byte on SQLite (CREATE DATABASE … TEMPLATE on PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { inject } from 'vitest';
import { databaseUrlFor, onServer, TEMPLATE_DATABASE_PREFIX } from './postgres-admin';

export interface TestStoreLocation {
  /** What DATABASE_URL would say. */
  databaseUrl: string;
  drop(): Promise<void>;
}

/** What a store starts with, made by `build` on an empty store at the URL it is given. */
export interface StoreTemplate {
  /** Names the content: the same name, the same content. Letters, digits and _ only. */
  name: string;
  build(databaseUrl: string): Promise<void>;
}

/** Where this test run keeps its templates (global-setup.ts provides it). */
export interface StoreTemplateRun {
  directory: string;
  /** In the names of this run's PostgreSQL template databases, which the run drops at its end. */
  runId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    storeTemplates?: StoreTemplateRun;
  }
}

export const TEST_ENGINE = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';

/** A new store, empty or holding what `template` makes. */
export async function createTestStoreLocation(template?: StoreTemplate): Promise<TestStoreLocation> {
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template.name)) throw new Error(`A template's name is letters, digits and _: ${template.name}`);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl !== undefined && adminUrl.startsWith('postgres')) {
    const name = `lit_test_${randomBytes(6).toString('hex')}`;
    const source = template === undefined ? undefined : await templateDatabase(adminUrl, template);
    await onServer(adminUrl, (admin) => admin.query(source === undefined ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${source}`));
    const location: TestStoreLocation = {
      databaseUrl: databaseUrlFor(adminUrl, name),
      async drop() {
        await onServer(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
    // Outside a run that provides templates, the store is built in place.
    if (template !== undefined && source === undefined) await template.build(location.databaseUrl);
    return location;
  }
  const directory = mkdtempSync(join(tmpdir(), 'literature-test-'));
  const path = join(directory, 'site.db');
  if (template !== undefined) {
    const source = await templateFile(template);
    if (source === undefined) await template.build(`sqlite:${path}`);
    else copyFileSync(source, path);
  }
  return {
    databaseUrl: `sqlite:${path}`,
    async drop() {
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The templates this process has made or found, by name: each is made once per run. */
const templates = new Map<string, Promise<string | undefined>>();

function once(key: string, make: () => Promise<string | undefined>): Promise<string | undefined> {
  let made = templates.get(key);
  if (made === undefined) {
    made = make();
    templates.set(key, made);
  }
  return made;
}

/**
 * The template's SQLite file, made if no test file of this run has made it yet. Two processes may
 * both make it; each renames a finished file into place, so a copy never sees half of one.
 */
function templateFile(template: StoreTemplate): Promise<string | undefined> {
  const run = inject('storeTemplates');
  if (run === undefined) return Promise.resolve(undefined);
  return once(template.name, async () => {
    const path = join(run.directory, `${template.name}.db`);
    if (existsSync(path)) return path;
    const building = join(run.directory, `${template.name}.${process.pid}.building.db`);
    await template.build(`sqlite:${building}`);
    // Everything in the one file: the store runs in WAL mode, and the copy takes the main file only.
    const sqlite = new Database(building);
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.close();
    if (existsSync(`${building}-wal`)) throw new Error(`The template ${building} kept a write-ahead log`);
    renameSync(building, path);
    return path;
  });
}

/**
 * The template's PostgreSQL database, made under an advisory lock by the first test file of the run
 * that needs it, under a temporary name until it is complete. Nothing stays connected to it, as
 * CREATE DATABASE … TEMPLATE requires.
 */
function templateDatabase(adminUrl: string, template: StoreTemplate): Promise<string | undefined> {
  const run = inject('storeTemplates');
  if (run === undefined) return Promise.resolve(undefined);
  return once(template.name, () =>
    onServer(adminUrl, async (admin) => {
      const name = `${TEMPLATE_DATABASE_PREFIX}${run.runId}_${template.name}`;
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount === 0) {
          const building = `${name}_building`;
          await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
          await admin.query(`CREATE DATABASE ${building}`);
          await template.build(databaseUrlFor(adminUrl, building));
          await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        }
        return name;
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    }),
  );
}
