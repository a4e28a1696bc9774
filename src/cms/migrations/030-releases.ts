import type { Kysely } from 'kysely';

/**
 * Releases (issue 38, docs/editing.md "Releases"): a named set of drafts (sheets, a collection's
 * order, a page) published together as one change, at once or at a time, and undone together.
 * `release_items` names each draft by its kind and target; a draft is in one open release at most.
 * A release's publish writes its id on each version it makes (`versions.import_id`), which is how
 * its undo finds what it changed. Not content: no content version trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text')
    .addColumn('scheduled_by', 'text')
    .addColumn('published_by', 'text')
    .addColumn('published_at', 'text')
    .addColumn('undone_by', 'text')
    .addColumn('undone_at', 'text')
    .addColumn('failure', 'text')
    .execute();
  await db.schema
    .createTable('release_items')
    .addColumn('release_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_items_pk', ['release_id', 'kind', 'target_id'])
    .execute();
  await db.schema.createIndex('release_items_target').on('release_items').columns(['kind', 'target_id']).execute();
}
