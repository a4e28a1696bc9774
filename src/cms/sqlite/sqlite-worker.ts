/**
 * The SQLite connection, on a thread of its own. better-sqlite3 is synchronous, and SQLite waits
 * on locks synchronously (in WAL mode, a reader blocked by a stuck lock retries for up to ten
 * seconds whatever the busy timeout says). On the main thread that would stop every request,
 * cached ones included; here it only delays queries, which the main thread times out.
 *
 * Statements run one at a time, in the order they arrive. PRAGMA data_version is polled into
 * shared memory: often while the main thread looks at it, rarely when it does not.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  clockSince,
  SHARED_DATA_VERSION,
  SHARED_LENGTH,
  SHARED_LOOKS,
  SHARED_POLLED_AT,
  SHARED_RUNNING,
  SHARED_RUNNING_SINCE,
  POLLING,
  type QueryReply,
  type QueryRequest,
  type WorkerSettings,
} from './protocol';
import { StatementCache } from './statement-cache';

/**
 * While looked at: well inside the main thread's 50 ms freshness window (worker-dialect.ts), and
 * no more often. Each poll wakes this thread on the core the main thread serves from; at 1 ms the
 * polls cost a cached page about 4 % of its CPU time (decision 011).
 */
const BUSY_POLL_MS = 10;
const IDLE_POLL_MS = 100;
const STAY_BUSY_MS = 2000;

const settings = workerData as WorkerSettings;
const shared = new Int32Array(settings.shared, 0, SHARED_LENGTH);
const sqlite = new SQLite(settings.path);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma(`busy_timeout = ${Math.round(settings.busyTimeoutMs)}`);
sqlite.pragma('synchronous = NORMAL');
// SQLite's own default page cache (2 MB), not better-sqlite3's 16 MB: the kernel keeps the file's
// pages anyway, and on the 100,000-sheet store the larger cache only held 14 MB more of a serving
// process's memory, with search and facet latencies the same (docs/operations.md, "Memory").
sqlite.pragma('cache_size = -2000');
// SQLite's own lower() folds ASCII only: "Über" would never match "über". Searches lower both
// sides, so lower() is every letter's, as PostgreSQL's is.
sqlite.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
sqlite.defaultSafeIntegers(false);

// Preparing costs more than running a small query: keep the most recently used statements.
const statements = new StatementCache((sql) => sqlite.prepare(sql));

/** Bytes arrive as plain Uint8Arrays (structured clone); SQLite binds Buffers as blobs. */
const asBindable = (value: unknown) =>
  value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;

function run({ id, sql, parameters }: QueryRequest): QueryReply {
  try {
    const statement = statements.get(sql);
    const bound = parameters.map(asBindable);
    if (statement.reader) return { id, rows: statement.all(bound) };
    const { changes, lastInsertRowid } = statement.run(bound);
    return { id, rows: [], changes, lastInsertRowid };
  } catch (error) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    return { id, error: { message: String(message), ...(typeof code === 'string' ? { code } : {}) } };
  }
}

const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
let looksSeen = -1;
let lookedAt = -Infinity;
/** Says what the worker is busy with, and since when, for the main thread's statement limit. */
function busyWith(what: number): void {
  Atomics.store(shared, SHARED_RUNNING_SINCE, clockSince(settings.clockBase));
  Atomics.store(shared, SHARED_RUNNING, what);
}

function poll(): void {
  busyWith(POLLING);
  try {
    Atomics.store(shared, SHARED_DATA_VERSION, dataVersion.get() as number);
    Atomics.store(shared, SHARED_POLLED_AT, clockSince(settings.clockBase));
  } catch {
    // The file is locked or failing: the poll time stops moving, and the main thread notices.
  }
  busyWith(0);
  const looks = Atomics.load(shared, SHARED_LOOKS);
  if (looks !== looksSeen) {
    looksSeen = looks;
    lookedAt = performance.now();
  }
  // Slow down only after a while without looks: one quiet millisecond between two requests must
  // not leave the next ones without a current value.
  setTimeout(poll, performance.now() - lookedAt < STAY_BUSY_MS ? BUSY_POLL_MS : IDLE_POLL_MS);
}
poll();

parentPort!.on('message', (message: QueryRequest | 'close') => {
  if (message === 'close') {
    sqlite.close();
    process.exit(0);
  }
  // The main thread times a statement from when it starts here, not from when it was sent.
  busyWith(message.id);
  const reply = run(message);
  busyWith(0);
  parentPort!.postMessage(reply);
});
