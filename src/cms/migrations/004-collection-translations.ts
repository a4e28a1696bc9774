import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import { addContentVersionTriggers } from './003-content-version-triggers';

/** A collection's title and metadata per language (spec §7.2: metadata in the language used). */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('collection_translations')
    .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_translations_pk', ['collection_id', 'language'])
    .execute();
  // Translated titles are content too: changing one bumps the content version.
  await addContentVersionTriggers(db, dialect, ['collection_translations']);
}
