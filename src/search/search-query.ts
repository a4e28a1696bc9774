/**
 * Answers a search (docs/search.md) from the store's own full-text index: every query word (or
 * one of its synonyms) must be in the sheet's title, description or document; the last word also
 * matches as the start of a word, so results follow a visitor who is still typing. Ranked by the
 * engine (BM25 on SQLite, ts_rank on PostgreSQL), the title weighing most and the document least;
 * on SQLite, past FULLY_RANKED_MATCHES, by tier (searchSqlite). Each hit comes with the passage of
 * its text where the words are, marked.
 */
import { sql, type RawBuilder } from 'kysely';
import type { OpenStore } from '../cms/database';
import { scopeWord, servesText, textSearchConfig } from './search-index';
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

export async function search(store: Pick<OpenStore, 'db' | 'dialect'>, request: SearchRequest, fullyRanked = FULLY_RANKED_MATCHES): Promise<SearchResult> {
  const plan = await planQuery(store, request.query);
  // A query of no words ('!!!') finds nothing, within a topic too.
  if (request.query.trim() !== '' && plan.words.length === 0) return { total: 0, hits: [] };
  if (plan.words.length > 0 && store.dialect === 'sqlite') return searchSqlite(store, request, plan, fullyRanked);
  const matched = matchedEntries(store, request, plan);
  if (matched === null) return { total: 0, hits: [] };
  // The page is chosen by rank alone, and only its rows are read whole: reading every match's
  // text to count them took most of the time of a query that matches thousands.
  const { rows } = await sql<HitRow & { total: number | string }>`
    WITH matched AS MATERIALIZED (${matched}),
      top AS (SELECT id, rank FROM matched ORDER BY rank, id LIMIT ${request.limit} OFFSET ${request.offset})
    SELECT e.id, e.content_id, e.language AS text_language, t.title, t.description, t.document,
      (SELECT count(*) FROM matched) AS total
    FROM top JOIN search_entries e ON e.id = top.id JOIN search_texts t ON t.entry_id = e.id
    ORDER BY top.rank, top.id`.execute(store.db);
  return { total: Number(rows[0]?.total ?? 0), hits: rows.map((row) => hitOf(row, plan, request)) };
}

const hitOf = (row: HitRow, plan: QueryPlan, request: SearchRequest): SearchHit => ({
  contentId: row.content_id,
  textLanguage: row.text_language,
  title: row.title,
  description: row.description,
  passage: plan.words.length === 0 ? [] : passageIn([row.document, row.description], plan, [request.language, row.text_language]),
});

/** Matches ranked in full by the engine, at most; past this, ranking is by tier (searchSqlite). */
export const FULLY_RANKED_MATCHES = 2_000;

/**
 * SQLite: kept to the page's entries inside FTS5 (the page's scope is a word of the row), counted
 * without ranking. Up to `fullyRanked` matches are ranked by bm25 (title above description above
 * document). Past that, ranking every match costs more than a visitor should wait: the sheets with
 * a word in their title or description come first (ranked by bm25 while they are few enough),
 * then those with the words only in their document, in the order they were indexed.
 */
