/**
 * Sends the CDN's queued purges from every serving process (cdn/sender.ts): at start, after each
 * change this process makes (services.ts, announceChange), and every PURGE_CHECK_MS for changes
 * made elsewhere (another process, the command line) and for a target that failed and is due again.
 */
import type { FastifyInstance } from 'fastify';
import type { PurgeSender } from '../cdn/sender';

const PURGE_CHECK_MS = 1000;

export function startPurging(app: FastifyInstance, purges: PurgeSender | null): void {
  if (purges === null) return;
  const timer = setInterval(() => void purges.run(), PURGE_CHECK_MS);
  timer.unref();
  app.addHook('onReady', () => purges.run());
  // The last changes are purged before the store closes (it closes after the app).
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await purges.run();
  });
}
