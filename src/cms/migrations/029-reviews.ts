import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Review before publish (issue 38, docs/editing.md "Review"): each request for a review of a
 * draft, at the revision it was asked for, and how it ended (approved, rejected with a comment,
 * withdrawn). The newest row of a target is its review. Whether publishing needs an approval is a
 * site setting in `store_state` (`review_policy`). Not content: no content version trigger.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('comment', 'text')
    .execute();
  await db.schema.createIndex('reviews_target').on('reviews').columns(['kind', 'target_id', 'id']).execute();
}
