/**
 * The search report as the store holds it (migration 026; search-report.ts counts, this writes
 * and reads): every query of `search_queries` and `search_opens`.
 */
import { sql } from 'kysely';
import type { ContentStore } from '../cms/database';

export interface QueryCount {
  siteId: string;
  language: string;
  query: string;
  day: string;
  searches: number;
  found: number;
}

export interface OpenCount {
  siteId: string;
  language: string;
  query: string;
  contentId: string;
  day: string;
  opens: number;
}

export const dayBefore = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Adds a batch of counts to the store's, in one transaction, and lets go of what is older than the report. */
export async function writeCounts(
  db: ContentStore,
  batch: { queries: QueryCount[]; opens: OpenCount[] },
  today: string,
  keptDays: number,
  queriesPerDay: number,
): Promise<void> {
  const oldest = dayBefore(today, keptDays - 1);
  await db.transaction().execute(async (trx) => {
    for (const count of batch.queries) {
      // Added to what is there (another process may be adding to the same row), else a new row while the day has room.
      const added = await trx
        .updateTable('search_queries')
        .set((eb) => ({ searches: eb('searches', '+', count.searches), found: count.found }))
        .where('site_id', '=', count.siteId)
        .where('language', '=', count.language)
        .where('query', '=', count.query)
        .where('day', '=', count.day)
        .executeTakeFirst();
      if (Number(added.numUpdatedRows) > 0) continue;
      const kept = await trx
        .selectFrom('search_queries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('site_id', '=', count.siteId)
        .where('language', '=', count.language)
        .where('day', '=', count.day)
        .executeTakeFirstOrThrow();
      if (Number(kept.count) >= queriesPerDay) continue;
      await trx
        .insertInto('search_queries')
        .values({ site_id: count.siteId, language: count.language, query: count.query, day: count.day, searches: count.searches, found: count.found })
        .onConflict((conflict) =>
          conflict.columns(['site_id', 'language', 'query', 'day']).doUpdateSet((eb) => ({ searches: eb('search_queries.searches', '+', count.searches) })),
        )
        .execute();
    }
    for (const count of batch.opens)
      await trx
        .insertInto('search_opens')
        .values({ site_id: count.siteId, language: count.language, query: count.query, content_id: count.contentId, day: count.day, opens: count.opens })
        .onConflict((conflict) =>
          conflict.columns(['site_id', 'language', 'query', 'content_id', 'day']).doUpdateSet((eb) => ({ opens: eb('search_opens.opens', '+', count.opens) })),
        )
        .execute();
    await trx.deleteFrom('search_queries').where('day', '<', oldest).execute();
    await trx.deleteFrom('search_opens').where('day', '<', oldest).execute();
  });
}

/** A query's searches over the days asked, and how many sheets it found the last day it was searched for. */
export interface QueryTotal {
  language: string;
  query: string;
  searches: number;
  found: number;
}

/** Every query of a site since a day, with its searches added up. */
export async function readQueryTotals(db: ContentStore, siteId: string, since: string): Promise<QueryTotal[]> {
  const { rows } = await sql<QueryTotal>`
    SELECT q.language, q.query, t.searches, q.found
    FROM search_queries q
    JOIN (SELECT language, query, SUM(searches) AS searches, MAX(day) AS last FROM search_queries
          WHERE site_id = ${siteId} AND day >= ${since} GROUP BY language, query) t
      ON q.language = t.language AND q.query = t.query AND q.day = t.last
    WHERE q.site_id = ${siteId}`.execute(db);
  return rows.map((row) => ({ ...row, searches: Number(row.searches), found: Number(row.found) }));
}

/** A sheet opened from a query's results, with its opens added up. */
export interface OpenTotal {
  language: string;
  contentId: string;
  query: string;
  opens: number;
}

/** Every sheet of a site opened from search since a day, per query. */
export async function readOpenTotals(db: ContentStore, siteId: string, since: string): Promise<OpenTotal[]> {
  const rows = await db
    .selectFrom('search_opens')
    .select(['language', 'content_id', 'query', (eb) => eb.fn.sum<number>('opens').as('opens')])
    .where('site_id', '=', siteId)
    .where('day', '>=', since)
    .groupBy(['language', 'content_id', 'query'])
    .execute();
  return rows.map((row) => ({ language: row.language, contentId: row.content_id, query: row.query, opens: Number(row.opens) }));
}
