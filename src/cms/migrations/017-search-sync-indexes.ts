import type { Kysely } from 'kysely';

/**
 * Narrow indexes for what the search index is compared with before a search after a change
 * (search/search-index.ts): every translation's language and publication time, and every entry's;
 * and a sheet's place in its collections, which topic pages order by.
 * Read from these rather than from the tables, whose rows hold bodies, the comparison on a
 * 100,000-sheet store stays within a serving process's statement time limit even when the file is
 * not in memory yet (the tables' scans took up to a second each, and a search got a 503).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('content_translations_published').on('content_translations').columns(['content_id', 'language', 'published_at']).execute();
  await db.schema.createIndex('search_entries_published').on('search_entries').columns(['content_id', 'language', 'serves', 'published_at']).execute();
  // A sheet's place in the collections, for topic pages and related sheets (each looked up by content).
  await db.schema.createIndex('collection_items_content').on('collection_items').columns(['content_id', 'position']).execute();
}
