/**
 * What an import does, worked out before it is done, and doing it. A folder's manifest, a CSV and
 * a migration from the platform each become one proposal: the sheets as the import would leave them
 * (each beside the state it was worked out from), and the records that are not sheets (sites,
 * content types, topics, other contents, documents of a language, collections, SEO records of
 * other records), which are written as they are.
 *
 * Applying is one change made in steps behind the editing lock (applyProposal). Every sheet goes on
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
import { finishImport, markImportApplyStep, saveBlob } from '../cms/repositories/editing';
import { saveFileAsset, saveMedia } from '../cms/repositories/files';
import { keepRows, type RowScope } from '../cms/repositories/kept-rows';
import { saveSeoRecord } from '../cms/repositories/seo-records';
import { listSites, saveSite } from '../cms/repositories/sites';
import { saveTopics } from '../cms/repositories/topics';
import { recordChange, type Actor } from '../editing/audit';
import { readReviewPolicy, type ReviewPolicy } from '../cms/repositories/reviews';
import { collectionOrders, type CollectionOrder } from '../editing/collection-order';
import { EditingError, editingChange, type SiteChange, type SiteDates } from '../editing/editable';
import { importRecord, newImportId, recordImport, takeBackImport, takeBackOrSay, type ImportedSheet } from '../editing/imports';
import { keepSheetFiles, publishedSheet, siteDatesOf } from '../editing/sheet-state';
import { documentText } from '../files/uploads';
import { SHEET_ADAPTER, sheets } from '../editing/sheets';
import { changesBetween, same } from '../shared/merge';
import type { SheetState } from '../sheet/shape';
import type { Manifest } from './manifest';

export interface ImportOptions {
  /** Take the sheets a collection holds and the file does not list off the collection. */
  removeUnlisted?: boolean;
}

/** The files a manifest names, by their path in the manifest. */
export type ManifestFiles = ReadonlyMap<string, Buffer>;

/**
 * A collection's items after an import: the file's, in its order, then (unless they are to be
 * removed) those the collection held and the file does not list, in their order.
 */
export function resolveItems(stored: string[], given: string[], { removeUnlisted = false }: ImportOptions): string[] {
  if (removeUnlisted) return given;
  const listed = new Set(given);
  return [...given, ...stored.filter((key) => !listed.has(key))];
}

/** A sheet as the import would leave it. */
export interface ProposedSheet {
  id: string;
  /** The sheet as the site had it when this was worked out; null for a sheet the import adds. */
  base: SheetState | null;
  target: SheetState;
  /** The dates the source gave it (a manifest's); none: dated when applied. */
  dates?: SiteDates;
}

/** Bytes a sheet names by digest, kept in the store before the sheet goes on the site. */
export interface ProposedFile {
  bytes: Buffer;
  mimeType: string;
  /** A document's text, for search; null for an image or a file without text; undefined: read when applying. */
  text: string | null | undefined;
}

export interface ImportProposal {
  /** The records that are not sheets, as a manifest; its collections' items are the order they end in. */
  records: Manifest;
  /** The files `records` names, by their path in it. */
  files: ManifestFiles;
  sheets: ProposedSheet[];
  /** The files the sheets name, by SHA-256. */
  blobs: ReadonlyMap<string, ProposedFile>;
  /** Take the sheets a collection holds and the file does not list off the collection. */
  removeUnlisted: boolean;
  /** What a person should know before applying (a CSV that was not UTF-8, say). */
  notes: string[];
}

export interface ApplyOptions {
  actor: Actor;
  /** Runs first under the editing lock: the caller's last word (the studio checks the store still matches what the editor was shown). */
  verify?: (trx: ContentStore) => Promise<void>;
  onProgress?: (done: number, total: number) => void;
  /** How long one step may hold the editing lock (tests make it short to take many steps). */
  stepMs?: number;
  /** Runs before each sheet step, told how many sheets are in: tests make other changes there, as editors would. */
  betweenSteps?: (applied: number) => Promise<void>;
  /**
   * Put the sheets on the site although review before publish is on: an operator's choice at the
   * command line (`--bypass-review`), which the audit log names (`content.import-bypassing-review`).
   */
  bypassReview?: boolean;
}

export interface AppliedImport {
  /** Names the import in the history; `content import --undo <id>` reverts it. */
  importId: string;
  /** "4 sheets added, 6 changed", as the history says it. */
  summary: string;
  added: number;
  changed: number;
  /** Sheets whose draft had changed a field the import changed too: they need the editor's choice. */
  needAttention: string[];
}

