/**
 * The search index as queries read it (docs/search.md): every statement a search runs, for
 * SQLite's FTS5 tables and PostgreSQL's search functions (migration 018). search-query.ts plans a
 * query, pages its tiers and makes hits of what these answer.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ContentStore, OpenStore } from '../cms/database';
import { scopeWord, servesText, textSearchConfig, WRITTEN } from './index-store';
import type { QueryPlan } from './query-plan';
import { STEMMED_LANGUAGES } from './terms';
import { choiceWord, type Selection } from './facets';

/** Which entries a search looks at: a site's, shown on a page language, with every topic asked and a choice of every group selected. */
export interface Scope {
  siteId: string;
  language: string;
  topics?: string[];
  selection?: Selection;
}

/**
 * A selection as the words entries hold for their choices (facets.ts), each group's joined by
 * `or` and the groups by `and`, in the engine's syntax; null when nothing is selected.
 */
export function selectionWords(selection: Selection | undefined, { or, and }: { or: string; and: string }): string | null {
  if (selection === undefined || selection.length === 0) return null;
  return selection.map((group) => `(${group.keys.map((key) => choiceWord(key)).join(or)})`).join(and);
}

/** An entry as the facet index reads it: its facet values (JSON) and where its sheet stands in the collection. */
export interface FacetEntryRow {
  id: number;
  content_id: string;
  facets: string;
  rank: number | null;
}

/**
 * The next `limit` entries a site's page language shows after entry `after` (by id), or those of
 * the sheets `contentIds` (every one).
 */
export async function readFacetRows(
  store: Pick<OpenStore, 'db' | 'dialect'>,
  scope: Pick<Scope, 'siteId' | 'language'>,
  part: { after: number; limit: number } | { contentIds: readonly string[] },
): Promise<FacetEntryRow[]> {
  const which = 'contentIds' in part ? sql`e.content_id IN (${sql.join(part.contentIds)})` : sql`e.id > ${part.after}`;
  const limit = 'contentIds' in part ? sql`` : sql`LIMIT ${part.limit}`;
  const { rows } = await sql<FacetEntryRow>`
    SELECT e.id, e.content_id, e.facets, (SELECT min(ci.position) FROM collection_items ci WHERE ci.content_id = e.content_id) AS rank
    FROM search_entries e WHERE ${inScope(store.dialect, scope)} AND ${which} ORDER BY e.id ${limit}`.execute(store.db);
  return rows;
}

export interface HitRow {
  id: number;
  content_id: string;
  text_language: string;
  title: string;
  description: string;
  document: string;
}

/** Entries' texts, by id (in no order). */
export async function readHitRows(db: ContentStore, ids: number[]): Promise<HitRow[]> {
  const { rows } = await sql<HitRow>`
    SELECT e.id, e.content_id, e.language AS text_language, t.title, t.description, t.document
    FROM search_entries e JOIN search_texts t ON t.entry_id = e.id WHERE e.id IN (${sql.join(ids)})`.execute(db);
  return rows;
}

/** SQLite's FTS5 tables (migrations 013, 016): every word; titles' and descriptions'; titles'. */
export type FtsTable = 'search_terms' | 'search_heads' | 'search_titles';

/** SQLite: the ids of a table's rows matching an FTS5 expression, with every topic asked, and besides. */
export function ftsMatches(
  table: FtsTable,
  expression: string,
  topics: string[] | undefined,
  besides: RawBuilder<unknown> = sql``,
): RawBuilder<{ id: number }> {
  return sql`SELECT rowid AS id FROM ${sql.raw(table)} WHERE ${sql.raw(table)} MATCH ${expression} ${topicFilter(table, topics)} ${besides}`;
}

/** SQLite: a row not matching an expression in another table (a tier before this one has it). */
export const notMatching = (table: FtsTable, expression: string): RawBuilder<unknown> =>
  sql`AND rowid NOT IN (SELECT rowid FROM ${sql.raw(table)} WHERE ${sql.raw(table)} MATCH ${expression})`;

/** Matches counted, up to `atMost`. */
export async function countMatches(db: ContentStore, matches: RawBuilder<{ id: number }>, atMost: number): Promise<number> {
  return Number((await sql<{ n: number }>`SELECT count(*) AS n FROM (${matches} LIMIT ${atMost})`.execute(db)).rows[0]?.n ?? 0);
}

