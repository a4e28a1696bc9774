/**
 * Answers a search (docs/search.md) from the store's own full-text index: every query word (or
 * one of its synonyms) must be in the sheet's title, description or document; the last word also
 * matches as the start of a word, so results follow a visitor who is still typing. The sheets
 * with every word in their title come first, then those with them in their title or description,
 * then the others, each tier in the order the index holds them: a query reads at most the
 * matches its page and a count up to LISTED_MATCHES need, however many sheets say its words.
 * Each hit comes with the passage of its text where the words are, marked.
 */
import type { RawBuilder } from 'kysely';
import type { ContentStore, OpenStore } from '../cms/database';
import { scopeWord } from './index-store';
import {
  countMatches,
  ftsContentIds,
  ftsMatches,
  notMatching,
  postgresContentIds,
  postgresCountAndPage,
  postgresQueries,
  queryLanguages,
  readHitRows,
  readMatchIds,
  postgresMatchIds,
  readWordsStarting,
  scopedContentIds,
  selectionWords,
  TYPED_WORDS,
  type FtsTable,
  type HitRow,
  type Scope,
} from './query-store';
import type { SynonymStore } from './synonyms';
import type { Selection } from './facets';
import { stemmerFor } from './terms';
import type { PassagePart } from '../shared/passage';
import { passageIn } from './passage';
import { planQuery, type QueryPlan } from './query-plan';

export interface SearchRequest {
  siteId: string;
  /** The page's language: entries made for it, and its stemmer besides the text's. */
  language: string;
  query: string;
  /** Topic slugs every hit must have (none: any): the delivery API's topics[]. */
  topics?: string[];
  /** Choices every hit has one of each group of (facets.ts); without query words, sheet-search.ts lists them from memory. */
  selection?: Selection;
  limit: number;
  offset: number;
}

export interface SearchHit {
  contentId: string;
  /** The language the sheet's text is in. */
  textLanguage: string;
  title: string;
  description: string;
  /** Where the words are, marked: from the document, else the description. */
  passage: PassagePart[];
}

export interface SearchResult {
  /** Sheets found, counted up to the search's limit (LISTED_MATCHES): only so many are listed. */
  total: number;
  /** More sheets were found than `total`. */
  more: boolean;
  hits: SearchHit[];
}

/** A store searched: its synonyms are read once per change when it tells its changes. */
export type SearchStore = Pick<OpenStore, 'db' | 'dialect'> & SynonymStore;

export async function search(store: SearchStore, request: SearchRequest, listed = LISTED_MATCHES): Promise<SearchResult> {
  const plan = await planQuery(store, request.query);
  // A query of no words ('!!!'), or none, finds nothing (a selection without a query is listed by facet-index.ts).
  if (plan.words.length === 0) return { total: 0, more: false, hits: [] };
  if (store.dialect === 'postgres') return postgresSearch(store.db, request, plan, listed);
  const { total: counted, tiers } = await sqliteTiers(store.db, request, plan);
  const found = await counted(listed + 1);
  const total = Math.min(found, listed);
  const ids = await pageOf(tiers, Math.max(0, Math.min(request.limit, total - request.offset)), request.offset);
  return { total, more: found > listed, hits: await hitsOf(store.db, ids, plan, request) };
}

/** The hits of entries listed without a query (a selection's sheets), in this order: no passage. */
export const listedHits = (db: ContentStore, ids: number[], request: SearchRequest): Promise<SearchHit[]> =>
  hitsOf(db, ids, { words: [], prefix: null }, request);

/**
 * The entry ids of a query's matches (every tier, in the scope and selection asked), at most
 * `atMost`: the sets facet counts are tallied from. Null when the query has no words.
 */
export async function matchIds(store: SearchStore, request: Omit<SearchRequest, 'limit' | 'offset'>, atMost: number): Promise<number[] | null> {
  const plan = await planQuery(store, request.query);
  if (plan.words.length === 0) return null;
  if (store.dialect === 'postgres') return postgresMatchIds(store.db, postgresQueries(request, plan), request, atMost);
  const { all } = matchExpressions(request, plan, await typedWords(store.db, plan.prefix));
  return readMatchIds(store.db, ftsMatches('search_terms', all, request.topics), atMost, 0);
}

/** Sheets a search lists and counts, at most: past this many, it says there are more (docs/search.md). */
export const LISTED_MATCHES = 1_000;

/**
 * A part of a query's matches, all of which come before the next part's, in the order the index
 * holds them: a tier is read no further than the page asked needs.
 */
interface Tier {
  /** Its matches, counted up to `atMost`. */
  count(atMost: number): Promise<number>;
  /** `limit` of its matches from `offset`, fewer at its end. */
  ids(limit: number, offset: number): Promise<number[]>;
}

interface Tiers {
  /** Every match (the tiers together), counted up to `atMost`. */
  total: Tier['count'];
  /** Sheets with every word in their title, then in their title or description, then the others. */
  tiers: Tier[];
}

/** A page of the tiers' matches, one tier after the other. */
async function pageOf(tiers: Tier[], limit: number, offset: number): Promise<number[]> {
  const ids: number[] = [];
  let start = 0;
  for (const tier of tiers) {
    if (ids.length === limit) break;
    const from = Math.max(0, offset - start);
    const found = await tier.ids(limit - ids.length, from);
    ids.push(...found);
    // Counted only when the page starts past the tier's end: then where the next one starts is its size.
    start += found.length > 0 ? from + found.length : from === 0 ? 0 : await tier.count(from);
  }
  return ids;
}

