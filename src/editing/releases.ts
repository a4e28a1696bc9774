/**
 * Releases (docs/editing.md, "Releases"; decision 036): an editor gathers drafts (sheets, a
 * collection's order, a page) into a named release, previews the site with all of them, and
 * publishes them together, at once or at a time, as one change: one transaction, so every request
 * sees all of them or none. Undoing it takes back what it changed, and only that, as one change. A
 * draft in an open release is published with it, never alone (editor-publishing.ts).
 *
 * Each draft is published and undone by its kind's own engine (the same checks, versions, review
 * and audit as alone); the release's id on the versions it makes ties them to it.
 */
import { tellWebhooks } from '../webhooks/events';
import { randomBytes } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import {
  deleteRelease,
  deleteReleaseItem,
  findOpenReleaseOf,
  findRelease,
  insertRelease,
  insertReleaseItem,
  listDueReleases,
  listReleaseItems,
  listReleases,
  updateRelease,
  wasPublishedByRelease,
  type ReleaseRow,
} from '../cms/repositories/releases';
import { findLastSiteChange } from '../cms/repositories/editing';
import type { ReleaseState } from '../cms/schema';
import { recordChange, SCHEDULER, type Actor } from './audit';
import { collectionOrders } from './collection-order';
import { editingChange, EditingError, rolledBack, type EditableStatus, type ReviewView } from './editable';
import { pages } from './pages';
import { sheets } from './sheets';
import { readReviewPolicy } from '../cms/repositories/reviews';
import { publishingBlock } from './review-rules';
import { problemAt } from '../shared/problems';

/** The kinds a release gathers, in the order they go on the site: sheets first, so an order arranges them, then the orders, then the pages. */
export const RELEASE_KINDS = ['sheet', 'collection', 'page'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

const EDITORS = { sheet: sheets, collection: collectionOrders, page: pages } as const;
const editorOf = (kind: ReleaseKind) => EDITORS[kind] as unknown as Pick<typeof sheets, 'view' | 'publishIn' | 'undoPublishIn' | 'applyForPreview'>;

export interface ReleaseItemView {
  kind: ReleaseKind;
  targetId: string;
  label: string;
  /** The draft's status now; null when it is gone (deleted). */
  status: EditableStatus | null;
  review: ReviewView | null;
  addedBy: string;
  addedAt: string;
}

export interface ReleaseView {
  id: string;
  name: string;
  state: ReleaseState;
  createdBy: string;
  createdAt: string;
  dueAt: string | null;
  scheduledBy: string | null;
  publishedBy: string | null;
  publishedAt: string | null;
  undoneBy: string | null;
  undoneAt: string | null;
  /** Why its scheduled publish could not be made. */
  failure: string | null;
  items: ReleaseItemView[];
}

const newReleaseId = (now: Date) => `rel-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex')}`;
const isReleaseKind = (kind: string): kind is ReleaseKind => (RELEASE_KINDS as readonly string[]).includes(kind);

async function viewOf(db: ContentStore, row: ReleaseRow): Promise<ReleaseView> {
  const items: ReleaseItemView[] = [];
  for (const item of await listReleaseItems(db, row.id)) {
    if (!isReleaseKind(item.kind)) continue;
    const found = await editorOf(item.kind).view(db, item.target_id);
    items.push({
      kind: item.kind,
      targetId: item.target_id,
      label: found?.label ?? item.label,
      status: found?.status ?? null,
      review: found?.review ?? null,
      addedBy: item.added_by,
      addedAt: item.added_at,
    });
  }
  items.sort((a, b) => RELEASE_KINDS.indexOf(a.kind) - RELEASE_KINDS.indexOf(b.kind));
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    createdBy: row.created_by,
    createdAt: row.created_at,
    dueAt: row.due_at,
    scheduledBy: row.scheduled_by,
    publishedBy: row.published_by,
    publishedAt: row.published_at,
    undoneBy: row.undone_by,
    undoneAt: row.undone_at,
    failure: row.failure,
    items,
  };
}

export async function listReleaseViews(db: ContentStore): Promise<ReleaseView[]> {
  return Promise.all((await listReleases(db)).map((row) => viewOf(db, row)));
}

export async function releaseView(db: ContentStore, id: string): Promise<ReleaseView> {
  return viewOf(db, await found(db, id));
}