/** The sheets a proposal changes, each with what changes: unchanged ones are left out. */
export function changedSheets(proposal: ImportProposal): ProposedSheet[] {
  return proposal.sheets.filter((sheet) => sheet.base === null || !same(sheet.base, sheet.target));
}

/** "4 sheets added, 6 changed" (or "0 changes"). */
export function describeImport(proposal: ImportProposal): { summary: string; added: number; changed: number } {
  const changed = changedSheets(proposal);
  const added = changed.filter((sheet) => sheet.base === null).length;
  const altered = changed.length - added;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const parts = [added > 0 ? `${plural(added, 'sheet')} added` : '', altered > 0 ? `${added > 0 ? altered : plural(altered, 'sheet')} changed` : ''].filter(
    Boolean,
  );
  return { summary: parts.length === 0 ? '0 changes' : parts.join(', '), added, changed: altered };
}

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
    for (const [sha256, file] of proposal.blobs)
      await saveBlob(trx, {
        sha256,
        mime_type: file.mimeType,
        byte_size: file.bytes.length,
        bytes: file.bytes,
        text: texts.get(sha256) ?? null,
        created_at: now.toISOString(),
      });
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
  return { importId, summary, added, changed: altered, needAttention };
}

/**
 * An import puts its sheets on the site, which review before publish (docs/editing.md, "Review")
 * keeps for approved drafts: while a review policy is on, an import that changes sheets is refused,
 * saying what to do, unless an operator bypasses review, which is answered with the policy passed
 * over (for the audit log). Null: no review to bypass.
 */
async function reviewBypassed(trx: ContentStore, sheets: number, bypass: boolean): Promise<ReviewPolicy | null> {
  const policy = await readReviewPolicy(trx);
  if (policy === 'off' || sheets === 0) return null;
  if (bypass) return policy;
  throw new EditingError(
    `Review before publish is on (${policy}): an import would put sheets on the site without an approval, so nothing was imported. Edit the sheets in the studio and ask for a review, or have an operator import it with \`npm run cli -- content import … --bypass-review\` (the audit log names it).`,
    'not-approved',
    { problems: ['review before publish is on: an import cannot publish sheets past it'] },
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

/** Refused, naming them, when the site changed any of these sheets since the import was worked out: it never undoes a publish it did not see. */
async function refuseMoved(db: ContentStore, changed: ProposedSheet[]): Promise<void> {
  const moved: string[] = [];
  for (const sheet of changed) if (!same(await publishedSheet(db, sheet.id), sheet.base)) moved.push(SHEET_ADAPTER.labelOf(sheet.target));
  if (moved.length > 0)
    throw new EditingError(
      `The site changed since this import was worked out (${moved.join('; ')}); nothing was changed. Compare again and apply.`,
      'conflict',
      { problems: moved.map((title) => `${title}: changed on the site meanwhile`) },
    );
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
 * Every document's text, by digest (search reads it), read before the transaction so that it stays
 * short: all asked at once, the PDF reader reading as many at a time as it may.
 */
async function readTexts(proposal: ImportProposal): Promise<Map<string, string | null>> {
  const texts = new Map<string, string | null>();
  const unread = new Map<string, Uint8Array>();
  for (const [sha256, file] of proposal.blobs) {
    if ((file.text ?? null) !== null || file.mimeType !== 'application/pdf') texts.set(sha256, file.text ?? null);
    else unread.set(sha256, file.bytes);
  }
  for (const asset of proposal.records.fileAssets) {
    const bytes = proposal.files.get(asset.file);
    if (!texts.has(asset.sha256) && asset.mimeType === 'application/pdf' && bytes !== undefined) unread.set(asset.sha256, bytes);
  }
  const read = await Promise.all([...unread].map(async ([sha256, bytes]) => [sha256, await documentText(bytes)] as const));
  for (const [sha256, text] of read) texts.set(sha256, text);
  return texts;
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
  for (const asset of records.fileAssets) {
    const bytes = fileOf(asset.file);
    await saveFileAsset(trx, { ...asset, bytes });
    await saveBlob(trx, {
      sha256: asset.sha256,
      mime_type: asset.mimeType,
      byte_size: bytes.length,
      bytes,
      text: texts.get(asset.sha256) ?? null,
      created_at: asset.createdAt,
    });
    step();
  }
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
