/**
 * Telling webhooks of an event: one delivery per webhook that wants it, written into the outbox
 * (migration 032) in the transaction of the change itself, so that a change and its deliveries
 * commit together or not at all. Nothing is sent here: the sender (sender.ts) does, later, so a
 * receiver's slowness never slows the change.
 */
import { randomUUID } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { insertDelivery, listActiveWebhooks } from '../cms/repositories/webhooks';
import { isWebhookEvent, LISTED_SHEETS } from '../shared/webhook-events';

/**
 * Queues `event` with `data` for every webhook that wants it. An event no webhook may ask for
 * (`collection.published`: the editing model names its changes by kind) queues nothing.
 */
export async function tellWebhooks(trx: ContentStore, event: string, data: Record<string, unknown>, at: Date): Promise<void> {
  if (!isWebhookEvent(event)) return;
  const wanting = (await listActiveWebhooks(trx)).filter((webhook) => (JSON.parse(webhook.events) as string[]).includes(event));
  if (wanting.length === 0) return;
  const createdAt = at.toISOString();
  // One event id for every webhook told of it, and again on a "send again": receivers dedupe by it.
  const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: event, createdAt, data });
  for (const webhook of wanting)
    await insertDelivery(trx, {
      id: `dlv_${randomUUID()}`,
      webhook_id: webhook.id,
      event,
      body,
      created_at: createdAt,
      state: 'waiting',
      next_at: createdAt,
      claimed_at: null,
      last_status: null,
      last_error: null,
      finished_at: null,
      resent_from: null,
    });
}

/** The sheets a change made, for an event's data: the first LISTED_SHEETS of them, and how many in all (a receiver may refuse a body of megabytes). */
export function listedSheets<T>(sheets: readonly T[]): { sheets: T[]; sheetCount: number } {
  return { sheets: sheets.slice(0, LISTED_SHEETS), sheetCount: sheets.length };
}