async function found(db: ContentStore, id: string): Promise<ReleaseRow> {
  const row = await findRelease(db, id);
  if (row === undefined) throw new EditingError(`There is no release ${id}`, 'not-found');
  return row;
}

async function openRelease(db: ContentStore, id: string): Promise<ReleaseRow> {
  const row = await found(db, id);
  if (row.state !== 'open') throw new EditingError(`The release “${row.name}” is ${row.state}: it cannot change`, 'conflict');
  return row;
}

const audit = (trx: ContentStore, actor: Actor, action: string, row: Pick<ReleaseRow, 'id' | 'name'>, after?: unknown, at = new Date()) =>
  recordChange(trx, {
    actor,
    action: `release.${action}`,
    target: { type: 'release', id: row.id, label: row.name },
    ...(after === undefined ? {} : { after }),
    at,
  });

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 200) throw new EditingError('A release needs a name of 1 to 200 characters', 'invalid');
  return trimmed;
}

export async function createRelease(db: ContentStore, name: string, actor: Actor, now = new Date()): Promise<ReleaseView> {
  const row: ReleaseRow = {
    id: newReleaseId(now),
    name: checkedName(name),
    state: 'open',
    created_by: actor.label,
    created_at: now.toISOString(),
    due_at: null,
    scheduled_by: null,
    published_by: null,
    published_at: null,
    undone_by: null,
    undone_at: null,
    failure: null,
  };
  return editingChange(db, async (trx) => {
    await insertRelease(trx, row);
    await audit(trx, actor, 'create', row, undefined, now);
    return viewOf(trx, row);
  });
}

export async function renameRelease(db: ContentStore, id: string, name: string, actor: Actor): Promise<ReleaseView> {
  return editingChange(db, async (trx) => {
    const row = await openRelease(trx, id);
    await updateRelease(trx, id, { name: checkedName(name) });
    await audit(trx, actor, 'rename', row, { name: checkedName(name) });
    return releaseView(trx, id);
  });
}

/** Gathers a draft into an open release; a draft is in one open release at most, and only one with changes to publish. */
export async function addToRelease(db: ContentStore, id: string, kind: string, targetId: string, actor: Actor, now = new Date()): Promise<ReleaseView> {
  if (!isReleaseKind(kind)) throw new EditingError(`A release gathers sheets, collection orders and pages, not ${kind}`, 'invalid');
  return editingChange(db, async (trx) => {
    const row = await openRelease(trx, id);
    const target = await editorOf(kind).view(trx, targetId);
    if (target === null) throw new EditingError(`There is no ${kind} ${targetId}`, 'not-found');
    if (target.status === 'published') throw new EditingError(`${target.label} has no changes to release: the site shows its draft`, 'invalid');
    const held = await findOpenReleaseOf(trx, kind, targetId);
    if (held !== undefined)
      throw new EditingError(
        held.id === id ? `${target.label} is in this release already` : `${target.label} is in the release “${held.name}” already`,
        'exists',
      );
    await insertReleaseItem(trx, { release_id: id, kind, target_id: targetId, label: target.label, added_by: actor.label, added_at: now.toISOString() });
    await audit(trx, actor, 'add', row, { kind, targetId, label: target.label }, now);
    return releaseView(trx, id);
  });
}

export async function removeFromRelease(db: ContentStore, id: string, kind: string, targetId: string, actor: Actor): Promise<ReleaseView> {
  return editingChange(db, async (trx) => {
    const row = await openRelease(trx, id);
    if (!isReleaseKind(kind) || !(await deleteReleaseItem(trx, id, kind, targetId)))
      throw new EditingError(`The release “${row.name}” has no ${kind} ${targetId}`, 'not-found');
    await audit(trx, actor, 'remove', row, { kind, targetId });
    return releaseView(trx, id);
  });
}

/** Discards an open release: its drafts stay as they are, free to be published alone. */
export async function discardRelease(db: ContentStore, id: string, actor: Actor): Promise<void> {
  await editingChange(db, async (trx) => {
    const row = await openRelease(trx, id);
    await deleteRelease(trx, id);
    await audit(trx, actor, 'discard', row);
  });
}

