/**
 * Changes made to a target's draft outside the editor: an import while review before publish is
 * on puts what it changed there, where it waits for a review as an editor's save does, and its
 * undo takes it back out.
 */
import type { ContentStore } from '../cms/database';
import { findTrashed } from '../cms/repositories/editing';
import { getAt, mergeDrafts, same, type FieldConflict } from '../shared/merge';
import { EditingError, type DraftChange } from './editable';
import type { EditorRecords } from './editor-records';
import { textsMadeBy, withConflicts } from './editor-site-changes';

export function draftChangeOperations<S>(records: EditorRecords<S>) {
  const { adapter, kind, view, writeDraft, addVersion, keepOriginal } = records;

  /**
   * Puts what a change made outside the editor did (`base` to `after`) into the target's draft,
   * in the caller's transaction, which holds the editing lock; the site stays as it is. An import
   * does this while review before publish is on: its changes then wait for a review like an
   * editor's save (the revision moves on, so an approval of the draft before no longer holds).
   * Fields the draft had changed itself stay as the draft has them and need the editor's choice
   * (attention); `settles` drops the choices of fields this change takes back (an undo of such an
   * import). A target that does not exist is made, as a draft. One version under the change's id,
   * unless the draft stays as it was. Answers the draft before (null: made here) and after.
   */
  async function applyDraftChange(
    trx: ContentStore,
    targetId: string,
    change: DraftChange<S>,
  ): Promise<{ before: S | null; after: S; conflicts: FieldConflict[] }> {
    const at = change.at.toISOString();
    const trashed = await findTrashed(trx, kind, targetId);
    if (trashed !== undefined) throw new EditingError(`${trashed.label} is in the trash: restore it first, then change it`, 'conflict');
    const found = await view(trx, targetId);
    if (found === null) {
      if (change.base !== null) throw new EditingError(`${adapter.labelOf(change.after)} is gone (deleted for good): nothing to change`, 'conflict');
      const made = adapter.normalize?.(change.after) ?? change.after;
      await writeDraft(trx, targetId, { before: null, state: made, published: null, wasOnSite: false, revision: 1, attention: null }, change.actor, at);
      await addVersion(trx, targetId, change.event, made, change.actor, at, change.auditId, change.changeId);
      return { before: null, after: made, conflicts: [] };
    }
    if (change.base === null) throw new EditingError(`${found.label} exists already (as a draft not on the site): it cannot be added again`, 'conflict');
    const merged = mergeDrafts(change.base, found.draft, change.after);
    const next = adapter.normalize?.(merged.merged) ?? merged.merged;
    const conflicts = merged.conflicts.map((conflict) => ({ ...conflict, base: getAt(change.base, conflict.path) }));
    const settles = change.settles ?? [];
    const kept = (found.attention?.conflicts ?? []).filter((conflict) => !settles.some((settled) => isAsked(conflict, settled)));
    const attention = found.attention === null || kept.length === 0 ? null : { ...found.attention, conflicts: kept };
    if (same(next, found.draft) && conflicts.length === 0 && same(attention, found.attention)) return { before: found.draft, after: found.draft, conflicts };
    await keepOriginal(trx, found, at);
    await adapter.keepFiles(trx, found.draft);
    await writeDraft(
      trx,
      targetId,
      {
        before: found.draft,
        state: next,
        published: found.published,
        wasOnSite: found.status === 'unpublished',
        revision: found.revision + 1,
        attention: withConflicts(attention, conflicts, { ...change, into: 'draft' }, at),
        made: textsMadeBy(change.event),
      },
      change.actor,
      at,
    );
    await addVersion(trx, targetId, change.event, next, change.actor, at, change.auditId, change.changeId);
    return { before: found.draft, after: next, conflicts };
  }

  return { applyDraftChange };
}

/** Whether an open choice is the one a change offered (the same field, the same value offered): a later change's choice on it stays. */
export const isAsked = (conflict: FieldConflict, asked: { path: string[]; theirs: unknown }) =>
  same(conflict.path, asked.path) && same(conflict.theirs, asked.theirs);
