import { sql, type Kysely } from 'kysely';

/**
 * Every published content joins the read model (issue 61, docs/decisions/040): the delivery API's
 * single content, content list and community calls serve any content type, images too, and now
 * read the same rows the pages read, so a sheet exists in one shape.
 *
 * `published_contents` takes the place of `published_sheets`: a row per content of a site and page
 * language (the default language's, and another's only where it shows something of its own), its
 * facts as JSON. Beside the columns the pages' questions filter on (`url_name`, `indexed`, `shown`:
 * a sheet a collection of its site shows), those of the content calls' filters and order
 * (`content_key`, `content_type`, `updated_at`, `primary_published_at`: the primary translation's
 * date, null without one).
 *
 * The journal gets an entry `published rebuild`: the reader's next batch makes every row, before
 * any page or call reads them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('published_sheets').execute();
  await db.schema
    .createTable('published_contents')
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('content_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('url_name', 'text', (c) => c.notNull())
    .addColumn('shown', 'integer', (c) => c.notNull())
    .addColumn('indexed', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('primary_published_at', 'text')
    .addColumn('facts', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('published_contents_pk', ['content_id', 'language'])
    .execute();
  await db.schema.createIndex('published_contents_address').on('published_contents').columns(['site_id', 'url_name', 'language']).execute();
  await db.schema.createIndex('published_contents_key').on('published_contents').columns(['site_id', 'content_key', 'language']).execute();
  await db.schema.createIndex('published_contents_order').on('published_contents').columns(['site_id', 'language', 'updated_at', 'content_id']).execute();
  await sql`INSERT INTO change_journal (subject, target, detail, at) VALUES ('published', 'rebuild', '', ${new Date().toISOString()})`.execute(db);
}
