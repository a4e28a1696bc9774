import { sql, type QueryExecutorProvider } from 'kysely';

/**
 * Empties the search index, which is made from the published content (search/search-index.ts):
 * a migration that changes how entries are made calls this, and the next sync (the first search,
 * or `npm run cli -- search sync`) makes every entry again as the code of the day makes them.
 * Migrations call no application code, whose later changes would change what an old migration
 * does (docs/decisions/028-rooms-and-their-order.md).
 *
 * `fullText`: SQLite's FTS5 tables of the index as the migration knows them; `lists`: its other
 * tables besides the entries, their texts and topics.
 */
export async function emptySearchIndex(db: QueryExecutorProvider, { fullText = [], lists = [] }: { fullText?: string[]; lists?: string[] }): Promise<void> {
  // Contentless tables are emptied by their own command: they keep no rows to delete by.
  for (const table of fullText) await sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}) VALUES ('delete-all')`.execute(db);
  for (const table of [...lists, 'search_topics', 'search_texts', 'search_entries']) await sql`DELETE FROM ${sql.table(table)}`.execute(db);
}