async function searchSqlite(store: Pick<OpenStore, 'db'>, request: SearchRequest, plan: QueryPlan, fullyRanked: number): Promise<SearchResult> {
  const { words, all, named, unnamed } = matchExpressions(request, plan);
  const topics = topicFilter(request.topics);
  const idsOf = async (query: RawBuilder<{ id: number }>) => (await query.execute(store.db)).rows.map((row) => Number(row.id));
  const count = async (expression: string, atMost?: number) =>
    Number(
      (
        await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT rowid FROM search_terms WHERE search_terms MATCH ${expression} ${topics}
          ${atMost === undefined ? sql`` : sql`LIMIT ${atMost}`})`.execute(store.db)
      ).rows[0]?.n ?? 0,
    );
  // bm25 counts every phrase's rows first: the scope word (in every row) would cost that each
  // time, so the words are ranked on their own and kept to the page's entries by their rows.
  const ranked = (expression: string, limit: number, offset: number) =>
    idsOf(sql<{ id: number }>`
      SELECT f.id FROM (SELECT rowid AS id, bm25(search_terms, 10.0, 4.0, 1.0, 0.0, 0.0) AS rank FROM search_terms WHERE search_terms MATCH ${expression} ${topics}) AS f
      JOIN search_entries e ON e.id = f.id
      WHERE ${inScope('sqlite', { siteId: request.siteId, language: request.language })}
      ORDER BY f.rank, f.id LIMIT ${limit} OFFSET ${offset}`);
  const indexOrder = (expression: string, limit: number, offset: number) =>
    idsOf(
      sql<{ id: number }>`SELECT rowid AS id FROM search_terms WHERE search_terms MATCH ${expression} ${topics} ORDER BY rowid LIMIT ${limit} OFFSET ${offset}`,
    );

  const total = await count(all);
  const { limit, offset } = request;
  let ids: number[] = [];
  if (total > 0 && total <= fullyRanked) ids = await ranked(words, limit, offset);
  else if (total > 0) {
    // How many name the words, counted no further than needed: past the fully ranked, exactly only for a page beyond them.
    const few = await count(named.expression, fullyRanked + 1);
    const first = few <= fullyRanked || offset + limit <= fullyRanked ? few : await count(named.expression);
    if (offset < first) {
      const take = Math.min(limit, first - offset);
      ids = first <= fullyRanked ? await ranked(`(${words}) AND ${named.inNames}`, take, offset) : await indexOrder(named.expression, take, offset);
    }
    if (ids.length < limit) ids.push(...(await indexOrder(unnamed, limit - ids.length, Math.max(0, offset - first))));
  }
  if (ids.length === 0) return { total, hits: [] };
  const { rows } = await sql<HitRow>`
    SELECT e.id, e.content_id, e.language AS text_language, t.title, t.description, t.document
    FROM search_entries e JOIN search_texts t ON t.entry_id = e.id WHERE e.id IN (${sql.join(ids)})`.execute(store.db);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return { total, hits: ids.flatMap((id) => (byId.has(id) ? [hitOf(byId.get(id)!, plan, request)] : [])) };
}

/** SQLite: entries with every topic asked (none: no condition). */
function topicFilter(topics: string[] | undefined): RawBuilder<unknown> {
  if (topics === undefined || topics.length === 0) return sql``;
  return sql`AND rowid IN (SELECT e.id FROM search_entries e WHERE ${sql.join(
    topics.map((topic) => sql`e.content_id IN (SELECT content_id FROM search_topics WHERE topic = ${topic})`),
    sql` AND `,
  )})`;
}

/**
 * The ids of the contents a query (and its topics) finds on a site's page in a language, as a
 * subquery (the delivery API's queryTerm and topics filter with it); null when it asks nothing.
 */
export async function matchingContentIds(
  store: Pick<OpenStore, 'db' | 'dialect'>,
  request: Omit<SearchRequest, 'limit' | 'offset'>,
): Promise<RawBuilder<{ content_id: string }> | null> {
  const plan = await planQuery(store, request.query);
  if (request.query.trim() !== '' && plan.words.length === 0) return null;
  if (plan.words.length > 0 && store.dialect === 'sqlite') {
    const { all } = matchExpressions(request, plan);
    return sql<{ content_id: string }>`SELECT e.content_id FROM search_entries e
      WHERE e.id IN (SELECT rowid FROM search_terms WHERE search_terms MATCH ${all} ${topicFilter(request.topics)})`;
  }
  const matched = matchedEntries(store, request, plan);
  if (matched === null) return null;
  return sql<{ content_id: string }>`SELECT e.content_id FROM search_entries e WHERE e.id IN (SELECT id FROM (${matched}) AS matched)`;
}

interface HitRow {
  id: number;
  content_id: string;
  text_language: string;
  title: string;
  description: string;
  document: string;
}

type Scope = Pick<SearchRequest, 'siteId' | 'language' | 'topics'>;

/**
 * The languages a query is stemmed in: the page's and every one the search ships a stemmer for
 * (its entries' texts may be in any of them, an untranslated sheet's in its fallback's). A stem
 * of another language finds what the word itself would, or little more.
 */
const queryLanguages = (scope: Scope): string[] => [...new Set([scope.language, ...STEMMED_LANGUAGES])];

/**
 * The entries of a site's page language a query finds (on PostgreSQL; SQLite's words are searched
 * in searchSqlite), or its topics alone find (either store, ranked by their place in the
 * collection), as rows of (id, rank): a lower rank is a better match; null when neither words nor
 * topics are asked.
 */
function matchedEntries(store: Pick<OpenStore, 'dialect'>, scope: Scope, plan: QueryPlan): RawBuilder<{ id: number; rank: number }> | null {
  if (plan.words.length > 0) {
    if (store.dialect !== 'postgres') throw new Error('SQLite searches words in searchSqlite');
    return matchedPostgres(scope, plan);
  }
  if ((scope.topics ?? []).length === 0) return null;
  return sql`
    SELECT e.id, (SELECT min(ci.position) FROM collection_items ci WHERE ci.content_id = e.content_id) AS rank FROM search_entries e
    WHERE ${inScope(store.dialect, scope)}`;
}

/** An entry of the site shown on the page's language, with every topic asked. */
function inScope(dialect: OpenStore['dialect'], scope: Scope): RawBuilder<boolean> {
  const serves = servesText([scope.language]);
  const topics = (scope.topics ?? []).map((topic) => sql`AND e.content_id IN (SELECT content_id FROM search_topics WHERE topic = ${topic})`);
  return sql`e.site_id = ${scope.siteId} AND ${dialect === 'postgres' ? sql`strpos(e.serves, ${serves}) > 0` : sql`instr(e.serves, ${serves}) > 0`} ${sql.join(topics, sql` `)}`;
}

/**
 * FTS5 MATCH expressions of a query, of quoted, stemmed phrases (no operator can come in): `words`
 * its words anywhere; `all` those on the page's entries (its scope word); `named` those with a
 * word in their title or description (or the word being typed), `unnamed` the others.
 */
function matchExpressions(scope: Scope, plan: QueryPlan) {
  const stemmers = queryLanguages(scope).map(stemmerFor);
  const phrase = (words: string[]) => [...new Set(stemmers.map((stem) => `"${words.map(stem).join(' ')}"`))];
  const prefix = plan.prefix === null ? null : `"${plan.prefix}"*`;
  const clauses = plan.words.map((variants, index) => {
    const alternatives = variants.flatMap(phrase);
    if (index === plan.words.length - 1 && prefix !== null) alternatives.push(`names : ${prefix}`);
    return `(${alternatives.join(' OR ')})`;
  });
  const words = clauses.join(' AND ');
  const all = `"${scopeWord(scope.siteId, scope.language)}" AND ${words}`;
  const anyWord = [...new Set(plan.words.flatMap((variants) => variants.flatMap(phrase)))];
  const inNames = `({title description names} : (${[...anyWord, ...(prefix === null ? [] : [prefix])].join(' OR ')}))`;
  return { words, all, named: { expression: `${all} AND ${inNames}`, inNames }, unnamed: `(${all}) NOT ${inNames}` };
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
    WHERE ${inScope('postgres', scope)} AND ${sql.join(clauses, sql` AND `)}`;
}
