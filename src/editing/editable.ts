/**
 * The life of anything editors edit (a sheet, a collection's order, a page's settings): a working
 * copy (the draft) beside the published state, saves that fold into versions, publish, unpublish,
 * delete to the trash and back, and restoring any version as the new draft. One engine for every
 * kind; what differs (how a state is read from and written to the public tables) comes from the
 * kind's adapter.
 *
 * Every operation is one transaction that takes the editing lock first, so two editors (or an
 * editor and the scheduler) never interleave, and writes its version and its audit entry in the
 * same transaction. A change names the revision it started from; a stale one is refused with the
 * current state, and nothing is overwritten.
 */
import type { TSchema } from 'typebox';
import type { ContentStore } from '../cms/database';
import {
  deleteDraft,
  deleteTrashed,
  deleteVersions,
  findDraft,
  findLatestVersion,
  findTrashed,
  findVersion,
  insertTrashed,
  insertVersion,
  listTrash,
  listVersions,
  saveDraft,
  updateVersionState,
  type VersionRow,
} from '../cms/repositories/editing';
import { takeLock } from '../cms/repositories/locks';
import type { EditableKind } from '../cms/schema';
import { checkValue } from '../shared/schema/check';
import { foldChange, recordChange, type Actor, type AuditTarget } from './audit';

/** Saves by one editor to one target within this long of the version's first save are one version. */
export const FOLD_WINDOW_MS = 10 * 60_000;

export interface KindAdapter<S> {
  kind: EditableKind;
  auditType: AuditTarget['type'];
  schema: TSchema;
  /** The state on the site now, or null when it is not published. */
  published(db: ContentStore, targetId: string): Promise<S | null>;
  /**
   * Writes a state to the public tables; `previous` is what was published (null: nothing). A kind
   * that puts on the site something other than the state as given (an order over the sheets the
   * collection has now) answers what it put, which becomes the draft.
   */
  putOnSite(trx: ContentStore, state: S, previous: S | null, at: string): Promise<S | void>;
  /** Takes a state off the site; kinds without it (a page, an order) cannot be unpublished or deleted. */
  takeOffSite?(trx: ContentStore, state: S): Promise<void>;
  /** Fields that never change once the target exists: how the site, the API and links know it. */
  fixed: ReadonlyArray<keyof S & string>;
  /** Makes sure the files a state names are kept (blobs), before it goes into a version or the trash. */
  keepFiles(trx: ContentStore, state: S): Promise<void>;
  /** What a state must have to go on the site, beyond what a draft needs (alternative text). */
  readiness?(state: S): string[];
  /** Problems the schema cannot see (links, files that must exist, the kind's own rules). */
  problems(db: ContentStore, state: S, current: S): Promise<string[]>;
  /** The one form of a state that can be written more than one way (an empty list and none), as the published state reads back; none: as it came. */
  normalize?: (state: S) => S;
  labelOf(state: S): string;
  /** The languages a state has texts in (lists filter on them); none when the kind has no languages. */
  languagesOf?(state: S): string[];
  siteOf(state: S): string;
}

export type EditableStatus = 'draft' | 'published' | 'changed' | 'unpublished';

export interface EditableView<S> {
  targetId: string;
  label: string;
  /**
   * draft: never on the site; published: the site shows the draft; changed: the draft has changes
   * the site does not show; unpublished: taken off the site, its draft kept.
   */
  status: EditableStatus;
  /** Name it when changing: a change from an older revision is refused. */
  revision: number;
  draft: S;
  published: S | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

export type EditingFailure = 'not-found' | 'conflict' | 'invalid' | 'not-published' | 'exists';

/** A change that cannot be made as asked; nothing was changed. */
export class EditingError extends Error {
  constructor(
    message: string,
    readonly reason: EditingFailure,
    readonly details: { problems?: string[]; current?: EditableView<unknown> } = {},
  ) {
    super(message);
    this.name = 'EditingError';
  }
}

export interface VersionSummary {
  number: number;
  event: string;
  actor: string;
  createdAt: string;
  updatedAt: string;
  importId: string | null;
}

export interface FieldChange {
  /** Where in the state, e.g. `translations.de_DE.title`. */
  field: string;
  before: unknown;
  after: unknown;
}

/** JSON with object keys sorted: equal states give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    field !== null && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}

/** The leaves of two states that differ, by their place. */
export function compareStates(before: unknown, after: unknown, place = ''): FieldChange[] {
  const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject(before) && isObject(after)) {
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return names.flatMap((name) => compareStates(before[name], after[name], place === '' ? name : `${place}.${name}`));
  }
  return canonicalJson(before) === canonicalJson(after) ? [] : [{ field: place, before: before ?? null, after: after ?? null }];
}

