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
import { describeDatabase, migrateToLatest, openDatabase, type OpenStore } from '../cms/database';
import { countUnread } from '../cms/repositories/journal';
import { describeFailure } from '../cms/store-guard';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { runPrimary } from './process/run-primary';
import { serverHelp } from './process/server-help';
import { stopWithLauncher } from './process/stop-with-launcher';

/** Migrations, the demo seed and what changed while no server ran are done once, before any process serves. */
async function prepareStore(config: AppConfig): Promise<void> {
  const store = openDatabase(config.database);
  try {
    await migrateToLatest(store);
    if (config.seedDemoContent) {
      const { seedDemoContentIfEmpty } = await import('../demo/seed-demo');
      const seeded = await seedDemoContentIfEmpty(store.db, { platformSitesSegment: config.platformSitesSegment });
      if (seeded.seeded) console.log(`Seeded ${seeded.items} demo literature sheets into ${describeDatabase(config.database)}`);
    }
    await readWhatChanged(store);
  } finally {
    await store.close();
  }
}

/** Unread entries from which the start says what it is doing (an upgrade's migration, a large import while no server ran). */
const SAID_FROM = 1_000;

/**
 * The change journal read by every reader before any process serves (the read model of what is
 * published, the search index, the outboxes): a page never shows a store its readers have not
 * caught up with, and a long read (the read model made whole after an upgrade) happens here, said,
 * not in a serving process's start, which a framework bounds.
 */
async function readWhatChanged(store: OpenStore): Promise<void> {
  const unread = await countUnread(store.db);
  if (unread === 0) return;
  const started = Date.now();
  if (unread >= SAID_FROM) console.log(`Reading ${unread.toLocaleString('en')} changes into the read model, the search index and the outboxes…`);
  // Loaded only when there is something to read: the main process of WORKERS > 1 stays small.
  const { readJournalOnce } = await import('./journal-follower');
  const held = await readJournalOnce(store);
  if (unread >= SAID_FROM)
    console.log(`Read in ${((Date.now() - started) / 1000).toFixed(1)} s${held.length > 0 ? `; another process reads for ${held.join(', ')}` : ''}.`);
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
