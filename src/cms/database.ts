/**
 * Opens the content store and brings its schema up to date. One Kysely instance per process;
 * repositories receive it (or a transaction) as their first argument.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import { WorkerSqlite, WorkerSqliteDialect } from './sqlite/worker-dialect';
import { ContentChangeListener } from './content-change-listener';
import { GuardedDialect, isPostgresCrowded, isPostgresOutage, isSqliteOutage, StoreBreaker } from './store-guard';
import type { Database } from './schema';
import type { Dialect } from './dialect';
import * as initial from './migrations/001-initial';
import * as seoRecords from './migrations/002-seo-records';
import * as contentVersion from './migrations/003-content-version-triggers';
import * as collectionTranslations from './migrations/004-collection-translations';
import * as usersAndSessions from './migrations/005-users-and-sessions';
import * as contentChangeNotify from './migrations/006-content-change-notify';
import * as normalizeStoredText from './migrations/007-normalize-stored-text';
import * as rolesAndAudit from './migrations/008-roles-and-audit';
import * as draftsVersionsTrash from './migrations/009-drafts-versions-trash';
import * as pages from './migrations/010-pages';
import * as studioListsAndPreviewLinks from './migrations/011-studio-lists-and-preview-links';
import * as temporaryPasswords from './migrations/012-temporary-passwords';
import * as search from './migrations/013-search';
import * as topics from './migrations/014-topics';
import * as searchScope from './migrations/015-search-scope';
import * as searchHeads from './migrations/016-search-heads';
import * as searchSyncIndexes from './migrations/017-search-sync-indexes';
import * as searchParts from './migrations/018-search-parts';
import * as oneEditingPath from './migrations/019-one-editing-path';
import * as importUndoSteps from './migrations/020-import-undo-steps';
import * as importApplySteps from './migrations/021-import-apply-steps';
import * as sheetFields from './migrations/022-sheet-fields';
import * as oldAddresses from './migrations/023-old-addresses';
import * as retiredDocuments from './migrations/024-retired-documents';
import * as identifierWords from './migrations/025-identifier-words';
import * as searchReport from './migrations/026-search-report';
import * as searchFacets from './migrations/027-search-facets';
import * as translationMarks from './migrations/028-translation-marks';
import * as reviews from './migrations/029-reviews';
import * as releases from './migrations/030-releases';
import * as cdnPurges from './migrations/031-cdn-purges';
import * as webhooks from './migrations/032-webhooks';
import * as sheetListTitles from './migrations/033-sheet-list-titles';
import * as unsummarisedDrafts from './migrations/034-unsummarised-drafts';
import * as translationExports from './migrations/035-translation-exports';
import * as changeJournal from './migrations/036-change-journal';
import * as translationBases from './migrations/037-translation-bases';
import * as publishedSheets from './migrations/038-published-sheets';
import * as publishedTopics from './migrations/039-published-topics';
import * as publishedContents from './migrations/040-published-contents';

export type DatabaseSettings = { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string; poolSize?: number };

export type ContentStore = Kysely<Database>;

/**
 * Runs `work` in a transaction of its own, or in the one `db` already is: a preview's, which is
 * always rolled back (editing/editable.ts, rolledBack), makes its writes there and nowhere else.
 */
