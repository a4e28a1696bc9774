import { sql, type Kysely } from 'kysely';

/**
 * The site's settings join the read model (issue 61, docs/decisions/040): a row per site with what
 * every page and delivery call reads before any content (the site, its languages in order, its
 * topics, the sheet type, its collections and how many items each holds), written by the journal's
 * reader `published`, so a page reads one row per content version instead of five tables.
 * `channel_id` and `community_id` are columns for the calls that name the site by them.
 *
 * The journal gets an entry `published rebuild`: the reader's next batch makes the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('published_sites')
    .addColumn('site_id', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('community_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('facts', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO change_journal (subject, target, detail, at) VALUES ('published', 'rebuild', '', ${new Date().toISOString()})`.execute(db);
}
