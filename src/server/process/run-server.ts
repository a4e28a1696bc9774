/**
 * One serving process: open the store, build the app, listen, and shut down gracefully. On SIGTERM
 * (or the primary's "shutdown" message) it says so on /readyz, answers what still arrives with
 * Connection: close for the drain period, then stops accepting, finishes what is in flight, closes
 * the store and exits. A process that cannot finish within the timeout exits anyway.
 */
import cluster from 'node:cluster';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../cms/database';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import type { Lifecycle } from '../routes/health';
import { servingMessage } from './serving-message';

export async function runServer(config: AppConfig): Promise<void> {
  // A serving process waits briefly for a locked SQLite file (waiting holds up every request), and
  // on PostgreSQL listens for content changes instead of asking on every request.
  const store = openDatabase(config.database, { busyTimeoutMs: 200, statementTimeoutMs: 1000, listenForChanges: true });
  // dist/server/main.js serves the browser bundle built next to it in dist/client.
  const clientDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'client');
  const lifecycle: Lifecycle = { draining: false };
  const app = await buildApp({ config, store, clientDir, lifecycle });

  const shutdown = async (reason: string) => {
    if (lifecycle.draining) return;
    lifecycle.draining = true;
    app.log.info({ reason, drainMs: config.shutdown.drainMs }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdown.timeoutMs).unref();
    await new Promise((resolve) => setTimeout(resolve, config.shutdown.drainMs));
    // Stops accepting, waits for requests in flight, closes idle connections.
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  if (cluster.isWorker) process.on('message', (message) => message === 'shutdown' && void shutdown('asked by the primary process'));

  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker) {
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    console.log(servingMessage(config, port));
  }
}
