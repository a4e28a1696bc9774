/**
 * Review before publish (docs/editing.md, "Review"): an editor asks for a review of a draft as it
 * is; someone else whose role the site's policy names approves it, or rejects it with a comment;
 * the one who asked (or an admin) may withdraw it. An approval holds for the revision it was of:
 * any change to the draft after it needs a new one (review-rules.ts). Each step is one change
 * behind the editing lock, audited; none changes the draft or its revision.
 */
import type { ContentStore } from '../cms/database';
import { decideReview, findLatestReview, insertReview, readReviewPolicy, saveReviewPolicy, type ReviewPolicy } from '../cms/repositories/reviews';
import type { ReviewState, Role } from '../cms/schema';
import { recordChange, type Actor } from './audit';

// Whether publishing needs an approval is read here too: the editing API reaches the review tables through this room only.
export { readReviewPolicy } from '../cms/repositories/reviews';
import { editingChange, EditingError, type EditableView } from './editable';
import type { EditorRecords } from './editor-records';
import { mayReview } from './review-rules';

export interface ReviewRequest {
  actor: Actor;
  role: Role;
  now?: Date;
}

export function reviewOperations<S>(records: EditorRecords<S>) {
  const { kind, targetOf, view, current } = records;

  /** Asks for a review of the draft at `revision`; a pending review of an older revision is withdrawn by it. */
  async function requestReview(db: ContentStore, targetId: string, revision: number, request: ReviewRequest, note?: string): Promise<EditableView<S>> {
    return editingChange(db, (trx) => requestReviewIn(trx, targetId, revision, request, note));
  }

  /** requestReview, in a transaction of the caller's (an import that puts its changes into drafts asks for their review). */
  async function requestReviewIn(trx: ContentStore, targetId: string, revision: number, request: ReviewRequest, note?: string): Promise<EditableView<S>> {
    const found = await current(trx, targetId, revision);
    if (found.status === 'published') throw new EditingError(`${found.label} has no changes to review: the site shows its draft`, 'invalid');
    const pending = await findLatestReview(trx, kind, targetId);
    if (pending?.state === 'pending' && Number(pending.revision) === found.revision)
      throw new EditingError(`${found.label} is already waiting for review (asked by ${pending.requested_by})`, 'exists');
    const at = (request.now ?? new Date()).toISOString();
    if (pending?.state === 'pending')
      await decideReview(trx, pending.id, { state: 'withdrawn', decided_by: request.actor.label, decided_at: at, comment: null });
    await insertReview(trx, {
      kind,
      target_id: targetId,
      revision: found.revision,
      state: 'pending',
      requested_by: request.actor.label,
      requested_at: at,
      note: note?.trim() || null,
      decided_by: null,
      decided_at: null,
      comment: null,
    });
    await audit(trx, 'request-review', targetId, found, request, { revision: found.revision, ...(note ? { note } : {}) });
    return (await view(trx, targetId))!;
  }

  /** Approves or rejects the pending review, which must be of the draft as it is (`revision`). */
  async function decide(
    db: ContentStore,
    targetId: string,
    revision: number,
    request: ReviewRequest,
    decision: { state: Extract<ReviewState, 'approved' | 'rejected'>; comment?: string },
  ): Promise<EditableView<S>> {
    return editingChange(db, async (trx) => {
      const found = await current(trx, targetId, revision);
      const pending = await findLatestReview(trx, kind, targetId);
      if (pending?.state !== 'pending') throw new EditingError(`${found.label} is not waiting for review`, 'invalid');
      if (Number(pending.revision) !== found.revision)
        throw new EditingError(`${found.label} changed since its review was asked for: it needs a new request`, 'conflict', {
          current: found as EditableView<unknown>,
        });
      const policy = await readReviewPolicy(trx);
      if (!mayReview(policy, request.role))
        throw new EditingError(`Only ${policy === 'admins' ? 'an admin' : 'an editor or admin'} may review ${found.label}`, 'forbidden');
      // Everyone whose change is in the draft, not only its last author: an approval passes on all of it.
      if (found.review?.authors.includes(request.actor.label) !== false)
        throw new EditingError(`You changed ${found.label} or asked for its review: someone else reviews it`, 'forbidden');
      const comment = decision.comment?.trim() ?? '';
      if (decision.state === 'rejected' && comment === '') throw new EditingError('Say why it is not approved: a rejection needs a comment', 'invalid');
      const at = (request.now ?? new Date()).toISOString();
      await decideReview(trx, pending.id, { state: decision.state, decided_by: request.actor.label, decided_at: at, comment: comment === '' ? null : comment });
      await audit(trx, decision.state === 'approved' ? 'approve' : 'reject', targetId, found, request, {
        revision: found.revision,
        requestedBy: pending.requested_by,
        ...(comment === '' ? {} : { comment }),
      });
      return (await view(trx, targetId))!;
    });
  }

  /** Withdraws the pending review: only the one who asked, or an admin. */
  async function withdrawReview(db: ContentStore, targetId: string, request: ReviewRequest): Promise<EditableView<S>> {
    return editingChange(db, async (trx) => {
      const found = await current(trx, targetId, undefined);
      const pending = await findLatestReview(trx, kind, targetId);
      if (pending?.state !== 'pending') throw new EditingError(`${found.label} is not waiting for review`, 'invalid');
      if (pending.requested_by !== request.actor.label && request.role !== 'admin')
        throw new EditingError(`Only ${pending.requested_by}, who asked, or an admin may withdraw this review`, 'forbidden');
      const at = (request.now ?? new Date()).toISOString();
      await decideReview(trx, pending.id, { state: 'withdrawn', decided_by: request.actor.label, decided_at: at, comment: null });
      await audit(trx, 'withdraw-review', targetId, found, request, { revision: Number(pending.revision) });
      return (await view(trx, targetId))!;
    });
  }

  async function audit(trx: ContentStore, action: string, targetId: string, found: EditableView<S>, request: ReviewRequest, after: Record<string, unknown>) {
    await recordChange(trx, {
      actor: request.actor,
      action: `${kind}.${action}`,
      target: targetOf(targetId, found.draft),
      after,
      ...(request.now ? { at: request.now } : {}),
    });
  }

  return {
    requestReview,
    requestReviewIn,
    approve: (db: ContentStore, targetId: string, revision: number, request: ReviewRequest) => decide(db, targetId, revision, request, { state: 'approved' }),
    reject: (db: ContentStore, targetId: string, revision: number, request: ReviewRequest, comment: string) =>
      decide(db, targetId, revision, request, { state: 'rejected', comment }),
    withdrawReview,
  };
}

/** Sets whether publishing needs an approval, and whose (an admin's change, audited). */
export async function changeReviewPolicy(db: ContentStore, policy: ReviewPolicy, actor: Actor): Promise<ReviewPolicy> {
  return editingChange(db, async (trx) => {
    const before = await readReviewPolicy(trx);
    if (before === policy) return policy;
    await saveReviewPolicy(trx, policy);
    await recordChange(trx, {
      actor,
      action: 'settings.review',
      target: { type: 'settings', id: 'review', label: 'review before publish' },
      before: { review: before },
      after: { review: policy },
    });
    return policy;
  });
}
