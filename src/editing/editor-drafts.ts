/**
 * A kind's drafts: creating a target, saving its draft (saves by one editor close together are one
 * version), its versions, comparing two, and making an earlier one the draft again.
 */
import type { ContentStore } from '../cms/database';
import { findLatestVersion, findTrashed, findVersion, listVersions, updateVersionState, type VersionRow } from '../cms/repositories/editing';
import { foldChange, recordChange, type Actor } from './audit';
import {
  compareStates,
  editingChange,
  EditingError,
  FOLD_WINDOW_MS,
  type EditableView,
  type FieldChange,
  type SaveOptions,
  type VersionSummary,
} from './editable';
import type { EditorRecords } from './editor-records';
import { confirmTranslations } from './translation-marks';

export function draftOperations<S>(records: EditorRecords<S>) {
  const { adapter, kind, parse, targetOf, view, current, writeDraft, addVersion, keepOriginal, check } = records;

  /**
   * Saves a draft; saves by one actor within FOLD_WINDOW_MS of each other are one version and one
   * audit entry. The fields that need attention stay so until a save `settles` them (the editor
   * chose in the conflict dialog).
   */
  async function save(db: ContentStore, targetId: string, state: unknown, revision: number, actor: Actor, options: SaveOptions = {}): Promise<EditableView<S>> {
    return editingChange(db, (trx) => saveIn(trx, targetId, state, revision, actor, options));
  }

  /** save, in a transaction of the caller's (a change that saves and publishes at once). */
  async function saveIn(
    trx: ContentStore,
    targetId: string,
    state: unknown,
    revision: number,
    actor: Actor,
    options: SaveOptions = {},
  ): Promise<EditableView<S>> {
    const { now = new Date(), event = 'save', within, settles = false } = options;
    const found = await current(trx, targetId, revision);
    await within?.(trx);
    const at = now.toISOString();
    await keepOriginal(trx, found, at);
    // The files the draft has now are kept first: a save that leaves them as they are names them.
    await adapter.keepFiles(trx, found.draft);
    const next = await check(trx, state, found.draft);
    const attention = settles ? null : found.attention;
    await writeDraft(
      trx,
      targetId,
      {
        before: found.draft,
        state: next,
        published: found.published,
        wasOnSite: found.status === 'unpublished',
        revision: found.revision + 1,
        attention,
        made: event === 'restore' ? 'put-back' : 'written',
      },
      actor,
      at,
    );
    const latest = await findLatestVersion(trx, kind, targetId);
    if (event === 'save' && !settles && latest !== undefined && foldsInto(latest, actor, now)) {
      await updateVersionState(trx, latest.id, JSON.stringify(next), at);
      if (latest.audit_id !== null) await foldChange(trx, latest.audit_id, next, now);
    } else {
      const auditId = await recordChange(trx, {
        actor,
        action: `${kind}.${settles && found.attention !== null ? 'settle' : event}`,
        target: targetOf(targetId, next),
        before: found.draft,
        after: next,
        at: now,
      });
      await addVersion(trx, targetId, event, next, actor, at, auditId);
    }
    return (await view(trx, targetId))!;
  }

  /** A new target, as a draft: not on the site until published. */
  async function create(
    db: ContentStore,
    targetId: string,
    state: S,
    actor: Actor,
    now = new Date(),
    /** Runs first in the transaction (an upload stores its bytes): nothing of it stays if creating fails. */
    within?: (trx: ContentStore) => Promise<void>,
  ): Promise<EditableView<S>> {
    return editingChange(db, async (trx) => {
      if ((await view(trx, targetId)) !== null || (await findTrashed(trx, kind, targetId)) !== undefined)
        throw new EditingError(`${kind} ${targetId} exists`, 'exists');
      await within?.(trx);
      const checked = await check(trx, state, state);
      const at = now.toISOString();
      await writeDraft(trx, targetId, { before: null, state: checked, published: null, wasOnSite: false, revision: 1, attention: null }, actor, at);
      const auditId = await recordChange(trx, { actor, action: `${kind}.create`, target: targetOf(targetId, checked), after: checked, at: now });
      await addVersion(trx, targetId, 'create', checked, actor, at, auditId);
      return (await view(trx, targetId))!;
    });
  }

  async function versions(db: ContentStore, targetId: string): Promise<VersionSummary[]> {
    return (await listVersions(db, kind, targetId)).map(summaryOf);
  }

  async function version(db: ContentStore, targetId: string, number: number): Promise<{ summary: VersionSummary; state: S }> {
    const found = await findVersion(db, kind, targetId, number);
    if (found === undefined) throw new EditingError(`There is no version ${number} of ${kind} ${targetId}`, 'not-found');
    return { summary: summaryOf(found), state: parse(found.state) };
  }

  /** Field by field, what changed from version `from` to version `to`. */
  async function compare(db: ContentStore, targetId: string, from: number, to: number): Promise<FieldChange[]> {
    const [before, after] = await Promise.all([version(db, targetId, from), version(db, targetId, to)]);
    return compareStates(before.state, after.state);
  }

  /** Makes an earlier version the new draft (publish it to put it on the site). */
  async function restoreVersion(
    db: ContentStore,
    targetId: string,
    number: number,
    revision: number,
    actor: Actor,
    now = new Date(),
  ): Promise<EditableView<S>> {
    const { state } = await version(db, targetId, number);
    return save(db, targetId, state, revision, actor, { now, event: 'restore' });
  }

  /**
   * Says the translations of `language` (its `fields`, or all) are right for the primary texts as
   * they are now: they are no longer outdated. The draft does not change (nor its revision).
   */
  async function confirmTexts(
    db: ContentStore,
    targetId: string,
    language: string,
    fields: readonly string[] | undefined,
    actor: Actor,
    now = new Date(),
  ): Promise<EditableView<S>> {
    const { textsOf } = adapter;
    if (textsOf === undefined) throw new EditingError(`A ${kind} has no translations`, 'invalid');
    return editingChange(db, async (trx) => {
      const found = await current(trx, targetId, undefined);
      const confirmed = await confirmTranslations(trx, kind, targetId, textsOf(found.draft), language, fields, now.toISOString());
      if (confirmed.length > 0)
        await recordChange(trx, {
          actor,
          action: `${kind}.confirm-translation`,
          target: targetOf(targetId, found.draft),
          after: { language, fields: confirmed },
          at: now,
        });
      return found;
    });
  }

  return { create, save, saveIn, versions, version, compare, restoreVersion, confirmTexts };
}

function foldsInto(latest: VersionRow, actor: Actor, now: Date): boolean {
  const sameActor = latest.actor_id === actor.id && latest.actor === actor.label;
  return latest.event === 'save' && sameActor && now.getTime() - Date.parse(latest.created_at) < FOLD_WINDOW_MS;
}

const summaryOf = (row: Omit<VersionRow, 'state' | 'site_before'>): VersionSummary => ({
  number: row.number,
  event: row.event,
  actor: row.actor,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  importId: row.import_id,
});
