/**
 * Answers a search (docs/search.md) from the store's own full-text index: every query word (or
 * one of its synonyms) must be in the sheet's title, description or document; the last word also
 * matches as the start of a word, so results follow a visitor who is still typing. The sheets
 * with every word in their title come first, then those with them in their title or description,
 * then the others, each tier in the order the index holds them: a query reads at most the
 * matches its page and a count up to LISTED_MATCHES need, however many sheets say its words.
 * Each hit comes with the passage of its text where the words are, marked.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ContentStore, OpenStore } from '../cms/database';
import { scopeWord, servesText, textSearchConfig, WRITTEN } from './index-store';
import type { SynonymStore } from './synonyms';
import { STEMMED_LANGUAGES, stemmerFor } from './terms';
import type { PassagePart } from '../shared/passage';
import { passageIn } from './passage';
import { planQuery, type QueryPlan } from './query-plan';

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
  // A query of no words ('!!!') finds nothing, within a topic too.
  if (request.query.trim() !== '' && plan.words.length === 0) return { total: 0, more: false, hits: [] };
  if (plan.words.length === 0) return topicSheets(store, request, listed);
  if (store.dialect === 'postgres') return postgresSearch(store.db, request, plan, listed);
  const { total: counted, tiers } = await sqliteTiers(store.db, request, plan);
  const found = await counted(listed + 1);
  const total = Math.min(found, listed);
  const ids = await pageOf(tiers, Math.max(0, Math.min(request.limit, total - request.offset)), request.offset);
  return { total, more: found > listed, hits: await hitsOf(store.db, ids, plan, request) };
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
  const { rows } = await sql<HitRow>`
    SELECT e.id, e.content_id, e.language AS text_language, t.title, t.description, t.document
    FROM search_entries e JOIN search_texts t ON t.entry_id = e.id WHERE e.id IN (${sql.join(ids)})`.execute(db);
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
 * A topic's sheets without a query, in collection order. As a search does, it reads at most
 * `listed` + 1 of them (the first the index holds), counts those and orders them: a topic of
 * more sheets than that lists the first `listed` of the index, in collection order, and says
 * there are more.
 */
async function topicSheets(store: Pick<OpenStore, 'db' | 'dialect'>, request: SearchRequest, listed: number): Promise<SearchResult> {
  if ((request.topics ?? []).length === 0) return { total: 0, more: false, hits: [] };
  const { rows } = await sql<HitRow & { total: number | string }>`
    WITH found AS MATERIALIZED (SELECT e.id, e.content_id FROM search_entries e WHERE ${inScope(store.dialect, request)} ORDER BY e.id LIMIT ${listed + 1}),
      matched AS MATERIALIZED (
        SELECT f.id, (SELECT min(ci.position) FROM collection_items ci WHERE ci.content_id = f.content_id) AS rank
        FROM (SELECT id, content_id FROM found ORDER BY id LIMIT ${listed}) AS f),
      top AS (SELECT id, rank FROM matched ORDER BY rank, id LIMIT ${request.limit} OFFSET ${request.offset})
    SELECT e.id, e.content_id, e.language AS text_language, t.title, t.description, t.document,
      (SELECT count(*) FROM found) AS total
    FROM top JOIN search_entries e ON e.id = top.id JOIN search_texts t ON t.entry_id = e.id
    ORDER BY top.rank, top.id`.execute(store.db);
  const found = Number(rows[0]?.total ?? 0);
  const plan: QueryPlan = { words: [], prefix: null };
  return { total: Math.min(found, listed), more: found > listed, hits: rows.map((row) => hitOf(row, plan, request)) };
}

/**
 * SQLite: each tier one FTS5 query, kept to the page's entries inside FTS5 (the page's scope is a
 * word of the row). Whether a sheet names the words is asked of `search_titles` and
 * `search_heads`, whose rows hold only titles (and descriptions): a word in every document costs
 * nothing there, and no column filter reads position lists.
 */
