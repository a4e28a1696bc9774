import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import { addContentVersionTriggers } from './003-content-version-triggers';

/**
 * `old_addresses` (issue 35): a sheet's URL names before its current one, in its site. A sheet
 * page asked for by one answers 301 with the sheet's current address, forever; no other content
 * of the site may take one. A name the sheet takes back is its current one again, and leaves the
 * table. Content: a change bumps the content version (the pages at those addresses change).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('old_addresses')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('url_name', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('old_addresses_pk', ['site_id', 'url_name'])
    .execute();
  await db.schema.createIndex('old_addresses_content').on('old_addresses').column('content_id').execute();
  await addContentVersionTriggers(db, dialect, ['old_addresses']);
}
