/**
 * Imports in the editing model (docs/editing.md, "Imports and undo"): an import is one version of
 * each sheet it changes, all under one import id, and its record keeps what it changed, field by
 * field. Undoing it puts back exactly those fields, where nothing changed them since; where
 * something did (an editor's publish, a later import), it names the sheets and fields and changes
 * nothing, unless asked to undo the rest and keep the later changes. Sheets it added are taken off
 * the site into the trash; collection orders go back as they were. An import made while review
 * before publish was on changed drafts, not the site: its undo puts back the fields it changed in
 * the drafts (undoDraftsImport).
 */
import { randomBytes } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { findContentById } from '../cms/repositories/contents';
import { putBackRows, type KeptRows } from '../cms/repositories/kept-rows';
import {
  type ImportRow,
  deleteDraft,
  deleteImport,
  deleteVersions,
  findDraft,
  findImport,
  findTrashed,
  insertImport,
  insertTrashed,
  deleteTrashed,
  listImports,
  listVersionsOfImport,
  markImportNotUndone,
  markImportUndone,
  markImportUndoStep,
  resumeImportUndo,
} from '../cms/repositories/editing';
import { changesBetween, revertChanges, same, type PathChange, type Reverted } from '../shared/merge';
import type { SheetState } from '../sheet/shape';
import { describeFailure } from '../cms/store-guard';
import { recordChange, type Actor } from './audit';
import { arrange, collectionOrders } from './collection-order';
import { EditingError, editingChange, type DraftChange, type SiteChange, type SiteDates } from './editable';
import { publishedSheet } from './sheet-state';
import { sheets } from './sheets';
import { isAsked } from './editor-draft-changes';
import { listedSheets, tellWebhooks } from '../webhooks/events';
import { unplaced } from '../shared/problems';

/** What an import did to one sheet. */
export interface ImportedSheet {
  id: string;
  label: string;
  /** Whether the import added it (it was not on the site). */
  added: boolean;
  /** Each field it changed, with the value before and after; an added sheet's one change is the whole sheet. */
  changes: PathChange[];
  /** Into a draft: the fields the draft had changed too, with the value it offered, whose choice it asked of the editor (its undo settles them). */
  conflicts?: Array<{ path: string[]; theirs: unknown }>;
}

/** Where an import put its changes: on the site, or (while review before publish was on) into the drafts, for review. */
export type ImportedInto = 'site' | 'drafts';

interface ImportRecord {
  version: 2;
  /** Absent: the site. */
  into?: 'drafts';
  sheets: ImportedSheet[];
  /** The orders of the collections it touched, as they were before and as it left them (not known for imports made before). */
  collections: Array<{ id: string; items: string[]; after?: string[] }>;
}

/** Before version 2, an import kept each sheet's whole state before it. */
interface ImportRecordV1 {
  sheets: Array<{ id: string; before: SheetState | null }>;
  collections: Array<{ id: string; items: string[] }>;
}

export const newImportId = (now: Date) => `imp-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex')}`;

/** What an import keeps of what it changed, as stored. */
export const importRecord = (sheets: ImportedSheet[], collections: ImportRecord['collections'], into: ImportedInto = 'site') =>
  JSON.stringify({ version: 2, ...(into === 'drafts' ? { into } : {}), sheets, collections } satisfies ImportRecord);

/** Writes an import's record, in its first step; `applying`: its steps are still to come (its last one finishes the record). */
export async function recordImport(
  trx: ContentStore,
  done: {
    id: string;
    actor: Actor;
    at: Date;
    summary: string;
    sheets: ImportedSheet[];
    collections: ImportRecord['collections'];
    applying?: boolean;
    into?: ImportedInto;
  },
): Promise<void> {
  await insertImport(trx, {
    id: done.id,
    actor: done.actor.label,
    created_at: done.at.toISOString(),
    summary: done.summary,
    before_state: importRecord(done.sheets, done.collections, done.into),
    undone_at: null,
    undo_step_at: null,
    apply_step_at: done.applying === true ? done.at.toISOString() : null,
  });
}

