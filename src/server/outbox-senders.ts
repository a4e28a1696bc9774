/**
 * Runs the outboxes' senders in every serving process: the CDN's purges (cdn/sender.ts) and the
 * webhooks' deliveries (webhooks/sender.ts). Each runs after each change this process makes
 * (services.ts, announceChange) and every few seconds, for changes made elsewhere (another process,
 * the command line, the scheduler) and for tries that are due again.
 */
import type { FastifyInstance } from 'fastify';

/** How often the CDN's purges are looked for: a change from elsewhere reaches the CDN within this. */
export const PURGE_CHECK_MS = 1000;

export interface SenderTimes {
  everyMs: number;
  /**
   * Whether the start waits for a run (what was queued while no server ran), and the close for a
   * last one (the process's last changes). Purges do, being quick or failing fast; webhook
   * deliveries do not: a receiver may take its 10 s, and a delivery a stopped process had claimed
   * is taken again once its claim is old.
   */
  atStartAndClose: boolean;
}

export function startSender(app: FastifyInstance, sender: { run(): Promise<void> } | null, { everyMs, atStartAndClose }: SenderTimes): void {
  if (sender === null) return;
  const timer = setInterval(() => void sender.run(), everyMs);
  timer.unref();
  if (atStartAndClose) app.addHook('onReady', () => sender.run());
  // The store closes after the app: a last run, or none still going, before it does.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    if (atStartAndClose) await sender.run();
  });
}
