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
import { retryWhileContended } from '../cms/store-guard';
import {
  deleteDraft,
  deleteTrashed,
  deleteVersions,
  findDraft,
  findLastSiteChange,
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
import { statusOf, type EditableStatus } from '../shared/editing-status';
import { canonicalJson, getAt, mergeDrafts, same, type FieldConflict } from '../shared/merge';
import { checkValue } from '../shared/schema/check';
import { foldChange, recordChange, type Actor, type AuditTarget } from './audit';

export type { EditableStatus };

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
  putOnSite(trx: ContentStore, state: S, previous: S | null, at: string, dates?: SiteDates): Promise<S | void>;
  /** Takes a state off the site; kinds without it (a page, an order) cannot be unpublished or deleted. */
  takeOffSite?(trx: ContentStore, state: S): Promise<void>;
  /** Fields that never change once the target exists: how the site, the API and links know it. */
  fixed: ReadonlyArray<keyof S & string>;
  /** Makes sure the files a state names are kept (blobs), before it goes into a version or the trash. */
  keepFiles(trx: ContentStore, state: S): Promise<void>;
  /** What a state must have to go on the site, beyond what a draft needs (alternative text). */
  readiness?(db: ContentStore, state: S): Promise<string[]>;
  /** Values the store keeps unique that a state would take from another target (checked whenever it goes on the site). */
  clashes?(db: ContentStore, state: S): Promise<string[]>;
  /** Problems the schema cannot see (links, files that must exist, the kind's own rules). */
  problems(db: ContentStore, state: S, current: S): Promise<string[]>;
  /** The one form of a state that can be written more than one way (an empty list and none), as the published state reads back; none: as it came. */
  normalize?: (state: S) => S;
  labelOf(state: S): string;
  /** The languages a state has texts in (lists filter on them); none when the kind has no languages. */
  languagesOf?(state: S): string[];
  siteOf(state: S): string;
}

/**
 * Fields a change to the site (an import) changed while the draft had changed them too: the
 * draft keeps its own until the editor chooses, and cannot be published over them before.
 */
export interface Attention {
  /** What changed the site: "import imp-20261126-3f9a0c1b". */
  source: string;
  by: string;
  at: string;
  /** Each field with the draft's value (ours), the site's (theirs), and what the site had before the change that collided (base). */
  conflicts: Array<FieldConflict & { base?: unknown }>;
}

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
  /** Fields for the editor to choose between (the sheet "needs attention"), or null. */
  attention: Attention | null;
}

/**
 * Dates a change from elsewhere carries (an import from another store or from the platform), so
 * that the site answers with them as the source did; without them, a change is dated now.
 */
export interface SiteDates {
  updatedAt: string;
  /** Each language's publication date. */
  publishedAt: Record<string, string>;
}

export type EditingFailure = 'not-found' | 'conflict' | 'invalid' | 'not-published' | 'exists';

/** A change that cannot be made as asked; nothing was changed. */
export class EditingError extends Error {
  constructor(
    message: string,
    readonly reason: EditingFailure,
    readonly details: { problems?: string[]; current?: EditableView<unknown>; later?: unknown[] } = {},
  ) {
    super(message);
    this.name = 'EditingError';
  }
}

/**
 * One change behind the editing lock, in one transaction; tried again while another process
 * writes (a command-line import between its steps), so editors wait their turn.
 */
