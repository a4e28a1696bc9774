/**
 * The server process: read the configuration (a bad value stops the start with one line), bring
 * the store up to date and seed an empty one, then serve, in this process or in WORKERS forked ones.
 * What only serving needs (the app: Fastify, React, every route) and the demo content are loaded
 * when they are needed: the main process of WORKERS > 1 never loads the app (it held about 90 MB
 * with it, about 50 MB without), and a store that is not seeded never loads the demo.
 */
import cluster from 'node:cluster';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeDatabase, migrateToLatest, openDatabase } from '../cms/database';
import { describeFailure } from '../cms/store-guard';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { runPrimary } from './process/run-primary';
import { serverHelp } from './process/server-help';
import { stopWithLauncher } from './process/stop-with-launcher';

/** Migrations and the demo seed run once, before any process serves. */
async function prepareStore(config: AppConfig): Promise<void> {
  const store = openDatabase(config.database);
  try {
    await migrateToLatest(store);
    if (config.seedDemoContent) {
      const { seedDemoContentIfEmpty } = await import('../demo/seed-demo');
      const seeded = await seedDemoContentIfEmpty(store.db, { platformSitesSegment: config.platformSitesSegment });
      if (seeded.seeded) console.log(`Seeded ${seeded.items} demo literature sheets into ${describeDatabase(config.database)}`);
    }
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    // dist/server/main.js → the project root.
    process.stdout.write(serverHelp(join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.env.example')));
    return;
  }
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
  const serve = async () => (await import('./process/run-server')).runServer(config);
  if (cluster.isWorker) return serve();
  stopWithLauncher();
  await prepareStore(config);
  if (config.workers > 1) return runPrimary(config);
  return serve();
}

main().catch((error: unknown) => {
  // One line, no stack: the operator needs the reason, not our internals.
  console.error(`Failed to start: ${describeFailure(error)}`);
  process.exit(1);
});