export interface ImportDetails {
  id: string;
  by: string;
  at: string;
  summary: string;
  into: ImportedInto;
  undoneAt: string | null;
  /** Its undo stopped part-way (its process ended): undoing it again finishes it. */
  undoCutOff: boolean;
  /** It is being applied, in steps: it can be undone once it is in. */
  applying: boolean;
  /** Applying it stopped part-way (its process ended): undoing it takes back the sheets it reached. */
  applyCutOff: boolean;
  /** What it did to each sheet: the fields it changed (none for a sheet it added). */
  sheets: Array<{ id: string; label: string; added: boolean; fields: string[] }>;
}

/** The last `limit` imports, newest first: who made each, when, what it did, and where its steps stand. */
export async function recentImports(db: ContentStore, limit: number, now = new Date()) {
  return (await listImports(db, limit)).map((row) => ({
    id: row.id,
    by: row.actor,
    at: row.created_at,
    summary: row.summary,
    undoneAt: row.undone_at,
    ...importSteps(row, now),
  }));
}

/** An import as its undo names it: who, when, and each sheet with the fields it changed. */
export async function describeImport(db: ContentStore, importId: string): Promise<ImportDetails> {
  const row = await findImport(db, importId);
  if (row === undefined) throw new EditingError(`There is no import ${importId}`, 'not-found');
  const record = await recordAsApplied(db, row);
  return {
    id: row.id,
    by: row.actor,
    at: row.created_at,
    summary: row.summary,
    into: record.into ?? 'site',
    undoneAt: row.undone_at,
    ...importSteps(row, new Date()),
    sheets: record.sheets.map((sheet) => ({
      id: sheet.id,
      label: sheet.label,
      added: sheet.added,
      fields: sheet.added ? [] : sheet.changes.map((change) => change.path.join('.')),
    })),
  };
}

/** A field something changed after the import: undo leaves it, or is refused. */
export interface LaterChange {
  sheetId: string;
  sheet: string;
  /** The field, e.g. `translations.en_US.description`; empty for the whole sheet. */
  field: string;
  /** What the import made it, and what it is now. */
  imported: unknown;
  now: unknown;
}

export interface UndoneImport {
  importId: string;
  /** Sheets put back as they were before the import (the fields it changed). */
  restored: number;
  /** Sheets the import had added, taken off the site (into the trash). */
  removed: number;
  /** Sheets deleted since the import: left in the trash. */
  skipped: number;
  /** Fields changed since the import, left as they are (only with keepLater). */
  kept: LaterChange[];
}

export interface UndoOptions {
  /** Undo what nothing changed since, and keep the later changes, rather than refuse. */
  keepLater?: boolean;
  now?: Date;
  /** How long one step may hold the editing lock (tests make it short to take many steps). */
  stepMs?: number;
}

/**
 * How long one step of an undo holds the editing lock. An undo of thousands of sheets takes
 * seconds; in steps this long, an editor's save waits for one step, not for the whole undo.
 */
const STEP_MS = 200;

/**
 * An undo or an import whose last step is older than this was cut off (its process ended between
 * steps): steps take a fraction of a second, and a writer in another process holds them up 3 s at most.
 */
export const CUT_OFF_MS = 60_000;

type StepState = 'running' | 'cut-off' | 'done';

/** Work done in steps whose last step was at `stepAt` (null: all done): still running, or cut off. */
const stepStateOf = (stepAt: string | null, now: Date): StepState =>
  stepAt === null ? 'done' : now.getTime() - Date.parse(stepAt) > CUT_OFF_MS ? 'cut-off' : 'running';

/** Where an import's undo is: not started (or taken back), running, cut off part-way, or done. */
export function undoStateOf(row: { undone_at: string | null; undo_step_at: string | null }, now: Date): 'none' | StepState {
  return row.undone_at === null ? 'none' : stepStateOf(row.undo_step_at, now);
}