/** Publishes the release at `at` (the scheduler does it; every process looks); null: not at a time any more. */
export async function scheduleRelease(db: ContentStore, id: string, at: string | null, actor: Actor, now = new Date()): Promise<ReleaseView> {
  const due = at === null ? null : new Date(at);
  if (due !== null && (Number.isNaN(due.getTime()) || due.getUTCFullYear() > 9999 || due.getUTCFullYear() < 2000))
    throw new EditingError(`"${at}" is not a date and time from 2000 to 9999 (use ISO 8601, e.g. 2026-12-01T09:00:00Z)`, 'invalid');
  return editingChange(db, async (trx) => {
    const row = await openRelease(trx, id);
    await updateRelease(trx, id, { due_at: due?.toISOString() ?? null, scheduled_by: due === null ? null : actor.label, failure: null });
    await audit(trx, actor, due === null ? 'unschedule' : 'schedule', row, due === null ? undefined : { dueAt: due.toISOString() }, now);
    return releaseView(trx, id);
  });
}

/** Publishes every draft of the release in one transaction: all of them, or, when one cannot be, none (the error names it). */
export async function publishRelease(db: ContentStore, id: string, actor: Actor, now = new Date()): Promise<ReleaseView> {
  return editingChange(db, (trx) => publishReleaseIn(trx, id, actor, now));
}

async function publishReleaseIn(trx: ContentStore, id: string, actor: Actor, now: Date): Promise<ReleaseView> {
  const row = await openRelease(trx, id);
  const items = await listReleaseItems(trx, id);
  if (items.length === 0) throw new EditingError(`The release “${row.name}” has nothing in it`, 'invalid');
  // Every draft that lacks an approval, named at once (not only the first the publish meets).
  const unapproved = await unapprovedItems(trx, items);
  if (unapproved.length > 0)
    throw new EditingError(`The release “${row.name}” was not published, nothing of it: ${unapproved.join('; ')}`, 'not-approved', {
      problems: unapproved.map((block) => problemAt(null, block)),
    });
  let published = 0;
  for (const kind of RELEASE_KINDS)
    for (const item of items.filter((candidate) => candidate.kind === kind)) {
      try {
        if ((await editorOf(kind).publishIn(trx, item.target_id, undefined, actor, now, id)) !== null) published += 1;
      } catch (error) {
        if (!(error instanceof EditingError)) throw error;
        throw new EditingError(`The release “${row.name}” was not published, nothing of it: ${error.message}`, error.reason, error.details);
      }
    }
  await updateRelease(trx, id, { state: 'published', published_by: actor.label, published_at: now.toISOString(), due_at: null, failure: null });
  await audit(trx, actor, 'publish', row, { published, items: items.length }, now);
  await tellWebhooks(
    trx,
    'release.published',
    {
      release: { id, name: row.name },
      items: items.map((item) => ({ kind: item.kind, id: item.target_id, label: item.label })),
      actor: actor.label,
    },
    now,
  );
  return releaseView(trx, id);
}

/** Why each of the release's drafts that the review policy holds back may not be published yet. */
async function unapprovedItems(trx: ContentStore, items: Awaited<ReturnType<typeof listReleaseItems>>): Promise<string[]> {
  const policy = await readReviewPolicy(trx);
  if (policy === 'off') return [];
  const blocks: string[] = [];
  for (const item of items.filter((candidate) => isReleaseKind(candidate.kind))) {
    const view = await editorOf(item.kind as ReleaseKind).view(trx, item.target_id);
    if (view === null || view.status === 'published') continue;
    const block = publishingBlock(policy, item.kind, view);
    if (block !== null) blocks.push(block);
  }
  return blocks;
}

export interface LaterChange {
  kind: ReleaseKind;
  targetId: string;
  label: string;
  /** What changed it on the site since the release: "publish by ana@example.com". */
  change: string;
}

/**
 * Takes back what the release put on the site, as one change: each draft it published shows again
 * what the site showed before. When something changed one of them on the site since (a publish, an
 * import), nothing is undone and those are named (`later`); with `keepLater`, the rest is undone
 * and those stay.
 */
