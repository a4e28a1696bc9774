/**
 * Imports in the editing model (docs/editing.md, "Imports"): an import is a version of each sheet
 * it changes, all under one import id, and `content import --undo <id>` puts back every sheet and
 * collection order it changed, in one transaction. What the import changed is kept as it was before
 * (imports.before_state), so undoing does not depend on what happened to the versions since.
 */
import { randomBytes } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { findCollectionIdByKey, listCollectionContentIds, setCollectionItems } from '../cms/repositories/collections';
import { findContentById, findContentIdsByKeys } from '../cms/repositories/contents';
import { deleteDraft, findDraft, findImport, findTrashed, insertImport, insertTrashed, markImportUndone } from '../cms/repositories/editing';
import { takeLock } from '../cms/repositories/locks';
import { recordChange, type Actor } from './audit';
import { canonicalJson, EditingError } from './editable';
import { keepSheetFiles, publishedSheet, putOnSite, takeOffSite, type SheetState } from './sheet-state';
import { sheets } from './sheets';

interface BeforeImport {
  sheets: Array<{ id: string; before: SheetState | null }>;
  collections: Array<{ id: string; items: string[] }>;
}

export interface ImportTouches {
  /** Content keys of the records the import writes (sheets among them are versioned). */
  contentKeys: string[];
  /** Keys of the collections whose order it may change. */
  collectionKeys: string[];
}

/**
 * Runs an import's writes inside the caller's transaction with its history: the editing lock first
 * (no editor's publish interleaves), the sheets and orders as they were, then the writes, then one
 * version per sheet that changed and one audit entry. Answers the import's id.
 */
export async function withImportHistory(trx: ContentStore, touches: ImportTouches, actor: Actor, summary: string, write: () => Promise<void>): Promise<string> {
  await takeLock(trx, 'editing');
  const now = new Date();
  const before = new Map<string, SheetState | null>();
  for (const id of (await findContentIdsByKeys(trx, touches.contentKeys)).values()) {
    const sheet = await publishedSheet(trx, id);
    // Its files are kept now: the import may replace their bytes, and undoing it needs them.
    if (sheet !== null) await keepSheetFiles(trx, sheet);
    before.set(id, sheet);
  }
  const collections: BeforeImport['collections'] = [];
  for (const key of touches.collectionKeys) {
    const id = await findCollectionIdByKey(trx, key);
    if (id !== undefined) collections.push({ id, items: await listCollectionContentIds(trx, id) });
  }

  await write();

  const importId = `imp-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex')}`;
  const auditId = await recordChange(trx, { actor, action: 'content.import', target: { type: 'import', id: importId, label: summary }, at: now });
  const changed: BeforeImport['sheets'] = [];
  for (const id of (await findContentIdsByKeys(trx, touches.contentKeys)).values()) {
    const after = await publishedSheet(trx, id);
    const previous = before.get(id) ?? null;
    if (after === null || (previous !== null && canonicalJson(previous) === canonicalJson(after))) continue;
    await sheets.recordSiteChange(trx, id, { event: 'import', before: previous, after, actor, at: now, auditId, importId });
    changed.push({ id, before: previous });
  }
  await insertImport(trx, {
    id: importId,
    actor: actor.label,
    created_at: now.toISOString(),
    summary,
    before_state: JSON.stringify({ sheets: changed, collections } satisfies BeforeImport),
    undone_at: null,
  });
  return importId;
}

export interface UndoneImport {
  importId: string;
  /** Sheets put back as they were before the import. */
  restored: number;
  /** Sheets the import had added, taken off the site (into the trash). */
  removed: number;
  /** Sheets deleted since the import: left in the trash. */
  skipped: number;
}

/** Reverts every sheet and collection order an import changed, in one transaction. */
export async function undoImport(db: ContentStore, importId: string, actor: Actor, now = new Date()): Promise<UndoneImport> {
  return db.transaction().execute(async (trx) => {
    await takeLock(trx, 'editing');
    const row = await findImport(trx, importId);
    if (row === undefined) throw new EditingError(`There is no import ${importId} (npm run cli -- content imports lists them)`, 'not-found');
    const at = now.toISOString();
    if (!(await markImportUndone(trx, importId, at))) throw new EditingError(`Import ${importId} was undone already, at ${row.undone_at}`, 'conflict');
    const before = JSON.parse(row.before_state) as BeforeImport;
    const auditId = await recordChange(trx, { actor, action: 'content.undo-import', target: { type: 'import', id: importId, label: row.summary }, at: now });
    let restored = 0;
    let removed = 0;
    let skipped = 0;
    for (const sheet of before.sheets) {
      // An editor deleted it since: it stays in the trash, to be restored from there.
      if ((await findTrashed(trx, 'sheet', sheet.id)) !== undefined) {
        skipped += 1;
        continue;
      }
      const current = await publishedSheet(trx, sheet.id);
      if (sheet.before !== null) {
        await putOnSite(trx, sheet.before, current, at);
        await sheets.recordSiteChange(trx, sheet.id, { event: 'undo-import', before: current, after: sheet.before, actor, at: now, auditId, importId });
        restored += 1;
      } else if (current !== null) {
        // Added by the import: off the site, and into the trash (unless an editor has a draft of it), so nothing is lost.
        await takeOffSite(trx, current);
        await sheets.recordSiteChange(trx, sheet.id, { event: 'undo-import', before: null, after: current, actor, at: now, auditId, importId });
        const draft = await findDraft(trx, 'sheet', sheet.id);
        // An editor's own changes to it stay as a draft; otherwise it goes to the trash.
        if (draft === undefined || canonicalJson(JSON.parse(draft.state)) === canonicalJson(current)) {
          await deleteDraft(trx, 'sheet', sheet.id);
          await insertTrashed(trx, {
            kind: 'sheet',
            target_id: sheet.id,
            site_id: current.siteId,
            label: current.translations[current.primaryLanguage]?.title ?? current.urlName,
            draft: JSON.stringify(current),
            published: null,
            revision: draft?.revision ?? 0,
            deleted_by: actor.label,
            deleted_at: at,
          });
        }
        removed += 1;
      }
    }
    for (const collection of before.collections) {
      const kept: string[] = [];
      for (const id of collection.items) if ((await findContentById(trx, id)) !== undefined) kept.push(id);
      const current = await listCollectionContentIds(trx, collection.id);
      // Sheets published into the collection since the import stay, after the order it had.
      await setCollectionItems(trx, collection.id, [...kept, ...current.filter((id) => !kept.includes(id))]);
    }
    return { importId, restored, removed, skipped };
  });
}