/** Where applying an import is: still in its steps, cut off part-way (its process ended), or done. */
export const applyStateOf = (row: { apply_step_at: string | null }, now: Date): StepState => stepStateOf(row.apply_step_at, now);

/** What the studio and the API say of an import's steps: being applied, or stopped part-way (applying, or undoing). */
export function importSteps(row: Pick<ImportRow, 'undone_at' | 'undo_step_at' | 'apply_step_at'>, now: Date) {
  const applying = applyStateOf(row, now);
  return { undoCutOff: undoStateOf(row, now) === 'cut-off', applying: applying === 'running', applyCutOff: applying === 'cut-off' };
}

/**
 * Reverts what an import changed, as one change (one audit entry, each sheet's version under the
 * import's id) made in steps that each hold the editing lock briefly: editors' saves and
 * publishes meanwhile wait a step, not the whole undo. Refused with the list of later changes
 * (EditingError 'conflict', details.later) unless `keepLater`, before anything changes. All or
 * nothing: when a step fails (a full disk, a sheet changed in between), the steps already made
 * are taken back, the import is as it was, and the error says why.
 */
export async function undoImport(
  db: ContentStore,
  importId: string,
  actor: Actor,
  { keepLater = false, now = new Date(), stepMs = STEP_MS }: UndoOptions = {},
): Promise<UndoneImport> {
  const row = await findImport(db, importId);
  if (row === undefined) throw new EditingError(`There is no import ${importId} (npm run cli -- content imports lists them)`, 'not-found');
  const state = undoStateOf(row, now);
  if (state === 'done') throw undoneAlready(importId, row.undone_at);
  if (state === 'running')
    throw new EditingError(`Import ${importId} is being undone (its last step at ${row.undo_step_at}); wait for it to finish.`, 'conflict');
  const applying = applyStateOf(row, now);
  if (applying === 'running')
    throw new EditingError(`Import ${importId} is being applied (its last step at ${row.apply_step_at}); wait for it to finish.`, 'conflict');
  // An import cut off while it was applied is undone as far as it went.
  const record = await recordAsApplied(db, row);
  if (record.into === 'drafts') return undoDraftsImport(db, row, record, actor, { keepLater, now });
  // An undo cut off part-way is finished: the sheets it undid stay undone, the rest follow.
  const resumed = state === 'cut-off' ? await sheetsLastChangedBy(db, importId, ['undo-import']) : new Set<string>();
  const rest = record.sheets.filter((sheet) => !resumed.has(sheet.id));
  // What was changed since, read without the lock: a refusal changes nothing.
  const later: LaterChange[] = [];
  for (const sheet of rest) later.push(...(await sheetUndo(db, sheet)).later);
  const { reorder, rearranged } = await collectionsUndo(db, record);
  later.push(...rearranged);
  if (later.length > 0 && !keepLater) throw laterChanges(importId, later);

  // Claimed in a step of its own: from here a second undo is refused.
  const auditId = await editingChange(db, async (trx) => {
    const claimed =
      state === 'cut-off'
        ? await resumeImportUndo(trx, importId, row.undo_step_at!, now.toISOString())
        : await markImportUndone(trx, importId, now.toISOString());
    if (!claimed) throw undoneAlready(importId, (await findImport(trx, importId))?.undone_at ?? null);
    const action = state === 'cut-off' ? 'content.undo-import-finished' : 'content.undo-import';
    return recordChange(trx, { actor, action, target: { type: 'import', id: importId, label: row.summary }, at: now });
  });
  const change = { event: 'undo-import', actor, at: now, auditId, changeId: importId, source: `undo of import ${importId}` };
  // The sheets it changed first, those it added last and in reverse: each leaves the end of its
  // collection, where taking it out moves no other item.
  const order = [...rest.filter((sheet) => !sheet.added), ...rest.filter((sheet) => sheet.added).reverse()];
  // What the cut-off undo did counts as done here: a failure takes it back too.
  const made: Array<{ sheet: ImportedSheet; outcome: SheetOutcome }> = record.sheets
    .filter((sheet) => resumed.has(sheet.id))
    .map((sheet) => ({ sheet, outcome: sheet.added ? 'removed' : 'restored' }));
  // Trash entries an undo of this import made (the cut-off one's too): a take-back may empty them.
  const undoTimes = [row.undone_at, now.toISOString()].filter((at): at is string => at !== null);
  try {
    for (let next = 0; next < order.length;) {
      let step: typeof made = [];
      let stepLater: LaterChange[] = [];
      await editingChange(db, async (trx) => {
        step = [];
        stepLater = [];
        const started = performance.now();
        // The undo is alive: no one takes it over as cut off.
        await markImportUndoStep(trx, importId, new Date().toISOString());
        do {
          const sheet = order[next + step.length]!;
          const undone = await sheetUndo(trx, sheet, { change, actor, now });
          // A change between the check and this step: refused as the check would have.
          if (undone.later.length > 0 && !keepLater) throw laterChanges(importId, undone.later);
          stepLater.push(...undone.later.filter((found) => !later.some((known) => known.sheetId === found.sheetId && known.field === found.field)));
          step.push({ sheet, outcome: undone.outcome });
        } while (next + step.length < order.length && performance.now() - started < stepMs);
      });
      made.push(...step);
      later.push(...stepLater);
      next += step.length;
      // Writers in other processes (a server while the command line undoes) wait on SQLite's lock
      // by polling it: a pause lets them in before the next step takes it again.
      if (next < order.length) await pause(stepMs / 2);
    }
    await editingChange(db, async (trx) => {
      // Looked at again behind the lock: an editor may have rearranged an order during the steps.
      const { reorder: still, rearranged: since } = await collectionsUndo(trx, record);
      const fresh = since.filter((found) => !later.some((known) => known.sheetId === found.sheetId));
      if (fresh.length > 0 && !keepLater) throw laterChanges(importId, fresh);
      await reorderCollections(
        trx,
        still.filter((collection) => reorder.some((planned) => planned.id === collection.id)),
        change,
      );
      await markImportUndoStep(trx, importId, null);
      later.push(...fresh);
      await tellWebhooks(
        trx,
        'import.undone',
        {
          import: { id: importId, summary: row.summary },
          ...listedSheets(made.map(({ sheet, outcome }) => ({ id: sheet.id, label: sheet.label, outcome }))),
          actor: actor.label,
        },
        now,
      );
    });
  } catch (error) {
    await takeBackOrSay(
      error,
      takeBack(db, importId, made, { ...change, source: `undo of import ${importId}, taken back` }, undoTimes),
      `Taking back the part already undone failed too`,
      `${made.length} sheets stay undone, and the import stays marked as undone.`,
    );
    throw error;
  }
  const count = (outcome: SheetOutcome) => made.filter((done) => done.outcome === outcome).length;
  return { importId, restored: count('restored'), removed: count('removed'), skipped: count('skipped'), kept: later };
}

