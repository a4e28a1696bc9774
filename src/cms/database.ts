/**
 * Opens the content store and brings its schema up to date. One Kysely instance per process;
 * repositories receive it (or a transaction) as their first argument.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import * as initial from './migrations/001-initial';
import * as seoRecords from './migrations/002-seo-records';
import * as contentVersion from './migrations/003-content-version-triggers';
import * as collectionTranslations from './migrations/004-collection-translations';
import * as usersAndSessions from './migrations/005-users-and-sessions';

export type Dialect = 'sqlite' | 'postgres';
export type DatabaseSettings = { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string; poolSize?: number };

export type ContentStore = Kysely<Database>;

export interface OpenStore {
  db: ContentStore;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Migrations in order. Never edit one that has shipped: add the next. */
const MIGRATIONS: Array<[string, (db: Kysely<unknown>, dialect: Dialect) => Promise<void>]> = [
  ['001-initial', initial.up],
  ['002-seo-records', seoRecords.up],
  ['003-content-version-triggers', contentVersion.up],
  ['004-collection-translations', collectionTranslations.up],
  ['005-users-and-sessions', usersAndSessions.up],
];

export interface OpenOptions {
  /** Called with the SQL of every query run (tests count queries with it). */
  onQuery?: (sql: string) => void;
}

export function openDatabase(settings: DatabaseSettings, options: OpenOptions = {}): OpenStore {
  return settings.dialect === 'postgres' ? openPostgres(settings, options) : openSqlite(settings, options);
}

/** PostgreSQL through a pool of connections (DATABASE_URL=postgres://…). */
function openPostgres(settings: { url: string; poolSize?: number }, { onQuery }: OpenOptions): OpenStore {
  const pool = new pg.Pool({ connectionString: settings.url, max: settings.poolSize ?? 10 });
  // An idle connection the server ends (a restart, an administrator's command) is dropped by the
  // pool, and the next query opens another. Unlistened, that 'error' event would end the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(onQuery ? { log: (event) => onQuery(event.query.sql) } : {}),
  });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

function openSqlite(settings: { path: string }, { onQuery }: OpenOptions): OpenStore {
  if (settings.path !== ':memory:') mkdirSync(dirname(settings.path), { recursive: true });
  const sqlite = new SQLite(settings.path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    ...(onQuery ? { log: (event) => onQuery(event.query.sql) } : {}),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; preparing costs more than running a small query. Prepared
 * statements are reusable (better-sqlite3 runs them synchronously, one at a time), so keep the
 * most recently used ones by their SQL text.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): SqliteStatement {
      const cached = statements.get(text);
      if (cached !== undefined) {
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

/** Where the store is, for messages: the file, or the server without its password. */
export function describeDatabase(settings: DatabaseSettings): string {
  return settings.dialect === 'sqlite' ? settings.path : settings.url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

/** Whether the store answers at all (readiness). */
export async function pingDatabase(store: OpenStore): Promise<void> {
  await sql`SELECT 1`.execute(store.db);
}

class ListedMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const [name, up] of MIGRATIONS) migrations[name] = { up: (db) => up(db, this.dialect) };
    return migrations;
  }
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(store: OpenStore): Promise<string[]> {
  const migrator = new Migrator({ db: store.db, provider: new ListedMigrations(store.dialect) });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
