import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import { addContentVersionTriggers } from './003-content-version-triggers';

/**
 * Page definitions move into the store (docs/decisions/014): the store is their source from now
 * on, so they have drafts, versions and publishing like sheets, and every process sees a published
 * change on its next request. PAGES_DIR only seeds an empty table, at the first start.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('pages')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await addContentVersionTriggers(db, dialect, ['pages']);
}
