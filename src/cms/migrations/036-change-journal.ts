import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import { CONTENT_TABLES } from './003-content-version-triggers';

/**
 * The change journal (issue 60, docs/decisions/038): every committed change to what the site
 * serves, whoever makes it, appends what it changed, in its own transaction; every reader of it
 * (the search index, the CDN's purges, webhooks; docs/decisions/038) follows it with a cursor of
 * its own. It replaces the content version's triggers (migration 003) and the CDN keys' triggers
 * (migration 031): the content version is now the journal's last position.
 *
 * `change_journal`: one row per thing a change touched: its subject (`content`, `collection`,
 * `document`, …), which one (`target`) and, where a subject has parts, which part (`detail`: a
 * language, a document's version). Row triggers on the public tables write them, so that a change
 * from anywhere (the studio, an import, the command line, an operator's SQL shell) is journaled;
 * the editing model adds rows of its own (a webhook event). `change_id` names the change a row
 * belongs to: the one `journal_context` holds for the writing transaction (the editing model sets
 * it; SQL from elsewhere leaves it null).
 *
 * Positions follow commits, so that a reader that has read up to a position never finds an earlier
 * one later: SQLite has one writer at a time; on PostgreSQL a row's position is taken under a
 * transaction-scoped advisory lock, which every journaling transaction holds from its first row
 * to its commit (the content version's row lock did the same before).
 *
 * `journal_cursors`: how far each reader has read; it is moved in the transaction that applies
 * what was read, so a reader stopped at any point (kill -9 included) applies nothing twice and
 * skips nothing. The readers known now start at the journal's head: the journal begins here.
 *
 * `audit_log.change_id`: the change an entry records, so the journal's rows and their actor meet.
 */

/** Each public table, its subject, and the SQL of a row's target and detail. */
const SUBJECTS: Record<string, { subject: string; target: string; detail: string }> = {
  sites: { subject: 'site', target: 'id', detail: "''" },
  site_languages: { subject: 'site', target: 'site_id', detail: 'language' },
  content_types: { subject: 'content-type', target: 'fully_qualified_name', detail: "''" },
  contents: { subject: 'content', target: 'id', detail: "''" },
  content_translations: { subject: 'content', target: 'content_id', detail: 'language' },
  collections: { subject: 'collection', target: 'id', detail: "''" },
  collection_translations: { subject: 'collection', target: 'collection_id', detail: 'language' },
  collection_items: { subject: 'collection-item', target: 'collection_id', detail: 'content_id' },
  media: { subject: 'image', target: 'content_id', detail: "''" },
  file_assets: { subject: 'document', target: 'asset_id', detail: 'CAST(version AS TEXT)' },
  seo_records: { subject: 'seo', target: 'record_id', detail: "''" },
  old_addresses: { subject: 'address', target: 'content_id', detail: 'url_name' },
  pages: { subject: 'page', target: 'name', detail: "''" },
  topics: { subject: 'taxonomy', target: 'site_id', detail: 'slug' },
  search_synonyms: { subject: 'synonyms', target: 'group_name', detail: 'term' },
  search_topics: { subject: 'topic', target: 'topic', detail: 'content_id' },
};

/** The tables whose triggers kept the content version (migrations 003, 004, 010, 014, 018, 023). */
const VERSIONED = [...CONTENT_TABLES, 'collection_translations', 'pages', 'topics', 'search_synonyms', 'old_addresses'];

/** The tables whose triggers queued CDN keys (migration 031). */
const KEYED = [
  'contents',
  'content_translations',
  'seo_records',
  'old_addresses',
  'collection_items',
  'collections',
  'collection_translations',
  'media',
  'file_assets',
  'pages',
  'search_topics',
  'sites',
  'site_languages',
  'content_types',
  'topics',
];

/** The channel a serving process listens on for other processes' changes (migration 006). */
const CHANGE_CHANNEL = 'literature_content_change';

/** PostgreSQL's advisory lock that orders the journal's positions by commit. */
export const JOURNAL_LOCK = 7_421_060;

