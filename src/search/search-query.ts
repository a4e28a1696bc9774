/**
 * Answers a search (docs/search.md) from the store's own full-text index: every query word (or
 * one of its synonyms) must be in the sheet's title, description or document; the last word also
 * matches as the start of a word, so results follow a visitor who is still typing. Ranked by the
 * engine (BM25 on SQLite, ts_rank on PostgreSQL), the title weighing most and the document least.
 * Each hit comes with the passage of its text where the words are, marked.
 */
import { sql, type RawBuilder } from 'kysely';
import type { OpenStore } from '../cms/database';
import { INDEXED_DOCUMENT_CHARACTERS, servesText, textSearchConfig } from './search-index';
import { expandWords } from './synonyms';
import { normalize, stemmerFor, wordsOf } from './terms';
import { passageIn, type PassagePart } from './passage';

/** Query words looked at, at most: a longer query is cut (a pasted paragraph is not a search). */
export const MAX_QUERY_WORDS = 12;

export interface SearchRequest {
  siteId: string;
  /** The page's language: entries made for it, and its stemmer besides the text's. */
  language: string;
  query: string;
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
  total: number;
  hits: SearchHit[];
}

/**
 * A query's words as the index matches them: each word with its synonyms, each of those as the
 * words it is made of (a formula's parts, say) stemmed; the last word may be the start of one.
 */
export interface QueryPlan {
  /** Per query word: its variants, each a phrase of normalised words. */
  words: string[][][];
  /** The last query word, normalised, when it is a single word that may still be typed on. */
  prefix: string | null;
}

export async function planQuery(store: Pick<OpenStore, 'db'>, query: string): Promise<QueryPlan> {
  const words = normalize(query)
    .split(/\s+/)
    .filter((word) => wordsOf(word).length > 0)
    .slice(0, MAX_QUERY_WORDS);
  const expanded = await expandWords(store.db, words);
  const last = words.at(-1);
  return {
    words: expanded.map((variants) => variants.map(wordsOf)),
    prefix: last !== undefined && wordsOf(last).length === 1 && !/\s$/.test(query) ? wordsOf(last)[0]! : null,
  };
}

export async function search(store: Pick<OpenStore, 'db' | 'dialect'>, request: SearchRequest): Promise<SearchResult> {
  const plan = await planQuery(store, request.query);
  if (plan.words.length === 0) return { total: 0, hits: [] };
  const matched = await matchedEntries(store, request, plan);
  const { rows } = await sql<HitRow>`
    WITH matched AS (${matched})
    SELECT e.content_id, e.language AS text_language, e.title, e.description, substr(e.document, 1, ${INDEXED_DOCUMENT_CHARACTERS}) AS document, count(*) OVER () AS total
    FROM matched JOIN search_entries e ON e.id = matched.id
    ORDER BY matched.rank, e.title
    LIMIT ${request.limit} OFFSET ${request.offset}`.execute(store.db);
  const total = rows[0]?.total ?? 0;
  return {
    total: Number(total),
    hits: rows.map((row) => ({
      contentId: row.content_id,
      textLanguage: row.text_language,
      title: row.title,
      description: row.description,
      passage: passageIn([row.document, row.description], plan, [request.language, row.text_language]),
    })),
  };
}

/**
 * The ids of the contents a query finds on a site's page in a language, as a subquery (the
 * delivery API's queryTerm filters with it); null when the query has no words.
 */
export async function matchingContentIds(
  store: Pick<OpenStore, 'db' | 'dialect'>,
  request: Omit<SearchRequest, 'limit' | 'offset'>,
): Promise<RawBuilder<{ content_id: string }> | null> {
  const plan = await planQuery(store, request.query);
  if (plan.words.length === 0) return null;
  return sql<{
    content_id: string;
  }>`SELECT e.content_id FROM search_entries e WHERE e.id IN (SELECT id FROM (${await matchedEntries(store, request, plan)}) AS matched)`;
}

interface HitRow {
  content_id: string;
  text_language: string;
  title: string;
  description: string;
  document: string;
  total: number | string;
}

type Scope = Pick<SearchRequest, 'siteId' | 'language'>;