export function createEditor<S>(adapter: KindAdapter<S>) {
  const { kind } = adapter;
  const parse = (json: string) => JSON.parse(json) as S;
  const targetOf = (targetId: string, state: S): AuditTarget => ({ type: adapter.auditType, id: targetId, label: adapter.labelOf(state) });

  async function view(db: ContentStore, targetId: string): Promise<EditableView<S> | null> {
    const [draft, published] = await Promise.all([findDraft(db, kind, targetId), adapter.published(db, targetId)]);
    if (draft === undefined && published === null) return null;
    // Without a draft, the newest version (an import's, say) stands for the revision.
    const revision = draft?.revision ?? (await findLatestVersion(db, kind, targetId))?.number ?? 0;
    const state = draft === undefined ? (published as S) : parse(draft.state);
    const status = statusOf(state, published, draft?.status ?? null);
    return {
      targetId,
      label: adapter.labelOf(state),
      status,
      revision,
      draft: state,
      published,
      updatedAt: draft?.updated_at ?? null,
      updatedBy: draft?.updated_by ?? null,
    };
  }

  /** The current view for a change: the target must exist and, when a revision is named, be at it. */
  async function current(trx: ContentStore, targetId: string, revision: number | undefined): Promise<EditableView<S>> {
    const found = await view(trx, targetId);
    if (found === null) {
      const trashed = await findTrashed(trx, kind, targetId);
      throw new EditingError(trashed ? `${trashed.label} is in the trash: restore it first` : `There is no ${kind} ${targetId}`, 'not-found');
    }
    if (revision !== undefined && revision !== found.revision) {
      throw new EditingError(
        `${found.label} was changed by ${found.updatedBy ?? 'someone'} since you opened it (revision ${found.revision}, yours ${revision}); nothing was overwritten`,
        'conflict',
        { current: found as EditableView<unknown> },
      );
    }
    return found;
  }

  /** How this kind leaves the site; refused for kinds that cannot. */
  function offSite(label: string): NonNullable<KindAdapter<S>['takeOffSite']> {
    if (adapter.takeOffSite === undefined) throw new EditingError(`${label} cannot be taken off the site or deleted`, 'invalid');
    return adapter.takeOffSite.bind(adapter);
  }

  /** One transaction, behind the editing lock. */
  function change<T>(db: ContentStore, run: (trx: ContentStore) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await takeLock(trx, 'editing');
      return run(trx);
    });
  }

  /**
   * Writes the working copy with what lists filter on: its status beside `published` (the state
   * the site shows once this change is made) and its languages.
   */
  async function writeDraft(
    trx: ContentStore,
    targetId: string,
    state: S,
    published: S | null,
    previous: EditableStatus | null,
    revision: number,
    actor: Actor,
    at: string,
  ): Promise<void> {
    const languages = adapter.languagesOf?.(state) ?? [];
    await saveDraft(trx, {
      kind,
      target_id: targetId,
      site_id: adapter.siteOf(state),
      label: adapter.labelOf(state),
      state: JSON.stringify(state),
      revision,
      updated_by: actor.label,
      updated_at: at,
      status: statusOf(state, published, previous),
      languages: languages.length === 0 ? null : ` ${languages.join(' ')} `,
    });
  }

  async function addVersion(
    trx: ContentStore,
    targetId: string,
    event: string,
    state: S,
    actor: Actor,
    at: string,
    auditId: number | null,
    importId: string | null = null,
  ) {
    const latest = await findLatestVersion(trx, kind, targetId);
    await insertVersion(trx, {
      kind,
      target_id: targetId,
      number: (latest?.number ?? 0) + 1,
      event,
      state: JSON.stringify(state),
      actor_id: actor.id,
      actor: actor.label,
      created_at: at,
      updated_at: at,
      import_id: importId,
      audit_id: auditId,
    });
  }

  /** A target that was on the site before editing began gets its published state as version 1. */
  async function keepOriginal(trx: ContentStore, found: EditableView<S>, at: string): Promise<void> {
    if (found.published === null || (await findLatestVersion(trx, kind, found.targetId)) !== undefined) return;
    await adapter.keepFiles(trx, found.published);
    await addVersion(trx, found.targetId, 'original', found.published, { id: null, label: 'store' }, at, null);
  }

  async function check(db: ContentStore, state: unknown, currentState: S, doing = 'saved'): Promise<S> {
    const checked = checkValue<S>(adapter.schema, state, `(${kind})`);
    const fixed = adapter.fixed.flatMap((field) =>
      checked.value[field] === currentState[field] ? [] : [`${field}: cannot change (it was ${JSON.stringify(currentState[field])})`],
    );
    const problems = checked.problems.length > 0 ? checked.problems : [...fixed, ...(await adapter.problems(db, checked.value, currentState))];
    if (problems.length > 0) throw new EditingError(`The ${kind} cannot be ${doing}: ${problems.join('; ')}`, 'invalid', { problems });
    return adapter.normalize?.(checked.value) ?? checked.value;
  }

  /** Saves a draft; saves by one actor within FOLD_WINDOW_MS of each other are one version and one audit entry. */
  async function save(
    db: ContentStore,
    targetId: string,
    state: unknown,
    revision: number,
    actor: Actor,
    now = new Date(),
    event = 'save',
    /** Runs first in the save's transaction (an upload stores its bytes): nothing of it stays if the save fails. */
    within?: (trx: ContentStore) => Promise<void>,
  ): Promise<EditableView<S>> {
    return change(db, async (trx) => {
      const found = await current(trx, targetId, revision);
      await within?.(trx);
      const at = now.toISOString();
      await keepOriginal(trx, found, at);
      // The files the draft has now are kept first: a save that leaves them as they are names them.
      await adapter.keepFiles(trx, found.draft);
      const next = await check(trx, state, found.draft);
      await writeDraft(trx, targetId, next, found.published, found.status, found.revision + 1, actor, at);
      const latest = await findLatestVersion(trx, kind, targetId);
      if (event === 'save' && latest !== undefined && foldsInto(latest, actor, now)) {
        await updateVersionState(trx, latest.id, JSON.stringify(next), at);
        if (latest.audit_id !== null) await foldChange(trx, latest.audit_id, next, now);
      } else {
        const auditId = await recordChange(trx, {
          actor,
          action: `${kind}.${event}`,
          target: targetOf(targetId, next),
          before: found.draft,
          after: next,
          at: now,
        });
        await addVersion(trx, targetId, event, next, actor, at, auditId);
      }
      return (await view(trx, targetId))!;
    });
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
    return change(db, async (trx) => {
      if ((await view(trx, targetId)) !== null || (await findTrashed(trx, kind, targetId)) !== undefined)
        throw new EditingError(`${kind} ${targetId} exists`, 'exists');
      await within?.(trx);
      const checked = await check(trx, state, state);
      const at = now.toISOString();
      await writeDraft(trx, targetId, checked, null, null, 1, actor, at);
      const auditId = await recordChange(trx, { actor, action: `${kind}.create`, target: targetOf(targetId, checked), after: checked, at: now });
      await addVersion(trx, targetId, 'create', checked, actor, at, auditId);
      return (await view(trx, targetId))!;
    });
  }

  /** Puts the draft on the site, atomically. Answers null when the site already shows it (nothing to do). */
  async function publish(db: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now = new Date()): Promise<EditableView<S> | null> {
    return change(db, (trx) => publishIn(trx, targetId, revision, actor, now));
  }

  async function publishIn(trx: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now: Date): Promise<EditableView<S> | null> {
    const found = await current(trx, targetId, revision);
    if (found.status === 'published') return null;
    const at = now.toISOString();
    await keepOriginal(trx, found, at);
    await adapter.keepFiles(trx, found.draft);
    const missing = adapter.readiness?.(found.draft) ?? [];
    if (missing.length > 0) throw new EditingError(`${found.label} cannot be published yet: ${missing.join('; ')}`, 'invalid', { problems: missing });
    // Checked again: what held when it was saved (a name free in the site) may not hold now.
    await check(trx, found.draft, found.published ?? found.draft, 'published');
    const put = (await adapter.putOnSite(trx, found.draft, found.published, at)) ?? found.draft;
    await writeDraft(trx, targetId, put, put, found.status, found.revision + 1, actor, at);
    const auditId = await recordChange(trx, {
      actor,
      action: `${kind}.publish`,
      target: targetOf(targetId, found.draft),
      before: found.published ?? undefined,
      after: put,
      at: now,
    });
    await addVersion(trx, targetId, 'publish', put, actor, at, auditId);
    return (await view(trx, targetId))!;
  }

  /** Takes it off the site; the draft stays, to be published again. */
  async function unpublish(db: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now = new Date()): Promise<EditableView<S>> {
    return change(db, (trx) => unpublishIn(trx, targetId, revision, actor, now));
  }

  async function unpublishIn(trx: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now: Date): Promise<EditableView<S>> {
    const found = await current(trx, targetId, revision);
    if (found.published === null) throw new EditingError(`${found.label} is not on the site`, 'not-published');
    const takeOffSite = offSite(found.label);
    const at = now.toISOString();
    await keepOriginal(trx, found, at);
    await adapter.keepFiles(trx, found.published);
    await adapter.keepFiles(trx, found.draft);
    await takeOffSite(trx, found.published);
    await writeDraft(trx, targetId, found.draft, null, 'unpublished', found.revision + 1, actor, at);
    const auditId = await recordChange(trx, { actor, action: `${kind}.unpublish`, target: targetOf(targetId, found.draft), before: found.published, at: now });
    await addVersion(trx, targetId, 'unpublish', found.published, actor, at, auditId);
    return (await view(trx, targetId))!;
  }

  /** Moves it to the trash: off the site, draft and published state kept to be restored. */
  async function remove(db: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now = new Date()): Promise<void> {
    await change(db, async (trx) => {
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
      });
      await deleteDraft(trx, kind, targetId);
      const auditId = await recordChange(trx, { actor, action: `${kind}.delete`, target: targetOf(targetId, found.draft), before: found.draft, at: now });
      await addVersion(trx, targetId, 'delete', found.draft, actor, at, auditId);
    });
  }

  /** Brings it back from the trash as it was: on the site again if it was, with its draft. */
  async function restoreFromTrash(db: ContentStore, targetId: string, actor: Actor, now = new Date()): Promise<EditableView<S>> {
    return change(db, async (trx) => {
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
      // Off the site but once on it: unpublished, as it was when it went to the trash.
      const wasOnSite = published === null && (await listVersions(trx, kind, targetId)).some((version) => version.event === 'unpublish');
      await writeDraft(trx, targetId, draft, published, wasOnSite ? 'unpublished' : null, Number(trashed.revision) + 1, actor, at);
      await deleteTrashed(trx, kind, targetId);
      const auditId = await recordChange(trx, { actor, action: `${kind}.restore-from-trash`, target: targetOf(targetId, draft), after: draft, at: now });
      await addVersion(trx, targetId, 'restore-from-trash', draft, actor, at, auditId);
      return (await view(trx, targetId))!;
    });
  }

  /** Deletes for good what has been in the trash since before `before`; answers how many. */
  async function purgeTrash(db: ContentStore, before: Date, actor: Actor): Promise<number> {
    return change(db, async (trx) => {
      const old = (await listTrash(trx, kind)).filter((row) => row.deleted_at < before.toISOString());
      for (const row of old) {
        await deleteTrashed(trx, kind, row.target_id);
        await deleteVersions(trx, kind, row.target_id);
        await recordChange(trx, { actor, action: `${kind}.purge`, target: { type: adapter.auditType, id: row.target_id, label: row.label } });
      }
      return old.length;
    });
  }

  /**
   * A change made to the site outside the editor (an import, or undoing one), in the caller's
   * transaction, which holds the editing lock: the state before becomes the original version when
   * the target has none, and the state after is the new version.
   */
  async function recordSiteChange(
    trx: ContentStore,
    targetId: string,
    change: { event: string; before: S | null; after: S; actor: Actor; at: Date; auditId: number | null; importId: string | null },
  ): Promise<void> {
    const at = change.at.toISOString();
    if (change.before !== null) {
      await adapter.keepFiles(trx, change.before);
      if ((await findLatestVersion(trx, kind, targetId)) === undefined)
        await addVersion(trx, targetId, 'original', change.before, { id: null, label: 'store' }, at, null);
    }
    await adapter.keepFiles(trx, change.after);
    await addVersion(trx, targetId, change.event, change.after, change.actor, at, change.auditId, change.importId);
    // The revision moves on, so an editor who opened it before this change gets 409, not an
    // overwrite: a draft keeps its state with the next revision; without one, the revision is
    // the newest version's number (view), which the version just added has moved on.
    const draft = await findDraft(trx, kind, targetId);
    if (draft !== undefined)
      await writeDraft(
        trx,
        targetId,
        parse(draft.state),
        await adapter.published(trx, targetId),
        draft.status as EditableStatus | null,
        draft.revision + 1,
        change.actor,
        at,
      );
  }

  /**
   * Runs `render` in a transaction where the draft is on the site, then rolls it back: the real
   * pipeline renders the draft, and nothing of it is ever committed or seen by anyone else.
   */
  async function preview<T>(db: ContentStore, targetId: string, render: (trx: ContentStore, found: EditableView<S>) => Promise<T>): Promise<T> {
    try {
      await db.transaction().execute(async (trx) => {
        const found = await view(trx, targetId);
        if (found === null) throw new EditingError(`There is no ${kind} ${targetId}`, 'not-found');
        if (found.status !== 'published') await adapter.putOnSite(trx, found.draft, found.published, new Date().toISOString());
        throw new RolledBack(await render(trx, found));
      });
    } catch (error) {
      if (error instanceof RolledBack) return error.value as T;
      throw error;
    }
    throw new Error('unreachable: a preview transaction always rolls back');
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
    return save(db, targetId, state, revision, actor, now, 'restore');
  }

  return {
    kind,
    view,
    create,
    save,
    publish,
    publishIn,
    unpublish,
    unpublishIn,
    remove,
    restoreFromTrash,
    purgeTrash,
    versions,
    version,
    compare,
    restoreVersion,
    recordSiteChange,
    preview,
    change,
  };
}

export type Editor<S> = ReturnType<typeof createEditor<S>>;

/** Carries a preview's result out of the transaction it rolls back. */
class RolledBack {
  constructor(readonly value: unknown) {}
}

/**
 * A state's status beside the one the site shows: once taken off the site (unpublished, or saved
 * since), it stays unpublished until published again; a state never on the site is a draft.
 */
function statusOf<S>(state: S, published: S | null, previous: string | null): EditableStatus {
  if (published !== null) return canonicalJson(state) === canonicalJson(published) ? 'published' : 'changed';
  return previous === 'unpublished' ? 'unpublished' : 'draft';
}

function foldsInto(latest: VersionRow, actor: Actor, now: Date): boolean {
  const sameActor = latest.actor_id === actor.id && latest.actor === actor.label;
  return latest.event === 'save' && sameActor && now.getTime() - Date.parse(latest.created_at) < FOLD_WINDOW_MS;
}

const summaryOf = (row: Omit<VersionRow, 'state'>): VersionSummary => ({
  number: row.number,
  event: row.event,
  actor: row.actor,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  importId: row.import_id,
});