type SheetOutcome = 'restored' | 'removed' | 'skipped' | 'unchanged';

/**
 * What undoing an import does to one sheet: the fields changed since, and (given a change to
 * make) what it did. Without `apply` it only reads, for the check before anything changes.
 */
async function sheetUndo(
  trx: ContentStore,
  sheet: ImportedSheet,
  apply?: { change: Omit<SiteChange<SheetState>, 'after' | 'carry'>; actor: Actor; now: Date },
): Promise<{ outcome: SheetOutcome; later: LaterChange[] }> {
  // An editor deleted it since: it stays in the trash, to be restored from there.
  if ((await findTrashed(trx, 'sheet', sheet.id)) !== undefined) return { outcome: 'skipped', later: [] };
  const current = await publishedSheet(trx, sheet.id);
  if (sheet.added) {
    const imported = sheet.changes[0]?.after;
    if (current === null) return { outcome: 'unchanged', later: [] };
    if (!same(current, imported)) return { outcome: 'unchanged', later: [{ sheetId: sheet.id, sheet: sheet.label, field: '', imported, now: current }] };
    if (apply === undefined) return { outcome: 'removed', later: [] };
    await sheets.takeOffSiteChange(trx, sheet.id, apply.change);
    await trashUnlessDrafted(trx, sheet.id, current, apply.actor, apply.now);
    return { outcome: 'removed', later: [] };
  }
  if (current === null)
    return { outcome: 'unchanged', later: [{ sheetId: sheet.id, sheet: sheet.label, field: '', imported: 'on the site', now: 'taken off the site' }] };
  const { reverted, later } = revertImported(sheet, current);
  if (same(reverted.state, current)) return { outcome: 'unchanged', later };
  if (apply !== undefined) await sheets.applySiteChange(trx, sheet.id, { ...apply.change, after: reverted.state, carry: true });
  return { outcome: 'restored', later };
}

