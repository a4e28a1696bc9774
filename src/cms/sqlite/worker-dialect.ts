/**
 * Kysely's SQLite dialect, with its one connection living on a worker thread (sqlite-worker.ts)
 * so that SQLite never blocks the main thread. A statement that runs longer than the timeout is
 * answered with an error on the main thread (for a read, the store then counts as down:
 * store-guard.ts); the worker finishes it whenever SQLite lets it, and the answer is dropped. The
 * time counts from when the worker starts the statement: one waiting behind a slow one is a
 * crowd, not an outage, and is refused alone (StoreUnavailableError) only after a longer wait.
 */
import { Worker } from 'node:worker_threads';
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
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
import { StoreUnavailableError } from '../store-guard';

export interface WorkerSqliteOptions {
  path: string;
  busyTimeoutMs: number;
  /** How long a statement may take before its caller gets an error. */
  statementTimeoutMs: number;
}

/** Beside this module in the build (a variable, so that the bundler leaves the URL alone). */
const WORKER_FILE = 'sqlite-worker.js';

/**
 * How old a data_version may be and still count: another process's commit shows this late at
 * most. Generous enough that a worker sharing one busy core with the main thread (the scheduler
 * may leave it waiting for some milliseconds) still counts as polling.
 */
const FRESH_MS = 50;

/** How many statement limits a statement may wait behind others before its caller is refused. */
const QUEUED_LIMITS = 10;
const QUEUED_TOO_LONG = 'The statement waited too long behind others';
const MIN_CHECK_MS = 10;
const MAX_ID = 2 ** 31 - 1;

export class StatementTimeoutError extends Error {
  readonly code = 'SQLITE_STATEMENT_TIMEOUT';
  constructor(ms: number) {
    super(`The statement did not finish within ${ms} ms`);
    this.name = 'StatementTimeoutError';
  }
}

/** The worker's side of the change token: data_version as last polled, and whether polls still happen. */
export interface DataVersionWatch {
  /** data_version, or undefined when the worker has not polled lately (busy, locked, or gone). */
  current(): number | undefined;
}

