import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Facets (docs/search.md, "Facets"; decision 034): each search entry keeps the facet values its
 * sheet has (its topics, and its values of the fields the sheet type marks as facets) as JSON,
 * which the facet counts are made from, and holds a word per value in its scope, which a search
 * filters by inside the full-text engine. Every entry is marked out of date, as migration 025 did:
 * the next sync makes each again, batch by batch, while the entries as they are go on answering
 * searches.
 *
 * PostgreSQL gets `search_ids`: the ids of a query's matches, up to a number, from terms alone and
 * part by part as `search_count` reads them (migration 018), which facet counts are tallied from.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('search_entries')
    .addColumn('facets', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await sql`UPDATE search_entries SET published_at = ''`.execute(db);
  if (dialect === 'sqlite') return;
  const byPart = [0, 1, 2, 3]
    .map(
      (part) => `(SELECT e.id FROM search_entries e WHERE e.part = ${part} AND e.terms @@ anywhere
        AND (cardinality(topics) = 0 OR e.content_id IN (SELECT content_id FROM topical)))`,
    )
    .join('\n      UNION ALL ');
  await sql
    .raw(
      `
-- The ids of a query's matches, at most at_most, from terms alone.
CREATE FUNCTION search_ids(anywhere tsquery, topics text[], at_most bigint) RETURNS SETOF bigint
  LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_indexscan = off SET max_parallel_workers_per_gather = 0 SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY WITH topical AS MATERIALIZED (
      SELECT t.content_id FROM search_topics t WHERE t.topic = ANY (topics) GROUP BY t.content_id HAVING count(*) = cardinality(topics))
  SELECT matches.id FROM (${byPart}) AS matches LIMIT at_most;
END $$;`,
    )
    .execute(db);
}
