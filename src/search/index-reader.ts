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
import { appendJournalEntries, readJournalHead, type JournalEntry } from '../cms/repositories/journal';
import { readSearchIndexStamp, saveSearchIndexChange, saveSearchIndexStamp } from '../cms/repositories/store-state';
import { indexStampOf, isStampOfThisSchema, syncSearchIndex } from './search-index';
import { touchedContents } from './index-changes';

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

export const searchIndexReader: JournalReader = {
  name: 'search',
  // Entries read in one transaction: a new sheet journals some ten rows, so a batch makes about ten
  // sheets' entries, and holds SQLite's write lock (which editors' saves wait for) a short while.
  batch: 100,
  apply: applyToIndex,
  // Its facet counts show beside the read model's rows: read after them (docs/decisions/040).
  follows: 'published',
};
