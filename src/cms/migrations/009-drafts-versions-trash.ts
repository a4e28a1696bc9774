import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The editing model (docs/editing.md): the public tables stay the published state; what is not
 * published lives here. `drafts` holds each thing's working copy with its revision (optimistic
 * concurrency); `versions` every save (folded) and every publish, unpublish, restore and import;
 * `trash` what was deleted, restorable until purged; `blobs` the bytes of images and documents
 * that versions and drafts refer to by digest, so that no version ever loses its files;
 * `schedules` publishing and unpublishing at a time; `imports` each import, so it can be undone.
 * None of these tables bumps the content version: nothing here is public.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  await db.schema
    .createTable('drafts')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('drafts_pk', ['kind', 'target_id'])
    .execute();

  await db.schema
    .createTable('versions')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('import_id', 'text')
    .addColumn('audit_id', 'bigint')
    .addUniqueConstraint('versions_number', ['kind', 'target_id', 'number'])
    .execute();
  await db.schema.createIndex('versions_import').on('versions').column('import_id').execute();

  await db.schema
    .createTable('trash')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('published', 'text')
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('deleted_by', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trash_pk', ['kind', 'target_id'])
    .execute();

  await db.schema
    .createTable('blobs')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    // A document's text, extracted when it came in (search reads it); null for images.
    .addColumn('text', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('schedules')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('fired_at', 'text')
    .addColumn('outcome', 'text')
    .execute();
  await db.schema.createIndex('schedules_due').on('schedules').columns(['state', 'due_at']).execute();

  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    // JSON: what the import changed, as it was before (sheets, collection orders), to undo it.
    .addColumn('before_state', 'text', (c) => c.notNull())
    .addColumn('undone_at', 'text')
    .execute();

  await sql`INSERT INTO locks (name, taken_at) VALUES ('editing', '')`.execute(db);
}