async function sqliteTiers(db: ContentStore, request: SearchRequest, plan: QueryPlan): Promise<Tiers> {
  const { all, inTitle } = matchExpressions(request, plan, await typedWords(db, plan.prefix));
  const tier = (table: 'search_terms' | 'search_heads' | 'search_titles', expression: string, besides: RawBuilder<unknown> = sql``): Tier => {
    const matches = sql`SELECT rowid AS id FROM ${sql.raw(table)} WHERE ${sql.raw(table)} MATCH ${expression} ${topicFilter(table, request.topics)} ${besides}`;
    return {
      count: async (atMost) => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM (${matches} LIMIT ${atMost})`.execute(db)).rows[0]?.n ?? 0),
      ids: async (limit, offset) =>
        (await sql<{ id: number }>`${matches} ORDER BY rowid LIMIT ${limit} OFFSET ${offset}`.execute(db)).rows.map((row) => Number(row.id)),
    };
  };
  return {
    total: tier('search_terms', all).count,
    tiers: [
      tier('search_titles', inTitle),
      // `search_heads` has the columns `all` names (but the document): the same expression asks it.
      tier('search_heads', all, sql`AND rowid NOT IN (SELECT rowid FROM search_titles WHERE search_titles MATCH ${inTitle})`),
      tier('search_terms', all, sql`AND rowid NOT IN (SELECT rowid FROM search_heads WHERE search_heads MATCH ${all})`),
    ],
  };
}

/**
 * SQLite: the rows of an FTS5 table whose entry has every topic asked (none: no condition), asked
 * of each row read: a topic of most sheets would otherwise be gathered whole before the first.
 */
function topicFilter(table: string, topics: string[] | undefined): RawBuilder<unknown> {
  if (topics === undefined || topics.length === 0) return sql``;
  return sql`AND ${sql.join(
    topics.map(
      (topic) =>
        sql`EXISTS (SELECT 1 FROM search_entries e JOIN search_topics t ON t.content_id = e.content_id WHERE e.id = ${sql.raw(table)}.rowid AND t.topic = ${topic})`,
    ),
    sql` AND `,
  )}`;
}

/**
 * PostgreSQL: the count of a query's matches and the page's hits, asked at once of the functions
 * `search_count` and `search_page` (migration 018): each reads the parts of the entries one after
 * another, the page the tiers' lookups only as far as it needs, with the planner settings a
 * search needs, in a plan kept for the connection.
 */
async function postgresSearch(db: ContentStore, request: SearchRequest, plan: QueryPlan, listed: number): Promise<SearchResult> {
  const { every, anywhere } = postgresQueries(request, plan);
  const topics = sql`${request.topics ?? []}::text[]`;
  const [counted, page] = await Promise.all([
    sql<{ found: string }>`SELECT search_count(${anywhere}, ${topics}, ${listed + 1}) AS found`.execute(db),
    sql<HitRow>`
      SELECT e.id, e.content_id, e.language AS text_language, t.title, t.description, t.document
      FROM search_page(${every}, ${anywhere}, ${topics}, ${request.limit}, ${request.offset}) AS page
        JOIN search_entries e ON e.id = page.id JOIN search_texts t ON t.entry_id = e.id
      ORDER BY page.place`.execute(db),
  ]);
  const found = Number(counted.rows[0]?.found ?? 0);
  const total = Math.min(found, listed);
  const hits = page.rows.slice(0, Math.max(0, total - request.offset)).map((row) => hitOf(row, plan, request));
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
    return sql<{ content_id: string }>`SELECT e.content_id FROM search_entries e WHERE ${inScope(store.dialect, request)}`;
  }
  if (store.dialect === 'sqlite') {
    const { all } = matchExpressions(request, plan, await typedWords(store.db, plan.prefix));
    return sql<{ content_id: string }>`SELECT e.content_id FROM search_entries e
      WHERE e.id IN (SELECT rowid FROM search_terms WHERE search_terms MATCH ${all} ${topicFilter('search_terms', request.topics)})`;
  }
  const { anywhere } = postgresQueries(request, plan);
  return sql<{ content_id: string }>`SELECT search_contents(${anywhere}, ${request.topics ?? []}::text[])`;
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

/** An entry of the site shown on the page's language, with every topic asked. */
function inScope(dialect: OpenStore['dialect'], scope: Scope): RawBuilder<boolean> {
  const serves = servesText([scope.language]);
  return sql`e.site_id = ${scope.siteId} AND ${dialect === 'postgres' ? sql`strpos(e.serves, ${serves}) > 0` : sql`instr(e.serves, ${serves}) > 0`} ${topicsOf(scope)}`;
}

/** An entry `e` with every topic asked (none: no condition). */
const topicsOf = (scope: Scope): RawBuilder<unknown> =>
  sql.join(
    (scope.topics ?? []).map((topic) => sql`AND e.content_id IN (SELECT content_id FROM search_topics WHERE topic = ${topic})`),
    sql` `,
  );

/** Words the start being typed may complete to, listed at most: past this many, the engine finds them itself. */
const TYPED_WORDS = 50;

/**
 * SQLite: the title and description words that start with the word being typed (none typed: no
 * words), or null when there are more than TYPED_WORDS. FTS5 reads a start by gathering every row
 * of every word it completes to before the first match; listed words are read as needed.
 * (PostgreSQL's query asks the same of `search_words` itself: postgresQueries.)
 */
async function typedWords(db: ContentStore, prefix: string | null): Promise<string[] | null> {
  if (prefix === null) return [];
  const { rows } = await sql<{ word: string }>`
    SELECT word FROM search_words WHERE word >= ${prefix} AND word < ${`${prefix}\u{10FFFF}`} ORDER BY word LIMIT ${TYPED_WORDS + 1}`.execute(db);
  return rows.length > TYPED_WORDS ? null : rows.map((row) => row.word);
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
  const scoped = `"${scopeWord(scope.siteId, scope.language)}" AND `;
  const all = scoped + clauses.join(' AND ');
  const inTitle = scoped + plan.words.map((variants) => `(${variants.flatMap(phrase).join(' OR ')})`).join(' AND ');
  return { all, inTitle };
}

/**
 * PostgreSQL: the query as tsqueries for the search functions (migration 018), each holding the
 * page's scope word (search-index.ts), each word's phrases made by the text search
 * configurations: `every` every word, whole; `anywhere` the same, or the last one's start as
 * written in a title or description. The start is the words it completes to, at most TYPED_WORDS
 * of them (as on SQLite, typedWords), else a prefix match, each marked as the vectors hold words
 * as written (WRITTEN).
 */
function postgresQueries(scope: Scope, plan: QueryPlan) {
  const configs = [...new Set(queryLanguages(scope).map(textSearchConfig))];
  const anyOf = (variants: string[][]) =>
    sql`(${sql.join(
      variants.flatMap((words) => configs.map((config) => sql`phraseto_tsquery(${config}::regconfig, ${words.join(' ')})`)),
      sql` || `,
    )})`;
  const scoped = (words: string[][][]) => sql.join([sql`to_tsquery('simple', ${scopeWord(scope.siteId, scope.language)})`, ...words.map(anyOf)], sql` && `);
  const every = scoped(plan.words);
  // Words as written are letters and digits only: quoted, they are tsquery lexemes as they are.
  const started = (prefix: string) => sql`(SELECT CASE
      WHEN count(*) > ${TYPED_WORDS} THEN ${`'${WRITTEN}${prefix}':*`}::tsquery
      WHEN count(*) > 0 THEN string_agg(${`'${WRITTEN}`} || word || '''', ' | ')::tsquery END
    FROM (SELECT word FROM search_words WHERE word >= ${prefix} AND word < ${`${prefix}\u{10FFFF}`} ORDER BY word LIMIT ${TYPED_WORDS + 1}) AS typed)`;
  // The last word whole, or (while it may still be typed on) a word it starts; completing none, whole.
  const anywhere = plan.prefix === null ? every : sql`coalesce(${every} || (${scoped(plan.words.slice(0, -1))} && ${started(plan.prefix)}), ${every})`;
  return { every, anywhere };
}
