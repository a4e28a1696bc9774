/**
 * Search as the site uses it: the index brought up to date first (once per change of the store,
 * however many searches wait for it), then the hits, best first: which sheets, and the passage
 * of each that shows why. Whoever shows them shapes them (the pages, as the grid's cards).
 */
import type { OpenStore } from '../cms/database';
import { LISTED_MATCHES, listedHits, matchIds, matchingContentIds, search, type SearchRequest, type SearchResult } from './search-query';
import type { RawBuilder } from 'kysely';
import { readFacetRows, type FacetEntryRow } from './query-store';
import { readSearchIndexChange } from '../cms/repositories/store-state';
import { FacetIndexBuilder, type CountedSets, type FacetIndex, type FacetRow } from './facet-index';
import { contentsIndexedBetween } from './index-changes';
import { choiceKey, readEntryFacets, type Selection } from './facets';

export interface SheetSearch {
  /** A page of results: the sheets found, best first, each with its passage. */
  results(request: SearchRequest): Promise<SearchResult>;
  /**
   * Every choice of the facets on a site's page language with the number of sheets choosing it
   * would give, for a query (or none) and a selection (facet-index.ts). `facetOf` names a
   * choice's facet as the selection's groups do. With a query, the sets counted are the first
   * LISTED_MATCHES matches, as the results are: `atLeast` when there were more.
   */
  facets(request: FacetRequest): Promise<FacetCounts>;
  /** The ids of every content the query (and its topics) finds, as a subquery; null when it asks nothing. */
  matchingIds(request: Omit<SearchRequest, 'limit' | 'offset'>): Promise<RawBuilder<{ content_id: string }> | null>;
}

export interface FacetRequest {
  siteId: string;
  language: string;
  query: string;
  selection: Selection;
  facetOf: (key: string) => string;
}

export interface FacetCounts {
  /** Every choice the entries have, with its value as first written (a topic's: its slug). */
  choices: Array<{ key: string; label: string }>;
  counts: Map<string, number>;
  /** The choices counted from the first LISTED_MATCHES matches of more: each count is at least what it says. */
  atLeast: Set<string>;
}

/**
 * The site's search over a store; `changeToken` says when the content may have changed (OpenStore's).
 * It reads the index as it is: the journal's index reader keeps it up to date (index-reader.ts),
 * never a visitor's search.
 */
export function createSheetSearch(store: Pick<OpenStore, 'db' | 'dialect' | 'changeToken'>): SheetSearch {
  let seenToken: string | undefined;
  /** When the entries last changed (a place in the journal), as this process last read it. */
  let seenChange: string | undefined;
  let looking: Promise<void> | null = null;
  /** Each site's page language's facet index, as of a change of the entries (`change`), and what makes the next. */
  const facetIndexes = new Map<string, { change: string | undefined; made: Promise<FacetIndexMade> }>();

  /** What the entries' last change is, read once per change of the store. */
  const current = async (): Promise<void> => {
    const token = store.changeToken();
    if (token !== undefined && token === seenToken) return;
    looking ??= (async () => {
      seenChange = await readSearchIndexChange(store.db);
      seenToken = token;
    })().finally(() => {
      looking = null;
    });
    await looking;
  };

  /**
   * The facet index of a site's page language as of the entries' last change: made once (about a
   * second per 100,000 entries), then made again from the one before and the few sheets a change
   * touched (a publish: a few milliseconds on 10,000 sheets, where reading them all took some 100).
   */
  const facetIndexOf = async (scope: { siteId: string; language: string }): Promise<FacetIndex> => {
    const key = `${scope.siteId} ${scope.language}`;
    const change = seenChange;
    const held = facetIndexes.get(key);
    if (held !== undefined && held.change === change) return (await held.made).index;
    const made =
      held === undefined
        ? buildFacetIndex(store, scope, change)
        : held.made.then(
            (before) => facetIndexAfter(store, scope, before, change),
            // A failed read is made afresh.
            () => buildFacetIndex(store, scope, change),
          );
    facetIndexes.set(key, { change, made });
    made.catch(() => {
      if (facetIndexes.get(key)?.made === made) facetIndexes.delete(key);
    });
    return (await made).index;
  };

  return {
    async facets(request) {
      await current();
      const index = await facetIndexOf(request);
      const { selection, facetOf } = request;
      const choices = index.choices;
      if (request.query.trim() === '') return { choices, counts: index.count(selection, facetOf), atLeast: new Set() };
      // The matches with every group selected, and with each group but one: each a set the counts are tallied from.
      const sets = await Promise.all(
        [selection, ...selection.map((_, left) => selection.filter((__, group) => group !== left))].map((kept) =>
          matchIds(store, { ...request, selection: kept }, LISTED_MATCHES + 1),
        ),
      );
      const [all = [], ...without] = sets.map((ids) => (ids ?? []).slice(0, LISTED_MATCHES));
      const counted: CountedSets = { all, without };
      // A choice is counted from the set of its facet's group (all matches, for an unchosen facet).
      const cut = sets.map((ids) => ids !== null && ids.length > LISTED_MATCHES);
      const groupOf = (key: string) => selection.findIndex((group) => group.facet === facetOf(key));
      const atLeast = new Set(choices.filter((choice) => cut[groupOf(choice.key) + 1]).map((choice) => choice.key));
      return { choices, counts: index.countIn(counted, selection, facetOf), atLeast };
    },
    async matchingIds(request) {
      return matchingContentIds(store, request);
    },
    async results(request) {
      if (request.query.trim() !== '' || (request.selection ?? []).length === 0) return search(store, request);
      await current();
      // A selection without a query: its sheets from memory, every one, in collection order.
      const { total, ids } = (await facetIndexOf(request)).select(request.selection ?? [], request.offset, request.limit);
      return { total, more: false, hits: await listedHits(store.db, ids, request) };
    },
  };
}

