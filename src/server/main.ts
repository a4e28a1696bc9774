/**
 * The server process: read the configuration, open and migrate the store, seed the demo into an
 * empty one, listen, and close cleanly on SIGTERM/SIGINT.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeDatabase, migrateToLatest, openDatabase } from '../cms/database';
import { seedDemoContentIfEmpty } from '../cms/demo/seed-demo';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const store = openDatabase(config.database);
  await migrateToLatest(store);
  if (config.seedDemoContent) {
    const seeded = await seedDemoContentIfEmpty(store.db, { platformSitesSegment: config.platformSitesSegment });
    if (seeded.seeded) console.log(`Seeded ${seeded.items} demo literature sheets into ${describeDatabase(config.database)}`);
  }

  // dist/server/main.js serves the browser bundle built next to it in dist/client.
  const clientDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'client');
  const app = await buildApp({ config, store, clientDir });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  console.log(`Literature Sheets is serving http://${shownHost}:${port}${config.basePath}/`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Failed to start: ${error.message}` : error);
  process.exit(1);
});
