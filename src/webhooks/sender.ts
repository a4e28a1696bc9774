/**
 * Sends the webhooks' deliveries (events.ts queued them): claims those due, posts each body, signed
 * (signature.ts), to its webhook's URL, and records how it went. A receiver that does not answer
 * 2xx within the timeout gets the delivery again after a growing pause (30 s, doubling, at most an
 * hour) until a day has passed since the event; then the delivery is marked failed, and the studio's
 * "send again" can queue it anew. One run at a time per process; several processes share the
 * outbox without sending a delivery twice. Nothing here is awaited by a change.
 */
import type { OpenStore } from '../cms/database';
import { retryWhileContended } from '../cms/store-guard';
import {
  claimDueDeliveries,
  deleteFinishedDeliveries,
  findWebhook,
  recordDeliveryTry,
  type DeliveryOutcome,
  type DeliveryRow,
} from '../cms/repositories/webhooks';
import { reasonOf } from '../shared/failure-reason';
import { oneRunAtATime } from '../shared/one-run-at-a-time';
import { SIGNATURE_HEADER, signDelivery } from './signature';

export interface WebhookTiming {
  /** The pause after the first failed try; each next one doubles it. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** How long after the event a delivery is still tried. */
  giveUpAfterMs: number;
  /** How long a receiver has to answer. */
  timeoutMs: number;
}

const WEBHOOK_TIMING: WebhookTiming = { firstRetryMs: 30_000, maxRetryMs: 3_600_000, giveUpAfterMs: 86_400_000, timeoutMs: 10_000 };

/** A claim older than this is a sender that stopped: the delivery may be taken again. */
const CLAIM_LEASE_MS = 120_000;
const BATCH = 20;
/** Deliveries sent at once: a slow receiver holds one of these, not the others. */
const AT_ONCE = 4;
/** The delivery log keeps a month. */
const LOG_KEPT_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
const MAX_ERROR = 300;

export interface WebhookSender {
  /** Sends what is due now; a call during a run makes the run look again when it ends. */
  run(): Promise<void>;
}

export interface WebhookSenderOptions {
  log: { warn(facts: object, message: string): void };
  timing?: Partial<WebhookTiming>;
  now?: () => number;
}

export function createWebhookSender(store: Pick<OpenStore, 'db' | 'dialect'>, options: WebhookSenderOptions): WebhookSender {
  const timing = { ...WEBHOOK_TIMING, ...options.timing };
  const now = options.now ?? Date.now;
  let prunedAt = 0;

  async function deliver(delivery: DeliveryRow, claimedAt: string): Promise<void> {
    const webhook = await findWebhook(store.db, delivery.webhook_id);
    const removed = webhook === undefined || webhook.removed_at !== null;
    const tried = await (removed
      ? { status: null, error: 'the webhook was removed' }
      : post(webhook!.url, webhook!.secret, delivery, Math.floor(now() / 1000), timing.timeoutMs));
    const at = new Date(now());
    const outcome: DeliveryOutcome = { ...tried, at: at.toISOString(), state: tried.error === null ? 'delivered' : 'waiting' };
    if (tried.error !== null) {
      const pause = Math.min(timing.maxRetryMs, timing.firstRetryMs * 2 ** delivery.attempts);
      const next = at.getTime() + pause;
      if (removed || next > Date.parse(delivery.created_at) + timing.giveUpAfterMs) outcome.state = 'failed';
      else outcome.nextAt = new Date(next).toISOString();
      options.log.warn(
        { webhook: delivery.webhook_id, delivery: delivery.id, event: delivery.event, reason: tried.error, attempts: delivery.attempts + 1 },
        outcome.state === 'failed' ? 'a webhook delivery failed for good' : 'a webhook delivery failed; it is sent again later',
      );
    }
    await retryWhileContended(() => recordDeliveryTry(store.db, delivery.id, claimedAt, outcome));
  }

  async function drain(): Promise<void> {
    for (;;) {
      const at = now();
      const claimedAt = new Date(at).toISOString();
      const due = await retryWhileContended(() =>
        claimDueDeliveries(store, { now: claimedAt, staleBefore: new Date(at - CLAIM_LEASE_MS).toISOString(), limit: BATCH }),
      );
      if (due.length === 0) return;
      for (let start = 0; start < due.length; start += AT_ONCE)
        await Promise.all(due.slice(start, start + AT_ONCE).map((delivery) => deliver(delivery, claimedAt)));
    }
  }

  async function prune(): Promise<void> {
    if (now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now();
    await retryWhileContended(() => deleteFinishedDeliveries(store.db, new Date(now() - LOG_KEPT_MS).toISOString()));
  }

  return {
    run: oneRunAtATime(async () => {
      try {
        await drain();
        await prune();
      } catch (error) {
        // The store was busy past its retries, or full: the deliveries stay queued for the next run.
        options.log.warn({ err: error }, 'webhook deliveries could not be read or recorded; they are sent on a later run');
      }
    }),
  };
}

/** One try: the receiver's status, and why it counts as a failure (null when it answered 2xx). */
async function post(
  url: string,
  secret: string,
  delivery: DeliveryRow,
  timestamp: number,
  timeoutMs: number,
): Promise<{ status: number | null; error: string | null }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'LiteratureSheets-Webhooks/1',
        'literature-event': delivery.event,
        'literature-delivery': delivery.id,
        [SIGNATURE_HEADER]: signDelivery(secret, timestamp, delivery.body),
      },
      body: delivery.body,
      // A redirect is not followed: the signed body goes only where the admin said.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const said = await firstWordsOf(response);
    if (response.status >= 200 && response.status < 300) return { status: response.status, error: null };
    return { status: response.status, error: `answered ${response.status}${said === '' ? '' : `: ${said}`}` };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : reasonOf(error);
    return { status: null, error: reason.slice(0, MAX_ERROR) };
  }
}

/** The start of what a receiver answered, for the log; the rest is never read (a receiver may answer with anything, at any length). */
async function firstWordsOf(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < MAX_ERROR) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } catch {
    // What it said is only for the log.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  // Shown in the studio and printed by the command line: no terminal control codes.
  return (
    Buffer.concat(chunks)
      .toString('utf8')
      .slice(0, MAX_ERROR)
      // eslint-disable-next-line no-control-regex -- these are what is taken out
      .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
      .trim()
  );
}
