import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import { searchFunctions } from './018-search-parts';

/**
 * Topics asked of a search may be groups (issue 37's facets: any topic of one facet, every facet
 * asked): an element of the functions' `topics` is one slug or several joined by `|`, and a match
 * has a topic of each element. A single slug is asked as before. PostgreSQL's search functions
 * (migration 018) are made again with this; SQLite asks its statements (search/query-store.ts).
 */
const EVERY_GROUP = `topical AS MATERIALIZED (
      SELECT t.content_id FROM search_topics t JOIN unnest(topics) AS asked(slugs) ON t.topic = ANY (string_to_array(asked.slugs, '|'))
      GROUP BY t.content_id HAVING count(DISTINCT asked.slugs) = cardinality(topics))`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql.raw(searchFunctions(EVERY_GROUP).replaceAll('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')).execute(db);
}
