/**
 * The events a webhook may ask for (docs/operations.md "Webhooks"), with what the studio calls
 * them. Each delivery's body names one in `type`.
 */
export const WEBHOOK_EVENTS = {
  'sheet.published': 'A sheet is published (by an editor, a schedule, a release or an undo)',
  'sheet.unpublished': 'A sheet is taken off the site',
  'sheet.deleted': 'A sheet is moved to the trash',
  'release.published': 'A release is published',
  'import.applied': 'An import is applied',
  'import.undone': 'An import is undone',
} as const;

/** A delivery names at most this many sheets (an import of thousands), and says how many there were. */
export const LISTED_SHEETS = 1000;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;

export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as WebhookEvent[];

export function isWebhookEvent(name: string): name is WebhookEvent {
  return Object.hasOwn(WEBHOOK_EVENTS, name);
}

/** waiting: to be sent at its time; sending: claimed by a sender; delivered; failed: a day of tries refused. */
export type DeliveryState = 'waiting' | 'sending' | 'delivered' | 'failed';

/** A webhook as the editing API answers it (never with its secret). */
export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  description: string;
  createdBy: string;
  createdAt: string;
  /** When it was removed; null while it gets deliveries. */
  removedAt: string | null;
}

/** One delivery of the log, as the editing API answers it. */
export interface Delivery {
  id: string;
  webhookId: string;
  event: string;
  createdAt: string;
  state: DeliveryState;
  attempts: number;
  /** When it is tried next, while it waits. */
  nextAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  finishedAt: string | null;
  resentFrom: string | null;
}