export function inTransaction<T>(db: ContentStore, work: (trx: ContentStore) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface OpenStore {
  db: ContentStore;
  dialect: Dialect;
  /** Open while the store is unreachable; queries then fail at once (store-guard.ts). */
  breaker: StoreBreaker;
  /**
   * Cheap and synchronous: the same value means no content can have changed since it was last
   * read (PRAGMA data_version on SQLite, NOTIFY on PostgreSQL, plus this process's own writes);
   * undefined when that is not known. Throws StoreUnavailableError while the store is unreachable.
   */
  changeToken(): string | undefined;
  close(): Promise<void>;
}

/** Migrations in order. Never edit one that has shipped: add the next. */
const MIGRATIONS: Array<[string, (db: Kysely<unknown>, dialect: Dialect) => Promise<void>]> = [
  ['001-initial', initial.up],
  ['002-seo-records', seoRecords.up],
  ['003-content-version-triggers', contentVersion.up],
  ['004-collection-translations', collectionTranslations.up],
  ['005-users-and-sessions', usersAndSessions.up],
  ['006-content-change-notify', contentChangeNotify.up],
  ['007-normalize-stored-text', normalizeStoredText.up],
  ['008-roles-and-audit', rolesAndAudit.up],
  ['009-drafts-versions-trash', draftsVersionsTrash.up],
  ['010-pages', pages.up],
  ['011-studio-lists-and-preview-links', studioListsAndPreviewLinks.up],
  ['012-temporary-passwords', temporaryPasswords.up],
  ['013-search', search.up],
  ['014-topics', topics.up],
  ['015-search-scope', searchScope.up],
  ['016-search-heads', searchHeads.up],
  ['017-search-sync-indexes', searchSyncIndexes.up],
  ['018-search-parts', searchParts.up],
  ['019-one-editing-path', oneEditingPath.up],
  ['020-import-undo-steps', importUndoSteps.up],
  ['021-import-apply-steps', importApplySteps.up],
  ['022-sheet-fields', sheetFields.up],
  ['023-old-addresses', oldAddresses.up],
  ['024-retired-documents', retiredDocuments.up],
  ['025-identifier-words', identifierWords.up],
  ['026-search-report', searchReport.up],
  ['027-search-facets', searchFacets.up],
  ['028-translation-marks', translationMarks.up],
  ['029-reviews', reviews.up],
  ['030-releases', releases.up],
  ['031-cdn-purges', cdnPurges.up],
  ['032-webhooks', webhooks.up],
  ['033-sheet-list-titles', sheetListTitles.up],
  ['034-unsummarised-drafts', unsummarisedDrafts.up],
  ['035-translation-exports', translationExports.up],
  ['036-change-journal', changeJournal.up],
  ['037-translation-bases', translationBases.up],
  ['038-published-sheets', publishedSheets.up],
  ['039-published-topics', publishedTopics.up],
  ['040-published-contents', publishedContents.up],
];

/** The migrations a store of this code has had: a store's schema, as a count. */
export const SCHEMA_STEPS = MIGRATIONS.length;

export interface OpenOptions {
  /** Called with the SQL of every query run (tests count queries with it). */
  onQuery?: (sql: string) => void;
  /**
   * SQLite: how long a statement waits for a lock before it fails. A serving process keeps this
   * short (SQLite waits synchronously, holding up every request); a command can afford to wait.
   */
  busyTimeoutMs?: number;
  /** SQLite: how long a statement may take before its caller gets an error (the store counts as down). */
  statementTimeoutMs?: number;
  /** PostgreSQL: listen for content changes (a serving process does; a command need not). */
  listenForChanges?: boolean;
}

export function openDatabase(settings: DatabaseSettings, options: OpenOptions = {}): OpenStore {
  return settings.dialect === 'postgres' ? openPostgres(settings, options) : openSqlite(settings, options);
}

/** PostgreSQL through a pool of connections (DATABASE_URL=postgres://…). */
function openPostgres(settings: { url: string; poolSize?: number }, { onQuery, listenForChanges = false }: OpenOptions): OpenStore {
  // The driver is loaded when the store is first used: a process on SQLite never pays for it.
  const pool = async () => {
    const { default: pg } = await import('pg');
    // A server that does not answer a connection in time counts as down (store-guard.ts).
    const created = new pg.Pool({ connectionString: settings.url, max: settings.poolSize ?? 10, connectionTimeoutMillis: 1500 });
    // An idle connection the server ends (a restart, an administrator's command) is dropped by the
    // pool, and the next query opens another. Unlistened, that 'error' event would end the process.
    created.on('error', () => undefined);
    // The same for a connection lost while checked out between two statements: the pool listens
    // only to idle ones. The next statement on it fails and the pool replaces it.
    created.on('connect', (client) => client.on('error', () => undefined));
    return created;
  };
  const breaker = new StoreBreaker();
  let localWrites = 0;
  const db = new Kysely<Database>({
    dialect: new GuardedDialect(new PostgresDialect({ pool }), {
      breaker,
      isOutage: isPostgresOutage,
      isCrowded: isPostgresCrowded,
      onWrite: () => void localWrites++,
    }),
    ...(onQuery ? { log: (event) => onQuery(event.query.sql) } : {}),
  });
  const listener = listenForChanges ? new ContentChangeListener(settings.url) : null;
  return {
    db,
    dialect: 'postgres',
    breaker,
    changeToken() {
      breaker.refuseIfDown();
      const announced = listener?.token();
      return announced === undefined ? undefined : `${announced}:${localWrites}`;
    },
    async close() {
      await listener?.close();
      await db.destroy();
    },
  };
}

function openSqlite(settings: { path: string }, { onQuery, busyTimeoutMs = 5000, statementTimeoutMs = busyTimeoutMs + 30_000 }: OpenOptions): OpenStore {
  if (settings.path !== ':memory:') mkdirSync(dirname(settings.path), { recursive: true });
  const sqlite = new WorkerSqlite({ path: settings.path, busyTimeoutMs, statementTimeoutMs });
  const breaker = new StoreBreaker();
  let localWrites = 0;
  let lastToken = { dataVersion: NaN, localWrites: NaN, token: '' };
  const db = new Kysely<Database>({
    dialect: new GuardedDialect(new WorkerSqliteDialect(sqlite), { breaker, isOutage: isSqliteOutage, onWrite: () => void localWrites++ }),
    ...(onQuery ? { log: (event) => onQuery(event.query.sql) } : {}),
  });
  return {
    db,
    dialect: 'sqlite',
    breaker,
    changeToken() {
      breaker.refuseIfDown();
      const dataVersion = sqlite.dataVersion.current();
      if (dataVersion === undefined) return undefined;
      // Asked on every request the front cache answers: the same token is not built again.
      if (dataVersion !== lastToken.dataVersion || localWrites !== lastToken.localWrites)
        lastToken = { dataVersion, localWrites, token: `${dataVersion}:${localWrites}` };
      return lastToken.token;
    },
    close: () => db.destroy(),
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
    // Failing before any migration ran means the store did not answer: say that, as it is.
    if (failed === undefined) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