export async function undoRelease(db: ContentStore, id: string, actor: Actor, options: { keepLater?: boolean; now?: Date } = {}): Promise<ReleaseView> {
  const now = options.now ?? new Date();
  return editingChange(db, async (trx) => {
    const row = await found(trx, id);
    if (row.state !== 'published') throw new EditingError(`The release “${row.name}” is ${row.state}: only a published release can be undone`, 'conflict');
    const items = (await listReleaseItems(trx, id)).filter((item) => isReleaseKind(item.kind));
    const undone: typeof items = [];
    const later: LaterChange[] = [];
    for (const item of items) {
      const last = await findLastSiteChange(trx, item.kind, item.target_id);
      const byRelease = last?.event === 'publish' && last.import_id === id;
      if (byRelease) undone.push(item);
      else if (await wasPublishedByRelease(trx, item.kind, item.target_id, id))
        later.push({
          kind: item.kind as ReleaseKind,
          targetId: item.target_id,
          label: item.label,
          change: `${last?.event ?? 'a change'} by ${last?.actor ?? 'someone'}`,
        });
    }
    const named = later.map((change) => `${change.label} (${change.change})`).join('; ');
    if (later.length > 0 && options.keepLater !== true)
      throw new EditingError(`The site changed since the release “${row.name}” was published: ${named}. Nothing was undone`, 'conflict', {
        later,
        undoable: undone.length,
      });
    // Kept, every one: there is nothing left to undo, and the release stays as it is (issue 60, T9).
    if (undone.length === 0)
      throw new EditingError(
        later.length === 0
          ? `Nothing of the release “${row.name}” is on the site to undo`
          : `Nothing of the release “${row.name}” can be undone: every draft it published changed on the site since (${named})`,
        'conflict',
        { later, undoable: 0 },
      );
    // Pages and orders first, then the sheets: the reverse of publishing.
    for (const kind of [...RELEASE_KINDS].reverse())
      for (const item of undone.filter((candidate) => candidate.kind === kind))
        await editorOf(kind).undoPublishIn(trx, item.target_id, undefined, actor, now, id);
    await updateRelease(trx, id, { state: 'undone', undone_by: actor.label, undone_at: now.toISOString() });
    await audit(trx, actor, 'undo', row, { undone: undone.length, kept: later.map((change) => change.label) }, now);
    return releaseView(trx, id);
  });
}

/**
 * Renders with every draft of the release on the site, in a transaction that is always rolled
 * back: the site as it would be, through the visitors' pipeline, seen by nobody else.
 */
export async function previewRelease<T>(db: ContentStore, id: string, render: (trx: ContentStore, release: ReleaseView) => Promise<T>): Promise<T> {
  return rolledBack(db, async (trx) => {
    const release = await releaseView(trx, id);
    for (const kind of RELEASE_KINDS)
      for (const item of release.items.filter((candidate) => candidate.kind === kind && candidate.status !== null))
        await editorOf(kind).applyForPreview(trx, item.targetId);
    return render(trx, release);
  });
}

export interface FiredRelease {
  id: string;
  name: string;
  outcome: 'done' | 'failed';
  message: string;
}

/**
 * Publishes the releases due at `now`, each in its own transaction, exactly once however many
 * processes look (each reads the release again behind the editing lock). One that cannot be
 * published stays open, unscheduled, with the reason.
 */
export async function fireDueReleases(db: ContentStore, now = new Date()): Promise<FiredRelease[]> {
  const fired: FiredRelease[] = [];
  for (const due of await listDueReleases(db, now.toISOString())) {
    const actor: Actor = { id: null, label: `${SCHEDULER.label} (for ${due.scheduled_by ?? due.created_by})` };
    try {
      const done = await editingChange(db, async (trx) => {
        const current = await findRelease(trx, due.id);
        if (current?.state !== 'open' || current.due_at === null || current.due_at > now.toISOString()) return false;
        await publishReleaseIn(trx, due.id, actor, now);
        return true;
      });
      if (done) fired.push({ id: due.id, name: due.name, outcome: 'done', message: 'published' });
    } catch (error) {
      if (!(error instanceof EditingError)) throw error;
      await editingChange(db, async (trx) => {
        await updateRelease(trx, due.id, { due_at: null, failure: error.message });
        await audit(trx, actor, 'schedule-failed', due, { reason: error.message }, now);
      });
      fired.push({ id: due.id, name: due.name, outcome: 'failed', message: error.message });
    }
  }
  return fired;
}
