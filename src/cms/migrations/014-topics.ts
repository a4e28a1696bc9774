import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import { addContentVersionTriggers } from './003-content-version-triggers';

/**
 * Topics (docs/search.md, "Topics"). `topics` is a site's taxonomy: each topic a slug (its URL
 * segment, and what a sheet's body lists under `topics`), the facet it belongs to (process, kind,
 * element, …), its place in the facet and its name in each language. It is content: a change
 * bumps the content version, as the pages that name topics change with it.
 * `search_topics` is derived, as the search entries are (search/search-index.ts keeps it in
 * step): which published sheet has which topic, so that topic pages and the delivery API's
 * `topics[]` filter with an index rather than by reading every body.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('topics')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('facet', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('labels', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('topics_pk', ['site_id', 'slug'])
    .execute();
  await addContentVersionTriggers(db, dialect, ['topics']);

  await db.schema
    .createTable('search_topics')
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_topics_pk', ['topic', 'content_id'])
    .execute();
  await db.schema.createIndex('search_topics_content').on('search_topics').column('content_id').execute();
}
