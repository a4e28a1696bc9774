/**
 * Reviews of drafts (migration 029) and the site's review policy (store_state `review_policy`).
 * editing/editor-reviews.ts says what a review is; this module only reads and writes them.
 */
import type { ContentStore } from '../database';
import { saveStoreState } from './store-state';
import type { EditableKind, ReviewsTable, ReviewState } from '../schema';
import type { Selectable, Insertable } from 'kysely';

export type ReviewRow = Selectable<ReviewsTable>;

/** off: publishing needs no approval; editors: an editor or admin other than the author approves; admins: only an admin does. */
export const REVIEW_POLICIES = ['off', 'editors', 'admins'] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];

const POLICY_KEY = 'review_policy';

export async function readReviewPolicy(db: ContentStore): Promise<ReviewPolicy> {
  const row = await db.selectFrom('store_state').select('value').where('key', '=', POLICY_KEY).executeTakeFirst();
  return REVIEW_POLICIES.find((policy) => policy === row?.value) ?? 'off';
}

export async function saveReviewPolicy(db: ContentStore, policy: ReviewPolicy): Promise<void> {
  await saveStoreState(db, POLICY_KEY, policy);
}

/** A target's newest review, if it ever had one. */
export async function findLatestReview(db: ContentStore, kind: EditableKind, targetId: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('kind', '=', kind).where('target_id', '=', targetId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertReview(db: ContentStore, review: Insertable<ReviewsTable>): Promise<void> {
  await db.insertInto('reviews').values(review).execute();
}

export async function decideReview(
  db: ContentStore,
  id: number,
  decision: { state: ReviewState; decided_by: string; decided_at: string; comment: string | null },
): Promise<void> {
  await db.updateTable('reviews').set(decision).where('id', '=', id).execute();
}

/** A target's reviews, all of them (it is purged from the trash). */
export async function deleteReviews(db: ContentStore, kind: EditableKind, targetId: string): Promise<void> {
  await db.deleteFrom('reviews').where('kind', '=', kind).where('target_id', '=', targetId).execute();
}