export class WorkerSqlite {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (reply: QueryReply) => void; timer: NodeJS.Timeout }>();
  private nextId = 1;
  private readonly shared = new SharedArrayBuffer(SHARED_LENGTH * 4);
  private readonly view = new Int32Array(this.shared);
  private readonly clockBase = Date.now();
  private closed = false;

  constructor(private readonly options: WorkerSqliteOptions) {
    // No poll yet: long ago.
    this.view[SHARED_POLLED_AT] = -(2 ** 30);
  }

  /** Starts the worker (and opens the file) now rather than on the first statement. */
  start(): void {
    this.workerOrStart();
  }

  run(sql: string, parameters: readonly unknown[]): Promise<QueryReply> {
    const worker = this.workerOrStart();
    const id = this.nextId;
    // Ids live in shared Int32 memory: they wrap before 2³¹, and 0 and negatives mean something else.
    this.nextId = id >= MAX_ID ? 1 : id + 1;
    const limit = this.options.statementTimeoutMs;
    const sent = Date.now();
    return new Promise((resolve) => {
      const check = () => {
        // What the worker is busy with: this statement, one before it, or a poll (later ones
        // mean this one is answered, the answer on its way).
        const running = Atomics.load(this.view, SHARED_RUNNING);
        const ahead = running === POLLING || (running > 0 && ((id - running) | 0) >= 0);
        const busyFor = ahead ? (clockSince(this.clockBase) - Atomics.load(this.view, SHARED_RUNNING_SINCE)) | 0 : 0;
        // One thing has held the worker past the limit: the file is stuck (or the statement is
        // far too slow), and whoever waits on it is told so.
        if (busyFor >= limit) return fail({ message: new StatementTimeoutError(limit).message, code: 'SQLITE_STATEMENT_TIMEOUT' });
        // Waiting behind statements that each run in time: a crowd, refused alone after a while.
        if (Date.now() - sent >= limit * QUEUED_LIMITS) return fail(null);
        const waiting = this.pending.get(id);
        if (waiting !== undefined) waiting.timer = setTimeout(check, Math.max(MIN_CHECK_MS, limit - busyFor));
      };
      const fail = (error: { message: string; code: string } | null) => {
        this.pending.delete(id);
        resolve({ id, error: error ?? { message: QUEUED_TOO_LONG, code: 'SQLITE_QUEUED_TOO_LONG' } });
      };
      this.pending.set(id, { resolve, timer: setTimeout(check, limit) });
      worker.postMessage({ id, sql, parameters } satisfies QueryRequest);
    });
  }

  readonly dataVersion: DataVersionWatch = {
    current: () => {
      Atomics.add(this.view, SHARED_LOOKS, 1);
      if (this.worker === null) return undefined;
      // The worker polls every 10 ms while looked at; an old poll means it is stuck (or was idle).
      const age = (clockSince(this.clockBase) - Atomics.load(this.view, SHARED_POLLED_AT)) | 0;
      if (age > FRESH_MS || age < 0) return undefined;
      return Atomics.load(this.view, SHARED_DATA_VERSION);
    },
  };

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (worker === null) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // Held open until the worker has closed the file: an unreferenced worker would not keep the
    // process alive long enough.
    worker.ref();
    worker.postMessage('close');
    await exited;
  }

  private workerOrStart(): Worker {
    if (this.worker !== null) return this.worker;
    if (this.closed) throw new Error('The store is closed');
    const workerData: WorkerSettings = { path: this.options.path, busyTimeoutMs: this.options.busyTimeoutMs, shared: this.shared, clockBase: this.clockBase };
    const worker = import.meta.url.endsWith('.ts')
      ? // Under the test runner the worker is TypeScript source: tsx loads it.
        new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('sqlite-worker.ts', import.meta.url).href)}); })`,
          { eval: true, workerData },
        )
      : new Worker(new URL(WORKER_FILE, import.meta.url), { workerData });
    worker.unref();
    worker.on('message', (reply: QueryReply) => {
      const waiting = this.pending.get(reply.id);
      if (waiting === undefined) return;
      this.pending.delete(reply.id);
      clearTimeout(waiting.timer);
      waiting.resolve(reply);
    });
    const lost = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      // What the lost worker was busy with is no longer anyone's wait.
      Atomics.store(this.view, SHARED_RUNNING, 0);
      for (const [id, waiting] of this.pending) {
        clearTimeout(waiting.timer);
        waiting.resolve({ id, error: { message: reason, code: 'SQLITE_WORKER_EXITED' } });
      }
      this.pending.clear();
    };
    worker.on('error', (error) => lost(`The SQLite worker failed: ${error.message}`));
    worker.on('exit', (code) => lost(`The SQLite worker stopped (${code})`));
    this.worker = worker;
    return worker;
  }
}

/** When a statement refused for waiting too long behind others may be tried again. */
const CROWD_RETRY_AFTER_MS = 1000;

/** Rows come back with blobs as Uint8Arrays; the rest of the code expects Buffers. */
function withBuffers(rows: unknown[]): unknown[] {
  for (const row of rows) {
    if (row === null || typeof row !== 'object') continue;
    const record = row as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) record[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return rows;
}

class WorkerConnection implements DatabaseConnection {
  constructor(private readonly sqlite: WorkerSqlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.sqlite.run(query.sql, query.parameters);
    if ('error' in reply && reply.error.code === 'SQLITE_QUEUED_TOO_LONG')
      throw new StoreUnavailableError(CROWD_RETRY_AFTER_MS, { cause: new Error(reply.error.message) });
    if ('error' in reply) throw Object.assign(new Error(reply.error.message), reply.error.code === undefined ? {} : { code: reply.error.code });
    return {
      rows: withBuffers(reply.rows) as R[],
      ...(reply.changes === undefined ? {} : { numAffectedRows: BigInt(reply.changes) }),
      ...(reply.lastInsertRowid === undefined ? {} : { insertId: BigInt(reply.lastInsertRowid) }),
    };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(query);
  }
}

/** One connection, handed out to one user at a time, as Kysely's own SQLite driver does. */
class WorkerDriver implements Driver {
  private readonly connection: WorkerConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(private readonly sqlite: WorkerSqlite) {
    this.connection = new WorkerConnection(sqlite);
  }

  async init(): Promise<void> {
    this.sqlite.start();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } catch (error) {
      // SQLite rolls a transaction back by itself after some errors (a full disk, an I/O error):
      // there is nothing left to roll back, and the error that caused it is the one to report.
      if (!/no transaction is active/.test((error as Error).message)) throw error;
    }
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
  }

  destroy(): Promise<void> {
    return this.sqlite.close();
  }
}

export class WorkerSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: WorkerSqlite) {
    // The parent's database is never opened: the driver below replaces the parent's.
    super({ database: () => Promise.reject(new Error('not used')) });
  }

  override createDriver(): Driver {
    return new WorkerDriver(this.sqlite);
  }
}