/** Readers that start at the journal's head. */
const READERS = ['search', 'cdn', 'webhooks'];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const postgres = dialect === 'postgres';
  await db.schema
    .createTable('change_journal')
    .addColumn('position', postgres ? 'bigint' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('change_id', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('change_journal_change').on('change_journal').columns(['change_id', 'position']).execute();
  await db.schema
    .createTable('journal_context')
    .addColumn('holder', 'integer', (c) => c.primaryKey().defaultTo(postgres ? sql`pg_backend_pid()` : 1))
    .addColumn('change_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('journal_cursors')
    .addColumn('reader', 'text', (c) => c.primaryKey())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('audit_log').addColumn('change_id', 'text').execute();
  await db.schema.createIndex('audit_log_change').on('audit_log').column('change_id').execute();

  await dropOldTriggers(db, dialect);
  if (postgres) await addPostgresJournal(db);
  else await addSqliteJournal(db);

  // The journal begins after the last content version, so a version never goes back.
  const row = await sql<{ value: string }>`SELECT value FROM store_state WHERE key = 'content_version'`.execute(db);
  const start = Number(row.rows[0]?.value ?? 0) + 1;
  if (postgres) await sql`SELECT setval('change_journal_position_seq', ${start}, false)`.execute(db);
  else await sql`INSERT INTO sqlite_sequence (name, seq) VALUES ('change_journal', ${start - 1})`.execute(db);
  const at = new Date().toISOString();
  await sql`INSERT INTO change_journal (subject, target, detail, at) VALUES ('store', 'journal', 'begins', ${at})`.execute(db);
  for (const reader of READERS)
    await sql`INSERT INTO journal_cursors (reader, position, read_at) SELECT ${reader}, max(position), ${at} FROM change_journal`.execute(db);
  await sql`DELETE FROM store_state WHERE key = 'content_version'`.execute(db);
}

async function dropOldTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    for (const table of VERSIONED) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_content_version ON ${table}`).execute(db);
    for (const table of KEYED) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_cdn_keys ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${table}_cdn_keys()`).execute(db);
    }
    await sql`DROP FUNCTION IF EXISTS bump_content_version()`.execute(db);
    return;
  }
  for (const table of VERSIONED)
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_${event}_content_version`).execute(db);
  for (const table of KEYED) for (const event of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_${event}_cdn_keys`).execute(db);
}

async function addPostgresJournal(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE change_journal_position_seq`.execute(db);
  // Taken under the lock: every position before it is committed, every one after it waits for this commit.
  await sql
    .raw(
      `CREATE FUNCTION change_journal_position() RETURNS trigger AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(${JOURNAL_LOCK});
        NEW.position := nextval('change_journal_position_seq');
        PERFORM pg_notify('${CHANGE_CHANNEL}', '');
        RETURN NEW;
      END;
      $$ LANGUAGE plpgsql`,
    )
    .execute(db);
  await sql`CREATE TRIGGER change_journal_position BEFORE INSERT ON change_journal FOR EACH ROW EXECUTE FUNCTION change_journal_position()`.execute(db);
  await sql`CREATE FUNCTION journal_change_id() RETURNS text AS $$ SELECT change_id FROM journal_context WHERE holder = pg_backend_pid() $$ LANGUAGE sql STABLE`.execute(
    db,
  );
  const now = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  for (const [table, { subject, target, detail }] of Object.entries(SUBJECTS)) {
    const append = (row: 'OLD' | 'NEW') =>
      `INSERT INTO change_journal (change_id, subject, target, detail, at) VALUES (journal_change_id(), '${subject}', ${row}.${target}, ${columnsOf(detail, row)}, ${now})`;
    await sql
      .raw(
        `CREATE FUNCTION ${table}_journal() RETURNS trigger AS $$
        BEGIN
          IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
          IF TG_OP <> 'INSERT' THEN ${append('OLD')}; END IF;
          IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.${target}, ${columnsOf(detail, 'OLD')}) IS DISTINCT FROM (NEW.${target}, ${columnsOf(detail, 'NEW')})) THEN ${append('NEW')}; END IF;
          RETURN NULL;
        END;
        $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql.raw(`CREATE TRIGGER ${table}_journal AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_journal()`).execute(db);
  }
}

async function addSqliteJournal(db: Kysely<unknown>): Promise<void> {
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const changeId = '(SELECT change_id FROM journal_context WHERE holder = 1)';
  for (const [table, { subject, target, detail }] of Object.entries(SUBJECTS)) {
    const append = (row: 'OLD' | 'NEW', when = '') =>
      `INSERT INTO change_journal (change_id, subject, target, detail, at) SELECT ${changeId}, '${subject}', ${row}.${target}, ${columnsOf(detail, row)}, ${now}${when}`;
    const columns = (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db)).rows.map((row) => row.name);
    const changed = columns.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');
    const moved = ` WHERE OLD.${target} IS NOT NEW.${target} OR ${columnsOf(detail, 'OLD')} IS NOT ${columnsOf(detail, 'NEW')}`;
    await sql.raw(`CREATE TRIGGER ${table}_insert_journal AFTER INSERT ON ${table} BEGIN ${append('NEW')}; END`).execute(db);
    await sql.raw(`CREATE TRIGGER ${table}_delete_journal AFTER DELETE ON ${table} BEGIN ${append('OLD')}; END`).execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_update_journal AFTER UPDATE ON ${table} WHEN ${changed} BEGIN ${append('OLD')}; ${append('NEW', moved)}; END`)
      .execute(db);
  }
}

/** A detail's SQL for one row: its columns named on that row (a literal stays as it is). */
function columnsOf(detail: string, row: 'OLD' | 'NEW'): string {
  if (detail.startsWith("'")) return detail;
  return detail.replace(/\b(language|content_id|version|url_name|slug|term)\b/g, `${row}.$1`);
}
