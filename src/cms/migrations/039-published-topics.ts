import { sql, type Kysely } from 'kysely';

/**
 * The read model's topic membership (issue 61, docs/decisions/040): a row per published sheet of a
 * site and each topic its primary text lists, written by the journal's reader `published` beside
 * the sheet's rows. A sheet's page reads its topics and its related sheets here, not in the search
 * index (which keeps its own, `search_topics`, for searches and the CDN's topic keys).
 *
 * The journal gets an entry `published rebuild`: the reader's next batch makes every row again,
 * these with them, before any page reads them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('published_topics')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('published_topics_pk', ['site_id', 'topic', 'content_id'])
    .execute();
  await db.schema.createIndex('published_topics_content').on('published_topics').column('content_id').execute();
  await sql`INSERT INTO change_journal (subject, target, detail, at) VALUES ('published', 'rebuild', '', ${new Date().toISOString()})`.execute(db);
}
