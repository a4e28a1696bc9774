import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The CDN's purge outbox (issue 39, docs/decisions/037): `cdn_purges` holds each surrogate key a
 * change touched and not yet purged, one row per key however many changes touched it. Row
 * triggers on the content tables write the keys in the changing transaction itself, whoever makes
 * the change (the editor, an import, the command line, an operator's SQL shell), so a change and
 * its purge are one: neither is ever there without the other. A key already queued is left as it
 * is (an import of 10,000 sheets writes its collection's key once), unless its purge is being sent
 * (`sending`, since `claimed_at`): then the change marks it to be sent again, and the sender, which
 * deletes only rows still marked as sending, leaves it. A claim older than a minute is a sender
 * that stopped: another may take the key. An update that changes nothing touches nothing.
 *
 * The keys, as the answers carry them (src/shared/cdn-keys.ts names the same prefixes):
 *   s-{content id}    a sheet's own page and API item: its rows, translations, SEO record, old addresses
 *   c-{collection id} the pages and API answers listing a collection: its rows, items, and every sheet in it
 *   list              the delivery API's lists of a site's contents, and the sitemap: a change to any content
 *   m-{content id}    an image's bytes;  d-{asset id}  a document's bytes
 *   p-{page name}     a page definition;  t-{topic}   answers that list a topic's sheets (related sheets)
 *   all               every answer: the site, its languages, the content types, the taxonomy
 * Written as SQL here, not built from application code, so the migration stays as it shipped.
 */
const KEYS: Record<string, (row: string) => string[]> = {
  contents: (row) => [`'s-' || ${row}.id`, `'list'`, collectionsOf(`${row}.id`)],
  content_translations: (row) => [`'s-' || ${row}.content_id`, `'list'`, collectionsOf(`${row}.content_id`)],
  // A record's indexing decides whether the sitemap lists its page.
  seo_records: (row) => [`'s-' || ${row}.record_id`, `'list'`],
  old_addresses: (row) => [`'s-' || ${row}.content_id`],
  // Not the sheet's own key: a new sheet moves the positions of those after it, whose own pages do not change.
  collection_items: (row) => [`'c-' || ${row}.collection_id`],
  collections: (row) => [`'c-' || ${row}.id`],
  collection_translations: (row) => [`'c-' || ${row}.collection_id`],
  media: (row) => [`'m-' || ${row}.content_id`],
  file_assets: (row) => [`'d-' || ${row}.asset_id`],
  pages: (row) => [`'p-' || ${row}.name`],
  search_topics: (row) => [`'t-' || ${row}.topic`],
  sites: () => [`'all'`],
  site_languages: () => [`'all'`],
  content_types: () => [`'all'`],
  topics: () => [`'all'`],
};

const collectionsOf = (contentId: string) => `SELECT 'c-' || collection_id FROM collection_items WHERE content_id = ${contentId}`;

/** The row's keys as one query: each a literal or a query of its own. */
const keysQuery = (expressions: string[]) =>
  expressions.map((expression) => (expression.startsWith('SELECT') ? expression : `SELECT ${expression}`)).join(' UNION ');

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('cdn_purges')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .addColumn('sending', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_at', 'text')
    .execute();
  for (const [table, keysOf] of Object.entries(KEYS)) {
    if (dialect === 'postgres') await addPostgresTrigger(db, table, keysOf);
    else await addSqliteTriggers(db, table, keysOf);
  }
}

function upsert(keys: string, now: string): string {
  return `INSERT INTO cdn_purges (key, queued_at, sending) SELECT k.key, ${now}, 0 FROM (${keys}) AS k(key) WHERE true
    ON CONFLICT (key) DO UPDATE SET queued_at = excluded.queued_at, sending = 0 WHERE cdn_purges.sending <> 0`;
}

async function addPostgresTrigger(db: Kysely<unknown>, table: string, keysOf: (row: string) => string[]): Promise<void> {
  const now = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION ${table}_cdn_keys() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
        IF TG_OP <> 'INSERT' THEN ${upsert(keysQuery(keysOf('OLD')), now)}; END IF;
        IF TG_OP <> 'DELETE' THEN ${upsert(keysQuery(keysOf('NEW')), now)}; END IF;
        RETURN NULL;
      END;
      $$ LANGUAGE plpgsql`,
    )
    .execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_cdn_keys AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_cdn_keys()`).execute(db);
}

async function addSqliteTriggers(db: Kysely<unknown>, table: string, keysOf: (row: string) => string[]): Promise<void> {
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  // SQLite names no columns of a subquery in FROM: the first column of the union is `key`.
  const sqliteUpsert = (row: string) =>
    upsert(`SELECT * FROM (${keysQuery(keysOf(row).map((expression, index) => (index === 0 ? `${expression} AS key` : expression)))})`, now).replace(
      ' AS k(key)',
      ' AS k',
    );
  const columns = (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db)).rows.map((row) => row.name);
  const changed = columns.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');
  await sql.raw(`CREATE TRIGGER ${table}_insert_cdn_keys AFTER INSERT ON ${table} BEGIN ${sqliteUpsert('NEW')}; END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_delete_cdn_keys AFTER DELETE ON ${table} BEGIN ${sqliteUpsert('OLD')}; END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER ${table}_update_cdn_keys AFTER UPDATE ON ${table} WHEN ${changed} BEGIN ${sqliteUpsert('OLD')}; ${sqliteUpsert('NEW')}; END`)
    .execute(db);
}
