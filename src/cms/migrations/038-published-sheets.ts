import { sql, type Kysely } from 'kysely';

/**
 * The read model of what is published (issue 61, docs/decisions/040): what the site shows of each
 * sheet, in each of its site's languages, written by the journal's reader `published`
 * (src/published/) and read by the pages through one function per question.
 *
 * `published_sheets`: a row per shown sheet and page language, its facts as JSON (the sheet as the
 * language shows it, the documents it links with their sizes and versions, whether search engines
 * may index it, which `indexed` repeats for the sitemap). `published_links`: what else a row was made from (an image's content, a document),
 * so that a change to one of them makes its sheets' rows again.
 *
 * Its cursor starts at the journal's head, and the journal gets an entry `published rebuild`: the
 * reader's first batch makes every row, on a new store and on one upgraded, before any page reads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('published_sheets')
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('url_name', 'text', (c) => c.notNull())
    .addColumn('indexed', 'integer', (c) => c.notNull())
    .addColumn('facts', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('published_sheets_pk', ['content_id', 'language'])
    .execute();
  await db.schema.createIndex('published_sheets_address').on('published_sheets').columns(['site_id', 'url_name', 'language']).execute();
  await db.schema
    .createTable('published_links')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('published_links_pk', ['target', 'content_id'])
    .execute();
  await db.schema.createIndex('published_links_content').on('published_links').column('content_id').execute();

  const at = new Date().toISOString();
  await sql`INSERT INTO journal_cursors (reader, position, read_at) SELECT 'published', COALESCE(max(position), 0), ${at} FROM change_journal`.execute(db);
  await sql`INSERT INTO change_journal (subject, target, detail, at) VALUES ('published', 'rebuild', '', ${at})`.execute(db);
}
