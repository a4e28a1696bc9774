/**
 * Answers a search (docs/search.md) from the store's own full-text index: every query word (or
 * one of its synonyms) must be in the sheet's title, description or document; the last word also
 * matches as the start of a word, so results follow a visitor who is still typing. Ranked by the
 * engine (BM25 on SQLite, ts_rank on PostgreSQL), the title weighing most and the document least.
 * Each hit comes with the passage of its text where the words are, marked.
 */
import { sql, type RawBuilder } from 'kysely';
import type { OpenStore } from '../cms/database';
import { INDEXED_DOCUMENT_CHARACTERS, textSearchConfig } from './search-index';
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
  const rows = store.dialect === 'postgres' ? await searchPostgres(store, request, plan) : await searchSqlite(store, request, plan);
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

interface HitRow {
  content_id: string;
  text_language: string;
  title: string;
  description: string;
  document: string;
  total: number | string;
}

/** The languages whose stemmers a query is stemmed with: the page's and its entries' texts'. */
async function textLanguages(store: Pick<OpenStore, 'db'>, request: SearchRequest): Promise<string[]> {
  const rows = await store.db
    .selectFrom('search_entries')
    .select('text_language')
    .distinct()
    .where('site_id', '=', request.siteId)
    .where('language', '=', request.language)
    .execute();
  return [...new Set([request.language, ...rows.map((row) => row.text_language)])];
}

/** FTS5: the query as a MATCH expression of quoted, stemmed phrases (no operator can come in). */
async function searchSqlite(store: Pick<OpenStore, 'db'>, request: SearchRequest, plan: QueryPlan): Promise<HitRow[]> {
  const stemmers = (await textLanguages(store, request)).map(stemmerFor);
  const phrase = (words: string[]) => [...new Set(stemmers.map((stem) => `"${words.map(stem).join(' ')}"`))];
  const clauses = plan.words.map((variants, index) => {
    const alternatives = variants.flatMap(phrase);
    if (index === plan.words.length - 1 && plan.prefix !== null) alternatives.push(`names : "${plan.prefix}"*`);
    return `(${alternatives.join(' OR ')})`;
  });
  const match = clauses.join(' AND ');
  const { rows } = await sql<HitRow>`
    WITH matched AS (SELECT rowid AS id, bm25(search_terms, 10.0, 4.0, 1.0, 0.0) AS rank FROM search_terms WHERE search_terms MATCH ${match})
    SELECT e.content_id, e.text_language, e.title, e.description, substr(e.document, 1, ${INDEXED_DOCUMENT_CHARACTERS}) AS document, count(*) OVER () AS total
    FROM matched JOIN search_entries e ON e.id = matched.id
    WHERE e.site_id = ${request.siteId} AND e.language = ${request.language}
    ORDER BY matched.rank, e.title
    LIMIT ${request.limit} OFFSET ${request.offset}`.execute(store.db);
  return rows;
}

/** PostgreSQL: the same query as a tsquery, each phrase made by the text search configurations. */
async function searchPostgres(store: Pick<OpenStore, 'db'>, request: SearchRequest, plan: QueryPlan): Promise<HitRow[]> {
  const configs = [...new Set((await textLanguages(store, request)).map(textSearchConfig))];
  const or = (parts: RawBuilder<unknown>[]) => sql`(${sql.join(parts, sql` OR `)})`;
  // A prefix lexeme is written by us from letters and digits only: nothing in it is tsquery syntax.
  const prefix = plan.prefix === null ? null : sql`to_tsquery('simple', ${`${plan.prefix}:*`})`;
  const clauses = plan.words.map((variants, index) => {
    const alternatives = variants.flatMap((words) => configs.map((config) => sql`e.terms @@ phraseto_tsquery(${config}::regconfig, ${words.join(' ')})`));
    if (index === plan.words.length - 1 && prefix !== null) alternatives.push(sql`e.names @@ ${prefix}`);
    return or(alternatives);
  });
  // Ranked by the stemmed words alone (a prefix ranks as its stem would, where it is one).
  const ranked = sql`(${sql.join(
    plan.words.map(
      (variants) =>
        sql`(${sql.join(
          variants.flatMap((words) => configs.map((config) => sql`phraseto_tsquery(${config}::regconfig, ${words.join(' ')})`)),
          sql` || `,
        )})`,
    ),
    sql` && `,
  )})`;
  const { rows } = await sql<HitRow>`
    SELECT e.content_id, e.text_language, e.title, e.description, e.document, count(*) OVER () AS total
    FROM search_entries e
    WHERE e.site_id = ${request.siteId} AND e.language = ${request.language} AND ${sql.join(clauses, sql` AND `)}
    ORDER BY ts_rank(e.terms, ${ranked}) DESC, e.title
    LIMIT ${request.limit} OFFSET ${request.offset}`.execute(store.db);
  return rows;
}
