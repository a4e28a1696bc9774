import type { Kysely } from 'kysely';

/**
 * What visitors searched for (issue 37, docs/search.md "What searches found nothing"), counted in
 * aggregate, a row per site, page language, query and day: `search_queries` how often and how
 * many sheets it found; `search_opens` which sheet's page or document was opened from its
 * results. No address, cookie or visitor is kept. Not content: no change to these is a change of
 * the site (no content version trigger).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_queries')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addColumn('found', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_queries_pk', ['site_id', 'language', 'query', 'day'])
    .execute();
  await db.schema.createIndex('search_queries_day').on('search_queries').columns(['site_id', 'day']).execute();
  await db.schema
    .createTable('search_opens')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('opens', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_opens_pk', ['site_id', 'language', 'query', 'content_id', 'day'])
    .execute();
  await db.schema.createIndex('search_opens_day').on('search_opens').columns(['site_id', 'day']).execute();
}
