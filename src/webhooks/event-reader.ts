/**
 * Webhooks' deliveries as a reader of the change journal (docs/decisions/038): each journaled
 * event becomes one delivery (outbox row) per webhook that wants it when the reader reads it (within
 * a second of the change, or at the next start of a server), in the transaction that moves the
 * reader's cursor, so an event is delivered once to each, whichever process reads it and wherever
 * it stops.
 */
import { randomUUID } from 'node:crypto';
import type { JournalReader } from '../cms/journal-readers';
import { insertDelivery, listActiveWebhooks } from '../cms/repositories/webhooks';
import type { EventBody } from './events';

export const webhookEventReader: JournalReader = {
  name: 'webhooks',
  batch: 200,
  async apply(trx, entries) {
    const events = entries.filter((entry) => entry.subject === 'event');
    if (events.length === 0) return;
    const webhooks = (await listActiveWebhooks(trx)).map((webhook) => ({ ...webhook, wants: JSON.parse(webhook.events) as string[] }));
    for (const entry of events) {
      const event = JSON.parse(entry.detail) as EventBody;
      for (const webhook of webhooks.filter((candidate) => candidate.wants.includes(event.type)))
        await insertDelivery(trx, {
          id: `dlv_${randomUUID()}`,
          webhook_id: webhook.id,
          event: event.type,
          body: entry.detail,
          created_at: event.createdAt,
          state: 'waiting',
          next_at: event.createdAt,
          claimed_at: null,
          last_status: null,
          last_error: null,
          finished_at: null,
          resent_from: null,
        });
    }
  },
};
