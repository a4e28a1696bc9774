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
