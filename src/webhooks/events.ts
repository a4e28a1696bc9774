/**
 * Telling webhooks of an event (docs/decisions/037, 038): the event is journaled in the transaction
 * of the change itself, so a change and its event commit together or not at all; the journal's
 * webhook reader (event-reader.ts) makes one delivery per webhook that wants it. Nothing is sent
 * here: the sender (sender.ts) does, later, so a receiver's slowness never slows the change.
 */
import { randomUUID } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { changeIdOf } from '../cms/change-context';
import { appendJournalEntries } from '../cms/repositories/journal';
import { isWebhookEvent, LISTED_SHEETS } from '../shared/webhook-events';

/** An event's body, as every webhook told of it receives it. */
export interface EventBody {
  /** One id for every webhook told of it, and again on a "send again": receivers dedupe by it. */
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** Journals `event` with `data`. An event no webhook may ask for (`collection.published`: the editing model names its changes by kind) is not journaled. */
export async function tellWebhooks(trx: ContentStore, event: string, data: Record<string, unknown>, at: Date): Promise<void> {
  if (!isWebhookEvent(event)) return;
  const body: EventBody = { id: `evt_${randomUUID()}`, type: event, createdAt: at.toISOString(), data };
  await appendJournalEntries(trx, [{ subject: 'event', target: event, detail: JSON.stringify(body) }], changeIdOf(trx), at);
}

/** The sheets a change made, for an event's data: the first LISTED_SHEETS of them, and how many in all (a receiver may refuse a body of megabytes). */
export function listedSheets<T>(sheets: readonly T[]): { sheets: T[]; sheetCount: number } {
  return { sheets: sheets.slice(0, LISTED_SHEETS), sheetCount: sheets.length };
}
