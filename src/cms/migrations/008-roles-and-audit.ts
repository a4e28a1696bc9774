import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Roles and the audit log (issue "Drafts, versions, roles, audit"). Every existing account becomes
 * a visitor: the role it had before roles existed. A disabled account keeps its row (its name
 * stays in the audit log) and cannot sign in. `locks` holds one row per kind of change that must
 * not interleave (accounts: the last admin stays); a transaction takes one by writing its row.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('visitor'))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();

  await db.schema
    .createTable('audit_log')
    // A sequence, so that entries made in the same millisecond keep their order.
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').column('actor').execute();

  await db.schema
    .createTable('locks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO locks (name, taken_at) VALUES ('accounts', '')`.execute(db);
}
