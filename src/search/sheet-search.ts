/**
 * Search as the site uses it: the index brought up to date first (once per change of the store,
 * however many searches wait for it), then the hits, best first: which sheets, and the passage
 * of each that shows why. Whoever shows them shapes them (the pages, as the grid's cards).
 */
import type { ContentStore, OpenStore } from '../cms/database';
import { syncSearchIndex } from './search-index';
import { matchingContentIds, search, type SearchRequest, type SearchResult } from './search-query';
import type { RawBuilder } from 'kysely';
import { readRelatedIds } from './query-store';

export interface SheetSearch {
  /** A page of results: the sheets found, best first, each with its passage. */
  results(request: SearchRequest): Promise<SearchResult>;
  /**
   * Up to `limit` other sheets of the site sharing the most of `topics` with a sheet (ties in
   * collection order), as ids; for the sheet's page. Of a topic of more than RELATED_CANDIDATES
   * sheets, only its first are weighed.
   */
  related(siteId: string, contentId: string, topics: string[], limit: number): Promise<string[]>;
  /** The ids of every content the query (and its topics) finds, as a subquery; null when it asks nothing. */
  matchingIds(request: Omit<SearchRequest, 'limit' | 'offset'>): Promise<RawBuilder<{ content_id: string }> | null>;
}

/** How long after a sync an unknown change token (changeToken() undefined) counts as no change. */
const UNKNOWN_CHANGE_GRACE_MS = 2_000;

/** Sheets of each topic weighed for a sheet's related sheets, at most (the first by id). */
const RELATED_CANDIDATES = 500;

/** The site's search over a store; `changeToken` says when the content may have changed (OpenStore's). */
export function createSheetSearch(store: Pick<OpenStore, 'db' | 'dialect' | 'changeToken'>): SheetSearch {
  let syncedToken: string | undefined;
  let syncedAt = -Infinity;
  let syncing: Promise<void> | null = null;

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
    syncing = syncSearchIndex(store)
      .then(() => {
        syncedToken = token;
        syncedAt = Date.now();
      })
      .finally(() => {
        syncing = null;
      });
    await syncing;
  };

  return {
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
      return search(store, request);
    },
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