/** `state` with the fields the import changed put back, and each field changed since, which stays as it is. */
function revertImported(sheet: ImportedSheet, state: SheetState): { reverted: Reverted<SheetState>; later: LaterChange[] } {
  const reverted = revertChanges(state, sheet.changes);
  const later = reverted.later.map((field) => ({
    sheetId: sheet.id,
    sheet: sheet.label,
    field: field.path.join('.'),
    imported: field.after ?? null,
    now: field.now ?? null,
  }));
  return { reverted, later };
}

/**
 * Undoes an import that went into drafts (review before publish was on), as one change: each
 * field it changed in a draft goes back, where nothing changed it since; the choices it asked of
 * the editor are settled; drafts it made of new sheets go to the trash. The site is not touched,
 * and a draft whose import was approved and published since gets the undo as a draft change, for
 * review like any other. Refused with the list of later changes unless `keepLater`.
 */
async function undoDraftsImport(
  db: ContentStore,
  row: ImportRow,
  record: ImportRecord,
  actor: Actor,
  { keepLater, now }: { keepLater: boolean; now: Date },
): Promise<UndoneImport> {
  const importId = row.id;
  return editingChange(
    db,
    async (trx) => {
      const later: LaterChange[] = [];
      for (const sheet of record.sheets) later.push(...(await draftUndo(trx, sheet)).later);
      if (later.length > 0 && !keepLater) throw laterChanges(importId, later);
      if (!(await markImportUndone(trx, importId, now.toISOString()))) throw undoneAlready(importId, (await findImport(trx, importId))?.undone_at ?? null);
      const auditId = await recordChange(trx, { actor, action: 'content.undo-import', target: { type: 'import', id: importId, label: row.summary }, at: now });
      const change = { event: 'undo-import', actor, at: now, auditId, changeId: importId, source: `undo of import ${importId}` };
      const outcomes: SheetOutcome[] = [];
      for (const sheet of record.sheets) outcomes.push((await draftUndo(trx, sheet, change)).outcome);
      // One change, not steps: nothing is left to resume.
      await markImportUndoStep(trx, importId, null);
      const count = (outcome: SheetOutcome) => outcomes.filter((done) => done === outcome).length;
      return { importId, restored: count('restored'), removed: count('removed'), skipped: count('skipped'), kept: later };
    },
    importId,
  );
}

