import type { Kysely } from 'kysely';

/** Per-record SEO data behind the SEO properties call (spec §3.5, §7.5). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seo_records')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('url_alias', 'text')
    .addColumn('record_name', 'text', (c) => c.notNull())
    .addColumn('object_name', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('href_lang_urls', 'text', (c) => c.notNull())
    .addColumn('canonical_url', 'text')
    .addColumn('is_seo_indexed', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('seo_records_pk', ['site_id', 'record_id'])
    .addUniqueConstraint('seo_records_alias_unique', ['site_id', 'url_alias'])
    .execute();
}
