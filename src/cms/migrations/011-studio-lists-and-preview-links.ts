import type { Kysely } from 'kysely';

/**
 * What the studio needs of the store (issue "The studio, part 1"):
 * - `drafts.status` and `drafts.languages`, written with every draft, so the sheet list is paged,
 *   filtered and sorted in SQL rather than by reading every sheet. Rows from before this migration
 *   have them null and get them on the first list (editing/sheet-list.ts).
 * - `preview_links`: shared previews of a draft, by the SHA-256 of their token (the token itself is
 *   only ever in the link), until they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('drafts').addColumn('status', 'text').execute();
  await db.schema.alterTable('drafts').addColumn('languages', 'text').execute();
  await db.schema.createIndex('drafts_site').on('drafts').columns(['kind', 'site_id']).execute();
  await db.schema.createIndex('schedules_target').on('schedules').columns(['kind', 'target_id', 'state']).execute();

  await db.schema
    .createTable('preview_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
