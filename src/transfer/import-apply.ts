/**
 * Doing what an import proposal (import-proposal.ts) says. Applying is one change made in steps behind the editing lock (applyProposal). Every sheet goes on
 * the site through the editing engine, as a publish does (editing/editable.ts applySiteChange): one
 * version each under the import's id, its draft carried along where the draft did not change the
 * same field, and the fields both changed marked for the editor's choice. A sheet the site changed
 * since the proposal was made is refused, named, with nothing left changed: an import never undoes
 * a publish it did not see.
 */
import { listedSheets, tellWebhooks } from '../webhooks/events';
import type { ContentStore } from '../cms/database';
import { findCollectionIdByKey, listCollectionContentIds, listCollectionItemKeys, saveCollection } from '../cms/repositories/collections';
import { findContentIdsByKeys, saveContent, saveContentType } from '../cms/repositories/contents';
import { finishImport, markImportApplyStep } from '../cms/repositories/editing';
import { saveMedia } from '../cms/repositories/files';
import { keepRows, type RowScope } from '../cms/repositories/kept-rows';
import { saveSeoRecord } from '../cms/repositories/seo-records';
import { listSites, saveSite } from '../cms/repositories/sites';
import { saveTopics } from '../cms/repositories/topics';
import { recordChange } from '../editing/audit';
import { readReviewPolicy, type ReviewPolicy } from '../cms/repositories/reviews';
import { collectionOrders, type CollectionOrder } from '../editing/collection-order';
import { EditingError, editingChange, type SiteChange, type SiteDates } from '../editing/editable';
import { importRecord, newImportId, recordImport, takeBackImport, takeBackOrSay, type ImportedSheet } from '../editing/imports';
import { keepSheetFiles, siteDatesOf } from '../editing/sheet-state';
import { SHEET_ADAPTER, sheets } from '../editing/sheets';
import { changesBetween, same } from '../shared/merge';
import { applyToDrafts } from './import-into-drafts';
import {
  changedSheets,
  describeImport,
  readTexts,
  refuseMoved,
  resolveItems,
  saveDocumentsOfLanguages,
  saveProposedFiles,
  type AppliedImport,
  type ApplyOptions,
  type ImportProposal,
  type ProposedSheet,
} from './import-proposal';
import { unplaced } from '../shared/problems';

/**
 * Applies a proposal as one undoable import, in steps that each hold the editing lock briefly (as
 * an undo's do): the first writes the import's record, its other records and files; the sheets
 * follow, as many a step as fit in its time; the last orders the collections. Editors' saves
 * meanwhile wait a step, not the whole import. All or nothing: when a step fails (a full disk, a
 * sheet changed in between), what the steps made is taken back and the error says why. A process
 * that ends between steps leaves the import marked as stopped part-way; undoing it takes back what
 * it applied.
 */
