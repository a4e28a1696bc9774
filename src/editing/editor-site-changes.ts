/**
 * Changes made to the site outside the editor (an import, an undo): what the site shows after
 * them, and what they mean for the draft (the fields it changed itself wait for the editor).
 */
import type { ContentStore } from '../cms/database';
import { findDraft, findTrashed } from '../cms/repositories/editing';
import { getAt, mergeDrafts, same, type FieldConflict } from '../shared/merge';
import type { Actor } from './audit';
import { EditingError, type Attention, type SiteChange } from './editable';
import type { EditorRecords } from './editor-records';
import type { TextsMade } from './translation-marks';
import { problemList } from '../shared/problems';

export function siteChangeOperations<S>(records: EditorRecords<S>) {
  const { adapter, kind, view, offSite, markTexts, writeDraft, addVersion, keepOriginal } = records;

  /**
   * Puts `after` on the site as a change made outside the editor (an import, an undo), in the
   * caller's transaction, which holds the editing lock; one version under the change's id. A draft
   * moves on with it: with `carry`, what the change made of each field goes into the draft too,
   * but for fields the draft had changed itself, which stay as the draft has them and need the
   * editor's choice (attention); without it (undoing a publish), the draft stays as it is. Either
   * way its revision moves on, so an editor who opened it before gets a 409 and a merge, never an
   * overwrite. Answers the fields that need the editor's choice.
   */
  async function applySiteChange(trx: ContentStore, targetId: string, change: SiteChange<S>): Promise<FieldConflict[]> {
    const at = change.at.toISOString();
    const found = await view(trx, targetId);
    // A change from elsewhere changes what the site shows: it neither publishes a draft that is
    // off the site (nor one in the trash) by itself, nor takes a name another target has.
    if (found !== null && found.published === null && change.returns !== true)
      throw new EditingError(`${found.label} is not on the site (a draft, or taken off it): publish it first, then change it`, 'conflict');
    const trashed = await findTrashed(trx, kind, targetId);
    if (trashed !== undefined) throw new EditingError(`${trashed.label} is in the trash: restore it first, then change it`, 'conflict');
    const clashes = (await adapter.clashes?.(trx, change.after)) ?? [];
    if (clashes.length > 0)
      throw new EditingError(`${adapter.labelOf(change.after)} cannot go on the site: ${problemList(clashes)}`, 'invalid', { problems: clashes });
    const before = found?.published ?? null;
    if (found !== null) {
      await keepOriginal(trx, found, at);
      await adapter.keepFiles(trx, found.draft);
    }
    const put = (await adapter.putOnSite(trx, change.after, before, at, change.dates)) ?? change.after;
    await adapter.keepFiles(trx, put);
    const draft = await findDraft(trx, kind, targetId);
    let conflicts: FieldConflict[] = [];
    if (draft !== undefined && found !== null) {
      let next = found.draft;
      let attention = found.attention;
      if (change.carry) {
        const merged = mergeDrafts(before ?? found.draft, found.draft, put);
        next = adapter.normalize?.(merged.merged) ?? merged.merged;
        // A collision this change takes back (the site has again what it had before the change
        // that collided: an undo of that import), or one it ends (the site now has the draft's own
        // value: both sides agree), needs no choice any more.
        const settled = (attention?.conflicts ?? []).filter(
          (conflict) => ('base' in conflict && same(getAt(put, conflict.path), conflict.base)) || same(getAt(put, conflict.path), getAt(next, conflict.path)),
        );
        const isSettled = (path: string[]) => settled.some((conflict) => same(conflict.path, path));
        if (attention !== null && settled.length > 0) {
          const left = attention.conflicts.filter((conflict) => !isSettled(conflict.path));
          attention = left.length === 0 ? null : { ...attention, conflicts: left };
        }
        conflicts = merged.conflicts.filter((conflict) => !isSettled(conflict.path)).map((conflict) => ({ ...conflict, base: getAt(before, conflict.path) }));
      }
      await writeDraft(
        trx,
        targetId,
        {
          before: found.draft,
          state: next,
          published: put,
          wasOnSite: false,
          revision: draft.revision + 1,
          attention: withConflicts(attention, conflicts, change, at),
          made: textsMadeBy(change.event),
        },
        change.actor,
        at,
      );
    } else {
      // Without a draft the site's state is the working copy: its texts changed with it.
      await markTexts(trx, targetId, found?.draft ?? null, put, at, textsMadeBy(change.event));
    }
    await addVersion(trx, targetId, change.event, put, change.actor, at, change.auditId, change.changeId, before);
    return conflicts;
  }

  /**
   * Takes a target off the site as a change made outside the editor (undoing the import that
   * added it), in the caller's transaction; its draft stays, and says it was on the site.
   */
  async function takeOffSiteChange(trx: ContentStore, targetId: string, change: Omit<SiteChange<S>, 'after' | 'carry'>): Promise<S | null> {
    const found = await view(trx, targetId);
    if (found === null || found.published === null) return null;
    const at = change.at.toISOString();
    await keepOriginal(trx, found, at);
    await adapter.keepFiles(trx, found.draft);
    await adapter.keepFiles(trx, found.published);
    await offSite(found.label)(trx, found.published);
    const draft = await findDraft(trx, kind, targetId);
    if (draft !== undefined)
      await writeDraft(
        trx,
        targetId,
        { before: found.draft, state: found.draft, published: null, wasOnSite: true, revision: draft.revision + 1, attention: found.attention },
        change.actor,
        at,
      );
    await addVersion(trx, targetId, change.event, found.published, change.actor, at, change.auditId, change.changeId, found.published);
    return found.published;
  }

  return { applySiteChange, takeOffSiteChange };
}

export type SiteChangeOperations<S> = ReturnType<typeof siteChangeOperations<S>>;

/** An undo, or an import taken back, puts texts back as they were; any other change to the site (an import) writes its texts. */
export const textsMadeBy = (event: string): TextsMade => (event.startsWith('undo-') || event.endsWith('-taken-back') ? 'put-back' : 'written');

/** A draft's fields to choose on, with those a new change adds (a field named again takes the newer). */
export function withConflicts(
  attention: Attention | null,
  conflicts: FieldConflict[],
  change: { source: string; actor: Actor; into?: 'draft' },
  at: string,
): Attention | null {
  if (conflicts.length === 0) return attention;
  const added = new Set(conflicts.map((conflict) => JSON.stringify(conflict.path)));
  const kept = (attention?.conflicts ?? []).filter((conflict) => !added.has(JSON.stringify(conflict.path)));
  return { source: change.source, by: change.actor.label, at, conflicts: [...kept, ...conflicts], ...(change.into === 'draft' ? { into: 'draft' } : {}) };
}
