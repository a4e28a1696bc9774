/**
 * Imports in the editing model (docs/editing.md, "Imports and undo"): an import is one version of
 * each sheet it changes, all under one import id, and its record keeps what it changed, field by
 * field. Undoing it puts back exactly those fields, where nothing changed them since; where
 * something did (an editor's publish, a later import), it names the sheets and fields and changes
 * nothing, unless asked to undo the rest and keep the later changes. Sheets it added are taken off
 * the site into the trash; collection orders go back as they were.
 */
import { randomBytes } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { findContentById } from '../cms/repositories/contents';
import {
  deleteDraft,
  findDraft,
  findImport,
  findTrashed,
  insertImport,
  insertTrashed,
  listVersionsOfImport,
  markImportUndone,
} from '../cms/repositories/editing';
import { takeLock } from '../cms/repositories/locks';
import { changesBetween, revertChanges, same, type PathChange } from '../shared/merge';
import type { SheetState } from '../sheet/shape';
import { recordChange, type Actor } from './audit';
import { arrange, collectionOrders } from './collection-order';
import { EditingError } from './editable';
import { publishedSheet } from './sheet-state';
import { sheets } from './sheets';

/** What an import did to one sheet. */
export interface ImportedSheet {
  id: string;
  label: string;
  /** Whether the import added it (it was not on the site). */
  added: boolean;
  /** Each field it changed, with the value before and after; an added sheet's one change is the whole sheet. */
  changes: PathChange[];
}

interface ImportRecord {
  version: 2;
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

/** Writes an import's record, in the import's transaction. */
export async function recordImport(
  trx: ContentStore,
  done: { id: string; actor: Actor; at: Date; summary: string; sheets: ImportedSheet[]; collections: ImportRecord['collections'] },
): Promise<void> {
  await insertImport(trx, {
    id: done.id,
    actor: done.actor.label,
    created_at: done.at.toISOString(),
    summary: done.summary,
    before_state: JSON.stringify({ version: 2, sheets: done.sheets, collections: done.collections } satisfies ImportRecord),
    undone_at: null,
  });
}

export interface ImportDetails {
  id: string;
  by: string;
  at: string;
  summary: string;
  undoneAt: string | null;
  /** What it did to each sheet: the fields it changed (none for a sheet it added). */
  sheets: Array<{ id: string; label: string; added: boolean; fields: string[] }>;
}

/** An import as its undo names it: who, when, and each sheet with the fields it changed. */
export async function describeImport(db: ContentStore, importId: string): Promise<ImportDetails> {
  const row = await findImport(db, importId);
  if (row === undefined) throw new EditingError(`There is no import ${importId}`, 'not-found');
  const record = await readRecord(db, importId, row.before_state);
  return {
    id: row.id,
    by: row.actor,
    at: row.created_at,
    summary: row.summary,
    undoneAt: row.undone_at,
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
}

/**
 * Reverts what an import changed, in one transaction. Refused with the list of later changes
 * (EditingError 'conflict', details.later) unless `keepLater`.
 */
export async function undoImport(
  db: ContentStore,
  importId: string,
  actor: Actor,
  { keepLater = false, now = new Date() }: UndoOptions = {},
): Promise<UndoneImport> {
  return db.transaction().execute(async (trx) => {
    await takeLock(trx, 'editing');
    const row = await findImport(trx, importId);
    if (row === undefined) throw new EditingError(`There is no import ${importId} (npm run cli -- content imports lists them)`, 'not-found');
    if (row.undone_at !== null || !(await markImportUndone(trx, importId, now.toISOString())))
      throw new EditingError(`Import ${importId} was undone already, at ${row.undone_at}`, 'conflict');
    const record = await readRecord(trx, importId, row.before_state);
    const auditId = await recordChange(trx, { actor, action: 'content.undo-import', target: { type: 'import', id: importId, label: row.summary }, at: now });
    const change = { event: 'undo-import', actor, at: now, auditId, changeId: importId, source: `undo of import ${importId}` };
    const later: LaterChange[] = [];
    let restored = 0;
    let removed = 0;
    let skipped = 0;
    for (const sheet of record.sheets) {
      // An editor deleted it since: it stays in the trash, to be restored from there.
      if ((await findTrashed(trx, 'sheet', sheet.id)) !== undefined) {
        skipped += 1;
        continue;
      }
      const current = await publishedSheet(trx, sheet.id);
      if (sheet.added) {
        const imported = sheet.changes[0]?.after;
        if (current === null) continue;
        if (!same(current, imported)) {
          later.push({ sheetId: sheet.id, sheet: sheet.label, field: '', imported, now: current });
          continue;
        }
        await sheets.takeOffSiteChange(trx, sheet.id, change);
        await trashUnlessDrafted(trx, sheet.id, current, actor, now);
        removed += 1;
        continue;
      }
      if (current === null) {
        later.push({ sheetId: sheet.id, sheet: sheet.label, field: '', imported: 'on the site', now: 'taken off the site' });
        continue;
      }
      const reverted = revertChanges(current, sheet.changes);
      for (const field of reverted.later)
        later.push({ sheetId: sheet.id, sheet: sheet.label, field: field.path.join('.'), imported: field.after ?? null, now: field.now ?? null });
      if (same(reverted.state, current)) continue;
      await sheets.applySiteChange(trx, sheet.id, { ...change, after: reverted.state, carry: true });
      restored += 1;
    }
    // Each collection's order as it was, where nobody rearranged it since; sheets published into
    // it since stay, after the order it had (the order's own engine arranges them so).
    const reorder: Array<{ id: string; items: string[] }> = [];
    for (const collection of record.collections) {
      const order = (await collectionOrders.view(trx, collection.id))?.published;
      if (order === undefined || order === null) continue;
      const after = collection.after;
      const rearranged =
        after !== undefined &&
        !same(
          order.items.filter((id) => after.includes(id)),
          after.filter((id) => order.items.includes(id)),
        );
      if (rearranged)
        later.push({
          sheetId: collection.id,
          sheet: `the order of "${order.title}"`,
          field: 'items',
          imported: 'the order the import gave',
          now: 'rearranged since',
        });
      else reorder.push({ id: collection.id, items: collection.items });
    }
    if (later.length > 0 && !keepLater) throw laterChanges(importId, later);
    for (const collection of reorder) {
      const order = (await collectionOrders.view(trx, collection.id))!.published!;
      const kept: string[] = [];
      for (const id of collection.items) if ((await findContentById(trx, id)) !== undefined) kept.push(id);
      if (!same(arrange(kept, order.items), order.items))
        await collectionOrders.applySiteChange(trx, collection.id, { ...change, after: { ...order, items: kept }, carry: false });
    }
    return { importId, restored, removed, skipped, kept: later };
  });
}

/** The refusal of an undo that would take back what was changed since: every such field, named. */
function laterChanges(importId: string, later: LaterChange[]): EditingError {
  const problems = later.map((change) =>
    change.field === '' ? `${change.sheet}: changed on the site since the import` : `${change.sheet}: ${change.field} was changed since the import`,
  );
  return new EditingError(
    `Import ${importId} cannot be undone as it is: ${later.length} field${later.length === 1 ? ' was' : 's were'} changed since (${problems.join('; ')}). Nothing was changed; undo the rest and keep these, or leave the import.`,
    'conflict',
    { problems, later },
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
