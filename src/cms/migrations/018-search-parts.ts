import { sql, type Kysely } from 'kysely';
import type { ContentStore } from '../database';
import type { Dialect } from '../dialect';
import { addWrittenWords } from '../../search/search-index';

/**
 * PostgreSQL, so that a search makes few GIN lookups, each of few matches (docs/search.md, "How
 * results are ordered"; decision 021):
 * - a site's search entries are split into four parts, each vector's GIN index into one per
 *   part: a common word's matches are gathered in the smallest part only (SEARCH_PARTS). An
 *   entry's part is told by the first byte of its content id's MD5: 1 of its 64 values makes
 *   part 0, 3 part 1, 12 part 2 and 48 part 3;
 * - the title's and description's words as written are in `terms` and `heads` too, marked
 *   (WRITTEN), and listed in `search_words`, as on SQLite: the start of a word being typed is
 *   completed from the list and looked up in the same vector as the other words. `names`, which
 *   held them alone, goes.
 * The words are added from the kept texts; the entries stay as they are. SQLite's index has none
 * of this to change.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') return;
  await sql`CREATE TABLE search_words (word text PRIMARY KEY)`.execute(db);
  await addWrittenWords(db as unknown as ContentStore);
  await sql`ALTER TABLE search_entries DROP COLUMN names`.execute(db);
  await sql`ALTER TABLE search_entries ADD COLUMN part smallint NOT NULL GENERATED ALWAYS AS (
    CASE WHEN get_byte(decode(md5(content_id), 'hex'), 0) & 63 < 1 THEN 0
      WHEN get_byte(decode(md5(content_id), 'hex'), 0) & 63 < 4 THEN 1
      WHEN get_byte(decode(md5(content_id), 'hex'), 0) & 63 < 16 THEN 2
      ELSE 3 END) STORED`.execute(db);
  for (const vector of ['terms', 'heads', 'titles']) {
    await sql`DROP INDEX ${sql.ref(`search_entries_${vector}`)}`.execute(db);
    for (const part of [0, 1, 2, 3])
      await sql`CREATE INDEX ${sql.ref(`search_entries_${vector}_${part}`)} ON search_entries USING gin (${sql.ref(vector)}) WHERE part = ${sql.lit(part)}`.execute(
        db,
      );
  }
  await sql`ANALYZE search_entries`.execute(db);
}
