import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The studio's sheet list reads the title of every never-edited sheet it counts, sorts or
 * searches (repositories/sheet-list.ts). On SQLite a translation's row holds its body too, a page
 * of the file for two or three rows: 10,000 sheets read some 5,000 pages for their titles, about
 * 20 ms of a 30 ms list. Their titles in an index of their own are a few hundred pages, read in
 * order. PostgreSQL keeps long bodies out of its rows (TOAST), so its rows are small already; and
 * a btree entry there is limited to about 2.7 KB, which a 1,000-character title in three-byte
 * characters would pass.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`CREATE INDEX content_translations_titles ON content_translations (content_id, language, title)`.execute(db);
}