/** Entries read for the facet index at once. */
const FACET_ROWS_READ = 1_000;
/** Sheets whose entries are read again to make a facet index from the one before, at most: past them, it is made afresh. */
const PATCHED_AT_MOST = 1_000;

/** A facet index, the entries' change it is of, and its builder (which makes the next). */
interface FacetIndexMade {
  change: string | undefined;
  builder: FacetIndexBuilder;
  index: FacetIndex;
}

/** A site's page language's facet index, its entries read `partSize` at a time. */
export async function buildFacetIndex(
  store: Pick<OpenStore, 'db' | 'dialect'>,
  scope: { siteId: string; language: string },
  change: string | undefined,
  partSize = FACET_ROWS_READ,
): Promise<FacetIndexMade> {
  const builder = new FacetIndexBuilder();
  for (let after = 0; ;) {
    const rows = await readFacetRows(store, scope, { after, limit: partSize });
    for (const row of rows) builder.add(facetRowOf(row));
    if (rows.length < partSize) return { change, builder, index: builder.build() };
    after = Number(rows.at(-1)!.id);
  }
}

/** The facet index at the entries' change `change`, from one made at an earlier change: the entries of the sheets changed between read again. */
async function facetIndexAfter(
  store: Pick<OpenStore, 'db' | 'dialect'>,
  scope: { siteId: string; language: string },
  before: FacetIndexMade,
  change: string | undefined,
): Promise<FacetIndexMade> {
  const changed = await contentsIndexedBetween(store.db, before.change, change);
  if (changed === 'all' || changed.length > PATCHED_AT_MOST) return buildFacetIndex(store, scope, change);
  if (changed.length === 0) return { ...before, change };
  const builder = before.builder.without(new Set(changed));
  for (const row of await readFacetRows(store, scope, { contentIds: changed })) builder.add(facetRowOf(row));
  return { change, builder, index: builder.build() };
}

/** An entry's row as the facet index takes it: a topic's label is its slug (the page names it), a field value's as first written. */
function facetRowOf(row: FacetEntryRow): FacetRow {
  const choices = Object.entries(readEntryFacets(row.facets)).flatMap(([facet, values]) =>
    values.map((value) => ({ key: choiceKey(facet, value), label: value.trim() })),
  );
  return {
    id: Number(row.id),
    contentId: row.content_id,
    rank: row.rank === null ? Number.MAX_SAFE_INTEGER : Number(row.rank),
    choices: choices.filter((choice) => !choice.key.endsWith(':')),
  };
}
