/**
 * What review before publish allows (docs/editing.md, "Review"), as plain rules over a draft's
 * view and its newest review: who may approve, and what stands between a draft and the site.
 */
import type { ReviewPolicy, ReviewRow } from '../cms/repositories/reviews';
import type { EditableKind, Role } from '../cms/schema';
import type { EditableView, ReviewView } from './editable';

/** The kinds whose publishing a review policy covers: what visitors see. (Content types are admins' own.) */
export const REVIEWED_KINDS: ReadonlySet<EditableKind> = new Set(['sheet', 'page', 'collection']);

export function reviewViewOf(row: ReviewRow | undefined, revision: number, draftAuthors: readonly string[]): ReviewView | null {
  if (row === undefined) return null;
  return {
    state: row.state,
    revision: Number(row.revision),
    current: Number(row.revision) === revision,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    note: row.note,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    comment: row.comment,
    authors: [...new Set([row.requested_by, ...draftAuthors])],
  };
}

/** Whether an account of `role` may approve or reject under `policy`. */
export const mayReview = (policy: ReviewPolicy, role: Role) => (policy === 'admins' ? role === 'admin' : role === 'admin' || role === 'editor');

/**
 * Why the draft may not be published yet under `policy`, or null when it may: publishing needs an
 * approval of the draft as it is now, by someone other than its author.
 */
export function publishingBlock(policy: ReviewPolicy, kind: EditableKind, view: Pick<EditableView<unknown>, 'label' | 'review'>): string | null {
  if (policy === 'off' || !REVIEWED_KINDS.has(kind)) return null;
  const { review, label } = view;
  if (review?.state === 'approved' && review.current) return null;
  const who = policy === 'admins' ? 'an admin' : 'another editor';
  if (review === null || review.state === 'withdrawn') return `${label} needs ${who}’s approval before it is published: ask for a review`;
  if (review.state === 'rejected')
    return `${label} was not approved by ${review.decidedBy ?? 'its reviewer'} (“${review.comment ?? ''}”): change it and ask for a review again`;
  if (!review.current)
    return `${label} changed since ${review.state === 'approved' ? `${review.decidedBy ?? 'its reviewer'} approved it` : 'its review was asked for'}: ask for a review again`;
  return `${label} is waiting for ${who}’s review (asked by ${review.requestedBy})`;
}
