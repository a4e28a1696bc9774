/**
 * Which sheets' search entries a change of the journal touches: read by the index's reader, to make
 * them again, and by a serving process's search, to make its facet index again from the one before
 * (sheet-search.ts) without loading the index's writer.
 */
import type { ContentStore } from '../cms/database';
import { listJournalEntries, type JournalEntry } from '../cms/repositories/journal';

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
