import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Every change to published content bumps store_state.content_version, whoever makes it (the app,
 * an import, or an operator with a SQL shell), so caches keyed on the version can never serve
 * content older than the last change.
 */
export const CONTENT_TABLES = [
  'sites',
  'site_languages',
  'content_types',
  'contents',
  'content_translations',
  'collections',
  'collection_items',
  'media',
  'file_assets',
  'seo_records',
] as const;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`INSERT INTO store_state (key, value) SELECT 'content_version', '0' WHERE NOT EXISTS (SELECT 1 FROM store_state WHERE key = 'content_version')`.execute(
    db,
  );
  if (dialect === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger AS $$
      BEGIN
        UPDATE store_state SET value = (value::bigint + 1)::text WHERE key = 'content_version';
        RETURN NULL;
      END;
      $$ LANGUAGE plpgsql`.execute(db);
  }
  await addContentVersionTriggers(db, dialect, CONTENT_TABLES);
}

/**
 * Triggers that bump the content version on every change to the given tables (PostgreSQL: with
 * the function of migration 003, which 006 makes announce the change too).
 */
export async function addContentVersionTriggers(db: Kysely<unknown>, dialect: Dialect, tables: readonly string[]): Promise<void> {
  if (dialect === 'postgres') {
    for (const table of tables) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_content_version`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()`.execute(
        db,
      );
    }
    return;
  }
  for (const table of tables) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_${event.toLowerCase()}_content_version`)} AFTER ${sql.raw(event)} ON ${sql.table(table)}
        BEGIN UPDATE store_state SET value = CAST(value AS INTEGER) + 1 WHERE key = 'content_version'; END`.execute(db);
    }
  }
}