export async function applyProposal(db: ContentStore, proposal: ImportProposal, options: ApplyOptions): Promise<AppliedImport> {
  const { actor, stepMs = IMPORT_STEP_MS } = options;
  const changed = changedSheets(proposal);
  // Nothing goes past review before publish: while it is on, the import goes into the drafts.
  if (changed.length > 0 && options.bypassReview !== true && (await readReviewPolicy(db)) !== 'off') return applyToDrafts(db, proposal, options);
  const { records } = proposal;
  const total =
    records.sites.length + records.contents.length + records.fileAssets.length + records.collections.length + records.seoRecords.length + changed.length;
  let done = 0;
  const step = () => options.onProgress?.(++done, total);
  const { summary, added, changed: altered } = describeImport(proposal);
  const texts = await readTexts(proposal);
  const now = new Date();
  // Every sheet the site changed since, named at once; each step looks again at its own.
  await refuseMoved(db, changed);

  const importId = newImportId(now);
  const planned = changed.map(importedSheet);
  const change = { event: 'import', actor, at: now, changeId: importId, carry: true, source: `import ${importId}` };
  // The first step: nothing of the import is in the store until it commits.
  const { auditId, recordsBefore, collectionsBefore } = await editingChange(db, async (trx) => {
    await options.verify?.(trx);
    const bypassing = await reviewBypassed(trx, changed.length, options.bypassReview === true);
    const audited = await recordChange(trx, {
      actor,
      action: bypassing === null ? 'content.import' : 'content.import-bypassing-review',
      target: { type: 'import', id: importId, label: summary },
      ...(bypassing === null ? {} : { after: { review: bypassing } }),
      at: now,
    });
    await recordImport(trx, { id: importId, actor, at: now, summary, sheets: planned, collections: [], applying: true });
    // The files the sheets have now are kept before any record replaces them: undo needs them.
    for (const sheet of changed) if (sheet.base !== null) await keepSheetFiles(trx, sheet.base);
    const kept = await keepRows(trx, await recordScopes(trx, proposal));
    const orders = await writeRecords(trx, proposal, texts, step);
    await saveProposedFiles(trx, proposal, texts, now.toISOString());
    return { auditId: audited, recordsBefore: kept, collectionsBefore: orders };
  });
  let applied = 0;
  const needAttention: string[] = [];
  const datesBefore = new Map<string, SiteDates>();
  try {
    while (applied < changed.length) {
      await pause(stepMs / 2);
      await options.betweenSteps?.(applied);
      const stepped = await editingChange(db, async (trx) => {
        const started = performance.now();
        const stepAttention: string[] = [];
        let next = applied;
        await markImportApplyStep(trx, importId, new Date().toISOString());
        do {
          const sheet = changed[next]!;
          await refuseMoved(trx, [sheet]);
          // The dates the site shows now, for a take-back to show again.
          if (sheet.base !== null) datesBefore.set(sheet.id, (await siteDatesOf(trx, sheet.id))!);
          const conflicts = await sheets.applySiteChange(trx, sheet.id, { ...change, auditId, after: sheet.target, dates: sheet.dates });
          if (conflicts.length > 0) stepAttention.push(planned[next]!.label);
          next++;
        } while (next < changed.length && performance.now() - started < stepMs);
        return { stepAttention, next };
      });
      for (let index = applied; index < stepped.next; index++) step();
      applied = stepped.next;
      needAttention.push(...stepped.stepAttention);
    }
    await editingChange(db, async (trx) => {
      const collections = await orderCollections(trx, proposal, collectionsBefore, { ...change, auditId });
      await finishImport(trx, importId, importRecord(planned, collections));
      await tellWebhooks(
        trx,
        'import.applied',
        { import: { id: importId, summary }, ...listedSheets(planned.map(({ id, label, added: isNew }) => ({ id, label, added: isNew }))), actor: actor.label },
        now,
      );
    });
  } catch (error) {
    await takeBackOrSay(
      error,
      takeBackImport(db, importId, planned.slice(0, applied), { recordsBefore, datesBefore }, { actor, at: new Date() }),
      'Taking back what the import had applied failed too',
      `undoing import ${importId} takes back its ${applied} sheets.`,
    );
    throw error;
  }
  return { importId, summary, added, changed: altered, needAttention, into: 'site' };
}

/**
 * Whether an import that puts its sheets on the site passes over review before publish
 * (docs/editing.md, "Review"): with the policy it passes over (for the audit log) when an operator
 * bypasses it; null when none is on. While one is on, an import goes into the drafts instead
 * (import-into-drafts.ts): one that finds it turned on meanwhile is refused, to be applied again.
 */
async function reviewBypassed(trx: ContentStore, sheets: number, bypass: boolean): Promise<ReviewPolicy | null> {
  const policy = await readReviewPolicy(trx);
  if (policy === 'off' || sheets === 0) return null;
  if (bypass) return policy;
  throw new EditingError(
    `Review before publish was turned on (${policy}) while this import was being applied, so nothing was imported. Apply it again: its changes then go into the sheets' drafts, for review.`,
    'conflict',
    { problems: unplaced(['review before publish was turned on meanwhile']) },
  );
}

/** How long one step of applying an import holds the editing lock (as one of an undo's). */
export const IMPORT_STEP_MS = 200;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the import does to a sheet, as its record keeps it. */
function importedSheet(sheet: ProposedSheet): ImportedSheet {
  return {
    id: sheet.id,
    label: SHEET_ADAPTER.labelOf(sheet.target),
    added: sheet.base === null,
    changes: changesBetween(sheet.base ?? undefined, sheet.target),
  };
}

/**
 * The rows the records step writes over, by table and scope, as `writeRecords` finds them: parents
 * before the rows that refer to them. Kept before it writes, to be put back if a later step fails.
 */
async function recordScopes(trx: ContentStore, { records }: ImportProposal): Promise<RowScope[]> {
  const contentIds = await findContentIdsByKeys(
    trx,
    records.contents.map((content) => content.contentKey),
  );
  const contents = records.contents.map((content) => contentIds.get(content.contentKey) ?? content.id);
  const collections: string[] = [];
  for (const collection of records.collections) collections.push((await findCollectionIdByKey(trx, collection.collectionKey)) ?? collection.id);
  const scope = (table: string, key: string[], where: RowScope['scope']): RowScope => ({ table, key, scope: where });
  return [
    ...records.sites.map((site) => scope('sites', ['id'], { id: site.id })),
    ...records.contentTypes.map((type) => scope('content_types', ['fully_qualified_name'], { fully_qualified_name: type.fullyQualifiedName })),
    ...contents.map((id) => scope('contents', ['id'], { id })),
    ...collections.map((id) => scope('collections', ['id'], { id })),
    ...records.sites.flatMap((site) => [
      scope('site_languages', ['site_id', 'language'], { site_id: site.id }),
      scope('topics', ['site_id', 'slug'], { site_id: site.id }),
    ]),
    ...contents.flatMap((id) => [
      scope('content_translations', ['content_id', 'language'], { content_id: id }),
      scope('media', ['content_id'], { content_id: id }),
    ]),
    ...records.fileAssets.map((asset) => scope('file_assets', ['asset_id', 'version'], { asset_id: asset.assetId, version: asset.version })),
    ...collections.map((id) => scope('collection_translations', ['collection_id', 'language'], { collection_id: id })),
    ...records.seoRecords.map((record) => scope('seo_records', ['site_id', 'record_id'], { site_id: record.siteId, record_id: record.recordId })),
  ];
}