export function editingChange<T>(db: ContentStore, run: (trx: ContentStore) => Promise<T>): Promise<T> {
  return retryWhileContended(() =>
    db.transaction().execute(async (trx) => {
      await takeLock(trx, 'editing');
      return run(trx);
    }),
  );
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
    return {
      targetId,
      label: adapter.labelOf(state),
      status: statusOf(state, published, draft?.status === 'unpublished'),
      revision,
      draft: state,
      published,
      updatedAt: draft?.updated_at ?? null,
      updatedBy: draft?.updated_by ?? null,
      attention: draft?.attention ? (JSON.parse(draft.attention) as Attention) : null,
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

  /**
   * Writes the working copy with what lists filter on: its status beside `published` (the state
   * the site shows once this change is made; `wasOnSite` when it is off a site it was on) and its
   * languages, and the fields that need the editor's choice.
   */
  async function writeDraft(
    trx: ContentStore,
    targetId: string,
    draft: { state: S; published: S | null; wasOnSite: boolean; revision: number; attention: Attention | null },
    actor: Actor,
    at: string,
  ): Promise<void> {
    const { state } = draft;
    const languages = adapter.languagesOf?.(state) ?? [];
    await saveDraft(trx, {
      kind,
      target_id: targetId,
      site_id: adapter.siteOf(state),
      label: adapter.labelOf(state),
      state: JSON.stringify(state),
      revision: draft.revision,
      updated_by: actor.label,
      updated_at: at,
      status: statusOf(state, draft.published, draft.wasOnSite),
      languages: languages.length === 0 ? null : ` ${languages.join(' ')} `,
      attention: draft.attention === null ? null : JSON.stringify(draft.attention),
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
    /** What the site showed before, when this version changed the site (null: it was not on it). */
    siteBefore?: S | null,
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
      site_before: siteBefore === undefined ? null : JSON.stringify(siteBefore),
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
      { state: next, published: found.published, wasOnSite: found.status === 'unpublished', revision: found.revision + 1, attention },
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
      await writeDraft(trx, targetId, { state: checked, published: null, wasOnSite: false, revision: 1, attention: null }, actor, at);
      const auditId = await recordChange(trx, { actor, action: `${kind}.create`, target: targetOf(targetId, checked), after: checked, at: now });
      await addVersion(trx, targetId, 'create', checked, actor, at, auditId);
      return (await view(trx, targetId))!;
    });
  }

  /** Puts the draft on the site, atomically. Answers null when the site already shows it (nothing to do). */
  async function publish(db: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now = new Date()): Promise<EditableView<S> | null> {
    return editingChange(db, (trx) => publishIn(trx, targetId, revision, actor, now));
  }

  async function publishIn(trx: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now: Date): Promise<EditableView<S> | null> {
    const found = await current(trx, targetId, revision);
    if (found.attention !== null) throw needsChoice(found);
    if (found.status === 'published') return null;
    const at = now.toISOString();
    await keepOriginal(trx, found, at);
    await adapter.keepFiles(trx, found.draft);
    const missing = (await adapter.readiness?.(trx, found.draft)) ?? [];
    if (missing.length > 0) throw new EditingError(`${found.label} cannot be published yet: ${missing.join('; ')}`, 'invalid', { problems: missing });
    // Checked again: what held when it was saved (a name free in the site) may not hold now.
    await check(trx, found.draft, found.published ?? found.draft, 'published');
    const put = (await adapter.putOnSite(trx, found.draft, found.published, at)) ?? found.draft;
    await writeDraft(trx, targetId, { state: put, published: put, wasOnSite: false, revision: found.revision + 1, attention: null }, actor, at);
    const auditId = await recordChange(trx, {
      actor,
      action: `${kind}.publish`,
      target: targetOf(targetId, found.draft),
      before: found.published ?? undefined,
      after: put,
      at: now,
    });
    await addVersion(trx, targetId, 'publish', put, actor, at, auditId, null, found.published);
    return (await view(trx, targetId))!;
  }

  /** Takes it off the site; the draft stays, to be published again. */
  async function unpublish(db: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now = new Date()): Promise<EditableView<S>> {
    return editingChange(db, (trx) => unpublishIn(trx, targetId, revision, actor, now));
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
    await writeDraft(
      trx,
      targetId,
      { state: found.draft, published: null, wasOnSite: true, revision: found.revision + 1, attention: found.attention },
      actor,
      at,
    );
    const auditId = await recordChange(trx, { actor, action: `${kind}.unpublish`, target: targetOf(targetId, found.draft), before: found.published, at: now });
    await addVersion(trx, targetId, 'unpublish', found.published, actor, at, auditId, null, found.published);
    return (await view(trx, targetId))!;
  }

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
      // Off the site but once on it: unpublished, as it was when it went to the trash.
      const wasOnSite = published === null && (await listVersions(trx, kind, targetId)).some((version) => version.event === 'unpublish');
      const attention = trashed.attention === null ? null : (JSON.parse(trashed.attention) as Attention);
      await writeDraft(trx, targetId, { state: draft, published, wasOnSite, revision: Number(trashed.revision) + 1, attention }, actor, at);
      await deleteTrashed(trx, kind, targetId);
      const auditId = await recordChange(trx, { actor, action: `${kind}.restore-from-trash`, target: targetOf(targetId, draft), after: draft, at: now });
      await addVersion(trx, targetId, 'restore-from-trash', draft, actor, at, auditId, null, published === null ? undefined : null);
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
        await recordChange(trx, { actor, action: `${kind}.purge`, target: { type: adapter.auditType, id: row.target_id, label: row.label } });
      }
      return old.length;
    });
  }

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
      throw new EditingError(`${adapter.labelOf(change.after)} cannot go on the site: ${clashes.join('; ')}`, 'invalid', { problems: clashes });
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
        // that collided: an undo of that import) needs no choice any more.
        const settled = (attention?.conflicts ?? []).filter((conflict) => 'base' in conflict && same(getAt(put, conflict.path), conflict.base));
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
        { state: next, published: put, wasOnSite: false, revision: draft.revision + 1, attention: withConflicts(attention, conflicts, change, at) },
        change.actor,
        at,
      );
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
        { state: found.draft, published: null, wasOnSite: true, revision: draft.revision + 1, attention: found.attention },
        change.actor,
        at,
      );
    await addVersion(trx, targetId, change.event, found.published, change.actor, at, change.auditId, change.changeId, found.published);
    return found.published;
  }

  /**
   * Undoes the target's last publish: the site shows again what it showed before (or nothing,
   * when that publish first put it there); the draft stays as it is. Refused when something else
   * changed the site since that publish (an import, an unpublish), naming it.
   */
  async function undoPublish(db: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now = new Date()): Promise<EditableView<S>> {
    return editingChange(db, async (trx) => {
      const found = await current(trx, targetId, revision);
      const last = await findLastSiteChange(trx, kind, targetId);
      if (last === undefined || last.event !== 'publish' || found.published === null)
        throw new EditingError(
          last === undefined || found.published === null
            ? `${found.label} has no publish to undo`
            : `The site changed since ${found.label} was last published (${last.event} by ${last.actor}): only its last publish can be undone`,
          'invalid',
        );
      const before = JSON.parse(last.site_before!) as S | null;
      const auditId = await recordChange(trx, {
        actor,
        action: `${kind}.undo-publish`,
        target: targetOf(targetId, found.draft),
        before: found.published,
        after: before ?? undefined,
        at: now,
      });
      const change = { event: 'undo-publish', actor, at: now, auditId, changeId: null, source: 'undo of a publish' };
      if (before === null) await takeOffSiteChange(trx, targetId, change);
      else await applySiteChange(trx, targetId, { ...change, after: before, carry: false });
      return (await view(trx, targetId))!;
    });
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
    return save(db, targetId, state, revision, actor, { now, event: 'restore' });
  }

  return {
    kind,
    /** How the audit log names a target in a state (its title, a page's path). */
    auditTargetOf: targetOf,
    view,
    create,
    save,
    saveIn,
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
    applySiteChange,
    takeOffSiteChange,
    undoPublish,
    preview,
    change: editingChange,
  };
}

