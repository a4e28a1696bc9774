import type { Kysely } from 'kysely';

/**
 * `file_assets.retired_at` (issue 35): a published version of a document an editor withdrew (an
 * outdated safety data sheet). Its address answers 410 Gone, naming the current version; null
 * for every version served. The bytes stay: bringing it back serves them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('file_assets').addColumn('retired_at', 'text').execute();
}
