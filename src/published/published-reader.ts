/**
 * The read model as a reader of the change journal (docs/decisions/038, 040): the sheets a change
 * touched (their text, translations, collections, SEO record, or an image or document their rows
 * were made from) have their rows made again, in the transaction that moves the reader's cursor.
 * A change to a site's languages or to the content types, and the migration that made the tables,
 * make every row. The journal's first reader: the search index follows it, and the CDN's purges
 * the index, so a page fetched again after a purge is made from rows that have the change.
 *
 * When rows changed, the reader journals that (`published`): the content version moves, and a page
 * rendered from the rows before they caught up is rendered again.
 */
import type { ContentStore, OpenStore } from '../cms/database';
import { LITERATURE_CONTENT_TYPE } from '../cms/content-types';
import type { JournalReader } from '../cms/journal-readers';
import { listContentSites, listShownContents } from '../cms/repositories/contents';
import { appendJournalEntries, type JournalEntry } from '../cms/repositories/journal';
import { listSites } from '../cms/repositories/sites';
import type { PublishedSheet } from './published-sheet';
import { linkTargets, makePublishedSheets, type SheetsMade } from './sheet-facts';
import { deleteSheetRow, deleteSheets, listLinkedSheets, listPublishedIds, readSheetRows, replaceLinks, replaceTopics, saveSheetRows } from './published-store';

/** Subjects every row is made by: a change to one makes every row again. */
const WHOLE = new Set(['site', 'content-type']);
/** Sheets made at once. */
const PART_SIZE = 500;

export interface PublishedCount {
  /** Rows made or made again. */
  written: number;
  removed: number;
}

/** The sheets whose rows the entries may have changed, or every sheet. */
async function touchedSheets(db: ContentStore, entries: readonly JournalEntry[]): Promise<string[] | 'all'> {
  if (entries.some((entry) => WHOLE.has(entry.subject) || (entry.subject === 'published' && entry.target === 'rebuild'))) return 'all';
  const ids = new Set<string>();
  const targets = new Set<string>();
  const contents = new Set<string>();
  for (const { subject, target, detail } of entries) {
    if (subject === 'content' || subject === 'seo') ids.add(target);
    if (subject === 'content' || subject === 'image') contents.add(target);
    if (subject === 'collection-item') ids.add(detail);
    if (subject === 'document') targets.add(linkTargets.document(target));
  }
  for (const id of contents) targets.add(linkTargets.content(id));
  // An image new to the site is found by the key its sheets name it by.
  for (const { content_key } of await listContentSites(db, [...contents])) targets.add(linkTargets.image(content_key));
  for (const id of await listLinkedSheets(db, [...targets])) ids.add(id);
  return [...ids].sort();
}

/** Makes these sheets' rows again, writing those that changed; a sheet no collection shows (or gone) loses its rows. */
async function rewrite(db: ContentStore, ids: readonly string[]): Promise<PublishedCount> {
  const count = { written: 0, removed: 0 };
  for (let start = 0; start < ids.length; start += PART_SIZE) {
    const part = ids.slice(start, start + PART_SIZE);
    const sites = new Map<string, string[]>();
    for (const { id, site_id } of await listContentSites(db, part)) sites.set(site_id, [...(sites.get(site_id) ?? []), id]);
    const made: SheetsMade = { sheets: [], links: new Map(), topics: new Map() };
    for (const [siteId, siteIds] of sites) {
      const found = await makePublishedSheets(db, siteId, siteIds);
      made.sheets.push(...found.sheets);
      for (const [id, targets] of found.links) made.links.set(id, targets);
      for (const [id, topics] of found.topics) made.topics.set(id, topics);
    }
    add(count, await save(db, part, made));
  }
  return count;
}

/** Every row made again: every sheet each site's collections show; rows of any other sheet removed. */
export async function rebuildAll(db: ContentStore): Promise<PublishedCount> {
  const count = { written: 0, removed: 0 };
  const shown = new Set<string>();
  for (const site of await listSites(db)) {
    const ids = (await listShownContents(db, site.id, LITERATURE_CONTENT_TYPE)).map((row) => row.id);
    for (const id of ids) shown.add(id);
    for (let start = 0; start < ids.length; start += PART_SIZE) {
      const part = ids.slice(start, start + PART_SIZE);
      add(count, await save(db, part, await makePublishedSheets(db, site.id, part)));
    }
  }
  const gone = (await listPublishedIds(db)).filter((id) => !shown.has(id));
  count.removed += (await readSheetRows(db, gone)).size;
  await deleteSheets(db, gone);
  return count;
}

/** Writes the rows of `ids` as made: those that differ, and no others; removes those not made. */
async function save(db: ContentStore, ids: readonly string[], made: SheetsMade): Promise<PublishedCount> {
  const count = { written: 0, removed: 0 };
  const stored = await readSheetRows(db, ids);
  const wanted = new Set<string>();
  const changed: Array<{ sheet: PublishedSheet; facts: string }> = [];
  for (const sheet of made.sheets) {
    const key = `${sheet.id} ${sheet.language}`;
    const facts = JSON.stringify(sheet);
    wanted.add(key);
    if (stored.get(key) !== facts) changed.push({ sheet, facts });
  }
  await saveSheetRows(db, changed);
  count.written += changed.length;
  for (const key of stored.keys())
    if (!wanted.has(key)) {
      const [contentId, language] = key.split(' ') as [string, string];
      await deleteSheetRow(db, contentId, language);
      count.removed += 1;
    }
  await replaceLinks(db, ids, made.links);
  // A shown sheet's topics (it has a row); a sheet's topics changed count as a row written.
  const siteOf = new Map(made.sheets.map((sheet) => [sheet.id, sheet.siteId]));
  const topics = new Map(
    [...made.topics].flatMap(([id, slugs]) => (siteOf.has(id) ? [[id, { siteId: siteOf.get(id)!, topics: [...slugs].sort() }] as const] : [])),
  );
  count.written += await replaceTopics(db, ids, topics);
  return count;
}

function add(count: PublishedCount, more: PublishedCount): void {
  count.written += more.written;
  count.removed += more.removed;
}

/** Brings the rows up to date with what the entries say changed, in `trx`. */
export async function applyToPublished(trx: ContentStore, entries: readonly JournalEntry[]): Promise<void> {
  const touched = await touchedSheets(trx, entries);
  await journalCount(trx, touched === 'all' ? await rebuildAll(trx) : await rewrite(trx, touched));
}

/** Rows written move the content version: a page rendered before them is rendered again. */
async function journalCount(trx: ContentStore, { written, removed }: PublishedCount): Promise<PublishedCount> {
  if (written + removed > 0)
    await appendJournalEntries(trx, [{ subject: 'published', target: 'sheets', detail: `${written} written, ${removed} removed` }], null, new Date());
  return { written, removed };
}

export const publishedReader: JournalReader = {
  name: 'published',
  // A new sheet journals some ten rows: a batch makes about ten sheets' rows in every language.
  batch: 100,
  apply: applyToPublished,
};

/**
 * Makes every row again from the write side (or only those of the sheets `ids`), in one transaction
 * (`published rebuild`): what it wrote, which is nothing when the rows were right.
 */
export async function rebuildPublished(store: Pick<OpenStore, 'db'>, ids?: readonly string[]): Promise<PublishedCount> {
  return store.db.transaction().execute(async (trx) => journalCount(trx, ids === undefined ? await rebuildAll(trx) : await rewrite(trx, ids)));
}