/**
 * Writes the records that are not sheets. An import adds and changes: a site keeps the languages
 * the file does not carry, and its topics the file does not name. Collections are written with
 * the items they hold now (the sheets join them as they go on the site; the order comes last).
 * Answers each collection's order before, for undo.
 */
async function writeRecords(
  trx: ContentStore,
  proposal: ImportProposal,
  texts: ReadonlyMap<string, string | null>,
  step: () => void,
): Promise<Array<{ id: string; items: string[] }>> {
  const { records, files } = proposal;
  const fileOf = (file: string) => {
    const bytes = files.get(file);
    if (bytes === undefined) throw new Error(`${file}: is named but was not supplied`);
    return bytes;
  };
  const storedSites = new Map((await listSites(trx)).map((site) => [site.id, site]));
  for (const site of records.sites) {
    const kept = (storedSites.get(site.id)?.languages ?? []).filter((stored) => !site.languages.some((entry) => entry.language === stored.language));
    const { topics, ...record } = site;
    await saveSite(trx, { ...record, languages: [...site.languages, ...kept] });
    if (topics !== undefined) await saveTopics(trx, site.id, topics);
    step();
  }
  for (const type of records.contentTypes) await saveContentType(trx, type);
  // Other contents are keyed by content key: a stored one keeps its id and takes the new data.
  const ids = await findContentIdsByKeys(
    trx,
    records.contents.map((content) => content.contentKey),
  );
  for (const content of records.contents) {
    const id = ids.get(content.contentKey) ?? content.id;
    await saveContent(trx, { ...content, id });
    if (content.media !== null) await saveMedia(trx, id, { ...content.media, bytes: fileOf(content.media.file), createdAt: content.updatedAt });
    step();
  }
  await saveDocumentsOfLanguages(trx, proposal, texts, step);
  const before: Array<{ id: string; items: string[] }> = [];
  for (const collection of records.collections) {
    const storedId = await findCollectionIdByKey(trx, collection.collectionKey);
    const items = storedId === undefined ? [] : await listCollectionContentIds(trx, storedId);
    if (storedId !== undefined) before.push({ id: storedId, items });
    await saveCollection(trx, { ...collection, id: storedId ?? collection.id }, items);
    step();
  }
  for (const record of records.seoRecords) {
    await saveSeoRecord(trx, record.siteId, record);
    step();
  }
  return before;
}

/**
 * Each collection in the order the file gives (and, unless removed, the rest after it), put on the
 * site as an order is: through the editing engine, as a version of the collection's order under
 * the import's id. Answers the orders it changed, before
 * and after, for undo.
 */
async function orderCollections(
  trx: ContentStore,
  proposal: ImportProposal,
  before: Array<{ id: string; items: string[] }>,
  change: Omit<SiteChange<CollectionOrder>, 'after'>,
): Promise<Array<{ id: string; items: string[]; after: string[] }>> {
  const ordered: Array<{ id: string; items: string[]; after: string[] }> = [];
  for (const collection of proposal.records.collections) {
    const id = (await findCollectionIdByKey(trx, collection.collectionKey)) ?? collection.id;
    const stored = (await listCollectionItemKeys(trx, id)).map((item) => item.contentKey);
    const keys = resolveItems(stored, collection.items, { removeUnlisted: proposal.removeUnlisted });
    const idOf = await findContentIdsByKeys(trx, keys);
    const items = keys.flatMap((key) => (idOf.has(key) ? [idOf.get(key)!] : []));
    const order = (await collectionOrders.view(trx, id))?.published;
    // An editor's pending order stays as they arranged it (the Order screen shows it; publishing it
    // arranges the sheets the collection has then): carried, it could only collide as a whole.
    const was = before.find((entry) => entry.id === id)?.items ?? [];
    if (order !== undefined && order !== null && !same(order.items, items))
      await collectionOrders.applySiteChange(trx, id, { ...change, after: { ...order, items }, carry: false });
    const after = await listCollectionContentIds(trx, id);
    // Only an order the import changed is its to undo (sheets it added joined at the end).
    if (!same(was, after)) ordered.push({ id, items: was, after });
  }
  return ordered;
}