/** `limit` matches from `offset`, in the order the index holds them. */
export async function readMatchIds(db: ContentStore, matches: RawBuilder<{ id: number }>, limit: number, offset: number): Promise<number[]> {
  return (await sql<{ id: number }>`${matches} ORDER BY rowid LIMIT ${limit} OFFSET ${offset}`.execute(db)).rows.map((row) => Number(row.id));
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

/** Words of titles and descriptions as written that start with `prefix`, in order, at most `limit`. */
export async function readWordsStarting(db: ContentStore, prefix: string, limit: number): Promise<string[]> {
  const { rows } = await sql<{ word: string }>`
    SELECT word FROM search_words WHERE word >= ${prefix} AND word < ${`${prefix}\u{10FFFF}`} ORDER BY word LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.word);
}

/**
 * PostgreSQL: the count of a query's matches (up to `listed` + 1) and the page's hits, asked at
 * once of `search_count` and `search_page` (migration 018).
 */
export async function postgresCountAndPage(
  db: ContentStore,
  { every, anywhere }: ReturnType<typeof postgresQueries>,
  request: Scope & { limit: number; offset: number },
  listed: number,
): Promise<{ found: number; rows: HitRow[] }> {
  const topics = sql`${request.topics ?? []}::text[]`;
  const [counted, page] = await Promise.all([
    sql<{ found: string }>`SELECT search_count(${anywhere}, ${topics}, ${listed + 1}) AS found`.execute(db),
    sql<HitRow>`
      SELECT e.id, e.content_id, e.language AS text_language, t.title, t.description, t.document
      FROM search_page(${every}, ${anywhere}, ${topics}, ${request.limit}, ${request.offset}) AS page
        JOIN search_entries e ON e.id = page.id JOIN search_texts t ON t.entry_id = e.id
      ORDER BY page.place`.execute(db),
  ]);
  return { found: Number(counted.rows[0]?.found ?? 0), rows: page.rows };
}

/** PostgreSQL: the ids of a query's matches, at most `atMost`, in no tier's order (`search_ids`, migration 027). */
export async function postgresMatchIds(db: ContentStore, { anywhere }: ReturnType<typeof postgresQueries>, request: Scope, atMost: number): Promise<number[]> {
  const { rows } = await sql<{ id: string | number }>`SELECT search_ids(${anywhere}, ${request.topics ?? []}::text[], ${atMost}) AS id`.execute(db);
  return rows.map((row) => Number(row.id));
}

/** The contents of a scope's entries, as a subquery. */
export const scopedContentIds = (dialect: OpenStore['dialect'], scope: Scope) =>
  sql<{ content_id: string }>`SELECT e.content_id FROM search_entries e WHERE ${inScope(dialect, scope)}`;

/** SQLite: the contents whose entries match an FTS5 expression (with every topic asked), as a subquery. */
export const ftsContentIds = (expression: string, topics: string[] | undefined) =>
  sql<{ content_id: string }>`SELECT e.content_id FROM search_entries e
    WHERE e.id IN (SELECT rowid FROM search_terms WHERE search_terms MATCH ${expression} ${topicFilter('search_terms', topics)})`;

/** PostgreSQL: the contents a query's tsquery finds (with every topic asked), as a subquery. */
export const postgresContentIds = (anywhere: RawBuilder<unknown>, topics: string[] | undefined) =>
  sql<{ content_id: string }>`SELECT search_contents(${anywhere}, ${topics ?? []}::text[])`;

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

/**
 * The languages a query is stemmed in: the page's and every one the search ships a stemmer for
 * (its entries' texts may be in any of them, an untranslated sheet's in its fallback's). A stem
 * of another language finds what the word itself would, or little more.
 */
export const queryLanguages = (scope: Scope): string[] => [...new Set([scope.language, ...STEMMED_LANGUAGES])];

/** Words the start being typed may complete to, listed at most: past this many, the engine finds them itself. */
export const TYPED_WORDS = 50;

/**
 * PostgreSQL: the query as tsqueries for the search functions (migration 018), each holding the
 * page's scope word (search-index.ts), each word's phrases made by the text search
 * configurations: `every` every word, whole; `anywhere` the same, or the last one's start as
 * written in a title or description. The start is the words it completes to, at most TYPED_WORDS
 * of them (as on SQLite, typedWords), else a prefix match, each marked as the vectors hold words
 * as written (WRITTEN).
 */
export function postgresQueries(scope: Scope, plan: QueryPlan) {
  const configs = [...new Set(queryLanguages(scope).map(textSearchConfig))];
  const anyOf = (variants: string[][]) =>
    sql`(${sql.join(
      variants.flatMap((words) => configs.map((config) => sql`phraseto_tsquery(${config}::regconfig, ${words.join(' ')})`)),
      sql` || `,
    )})`;
  const chosen = selectionWords(scope.selection, { or: ' | ', and: ' & ' });
  const kept = sql`to_tsquery('simple', ${chosen === null ? scopeWord(scope.siteId, scope.language) : `${scopeWord(scope.siteId, scope.language)} & ${chosen}`})`;
  const scoped = (words: string[][][]) => sql.join([kept, ...words.map(anyOf)], sql` && `);
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
