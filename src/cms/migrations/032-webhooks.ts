import type { Kysely } from 'kysely';

/**
 * Webhooks (issue 39, docs/operations.md "Webhooks"), and what the CDN's purges remember of failing.
 *
 * `webhooks`: the URLs admins registered, the events each wants (a JSON array), and the secret its
 * deliveries are signed with (the server needs it to sign, so it is kept; it is shown once, when
 * made). A removed webhook keeps its row (`removed_at`) and its delivery log; it gets no more.
 *
 * `webhook_deliveries`: the outbox of the webhooks, one row per event and webhook, written in the
 * transaction of the change it tells of (a publish rolled back tells nothing). A sender claims the
 * rows that are due (`state` sending, since `claimed_at`; a claim older than its lease is a sender
 * that stopped), posts the body as it was written, and marks the row delivered, or waiting again
 * until `next_at` with the answer it got, or failed once a day has passed. `resent_from` names the
 * delivery a "send again" copied.
 *
 * `cdn_purges` gains `attempts` and `last_error`: a key whose purge failed says so to every
 * process (the studio asks any worker), not only to the one that tried.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('removed_by', 'text')
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('resent_from', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'next_at']).execute();
  await db.schema.createIndex('webhook_deliveries_log').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
  await db.schema
    .alterTable('cdn_purges')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('cdn_purges').addColumn('last_error', 'text').execute();
}
