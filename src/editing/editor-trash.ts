/**
 * A kind's trash: deleting a target moves it there (off the site, draft and published state
 * kept), restoring brings it back as it was, and what has been there long enough is purged.
 */
import type { ContentStore } from '../cms/database';
import { deleteDraft, deleteTrashed, deleteVersions, findLastSiteChange, findTrashed, insertTrashed, listTrash } from '../cms/repositories/editing';
import { deleteMarks } from '../cms/repositories/translation-marks';
import { deleteReviews } from '../cms/repositories/reviews';
import { recordChange, type Actor } from './audit';
import { editingChange, EditingError, type Attention, type EditableView } from './editable';
import type { EditorRecords } from './editor-records';
import { tellWebhooks } from '../webhooks/events';

export function trashOperations<S>(records: EditorRecords<S>) {
  const { adapter, kind, parse, targetOf, view, current, offSite, writeDraft, addVersion, keepOriginal, check } = records;

  /** Moves it to the trash: off the site, draft and published state kept to be restored. */
  async function remove(db: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now = new Date()): Promise<void> {
    await editingChange(db, async (trx) => {
      const found = await current(trx, targetId, revision);
      const takeOffSite = offSite(found.label);
      const at = now.toISOString();
      await keepOriginal(trx, found, at);
      await adapter.keepFiles(trx, found.draft);
      if (found.published !== null) {
        await adapter.keepFiles(trx, found.published);
        await takeOffSite(trx, found.published);
      }
      await insertTrashed(trx, {
        kind,
        target_id: targetId,
        site_id: adapter.siteOf(found.draft),
        label: found.label,
        draft: JSON.stringify(found.draft),
        published: found.published === null ? null : JSON.stringify(found.published),
        revision: found.revision,
        deleted_by: actor.label,
        deleted_at: at,
        attention: found.attention === null ? null : JSON.stringify(found.attention),
      });
      await deleteDraft(trx, kind, targetId);
      const auditId = await recordChange(trx, { actor, action: `${kind}.delete`, target: targetOf(targetId, found.draft), before: found.draft, at: now });
      await addVersion(trx, targetId, 'delete', found.draft, actor, at, auditId, null, found.published === null ? undefined : found.published);
      const wasOnSite = found.published !== null;
      await tellWebhooks(
        trx,
        `${kind}.deleted`,
        { [kind]: { id: targetId, label: found.label, siteId: adapter.siteOf(found.draft), wasOnSite }, actor: actor.label },
        now,
      );
    });
  }

  /** Brings it back from the trash as it was: on the site again if it was, with its draft. */
  async function restoreFromTrash(db: ContentStore, targetId: string, actor: Actor, now = new Date()): Promise<EditableView<S>> {
    return editingChange(db, async (trx) => {
      const trashed = await findTrashed(trx, kind, targetId);
      if (trashed === undefined) throw new EditingError(`There is no ${kind} ${targetId} in the trash`, 'not-found');
      if ((await view(trx, targetId)) !== null)
        throw new EditingError(`${trashed.label} exists again (an import?): it cannot be restored over itself`, 'exists');
      const at = now.toISOString();
      const draft = parse(trashed.draft);
      const published = trashed.published === null ? null : parse(trashed.published);
      if (published !== null) {
        await check(trx, published, published, 'put back on the site');
        await adapter.putOnSite(trx, published, null, at);
      }
      // Off the site but once on it (taken off by an unpublish, an undo of its publish or of the
      // import that added it): unpublished, as it was when it went to the trash.
      const wasOnSite = published === null && (await findLastSiteChange(trx, kind, targetId)) !== undefined;
      const attention = trashed.attention === null ? null : (JSON.parse(trashed.attention) as Attention);
      await writeDraft(trx, targetId, { before: null, state: draft, published, wasOnSite, revision: Number(trashed.revision) + 1, attention }, actor, at);
      await deleteTrashed(trx, kind, targetId);
      const auditId = await recordChange(trx, { actor, action: `${kind}.restore-from-trash`, target: targetOf(targetId, draft), after: draft, at: now });
      await addVersion(trx, targetId, 'restore-from-trash', draft, actor, at, auditId, null, published === null ? undefined : null);
      if (published !== null)
        await tellWebhooks(
          trx,
          `${kind}.published`,
          { [kind]: { id: targetId, label: adapter.labelOf(published), siteId: adapter.siteOf(published) }, actor: actor.label },
          now,
        );
      return (await view(trx, targetId))!;
    });
  }

  /** Deletes for good what has been in the trash since before `before`; answers how many. */
  async function purgeTrash(db: ContentStore, before: Date, actor: Actor): Promise<number> {
    return editingChange(db, async (trx) => {
      const old = (await listTrash(trx, kind)).filter((row) => row.deleted_at < before.toISOString());
      for (const row of old) {
        await deleteTrashed(trx, kind, row.target_id);
        await deleteVersions(trx, kind, row.target_id);
        await deleteMarks(trx, kind, row.target_id);
        await deleteReviews(trx, kind, row.target_id);
        await recordChange(trx, { actor, action: `${kind}.purge`, target: { type: adapter.auditType, id: row.target_id, label: row.label } });
      }
      return old.length;
    });
  }

  /** What of the kind is in the trash, last deleted first. */
  const inTrash = (db: ContentStore) => listTrash(db, kind);

  return { remove, restoreFromTrash, purgeTrash, inTrash };
}
