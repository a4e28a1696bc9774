/**
 * A spec file's own server and database: the built server on a fresh SQLite file seeded with the
 * demo, changed by the spec as an operator's SQL could change it, so that what one spec stores
 * never shows in another's pages. The shared servers of playwright.config.ts stay as they are.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { freePort, startServerProcess, type ServerProcess } from '../helpers/server-process';

export interface OwnServer {
  origin: string;
  stop(): Promise<void>;
}

export interface OwnServerOptions {
  /** Page definitions to serve besides the repository's own, by file name. */
  pages?: Record<string, unknown>;
  /** Changes the seeded store before the server starts. */
  prepare?: (db: Database.Database) => void;
  env?: Record<string, string>;
  /** Accounts to make as an operator would (`users add`), each with OWN_SERVER_PASSWORD. */
  accounts?: Array<{ email: string; role: 'admin' | 'editor' | 'visitor' }>;
  /** Other operator commands to run before the server starts, each as its arguments (`['fields', 'add', …]`). */
  commands?: string[][];
}

export const OWN_SERVER_PASSWORD = 'correct horse battery staple';

export async function startOwnServer({ pages = {}, prepare, env = {}, accounts = [], commands = [] }: OwnServerOptions = {}): Promise<OwnServer> {
  const directory = mkdtempSync(join(tmpdir(), 'literature-e2e-own-'));
  const pagesDir = join(directory, 'pages');
  mkdirSync(pagesDir);
  cpSync('pages', pagesDir, { recursive: true });
  for (const [name, definition] of Object.entries(pages)) writeFileSync(join(pagesDir, name), JSON.stringify(definition));
  const databasePath = join(directory, 'site.db');
  copyStore(seededStore(env), databasePath);
  const settings = { DATABASE_URL: `sqlite:${databasePath}`, PAGES_DIR: pagesDir, LOG_LEVEL: 'warn', ...env };
  for (const { email, role } of accounts) {
    const added = spawnSync(process.execPath, ['dist/server/cli.js', 'users', 'add', email, '--role', role], {
      env: { PATH: process.env.PATH ?? '', ...settings },
      input: `${OWN_SERVER_PASSWORD}\n`,
      encoding: 'utf8',
    });
    if (added.status !== 0) throw new Error(`adding ${email} failed: ${added.stderr}`);
  }
  for (const command of commands) {
    const ran = spawnSync(process.execPath, ['dist/server/cli.js', ...command], { env: { PATH: process.env.PATH ?? '', ...settings }, encoding: 'utf8' });
    if (ran.status !== 0) throw new Error(`${command.join(' ')} failed: ${ran.stderr}`);
  }
  if (prepare) {
    const db = new Database(databasePath);
    try {
      prepare(db);
    } finally {
      db.close();
    }
  }
  const port = await freePort();
  const server: ServerProcess = startServerProcess({ ...settings, PORT: String(port) });
  await server.waitFor(/is serving http/);
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilReady(origin);
  return {
    origin,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The demo seeded by the operator command once per worker and settings, in a folder removed when
 * the worker exits: each spec's store is a copy of it (the seed takes seconds on a slow machine, a
 * copy milliseconds, and seventeen specs start a server of their own).
 */
const seededStores = new Map<string, string>();

function seededStore(env: Record<string, string>): string {
  const key = JSON.stringify(env);
  const known = seededStores.get(key);
  if (known !== undefined) return known;
  const directory = mkdtempSync(join(tmpdir(), 'literature-e2e-seeded-'));
  process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
  const path = join(directory, 'site.db');
  const seeded = spawnSync(process.execPath, ['dist/server/cli.js', 'seed'], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${path}`, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  seededStores.set(key, path);
  return path;
}

/** A closed SQLite store's files: the database, and its write-ahead log should one be left. */
function copyStore(from: string, to: string): void {
  copyFileSync(from, to);
  if (existsSync(`${from}-wal`)) copyFileSync(`${from}-wal`, `${to}-wal`);
}

/**
 * Until /readyz says the store answers. On a busy machine the first statements of a fresh process
 * can take longer than a serving process lets them (the store then counts as down for a moment):
 * a spec starts once the server is ready, as a load balancer would send it traffic.
 */
async function waitUntilReady(origin: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${origin}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${origin}/readyz did not answer 200 within ${timeoutMs} ms (last: ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
