/**
 * Runs the outboxes' senders in every serving process: the CDN's purges (cdn/sender.ts) and the
 * webhooks' deliveries (webhooks/sender.ts). Each runs at start, after each change this process
 * makes (services.ts, announceChange), and every few seconds for changes made elsewhere (another
 * process, the command line, the scheduler) and for tries that are due again.
 */
import type { FastifyInstance } from 'fastify';

/** How often the CDN's purges are looked for: a change from elsewhere reaches the CDN within this. */
export const PURGE_CHECK_MS = 1000;
/** How often due webhook deliveries are looked for. */
export const DELIVERY_CHECK_MS = 2000;

export function startSender(app: FastifyInstance, sender: { run(): Promise<void> } | null, everyMs: number): void {
  if (sender === null) return;
  const timer = setInterval(() => void sender.run(), everyMs);
  timer.unref();
  app.addHook('onReady', () => void sender.run());
  // The last changes are sent before the store closes (it closes after the app).
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sender.run();
  });
}
