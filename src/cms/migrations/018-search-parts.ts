import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import { addContentVersionTriggers } from './003-content-version-triggers';
import { emptySearchIndex } from './search-index-emptied';

const PARTS = [0, 1, 2, 3];

/**
 * PostgreSQL, so that a search makes few GIN lookups, each of few matches, and is planned once
 * per connection (docs/search.md, "How results are ordered"; decision 021):
 * - a site's search entries are split into four parts, each vector's GIN index into one per
 *   part: a common word's matches are gathered in the smallest part only. An entry's part is
 *   told by the first byte of its content id's MD5: 1 of its 64 values makes part 0, 3 part 1,
 *   12 part 2 and 48 part 3;
 * - the title's and description's words as written are in `terms` and `heads` too, marked
 *   (search-index.ts, WRITTEN), and listed in `search_words`, as on SQLite: the start of a word
 *   being typed is completed from the list and looked up in the same vector as the other words.
 *   `names`, which held them alone, goes;
 * - the functions `search_count` (how many a query matches), `search_page` (a page of its
 *   matches) and `search_contents` (the contents of every match) read the parts one after
 *   another, with the planner settings a search needs, in plans PL/pgSQL keeps;
 * - a change of the synonyms is a change of the content (a serving process reads them once per
 *   change, and its cached search pages are of the content before).
 * The index is emptied: the next sync makes every entry again, with these. SQLite's index has none
 * of this to change; there, too, a change of the synonyms is a change of the content.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await addContentVersionTriggers(db, dialect, ['search_synonyms']);
  if (dialect === 'sqlite') return;
  await sql`CREATE TABLE search_words (word text PRIMARY KEY)`.execute(db);
  await emptySearchIndex(db, {});
  await sql`ALTER TABLE search_entries DROP COLUMN names`.execute(db);
  await sql`ALTER TABLE search_entries ADD COLUMN part smallint NOT NULL GENERATED ALWAYS AS (
    CASE WHEN get_byte(decode(md5(content_id), 'hex'), 0) & 63 < 1 THEN 0
      WHEN get_byte(decode(md5(content_id), 'hex'), 0) & 63 < 4 THEN 1
      WHEN get_byte(decode(md5(content_id), 'hex'), 0) & 63 < 16 THEN 2
      ELSE 3 END) STORED`.execute(db);
  for (const vector of ['terms', 'heads', 'titles']) {
    await sql`DROP INDEX ${sql.ref(`search_entries_${vector}`)}`.execute(db);
    for (const part of PARTS)
      await sql`CREATE INDEX ${sql.ref(`search_entries_${vector}_${part}`)} ON search_entries USING gin (${sql.ref(vector)}) WHERE part = ${sql.lit(part)}`.execute(
        db,
      );
  }
  await sql.raw(searchFunctions()).execute(db);
  await sql`ANALYZE search_entries`.execute(db);
}

/**
 * The search functions. `every` holds every query word (and the page's scope word); `anywhere`
 * the same but the last word may be a start being typed; `topics` are those every match has (none:
 * any). The planner takes the GIN indexes' bitmaps, in one process: for a LIMIT it would walk the
 * table in order when it guesses a rare word common, and a scan in one process keeps the order the
 * rows are held in (a UNION ALL reads its queries in turn, none after a LIMIT it is read for is met).
 */
function searchFunctions(): string {
  // An entry `e` of a part meeting a condition (and having the topics), each part in turn.
  const byPart = (column: string, condition: string) =>
    PARTS.map(
      (part) => `(SELECT ${column} FROM search_entries e WHERE e.part = ${part} AND ${condition}
        AND (cardinality(topics) = 0 OR e.content_id IN (SELECT content_id FROM topical)))`,
    ).join('\n      UNION ALL ');
  // The sheets having every topic asked (read only when some are).
  const topical = `topical AS MATERIALIZED (
      SELECT t.content_id FROM search_topics t WHERE t.topic = ANY (topics) GROUP BY t.content_id HAVING count(*) = cardinality(topics))`;
  const settings = `LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_indexscan = off SET max_parallel_workers_per_gather = 0 SET plan_cache_mode = force_generic_plan`;
  return `
-- A query's matches, counted up to at_most, from terms alone (a title's and description's words are in it too).
CREATE FUNCTION search_count(anywhere tsquery, topics text[], at_most bigint) RETURNS bigint ${settings} AS $$
DECLARE
  counted bigint;
BEGIN
  WITH ${topical}
  SELECT count(*) INTO counted FROM (${byPart('', 'e.terms @@ anywhere')} LIMIT at_most) AS matches;
  RETURN counted;
END $$;

-- A page of a query's matches: the sheets with every word in their title, then in their title or description, then the others.
CREATE FUNCTION search_page(every tsquery, anywhere tsquery, topics text[], page_limit bigint, page_offset bigint)
  RETURNS TABLE (id bigint, place bigint) ${settings} AS $$
BEGIN
  RETURN QUERY WITH ${topical}
  SELECT t.id, row_number() OVER () FROM (
    ${byPart('e.id', 'e.titles @@ every')}
    UNION ALL ${byPart('e.id', 'e.heads @@ anywhere AND NOT e.titles @@ every')}
    UNION ALL ${byPart('e.id', 'e.terms @@ anywhere AND NOT e.heads @@ anywhere')}
  ) AS t LIMIT page_limit OFFSET page_offset;
END $$;

-- The contents of every match of a query.
CREATE FUNCTION search_contents(anywhere tsquery, topics text[]) RETURNS SETOF text ${settings} AS $$
BEGIN
  RETURN QUERY WITH ${topical} ${byPart('e.content_id', 'e.terms @@ anywhere')};
END $$;`;
}
