import type { Kysely } from 'kysely';

/**
 * Outdated translations (issue 38, docs/editing.md "Outdated translations"): for each translated
 * text of an edited target (a sheet's title in German, a page's heading in French), the text of
 * the primary language it was written or confirmed against, and whether that text has changed
 * since (`outdated`, written with every change, so lists filter on it in SQL). Not content: no
 * change to it is a change of the site (no content version trigger).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('translation_marks')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('outdated', 'integer', (c) => c.notNull())
    .addColumn('marked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_marks_pk', ['kind', 'target_id', 'language', 'field'])
    .execute();
}