/** Entries shown on the scope's page: of its site, serving its language (store-specific: SQLite's instr, PostgreSQL's strpos). */
function inScope(dialect: OpenStore['dialect'], scope: Scope): RawBuilder<boolean> {
  const language = servesText([scope.language]);
  return dialect === 'postgres'
    ? sql<boolean>`e.site_id = ${scope.siteId} AND strpos(e.serves, ${language}) > 0`
    : sql<boolean>`e.site_id = ${scope.siteId} AND instr(e.serves, ${language}) > 0`;
}

/** The languages whose stemmers a query is stemmed with: the page's and its entries' texts'. */
async function textLanguages(store: Pick<OpenStore, 'db' | 'dialect'>, scope: Scope): Promise<string[]> {
  const { rows } = await sql<{ language: string }>`SELECT DISTINCT e.language FROM search_entries e WHERE ${inScope(store.dialect, scope)}`.execute(store.db);
  return [...new Set([scope.language, ...rows.map((row) => row.language)])];
}

/** The entries of a site's page language a query finds, as rows of (id, rank): a lower rank is a better match. */
async function matchedEntries(store: Pick<OpenStore, 'db' | 'dialect'>, scope: Scope, plan: QueryPlan): Promise<RawBuilder<{ id: number; rank: number }>> {
  return store.dialect === 'postgres' ? matchedPostgres(store, scope, plan) : matchedSqlite(store, scope, plan);
}

/** FTS5: the query as a MATCH expression of quoted, stemmed phrases (no operator can come in). */
async function matchedSqlite(store: Pick<OpenStore, 'db' | 'dialect'>, scope: Scope, plan: QueryPlan): Promise<RawBuilder<{ id: number; rank: number }>> {
  const stemmers = (await textLanguages(store, scope)).map(stemmerFor);
  const phrase = (words: string[]) => [...new Set(stemmers.map((stem) => `"${words.map(stem).join(' ')}"`))];
  const clauses = plan.words.map((variants, index) => {
    const alternatives = variants.flatMap(phrase);
    if (index === plan.words.length - 1 && plan.prefix !== null) alternatives.push(`names : "${plan.prefix}"*`);
    return `(${alternatives.join(' OR ')})`;
  });
  // bm25() only works in the FTS table's own query, so it is ranked there and filtered after.
  return sql`
    SELECT e.id, fts.rank FROM (SELECT rowid AS id, bm25(search_terms, 10.0, 4.0, 1.0, 0.0) AS rank FROM search_terms WHERE search_terms MATCH ${clauses.join(' AND ')}) AS fts
    JOIN search_entries e ON e.id = fts.id
    WHERE ${inScope(store.dialect, scope)}`;
}

/** PostgreSQL: the same query as a tsquery, each phrase made by the text search configurations. */
async function matchedPostgres(store: Pick<OpenStore, 'db' | 'dialect'>, scope: Scope, plan: QueryPlan): Promise<RawBuilder<{ id: number; rank: number }>> {
  const configs = [...new Set((await textLanguages(store, scope)).map(textSearchConfig))];
  const phrases = (variants: string[][]) =>
    variants.flatMap((words) => configs.map((config) => sql`phraseto_tsquery(${config}::regconfig, ${words.join(' ')})`));
  // A prefix lexeme is written by us from letters and digits only: nothing in it is tsquery syntax.
  const prefix = plan.prefix === null ? null : sql`to_tsquery('simple', ${`${plan.prefix}:*`})`;
  const clauses = plan.words.map((variants, index) => {
    const alternatives = phrases(variants).map((phrase) => sql`e.terms @@ ${phrase}`);
    if (index === plan.words.length - 1 && prefix !== null) alternatives.push(sql`e.names @@ ${prefix}`);
    return sql`(${sql.join(alternatives, sql` OR `)})`;
  });
  // Ranked by the stemmed words alone (a prefix ranks as its stem would, where it is one).
  const ranked = sql.join(
    plan.words.map((variants) => sql`(${sql.join(phrases(variants), sql` || `)})`),
    sql` && `,
  );
  return sql`
    SELECT e.id, -ts_rank(e.terms, ${ranked}) AS rank FROM search_entries e
    WHERE ${inScope(store.dialect, scope)} AND ${sql.join(clauses, sql` AND `)}`;
}
