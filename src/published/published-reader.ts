/**
 * The read model as a reader of the change journal (docs/decisions/038, 040): the contents a change
 * touched (their text, translations, collections, SEO record, file, or an image or document their
 * rows were made from) have their rows made again, in the transaction that moves the reader's cursor.
 * A change to a site's languages or to the content types, and the migration that made the tables,
 * make every row. The journal's first reader: the search index follows it, and the CDN's purges
 * the index, so a page fetched again after a purge is made from rows that have the change.
 *
 * When rows changed, the reader journals that (`published`): the content version moves, and a page
 * rendered from the rows before they caught up is rendered again.
 */
import type { ContentStore, OpenStore } from '../cms/database';
import type { JournalReader } from '../cms/journal-readers';
import { listContentSites, listSiteContentIds } from '../cms/repositories/contents';
import { appendJournalEntries, type JournalEntry } from '../cms/repositories/journal';
import { listSites } from '../cms/repositories/sites';
import type { PublishedContent } from './published-content';
import { linkTargets, makePublishedContents, type ContentsMade } from './content-facts';
import {
  deleteContentRow,
  deleteContents,
  listLinkedContents,
  listPublishedIds,
  readContentRows,
  replaceLinks,
  replaceTopics,
  saveContentRows,
} from './published-store';

/** Subjects every row is made by: a change to one makes every row again. */
const WHOLE = new Set(['site', 'content-type']);
/** Contents made at once. */
const PART_SIZE = 500;

export interface PublishedCount {
  /** Rows made or made again. */
  written: number;
  removed: number;
}

/** The contents whose rows the entries may have changed, or every content. */
async function touchedContents(db: ContentStore, entries: readonly JournalEntry[]): Promise<string[] | 'all'> {
  if (entries.some((entry) => WHOLE.has(entry.subject) || (entry.subject === 'published' && entry.target === 'rebuild'))) return 'all';
  const ids = new Set<string>();
  const targets = new Set<string>();
  const contents = new Set<string>();
  for (const { subject, target, detail } of entries) {
    // An image's file is its row's (`media`): its own row, and those showing it, are made again.
    if (subject === 'content' || subject === 'seo' || subject === 'image') ids.add(target);
    if (subject === 'content' || subject === 'image') contents.add(target);
    if (subject === 'collection-item') ids.add(detail);
    if (subject === 'document') targets.add(linkTargets.document(target));
  }
  for (const id of contents) targets.add(linkTargets.content(id));
  // An image new to the site is found by the key the contents showing it name it by.
  for (const { content_key } of await listContentSites(db, [...contents])) targets.add(linkTargets.image(content_key));
  for (const id of await listLinkedContents(db, [...targets])) ids.add(id);
  return [...ids].sort();
}

/** Makes these contents' rows again, writing those that changed; a content gone loses its rows. */
async function rewrite(db: ContentStore, ids: readonly string[]): Promise<PublishedCount> {
  const count = { written: 0, removed: 0 };
  for (let start = 0; start < ids.length; start += PART_SIZE) {
    const part = ids.slice(start, start + PART_SIZE);
    const sites = new Map<string, string[]>();
    for (const { id, site_id } of await listContentSites(db, part)) sites.set(site_id, [...(sites.get(site_id) ?? []), id]);
    const made: ContentsMade = { contents: [], links: new Map(), topics: new Map() };
    for (const [siteId, siteIds] of sites) {
      const found = await makePublishedContents(db, siteId, siteIds);
      made.contents.push(...found.contents);
      for (const [id, targets] of found.links) made.links.set(id, targets);
      for (const [id, topics] of found.topics) made.topics.set(id, topics);
    }
    add(count, await save(db, part, made));
  }
  return count;
}

/** Every row made again: every content of each site; rows of any other content removed. */
export async function rebuildAll(db: ContentStore): Promise<PublishedCount> {
  const count = { written: 0, removed: 0 };
  const stored = new Set<string>();
  for (const site of await listSites(db)) {
    const ids = await listSiteContentIds(db, site.id);
    for (const id of ids) stored.add(id);
    for (let start = 0; start < ids.length; start += PART_SIZE) {
      const part = ids.slice(start, start + PART_SIZE);
      add(count, await save(db, part, await makePublishedContents(db, site.id, part)));
    }
  }
  const gone = (await listPublishedIds(db)).filter((id) => !stored.has(id));
  count.removed += (await readContentRows(db, gone)).size;
  await deleteContents(db, gone);
  return count;
}

/** Writes the rows of `ids` as made: those that differ, and no others; removes those not made. */
async function save(db: ContentStore, ids: readonly string[], made: ContentsMade): Promise<PublishedCount> {
  const count = { written: 0, removed: 0 };
  const stored = await readContentRows(db, ids);
  const wanted = new Set<string>();
  const changed: Array<{ content: PublishedContent; facts: string }> = [];
  for (const content of made.contents) {
    const key = `${content.id} ${content.language}`;
    const facts = JSON.stringify(content);
    wanted.add(key);
    if (stored.get(key) !== facts) changed.push({ content, facts });
  }
  await saveContentRows(db, changed);
  count.written += changed.length;
  for (const key of stored.keys())
    if (!wanted.has(key)) {
      const [contentId, language] = key.split(' ') as [string, string];
      await deleteContentRow(db, contentId, language);
      count.removed += 1;
    }
  await replaceLinks(db, ids, made.links);
  // A shown sheet's topics; a sheet's topics changed count as a row written.
  const siteOf = new Map(made.contents.filter((content) => content.shown).map((content) => [content.id, content.siteId]));
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
  const touched = await touchedContents(trx, entries);
  await journalCount(trx, touched === 'all' ? await rebuildAll(trx) : await rewrite(trx, touched));
}

/** Rows written move the content version: a page rendered before them is rendered again. */
async function journalCount(trx: ContentStore, { written, removed }: PublishedCount): Promise<PublishedCount> {
  if (written + removed > 0)
    await appendJournalEntries(trx, [{ subject: 'published', target: 'contents', detail: `${written} written, ${removed} removed` }], null, new Date());
  return { written, removed };
}

export const publishedReader: JournalReader = {
  name: 'published',
  // A new sheet journals some ten rows: a batch makes about ten contents' rows in every language.
  batch: 100,
  apply: applyToPublished,
};

/**
 * Makes every row again from the write side (or only those of the contents `ids`), in one transaction
 * (`published rebuild`): what it wrote, which is nothing when the rows were right.
 */
export async function rebuildPublished(store: Pick<OpenStore, 'db'>, ids?: readonly string[]): Promise<PublishedCount> {
  return store.db.transaction().execute(async (trx) => journalCount(trx, ids === undefined ? await rebuildAll(trx) : await rewrite(trx, ids)));
}
