import { sql, type Kysely } from 'kysely';

/**
 * Facets (docs/search.md, "Facets"): each search entry keeps the facet values its sheet has (its
 * topics, and its values of the fields the sheet type marks as facets) as JSON, which the facet
 * counts are made from, and holds a word per value in its scope, which a search filters by inside
 * the full-text engine. Every entry is marked out of date, as migration 025 did: the next sync
 * makes each again, batch by batch, while the entries as they are go on answering searches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('search_entries')
    .addColumn('facets', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await sql`UPDATE search_entries SET published_at = ''`.execute(db);
}
