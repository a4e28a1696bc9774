import type { Kysely } from 'kysely';

/**
 * What each translated text was made from (issue 60, T3; docs/editing.md "Outdated translations"):
 * for a target's text in a language and field, identified by its SHA-256, the primary-language
 * text it was written or confirmed against. A change that puts an earlier text back (a restored
 * version, an undone import) takes that text's own basis, so a translation older than its source
 * comes back outdated whatever put it there. Written as texts are marked; deleted with the target.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('translation_bases')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('text_sha256', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('made_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_bases_pk', ['kind', 'target_id', 'language', 'field', 'text_sha256'])
    .execute();
}
