/**
 * Answers a search (docs/search.md) from the store's own full-text index: every query word (or
 * one of its synonyms) must be in the sheet's title, description or document; the last word also
 * matches as the start of a word, so results follow a visitor who is still typing. Ranked by the
 * engine (BM25 on SQLite, ts_rank on PostgreSQL), the title weighing most and the document least.
 * Each hit comes with the passage of its text where the words are, marked.
 */
import { sql, type RawBuilder } from 'kysely';
import type { OpenStore } from '../cms/database';
import { servesText, textSearchConfig } from './search-index';
import { expandWords } from './synonyms';
import { normalize, STEMMED_LANGUAGES, stemmerFor, wordsOf } from './terms';
import { passageIn, type PassagePart } from './passage';

/** Query words looked at, at most: a longer query is cut (a pasted paragraph is not a search). */
export const MAX_QUERY_WORDS = 12;

export interface SearchRequest {
  siteId: string;
  /** The page's language: entries made for it, and its stemmer besides the text's. */
  language: string;
  query: string;
  /** Topic slugs every hit must have (none: any); with no query words, the hits are the topics' sheets in collection order. */
  topics?: string[];
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
  const matched = matchedEntries(store, request, plan);
  if (matched === null) return { total: 0, hits: [] };
  // The page is chosen by rank alone, and only its rows are read whole: reading every match's
  // text to count them took most of the time of a query that matches thousands.
  const { rows } = await sql<HitRow>`
    WITH matched AS MATERIALIZED (${matched}),
      top AS (SELECT id, rank FROM matched ORDER BY rank, id LIMIT ${request.limit} OFFSET ${request.offset})
    SELECT e.content_id, e.language AS text_language, t.title, t.description, t.document,
      (SELECT count(*) FROM matched) AS total
    FROM top JOIN search_entries e ON e.id = top.id JOIN search_texts t ON t.entry_id = e.id
    ORDER BY top.rank, top.id`.execute(store.db);
  const total = rows[0]?.total ?? 0;
  return {
    total: Number(total),
    hits: rows.map((row) => ({
      contentId: row.content_id,
      textLanguage: row.text_language,
      title: row.title,
      description: row.description,
      passage: plan.words.length === 0 ? [] : passageIn([row.document, row.description], plan, [request.language, row.text_language]),
    })),
  };
}

/**
 * The ids of the contents a query (and its topics) finds on a site's page in a language, as a
 * subquery (the delivery API's queryTerm and topics filter with it); null when it asks nothing.
 */
export async function matchingContentIds(
  store: Pick<OpenStore, 'db' | 'dialect'>,
  request: Omit<SearchRequest, 'limit' | 'offset'>,
): Promise<RawBuilder<{ content_id: string }> | null> {
  const matched = matchedEntries(store, request, await planQuery(store, request.query));
  if (matched === null) return null;
  return sql<{ content_id: string }>`SELECT e.content_id FROM search_entries e WHERE e.id IN (SELECT id FROM (${matched}) AS matched)`;
}

interface HitRow {
  content_id: string;
  text_language: string;
  title: string;
  description: string;
  document: string;
  total: number | string;
}

type Scope = Pick<SearchRequest, 'siteId' | 'language' | 'topics'>;

/**
 * The languages a query is stemmed in: the page's and every one the search ships a stemmer for
 * (its entries' texts may be in any of them, an untranslated sheet's in its fallback's). A stem
 * of another language finds what the word itself would, or little more.
 */
const queryLanguages = (scope: Scope): string[] => [...new Set([scope.language, ...STEMMED_LANGUAGES])];

/**
 * The entries of a site's page language a query finds, as rows of (id, rank): a lower rank is a
 * better match. Topics alone find their sheets, ranked by their place in the collection; null
 * when neither words nor topics are asked.
 */
function matchedEntries(store: Pick<OpenStore, 'dialect'>, scope: Scope, plan: QueryPlan): RawBuilder<{ id: number; rank: number }> | null {
  if (plan.words.length > 0) return store.dialect === 'postgres' ? matchedPostgres(scope, plan) : matchedSqlite(scope, plan);
  if ((scope.topics ?? []).length === 0) return null;
  return sql`
    SELECT e.id, (SELECT min(ci.position) FROM collection_items ci WHERE ci.content_id = e.content_id) AS rank FROM search_entries e
    WHERE ${inScope(store, scope)}`;
}

/** An entry of the site shown on the page's language, with every topic asked. */
function inScope(store: Pick<OpenStore, 'dialect'>, scope: Scope): RawBuilder<boolean> {
  const serves = servesText([scope.language]);
  const topics = (scope.topics ?? []).map((topic) => sql`AND e.content_id IN (SELECT content_id FROM search_topics WHERE topic = ${topic})`);
  return sql`e.site_id = ${scope.siteId} AND ${store.dialect === 'postgres' ? sql`strpos(e.serves, ${serves}) > 0` : sql`instr(e.serves, ${serves}) > 0`} ${sql.join(topics, sql` `)}`;
}

/** FTS5: the query as a MATCH expression of quoted, stemmed phrases (no operator can come in). */
function matchedSqlite(scope: Scope, plan: QueryPlan): RawBuilder<{ id: number; rank: number }> {
  const stemmers = queryLanguages(scope).map(stemmerFor);
  const phrase = (words: string[]) => [...new Set(stemmers.map((stem) => `"${words.map(stem).join(' ')}"`))];
  const clauses = plan.words.map((variants, index) => {
    const alternatives = variants.flatMap(phrase);
    if (index === plan.words.length - 1 && plan.prefix !== null) alternatives.push(`names : "${plan.prefix}"*`);
    return `(${alternatives.join(' OR ')})`;
  });
  // bm25() only works in the FTS table's own query: ranked there, then kept to the page's site and language.
  return sql`
    SELECT e.id, fts.rank FROM (SELECT rowid AS id, bm25(search_terms, 10.0, 4.0, 1.0, 0.0) AS rank FROM search_terms WHERE search_terms MATCH ${clauses.join(' AND ')}) AS fts
    JOIN search_entries e ON e.id = fts.id
    WHERE ${inScope({ dialect: 'sqlite' }, scope)}`;
}

/** PostgreSQL: the same query as a tsquery, each phrase made by the text search configurations. */
function matchedPostgres(scope: Scope, plan: QueryPlan): RawBuilder<{ id: number; rank: number }> {
  const configs = [...new Set(queryLanguages(scope).map(textSearchConfig))];
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
    WHERE ${inScope({ dialect: 'postgres' }, scope)} AND ${sql.join(clauses, sql` AND `)}`;
}