/** What undoing an import into drafts does to one sheet's draft: the fields changed since, and (given a change to make) what it did. */
async function draftUndo(
  trx: ContentStore,
  sheet: ImportedSheet,
  change?: Omit<DraftChange<SheetState>, 'after' | 'base'>,
): Promise<{ outcome: SheetOutcome; later: LaterChange[] }> {
  if ((await findTrashed(trx, 'sheet', sheet.id)) !== undefined) return { outcome: 'skipped', later: [] };
  const found = await sheets.view(trx, sheet.id);
  if (found === null) return { outcome: 'unchanged', later: [] };
  if (sheet.added) {
    const imported = sheet.changes[0]?.after;
    if (found.published !== null)
      return { outcome: 'unchanged', later: [{ sheetId: sheet.id, sheet: sheet.label, field: '', imported: 'a draft', now: 'published since' }] };
    if (!same(found.draft, imported))
      return { outcome: 'unchanged', later: [{ sheetId: sheet.id, sheet: sheet.label, field: '', imported, now: found.draft }] };
    if (change !== undefined) await trashUnlessDrafted(trx, sheet.id, found.draft, change.actor, change.at);
    return { outcome: 'removed', later: [] };
  }
  const { reverted, later } = revertImported(sheet, found.draft);
  const settles = sheet.conflicts ?? [];
  const asked = (found.attention?.conflicts ?? []).some((conflict) => settles.some((settled) => isAsked(conflict, settled)));
  if (same(reverted.state, found.draft) && !asked) return { outcome: 'unchanged', later };
  if (change !== undefined) await sheets.applyDraftChange(trx, sheet.id, { ...change, after: reverted.state, base: found.draft, settles });
  return { outcome: 'restored', later };
}

/**
 * Each collection's order as it was, where nobody rearranged it since; sheets published into it
 * since stay, after the order it had (the order's own engine arranges them so).
 */
async function collectionsUndo(db: ContentStore, record: ImportRecord): Promise<{ reorder: ImportRecord['collections']; rearranged: LaterChange[] }> {
  const reorder: ImportRecord['collections'] = [];
  const rearranged: LaterChange[] = [];
  for (const collection of record.collections) {
    const order = (await collectionOrders.view(db, collection.id))?.published;
    if (order === undefined || order === null) continue;
    const after = collection.after;
    const changed =
      after !== undefined &&
      !same(
        order.items.filter((id) => after.includes(id)),
        after.filter((id) => order.items.includes(id)),
      );
    if (changed)
      rearranged.push({
        sheetId: collection.id,
        sheet: `the order of "${order.title}"`,
        field: 'items',
        imported: 'the order the import gave',
        now: 'rearranged since',
      });
    else reorder.push(collection);
  }
  return { reorder, rearranged };
}

async function reorderCollections(
  trx: ContentStore,
  reorder: ImportRecord['collections'],
  change: Omit<SiteChange<unknown>, 'after' | 'carry'>,
): Promise<void> {
  for (const collection of reorder) {
    const order = (await collectionOrders.view(trx, collection.id))?.published;
    if (order === undefined || order === null) continue;
    const kept: string[] = [];
    for (const id of collection.items) if ((await findContentById(trx, id)) !== undefined) kept.push(id);
    if (!same(arrange(kept, order.items), order.items))
      await collectionOrders.applySiteChange(trx, collection.id, { ...change, after: { ...order, items: kept }, carry: false });
  }
}

/**
 * Takes back the steps of an undo that failed half-way, last first and in steps as well: each
 * sheet gets back what the site showed before the undo, where nothing changed it since (what
 * did stays, as any later change does); the import is then as it was, not undone.
 */
