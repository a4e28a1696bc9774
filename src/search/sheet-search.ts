/**
 * Search as the site uses it: the index brought up to date first (once per change of the store,
 * however many searches wait for it), then the hits, best first: which sheets, and the passage
 * of each that shows why. Whoever shows them shapes them (the pages, as the grid's cards).
 */
import type { ContentStore, OpenStore } from '../cms/database';
import { indexStampOf, syncSearchIndex } from './search-index';
import { LISTED_MATCHES, listedHits, matchIds, matchingContentIds, search, type SearchRequest, type SearchResult } from './search-query';
import type { RawBuilder } from 'kysely';
import { readFacetRows, readRelatedIds } from './query-store';
import { readContentVersion, readSearchIndexStamp } from '../cms/repositories/store-state';
import { FacetIndexBuilder, type CountedSets, type FacetIndex } from './facet-index';
import { choiceKey, readEntryFacets, type Selection } from './facets';

export interface SheetSearch {
  /** A page of results: the sheets found, best first, each with its passage. */
  results(request: SearchRequest): Promise<SearchResult>;
  /**
   * Up to `limit` other sheets of the site sharing the most of `topics` with a sheet (ties in
   * collection order), as ids; for the sheet's page. Of a topic of more than RELATED_CANDIDATES
   * sheets, only its first are weighed.
   */
  related(siteId: string, contentId: string, topics: string[], limit: number): Promise<string[]>;
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

/** How long after a sync an unknown change token (changeToken() undefined) counts as no change. */
const UNKNOWN_CHANGE_GRACE_MS = 2_000;

/** Sheets of each topic weighed for a sheet's related sheets, at most (the first by id). */
const RELATED_CANDIDATES = 500;

/** The site's search over a store; `changeToken` says when the content may have changed (OpenStore's). */
export function createSheetSearch(store: Pick<OpenStore, 'db' | 'dialect' | 'changeToken'>): SheetSearch {
  let syncedToken: string | undefined;
  /** The content version the index was last brought up to date with. */
  let syncedVersion: number | undefined;
  let syncedAt = -Infinity;
  let syncing: Promise<void> | null = null;
  /** Each site's page language's facet index, as of the last sync. */
  let facetIndexes = new Map<string, Promise<FacetIndex>>();

  /** The index as of now: synced unless nothing can have changed since the last sync. */
  const current = async (): Promise<void> => {
    const token = store.changeToken();
    if (token !== undefined && token === syncedToken) return;
    // Unknown (SQLite's worker was too busy to look, as it is after a sync of a large store): an
    // index synced a moment ago is taken as current, or every search would sync again.
    if (token === undefined && syncing === null && Date.now() - syncedAt < UNKNOWN_CHANGE_GRACE_MS) return;
    // A sync under way may have started before the change this caller saw: wait, then look again.
    while (syncing !== null) await syncing;
    if (token !== undefined && token === syncedToken) return;
    syncing = (async () => {
      // Any write changes the token, a session's or the search report's too: the content version
      // (which every change of what the index is made from moves) says in one small query whether
      // the index can be out of date, rather than a sync comparing every entry.
      const version = await readContentVersion(store.db);
      if (version !== syncedVersion) {
        if ((await readSearchIndexStamp(store.db)) === indexStampOf(version)) {
          // Another process (or `search update`, or this one before a restart) brought the index up
          // to this version: nothing to compare (on 100,000 sheets a comparison takes a second), but
          // its entries may have changed since this process made its facet indexes.
          facetIndexes = new Map();
        } else {
          const { written, removed } = await syncSearchIndex(store);
          // Made again only when the entries changed.
          if (written + removed > 0) facetIndexes = new Map();
        }
      }
      syncedVersion = version;
      syncedToken = token;
      syncedAt = Date.now();
    })().finally(() => {
      syncing = null;
    });
    await syncing;
  };

  /** The facet index of a site's page language, made once per sync (about a second per 100,000 entries). */
  const facetIndexOf = (scope: { siteId: string; language: string }): Promise<FacetIndex> => {
    const key = `${scope.siteId} ${scope.language}`;
    let index = facetIndexes.get(key);
    if (index === undefined) {
      index = buildFacetIndex(store, scope);
      // A failed read is asked again by the next request.
      const made = index;
      made.catch(() => {
        if (facetIndexes.get(key) === made) facetIndexes.delete(key);
      });
      facetIndexes.set(key, index);
    }
    return index;
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
    async related(siteId, contentId, topics, limit) {
      if (topics.length === 0) return [];
      // As the index is now: a sheet's page is cached until the content changes, so it must not
      // be rendered from an index that has not caught up.
      await current();
      return readRelatedIds(store.db, { siteId, contentId, topics, candidates: RELATED_CANDIDATES, limit });
    },
    async matchingIds(request) {
      await current();
      return matchingContentIds(store, request);
    },
    async results(request) {
      await current();
      if (request.query.trim() !== '' || (request.selection ?? []).length === 0) return search(store, request);
      // A selection without a query: its sheets from memory, every one, in collection order.
      const { total, ids } = (await facetIndexOf(request)).select(request.selection ?? [], request.offset, request.limit);
      return { total, more: false, hits: await listedHits(store.db, ids, request) };
    },
  };
}

/** Entries read for the facet index at once. */
const FACET_ROWS_READ = 1_000;

/** A site's page language's facet index, its entries read `partSize` at a time. */
export async function buildFacetIndex(
  store: Pick<OpenStore, 'db' | 'dialect'>,
  scope: { siteId: string; language: string },
  partSize = FACET_ROWS_READ,
): Promise<FacetIndex> {
  const builder = new FacetIndexBuilder();
  for (let after = 0; ;) {
    const rows = await readFacetRows(store, scope, after, partSize);
    for (const row of rows) builder.add(facetRowOf(row));
    if (rows.length < partSize) return builder.build();
    after = Number(rows.at(-1)!.id);
  }
}

/** An entry's row as the facet index takes it: a topic's label is its slug (the page names it), a field value's as first written. */
function facetRowOf(row: { id: number; facets: string; rank: number | null }) {
  const choices = Object.entries(readEntryFacets(row.facets)).flatMap(([facet, values]) =>
    values.map((value) => ({ key: choiceKey(facet, value), label: value.trim() })),
  );
  return {
    id: Number(row.id),
    rank: row.rank === null ? Number.MAX_SAFE_INTEGER : Number(row.rank),
    choices: choices.filter((choice) => !choice.key.endsWith(':')),
  };
}

/**
 * Related sheets as a store, or a draft's transaction, holds the index now (not brought up to date
 * first, which would wait on the store outside the transaction): for a preview.
 */
export function relatedIn(db: ContentStore): Pick<SheetSearch, 'related'> {
  return {
    related: async (siteId, contentId, topics, limit) =>
      topics.length === 0 ? [] : readRelatedIds(db, { siteId, contentId, topics, candidates: RELATED_CANDIDATES, limit }),
  };
}
