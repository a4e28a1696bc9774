import type { Kysely } from 'kysely';

/**
 * What each translation export sent (issue 60, docs/editing.md "Translation round trip"): per
 * export, its language and the translation each unit had when it was sent, as JSON (`texts`: unit
 * id to text, null for none). The file names its export in a note on every unit; the import merges
 * the file three ways against these texts, so a correction made in the studio since the export is
 * kept, or shown as a conflict, never overwritten. Written once, never changed. Not content: no
 * content version trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('translation_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('exported_by', 'text', (c) => c.notNull())
    .addColumn('exported_at', 'text', (c) => c.notNull())
    .addColumn('texts', 'text', (c) => c.notNull())
    .execute();
}