async function takeBack(
  db: ContentStore,
  importId: string,
  made: Array<{ sheet: ImportedSheet; outcome: SheetOutcome }>,
  change: Omit<SiteChange<SheetState>, 'after' | 'carry' | 'event'>,
  /** When the undo (and a cut-off undo it finished) put sheets in the trash: only those entries are its to take back. */
  undoTimes: string[],
): Promise<void> {
  const undone = made.filter((done) => done.outcome === 'restored' || done.outcome === 'removed').reverse();
  for (let next = 0; next < undone.length;) {
    const step = undone.slice(next, next + TAKE_BACK_STEP);
    await editingChange(db, async (trx) => {
      const versions = (await listVersionsOfImport(trx, importId)).filter((version) => version.event === 'undo-import');
      for (const { sheet } of step) {
        const version = versions.findLast((candidate) => candidate.target_id === sheet.id);
        if (version === undefined || version.site_before === null) continue;
        const before = JSON.parse(version.site_before) as SheetState;
        const current = await publishedSheet(trx, sheet.id);
        if (sheet.added) {
          // Taken off the site (and into the trash) by the undo: back, unless an editor took it on since.
          if (current !== null) continue;
          // Only the trash entry the undo made: one an editor made since is theirs.
          const trashed = await findTrashed(trx, 'sheet', sheet.id);
          if (trashed !== undefined && !undoTimes.includes(trashed.deleted_at)) continue;
          await deleteTrashed(trx, 'sheet', sheet.id);
          await sheets.applySiteChange(trx, sheet.id, { ...change, event: 'undo-import-taken-back', after: before, carry: false, returns: true });
        } else if (current !== null && same(current, JSON.parse(version.state))) {
          await sheets.applySiteChange(trx, sheet.id, { ...change, event: 'undo-import-taken-back', after: before, carry: true });
        }
      }
    });
    next += step.length;
  }
  await editingChange(db, async (trx) => {
    await markImportNotUndone(trx, importId);
    await recordChange(trx, {
      actor: change.actor,
      action: 'content.undo-import-taken-back',
      target: { type: 'import', id: importId, label: importId },
      at: change.at,
    });
  });
}

/** The sheets whose last version under the import's id is one of these events (the undo's: undone, and not taken back since). */
async function sheetsLastChangedBy(db: ContentStore, importId: string, events: string[]): Promise<Set<string>> {
  const last = new Map<string, string>();
  for (const version of await listVersionsOfImport(db, importId)) last.set(version.target_id, version.event);
  return new Set([...last].filter(([, event]) => events.includes(event)).map(([id]) => id));
}

/**
 * Takes back an import that failed part-way, last sheet first and in steps: each sheet it changed
 * gets back what the site showed before, where nothing changed it since (what did stays, as any
 * later change does); each it added leaves the site and, unless an editor has taken it on since,
 * the store with its history. Then its other records are put back as they were, and its record
 * goes: the store is as it was, and the audit says the import was taken back.
 */
export async function takeBackImport(
  db: ContentStore,
  importId: string,
  applied: ImportedSheet[],
  { recordsBefore, datesBefore }: { recordsBefore: KeptRows[]; datesBefore: ReadonlyMap<string, SiteDates> },
  { actor, at }: { actor: Actor; at: Date },
): Promise<void> {
  const change = { event: 'import-taken-back', actor, at, auditId: null, changeId: importId, source: `import ${importId}, taken back` };
  const undone = [...applied].reverse();
  for (let next = 0; next < undone.length; next += TAKE_BACK_STEP) {
    const step = undone.slice(next, next + TAKE_BACK_STEP);
    await editingChange(db, async (trx) => {
      const versions = (await listVersionsOfImport(trx, importId)).filter((version) => version.event === 'import');
      for (const sheet of step) {
        const version = versions.findLast((candidate) => candidate.target_id === sheet.id);
        if (version === undefined || !same(await publishedSheet(trx, sheet.id), JSON.parse(version.state))) continue;
        // What the site showed before the import: JSON null (or none kept) for a sheet it added.
        const before = JSON.parse(version.site_before ?? 'null') as SheetState | null;
        if (before !== null) {
          await sheets.applySiteChange(trx, sheet.id, { ...change, after: before, carry: true, dates: datesBefore.get(sheet.id) });
          continue;
        }
        await sheets.takeOffSiteChange(trx, sheet.id, change);
        if ((await findDraft(trx, 'sheet', sheet.id)) === undefined) await deleteVersions(trx, 'sheet', sheet.id);
      }
    });
  }
  await editingChange(db, async (trx) => {
    await putBackRows(trx, recordsBefore);
    await deleteImport(trx, importId);
    await recordChange(trx, { actor, action: 'content.import-taken-back', target: { type: 'import', id: importId, label: importId }, at });
  });
}

