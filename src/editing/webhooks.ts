/**
 * The webhooks admins register (studio and `npm run cli -- webhooks`): a URL, the events it
 * wants, and a secret made here and shown once, in the answer that made it. Removing one stops
 * its deliveries and keeps its log; it can be brought back. "Send again" queues a copy of a
 * delivery, with the same event id (receivers dedupe by it). Each change is in the audit log,
 * never with the secret.
 */
import { randomUUID } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import {
  findDelivery,
  findWebhook,
  insertDelivery,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  setWebhookRemoved,
  type DeliveryRow,
  type WebhookRow,
} from '../cms/repositories/webhooks';
import { isWebhookEvent, type Delivery, type Webhook, type WebhookEvent } from '../shared/webhook-events';
import { newWebhookSecret } from '../webhooks/signature';
import { recordChange, type Actor } from './audit';
import { editingChange, EditingError } from './editable';

export interface NewWebhook {
  url: string;
  events: string[];
  description?: string;
}

const MAX_URL = 2000;
const MAX_DESCRIPTION = 200;

function webhookOf(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    description: row.description,
    createdBy: row.created_by,
    createdAt: row.created_at,
    removedAt: row.removed_at,
  };
}

function deliveryOf(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    event: row.event,
    createdAt: row.created_at,
    state: row.state,
    attempts: Number(row.attempts),
    nextAt: row.state === 'waiting' ? row.next_at : null,
    lastStatus: row.last_status,
    lastError: row.last_error,
    finishedAt: row.finished_at,
    resentFrom: row.resent_from,
  };
}

/** The URL as it is kept: http or https, without a user name or password (they would show in the list and the log). */
function checkedWebhookUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new EditingError(`“${text.slice(0, 100)}” is not a URL: give one such as https://example.com/hooks/literature`, 'invalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new EditingError(`A webhook’s URL starts with https:// or http://, not ${url.protocol}`, 'invalid');
  if (url.username !== '' || url.password !== '')
    throw new EditingError('A webhook’s URL cannot hold a user name or password: the signature tells the receiver who sends', 'invalid');
  if (url.href.length > MAX_URL) throw new EditingError(`A webhook’s URL is at most ${MAX_URL} characters`, 'invalid');
  return url.href;
}

function checkedEvents(events: string[]): WebhookEvent[] {
  const unknown = events.filter((event) => !isWebhookEvent(event));
  if (unknown.length > 0) throw new EditingError(`There is no event ${unknown.map((event) => `“${event}”`).join(', ')}`, 'invalid');
  if (events.length === 0) throw new EditingError('Choose at least one event for the webhook', 'invalid');
  return [...new Set(events)] as WebhookEvent[];
}

const targetOf = (webhook: Webhook) => ({ type: 'webhook' as const, id: webhook.id, label: webhook.url });

/** Registers a webhook; the answer holds its secret, which is never shown again. */
export async function addWebhook(db: ContentStore, request: NewWebhook, actor: Actor, now = new Date()): Promise<{ webhook: Webhook; secret: string }> {
  const url = checkedWebhookUrl(request.url);
  const events = checkedEvents(request.events);
  const description = (request.description ?? '').trim();
  if (description.length > MAX_DESCRIPTION) throw new EditingError(`A webhook’s description is at most ${MAX_DESCRIPTION} characters`, 'invalid');
  const secret = newWebhookSecret();
  const row: WebhookRow = {
    id: `wh_${randomUUID()}`,
    url,
    events: JSON.stringify(events),
    secret,
    description,
    created_by: actor.label,
    created_at: now.toISOString(),
    removed_by: null,
    removed_at: null,
  };
  return editingChange(db, async (trx) => {
    await insertWebhook(trx, row);
    const webhook = webhookOf(row);
    await recordChange(trx, { actor, action: 'webhook.add', target: targetOf(webhook), after: { url, events, description }, at: now });
    return { webhook, secret };
  });
}

export async function listWebhookViews(db: ContentStore): Promise<Webhook[]> {
  return (await listWebhooks(db)).map(webhookOf);
}

async function existing(db: ContentStore, id: string): Promise<Webhook> {
  const row = await findWebhook(db, id);
  if (row === undefined) throw new EditingError(`There is no webhook ${id}`, 'not-found');
  return webhookOf(row);
}

/** Removes it (`removed` true) or brings it back: removed, it gets no deliveries, and those waiting fail at their next try. */
export async function setWebhookActive(db: ContentStore, id: string, active: boolean, actor: Actor, now = new Date()): Promise<Webhook> {
  return editingChange(db, async (trx) => {
    const webhook = await existing(trx, id);
    if ((webhook.removedAt === null) === active) return webhook;
    await setWebhookRemoved(trx, id, active ? null : { by: actor.label, at: now.toISOString() });
    await recordChange(trx, { actor, action: active ? 'webhook.restore' : 'webhook.remove', target: targetOf(webhook), at: now });
    return existing(trx, id);
  });
}

/** A webhook's deliveries, newest first: the delivery log. */
export async function listDeliveryViews(db: ContentStore, webhookId: string, limit = 50): Promise<Delivery[]> {
  await existing(db, webhookId);
  return (await listDeliveries(db, webhookId, limit)).map(deliveryOf);
}

/** Queues a copy of a delivery to be sent now, whatever became of it; answers the copy. */
export async function resendDelivery(db: ContentStore, deliveryId: string, actor: Actor, now = new Date()): Promise<Delivery> {
  return editingChange(db, async (trx) => {
    const delivery = await findDelivery(trx, deliveryId);
    if (delivery === undefined) throw new EditingError(`There is no delivery ${deliveryId}`, 'not-found');
    const webhook = await existing(trx, delivery.webhook_id);
    if (webhook.removedAt !== null) throw new EditingError(`The webhook ${webhook.url} was removed: bring it back first`, 'invalid');
    const at = now.toISOString();
    const copy = {
      id: `dlv_${randomUUID()}`,
      webhook_id: delivery.webhook_id,
      event: delivery.event,
      body: delivery.body,
      created_at: at,
      state: 'waiting' as const,
      next_at: at,
      claimed_at: null,
      last_status: null,
      last_error: null,
      finished_at: null,
      resent_from: delivery.id,
    };
    await insertDelivery(trx, copy);
    await recordChange(trx, {
      actor,
      action: 'webhook.send-again',
      target: targetOf(webhook),
      after: { delivery: delivery.id, event: delivery.event },
      at: now,
    });
    return deliveryOf({ ...copy, attempts: 0 });
  });
}
