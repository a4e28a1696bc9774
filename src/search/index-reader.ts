/**
 * The search index as a reader of the change journal (docs/decisions/038): the sheets a change
 * touched have their entries made again, in the transaction that moves the reader's cursor; a
 * change to a site's languages or to the content types, which every entry is made by, compares
 * every sheet. No visitor's request does this work: the process that made the change runs the
 * readers before it answers, and every serving process looks for changes made elsewhere.
 *
 * When entries changed, the reader journals that (`index`): the content version moves, and a page
 * rendered from the index before it caught up (a listing's facet counts, a search's results)
 * is rendered again.
 */
import type { ContentStore } from '../cms/database';
import type { Dialect } from '../cms/dialect';
import type { JournalReader } from '../cms/journal-readers';
import { appendJournalEntries, listJournalEntries, readJournalHead, type JournalEntry } from '../cms/repositories/journal';
import { readSearchIndexStamp, saveSearchIndexChange, saveSearchIndexStamp } from '../cms/repositories/store-state';
import { indexStampOf, isStampOfThisSchema, syncSearchIndex } from './search-index';

/** Subjects every entry is made by: a change to one compares every sheet. */
const WHOLE = new Set(['site', 'content-type']);

/** The sheets whose entries a journal's entries may have changed. */
export function touchedContents(entries: readonly JournalEntry[]): string[] | 'all' {
  if (entries.some((entry) => WHOLE.has(entry.subject))) return 'all';
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.subject === 'content' || entry.subject === 'seo') ids.add(entry.target);
    else if (entry.subject === 'collection-item') ids.add(entry.detail);
  }
  return [...ids];
}

/** Brings the index up to date with what the entries say changed, in `trx`. */
export async function applyToIndex(trx: ContentStore, entries: readonly JournalEntry[], dialect: Dialect): Promise<void> {
  const store = { db: trx, dialect };
  // An index made by other migrations (an upgrade) is compared whole once.
  const touched = isStampOfThisSchema(await readSearchIndexStamp(trx)) ? touchedContents(entries) : 'all';
  const { written, removed } =
    touched === 'all'
      ? await syncSearchIndex(store)
      : touched.length === 0
        ? { written: 0, removed: 0 }
        : await syncSearchIndex(store, { contentIds: touched, rebuild: true });
  const position = entries.at(-1)!.position;
  if (written + removed > 0) await journalIndexChange(trx, touched === 'all', { written, removed });
  await saveSearchIndexStamp(trx, indexStampOf(position));
}

/**
 * Journals a change of the entries (`index`: the content version moves, and a page rendered from
 * the index before it is rendered again) and keeps its place, that entry's: the facet indexes in
 * memory catch up to there (`contentsIndexedBetween`). `whole`: any entry may have changed.
 */
export async function journalIndexChange(trx: ContentStore, whole: boolean, { written, removed }: { written: number; removed: number }): Promise<void> {
  await appendJournalEntries(trx, [{ subject: 'index', target: whole ? 'all' : 'search', detail: `${written} written, ${removed} removed` }], null, new Date());
  await saveSearchIndexChange(trx, await readJournalHead(trx));
}

/** Journal entries read to tell which sheets' entries changed between two changes of the index, at most: past them, every sheet's may have. */
const CHANGES_LISTED = 2_000;

/**
 * The sheets whose entries changed after the index's change `from` up to its change `to` (places
 * in the journal, readSearchIndexChange), or 'all' when any may have (or more than CHANGES_LISTED
 * entries lie between).
 */
export async function contentsIndexedBetween(db: ContentStore, from: string | undefined, to: string | undefined): Promise<string[] | 'all'> {
  if (from === undefined || to === undefined) return 'all';
  const entries = (await listJournalEntries(db, Number(from), CHANGES_LISTED)).filter((entry) => entry.position <= Number(to));
  if (entries.length === CHANGES_LISTED || entries.some((entry) => entry.subject === 'index' && entry.target === 'all')) return 'all';
  return touchedContents(entries);
}

export const searchIndexReader: JournalReader = {
  name: 'search',
  // Entries read in one transaction: a new sheet journals some ten rows, so a batch makes about ten
  // sheets' entries, and holds SQLite's write lock (which editors' saves wait for) a short while.
  batch: 100,
  apply: applyToIndex,
  // Its facet counts show beside the read model's rows: read after them (docs/decisions/040).
  follows: 'published',
};