export type Editor<S> = ReturnType<typeof createEditor<S>>;

export interface SaveOptions {
  now?: Date;
  event?: string;
  /** Runs first in the save's transaction (an upload stores its bytes): nothing of it stays if the save fails. */
  within?: (trx: ContentStore) => Promise<void>;
  /** The editor chose for every field that needed attention: the sheet no longer does. */
  settles?: boolean;
}

/** A change made to the site outside the editor: what the site shows after it, and whose it is. */
export interface SiteChange<S> {
  after: S;
  event: string;
  actor: Actor;
  at: Date;
  auditId: number | null;
  /** The import (or other change of many targets) it is part of. */
  changeId: string | null;
  /** Carry what it changed into the target's draft (an import), or leave the draft as it is (undo of a publish). */
  carry: boolean;
  /** What made it, for the editor: "import imp-…". */
  source: string;
  /** The dates it carries from where it came from, if any. */
  dates?: SiteDates;
  /** It puts back a target its own change took off the site (an undo that failed half-way, taken back). */
  returns?: boolean;
}

/** A draft's fields to choose on, with those a new change adds (a field named again takes the newer). */
function withConflicts(attention: Attention | null, conflicts: FieldConflict[], change: { source: string; actor: Actor }, at: string): Attention | null {
  if (conflicts.length === 0) return attention;
  const added = new Set(conflicts.map((conflict) => JSON.stringify(conflict.path)));
  const kept = (attention?.conflicts ?? []).filter((conflict) => !added.has(JSON.stringify(conflict.path)));
  return { source: change.source, by: change.actor.label, at, conflicts: [...kept, ...conflicts] };
}

/** The refusal of a publish over fields the editor has not chosen on yet. */
function needsChoice(found: EditableView<unknown>): EditingError {
  const { attention } = found;
  const problems = (attention?.conflicts ?? []).map(
    (conflict) => `${conflict.path.join('.')}: the ${attention!.source} changed it on the site while your draft changed it too; choose which to keep`,
  );
  return new EditingError(`${found.label} needs attention before it is published: ${problems.join('; ')}`, 'invalid', { problems });
}

/** Carries a preview's result out of the transaction it rolls back. */
class RolledBack {
  constructor(readonly value: unknown) {}
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
