/**
 * Webhooks and their deliveries (migration 032): the registered URLs, and the outbox a sender
 * claims from (webhooks/sender.ts), which is also the delivery log the studio shows.
 */
import type { ContentStore, OpenStore } from '../database';
import type { Selectable } from 'kysely';
import type { DeliveryState } from '../../shared/webhook-events';
import type { WebhookDeliveriesTable, WebhooksTable } from '../schema';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export async function insertWebhook(db: ContentStore, row: WebhookRow): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

/** Every webhook, the removed ones too, oldest first. */
export async function listWebhooks(db: ContentStore): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function findWebhook(db: ContentStore, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setWebhookRemoved(db: ContentStore, id: string, removed: { by: string; at: string } | null): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ removed_by: removed?.by ?? null, removed_at: removed?.at ?? null })
    .where('id', '=', id)
    .execute();
}

/** The webhooks not removed; the caller picks those that want an event (its list is JSON). */
export async function listActiveWebhooks(db: ContentStore): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().where('removed_at', 'is', null).orderBy('created_at').orderBy('id').execute();
}

export async function insertDelivery(db: ContentStore, row: Omit<DeliveryRow, 'attempts'>): Promise<void> {
  await db.insertInto('webhook_deliveries').values(row).execute();
}

export async function findDelivery(db: ContentStore, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A webhook's deliveries, newest first. */
export async function listDeliveries(db: ContentStore, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Takes up to `limit` deliveries that are due (waiting until `now` or before, or claimed longer
 * ago than `staleBefore`), oldest first, in one transaction: two senders never take the same one.
 */
export async function claimDueDeliveries(
  { db, dialect }: Pick<OpenStore, 'db' | 'dialect'>,
  { now, staleBefore, limit }: { now: string; staleBefore: string; limit: number },
): Promise<DeliveryRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where((eb) =>
        eb.or([eb.and([eb('state', '=', 'waiting'), eb('next_at', '<=', now)]), eb.and([eb('state', '=', 'sending'), eb('claimed_at', '<', staleBefore)])]),
      )
      .orderBy('next_at')
      .orderBy('id')
      .limit(limit)
      // SQLite's write transaction is its lock; PostgreSQL's rows are locked one by one.
      .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked())
      .execute();
    if (due.length > 0)
      await trx
        .updateTable('webhook_deliveries')
        .set({ state: 'sending', claimed_at: now })
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .execute();
    return due;
  });
}

/** How one try of a delivery ended: delivered, to be tried again at `nextAt`, or failed for good. */
export interface DeliveryOutcome {
  state: Exclude<DeliveryState, 'sending'>;
  status: number | null;
  error: string | null;
  at: string;
  nextAt?: string;
}

/** Records a try of the sender that claimed the delivery at `claimedAt`; a sender whose claim was taken over records nothing. */
export async function recordDeliveryTry(db: ContentStore, id: string, claimedAt: string, outcome: DeliveryOutcome): Promise<void> {
  const finished = outcome.state !== 'waiting';
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      state: outcome.state,
      attempts: eb('attempts', '+', 1),
      last_status: outcome.status,
      last_error: outcome.error,
      claimed_at: null,
      finished_at: finished ? outcome.at : null,
      ...(outcome.nextAt === undefined ? {} : { next_at: outcome.nextAt }),
    }))
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('claimed_at', '=', claimedAt)
    .execute();
}

/** Deletes the finished deliveries older than `before` (the log keeps a month); answers how many. */
export async function deleteFinishedDeliveries(db: ContentStore, before: string): Promise<number> {
  const result = await db.deleteFrom('webhook_deliveries').where('state', 'in', ['delivered', 'failed']).where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