/** The hits of these entries, in this order, with their texts and passages. */
async function hitsOf(db: ContentStore, ids: number[], plan: QueryPlan, request: SearchRequest): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const rows = await readHitRows(db, ids);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => (byId.has(id) ? [hitOf(byId.get(id)!, plan, request)] : []));
}

const hitOf = (row: HitRow, plan: QueryPlan, request: SearchRequest): SearchHit => ({
  contentId: row.content_id,
  textLanguage: row.text_language,
  title: row.title,
  description: row.description,
  passage: plan.words.length === 0 ? [] : passageIn([row.document, row.description], plan, [request.language, row.text_language]),
});

/**
 * SQLite: each tier one FTS5 query, kept to the page's entries inside FTS5 (the page's scope is a
 * word of the row). Whether a sheet names the words is asked of `search_titles` and
 * `search_heads`, whose rows hold only titles (and descriptions): a word in every document costs
 * nothing there, and no column filter reads position lists.
 */
async function sqliteTiers(db: ContentStore, request: SearchRequest, plan: QueryPlan): Promise<Tiers> {
  const { all, inTitle } = matchExpressions(request, plan, await typedWords(db, plan.prefix));
  const tier = (table: FtsTable, expression: string, besides?: RawBuilder<unknown>): Tier => {
    const matches = ftsMatches(table, expression, request.topics, besides);
    return { count: (atMost) => countMatches(db, matches, atMost), ids: (limit, offset) => readMatchIds(db, matches, limit, offset) };
  };
  return {
    total: tier('search_terms', all).count,
    tiers: [
      tier('search_titles', inTitle),
      // `search_heads` has the columns `all` names (but the document): the same expression asks it.
      tier('search_heads', all, notMatching('search_titles', inTitle)),
      tier('search_terms', all, notMatching('search_heads', all)),
    ],
  };
}

/**
 * PostgreSQL: the count of a query's matches and the page's hits, asked at once of the functions
 * `search_count` and `search_page` (migration 018): each reads the parts of the entries one after
 * another, the page the tiers' lookups only as far as it needs, with the planner settings a
 * search needs, in a plan kept for the connection.
 */
async function postgresSearch(db: ContentStore, request: SearchRequest, plan: QueryPlan, listed: number): Promise<SearchResult> {
  const { every, anywhere } = postgresQueries(request, plan);
  const { found, rows } = await postgresCountAndPage(db, { every, anywhere }, request, listed);
  const total = Math.min(found, listed);
  const hits = rows.slice(0, Math.max(0, total - request.offset)).map((row) => hitOf(row, plan, request));
  return { total, more: found > listed, hits };
}

/**
 * The ids of the contents a query (and its topics) finds on a site's page in a language, as a
 * subquery (the delivery API's queryTerm and topics filter with it); null when it asks nothing.
 */
export async function matchingContentIds(
  store: SearchStore,
  request: Omit<SearchRequest, 'limit' | 'offset'>,
): Promise<RawBuilder<{ content_id: string }> | null> {
  const plan = await planQuery(store, request.query);
  if (request.query.trim() !== '' && plan.words.length === 0) return null;
  if (plan.words.length === 0) {
    if ((request.topics ?? []).length === 0) return null;
    return scopedContentIds(store.dialect, request);
  }
  if (store.dialect === 'sqlite') {
    const { all } = matchExpressions(request, plan, await typedWords(store.db, plan.prefix));
    return ftsContentIds(all, request.topics);
  }
  const { anywhere } = postgresQueries(request, plan);
  return postgresContentIds(anywhere, request.topics);
}

/**
 * SQLite: the title and description words that start with the word being typed (none typed: no
 * words), or null when there are more than TYPED_WORDS. FTS5 reads a start by gathering every row
 * of every word it completes to before the first match; listed words are read as needed.
 * (PostgreSQL's query asks the same of `search_words` itself: postgresQueries.)
 */
async function typedWords(db: ContentStore, prefix: string | null): Promise<string[] | null> {
  if (prefix === null) return [];
  const words = await readWordsStarting(db, prefix, TYPED_WORDS + 1);
  return words.length > TYPED_WORDS ? null : words;
}

/**
 * FTS5 MATCH expressions of a query, of quoted, stemmed phrases (no operator can come in), each
 * kept to the page's entries by their scope word: `all` every word (or the last one's start, in a
 * title or description) anywhere (in `search_terms`, or in `search_heads`: a title or description);
 * `inTitle` every word, whole, in `search_titles`. The start is the words it completes to
 * (typedWords), or FTS5's own prefix query when they are too many to list.
 */
function matchExpressions(scope: Scope, plan: QueryPlan, typed: string[] | null) {
  const stemmers = queryLanguages(scope).map(stemmerFor);
  const phrase = (words: string[]) => [...new Set(stemmers.map((stem) => `"${words.map(stem).join(' ')}"`))];
  const completions =
    plan.prefix === null || typed?.length === 0 ? null : `names : (${typed === null ? `"${plan.prefix}"*` : typed.map((word) => `"${word}"`).join(' OR ')})`;
  const clauses = plan.words.map((variants, index) => {
    const alternatives = variants.flatMap(phrase);
    if (index === plan.words.length - 1 && completions !== null) alternatives.push(completions);
    return `(${alternatives.join(' OR ')})`;
  });
  const chosen = selectionWords(scope.selection, { or: ' OR ', and: ' AND ' });
  const scoped = `"${scopeWord(scope.siteId, scope.language)}" AND ${chosen === null ? '' : `${chosen} AND `}`;
  const all = scoped + clauses.join(' AND ');
  const inTitle = scoped + plan.words.map((variants) => `(${variants.flatMap(phrase).join(' OR ')})`).join(' AND ');
  return { all, inTitle };
}