/** Sheets one step of taking back puts back. */
const TAKE_BACK_STEP = 50;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a take-back after `error`. The first error stays what it is (a full disk stays a 507);
 * a take-back that fails too is added to its words, with what is left as it is.
 */
export async function takeBackOrSay(error: unknown, takingBack: Promise<void>, failedToo: string, left: string): Promise<void> {
  await takingBack.catch((failure: unknown) => {
    if (error instanceof Error) error.message = `${error.message} ${failedToo} (${describeFailure(failure)}): ${left}`;
  });
}

const undoneAlready = (importId: string, at: string | null) => new EditingError(`Import ${importId} was undone already, at ${at}`, 'conflict');

/** The refusal of an undo that would take back what was changed since: every such field, named. */
function laterChanges(importId: string, later: LaterChange[]): EditingError {
  const problems = later.map((change) =>
    change.field === '' ? `${change.sheet}: changed on the site since the import` : `${change.sheet}: ${change.field} was changed since the import`,
  );
  return new EditingError(
    `Import ${importId} cannot be undone as it is: ${later.length} field${later.length === 1 ? ' was' : 's were'} changed since (${problems.join('; ')}). Nothing was changed; undo the rest and keep these, or leave the import.`,
    'conflict',
    { problems: unplaced(problems), later },
  );
}

/** A sheet an undone import had added goes to the trash, unless an editor has a draft of their own of it. */
async function trashUnlessDrafted(trx: ContentStore, id: string, current: SheetState, actor: Actor, now: Date): Promise<void> {
  const draft = await findDraft(trx, 'sheet', id);
  if (draft !== undefined && !same(JSON.parse(draft.state), current)) return;
  await deleteDraft(trx, 'sheet', id);
  await insertTrashed(trx, {
    kind: 'sheet',
    target_id: id,
    site_id: current.siteId,
    label: current.translations[current.primaryLanguage]?.title ?? current.urlName,
    draft: JSON.stringify(current),
    published: null,
    revision: draft?.revision ?? 0,
    deleted_by: actor.label,
    deleted_at: now.toISOString(),
    attention: null,
  });
}

/** An import's record as far as it was applied: one stopped part-way (or still in its steps) holds the sheets it reached. */
async function recordAsApplied(db: ContentStore, row: ImportRow): Promise<ImportRecord> {
  const record = await readRecord(db, row.id, row.before_state);
  if (row.apply_step_at === null) return record;
  const reached = await sheetsLastChangedBy(db, row.id, ['import', 'undo-import']);
  return { ...record, sheets: record.sheets.filter((sheet) => reached.has(sheet.id)) };
}

/** An import's record; one kept before version 2 is read into its changes from the import's own versions. */
async function readRecord(trx: ContentStore, importId: string, json: string): Promise<ImportRecord> {
  const stored = JSON.parse(json) as ImportRecord | ImportRecordV1;
  if ('version' in stored && stored.version === 2) return stored;
  const versions = await listVersionsOfImport(trx, importId);
  const afterOf = new Map(
    versions.filter((version) => version.event === 'import').map((version) => [version.target_id, JSON.parse(version.state) as SheetState]),
  );
  const sheetsOf = (stored as ImportRecordV1).sheets.flatMap((sheet) => {
    const after = afterOf.get(sheet.id);
    if (after === undefined) return [];
    const label = after.translations[after.primaryLanguage]?.title ?? after.urlName;
    return [{ id: sheet.id, label, added: sheet.before === null, changes: changesBetween(sheet.before ?? undefined, after) }];
  });
  return { version: 2, sheets: sheetsOf, collections: stored.collections };
}
