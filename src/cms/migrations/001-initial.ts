import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/** The first schema: sites, languages, content, collections, media and file assets (spec §3). */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';

  await db.schema
    .createTable('sites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url_name', 'text', (c) => c.notNull().unique())
    .addColumn('channel_id', 'text', (c) => c.notNull().unique())
    .addColumn('community_id', 'text', (c) => c.notNull().unique())
    .addColumn('default_language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_languages')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_languages_pk', ['site_id', 'language'])
    .execute();

  await db.schema
    .createTable('content_types')
    .addColumn('fully_qualified_name', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('field_schema', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('content_key', 'text', (c) => c.notNull().unique())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull().references('content_types.fully_qualified_name'))
    .addColumn('url_name', 'text', (c) => c.notNull())
    .addColumn('primary_language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('contents_site_url_name_unique', ['site_id', 'url_name'])
    .execute();

  await db.schema
    .createTable('content_translations')
    .addColumn('content_id', 'text', (c) => c.notNull().references('contents.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_translations_pk', ['content_id', 'language'])
    .execute();

  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('collection_key', 'text', (c) => c.notNull().unique())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull().references('content_types.fully_qualified_name'))
    .addColumn('url_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('primary_language', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('collection_items')
    .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull().references('contents.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('collection_items_pk', ['collection_id', 'position'])
    .addUniqueConstraint('collection_items_content_unique', ['collection_id', 'content_id'])
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('content_id', 'text', (c) => c.primaryKey().references('contents.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', sql.raw(binary), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('file_assets')
    .addColumn('asset_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', sql.raw(binary), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_assets_pk', ['asset_id', 'version'])
    .execute();

  await db.schema
    .createTable('store_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
