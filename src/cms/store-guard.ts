/**
 * A circuit breaker around the content store. When the store stops answering (the SQLite file is
 * locked or unreadable, the PostgreSQL server is down or unreachable), the first failure opens
 * the breaker: queries then fail at once with StoreUnavailableError instead of waiting on the store,
 * so the server keeps answering (cached pages from memory, the rest a quick 503) and an outage
 * cannot pile up waiting requests. After a pause one query is let through as a probe; when it
 * succeeds the breaker closes, and if it fails the pause doubles (up to a limit). Recovery is thus
 * one query, not a burst.
 *
 * Errors that say something about a query (a constraint, bad SQL) are not outages: they pass
 * through and close a breaker that was probing, since the store evidently answered. Nor is a
 * write that fails (a full disk, a read-only file system, another writer holding the lock): that
 * request fails alone, with a StoreWriteError saying why, while reads go on being served.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, Kysely, QueryResult, TransactionSettings } from 'kysely';

export class StoreUnavailableError extends Error {
  constructor(
    /** When a retry may succeed, in milliseconds from now. */
    readonly retryAfterMs: number,
    options?: ErrorOptions,
  ) {
    super('The content store is not available', options);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * A write the store refused, for a reason of the store's and not of the request's: it fails that
 * request alone. `status` is what an HTTP answer says (507 for a full disk, 503 otherwise), and a
 * `retryAfterMs` says the write may succeed when tried again shortly (another writer held the lock).
 */
export class StoreWriteError extends Error {
  /** The driver's code, kept so that callers that look at it still see it. */
  readonly code: string | undefined;

  constructor(
    message: string,
    readonly status: 503 | 507,
    readonly retryAfterMs: number | null,
    options: ErrorOptions & { code?: string },
  ) {
    super(message, options);
    this.name = 'StoreWriteError';
    this.code = options.code;
  }
}

const NOTHING_SAVED = 'nothing was saved';

/** The write failure a driver error means, or null when it says something about the query instead. */
export function writeFailureOf(error: unknown): StoreWriteError | null {
  if (error instanceof StoreWriteError) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') return null;
  const reason = typeof message === 'string' ? message : code;
  if (code === 'SQLITE_FULL' || code === '53100' || (/^(SQLITE_IOERR|58)/.test(code) && /ENOSPC|disk is full|No space left/i.test(reason)))
    return new StoreWriteError(`The disk holding the content store is full: ${NOTHING_SAVED}. Free space on it, then try again.`, 507, null, {
      cause: error,
      code,
    });
  if (/^SQLITE_READONLY/.test(code) || code === '25006')
    return new StoreWriteError(`The content store is read-only (${reason}): ${NOTHING_SAVED}.`, 503, null, { cause: error, code });
  if (/^SQLITE_IOERR/.test(code))
    return new StoreWriteError(`The content store could not write to its disk (${reason}): ${NOTHING_SAVED}.`, 503, null, { cause: error, code });
  if (code === 'SQLITE_STATEMENT_TIMEOUT')
    // The worker still runs it: it may yet be written (a commit). Not "nothing was saved", and not to be tried again.
    return new StoreWriteError('The content store did not finish writing in time: look again before you repeat the change.', 503, null, { cause: error, code });
  if (/^SQLITE_(BUSY|LOCKED)/.test(code) || code === '55P03' || code === '40001' || code === '40P01')
    return new StoreWriteError(`Another change is being written (an import, a publish): ${NOTHING_SAVED}. Try again in a moment.`, 503, CONTENTION_RETRY_MS, {
      cause: error,
      code,
    });
  return null;
}

/** When a write refused because another writer held the store may be tried again. */
const CONTENTION_RETRY_MS = 1000;

/** Whether a write failed only because another writer held the store: worth trying again shortly. */
export const isWriteContention = (error: unknown): boolean => error instanceof StoreWriteError && error.retryAfterMs !== null;

/**
 * Runs a write (a whole transaction) again while another writer holds the store, for up to
 * `withinMs`: an editor's save during a command-line import waits its turn between the import's
 * steps instead of failing. Then the last refusal stands (a 503 for that request alone).
 */
export async function retryWhileContended<T>(write: () => Promise<T>, withinMs = CONTENTION_WAIT_MS): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isWriteContention(error) || Date.now() - started >= withinMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(CONTENTION_PAUSE_MAX_MS, 25 * 2 ** attempt)));
    }
  }
}

const CONTENTION_WAIT_MS = 3000;
const CONTENTION_PAUSE_MAX_MS = 200;

export interface BreakerOptions {
  /** Pause after the first failure. */
  initialPauseMs?: number;
  /** The longest pause between probes. */
  maxPauseMs?: number;
  now?: () => number;
}

type State = { kind: 'closed' } | { kind: 'open'; until: number } | { kind: 'probing' };

export class StoreBreaker {
  private state: State = { kind: 'closed' };
  private pauseMs: number;
  private readonly initialPauseMs: number;
  private readonly maxPauseMs: number;
  private readonly now: () => number;
  /** Queries let through to the store since the start, for health and the resilience tests. */
  admitted = 0;
  /** Called when the store goes away and when it comes back, for logs and readiness. */
  onChange: (available: boolean, error?: unknown) => void = () => undefined;
  /** When the store last answered a query. */
  private answeredAt = -Infinity;
  /** Why writes fail while reads work (a full disk), until a write succeeds again; for readiness and logs. */
  writeFailure: string | null = null;
  /** Called when writes start failing (with the reason) and when they work again (null). */
  onWriteChange: (failure: string | null) => void = () => undefined;

  constructor({ initialPauseMs = 500, maxPauseMs = 5000, now = Date.now }: BreakerOptions = {}) {
    this.initialPauseMs = initialPauseMs;
    this.pauseMs = initialPauseMs;
    this.maxPauseMs = maxPauseMs;
    this.now = now;
  }

  get available(): boolean {
    return this.state.kind === 'closed';
  }

  /** Throws when a query must not go to the store now; otherwise lets it through (maybe as the probe). */
  admit(): void {
    const { state } = this;
    if (state.kind === 'closed') {
      this.admitted += 1;
      return;
    }
    if (state.kind === 'open' && this.now() >= state.until) {
      this.state = { kind: 'probing' };
      this.admitted += 1;
      return;
    }
    const retryAfterMs = state.kind === 'open' ? state.until - this.now() : this.pauseMs;
    throw new StoreUnavailableError(Math.max(0, retryAfterMs));
  }

  /** Refuses while open or probing, without letting a probe through (for acquiring a connection). */
  refuseIfDown(): void {
    const { state } = this;
    if (state.kind === 'probing' || (state.kind === 'open' && this.now() < state.until)) {
      throw new StoreUnavailableError(Math.max(0, state.kind === 'open' ? state.until - this.now() : this.pauseMs));
    }
  }

  /** Whether the store answered a query within the last `ms` milliseconds. */
  answeredWithin(ms: number): boolean {
    return this.now() - this.answeredAt <= ms;
  }

  succeeded(): void {
    this.answeredAt = this.now();
    if (this.state.kind === 'closed') return;
    this.state = { kind: 'closed' };
    this.pauseMs = this.initialPauseMs;
    this.onChange(true);
  }

  /** A write reached the store. */
  wrote(): void {
    if (this.writeFailure === null) return;
    this.writeFailure = null;
    this.onWriteChange(null);
  }

  /** A write the store refused for a reason of its own (not contention). */
  writeFailed(failure: string): void {
    if (this.writeFailure === failure) return;
    this.writeFailure = failure;
    this.onWriteChange(failure);
  }

  /** Records a failed query; answers the error to throw in its place. */
  failed(error: unknown, isOutage: boolean): unknown {
    if (!isOutage) {
      this.succeeded();
      return error;
    }
    const wasClosed = this.state.kind === 'closed';
    if (!wasClosed) this.pauseMs = Math.min(this.maxPauseMs, this.pauseMs * 2);
    this.state = { kind: 'open', until: this.now() + this.pauseMs };
    if (wasClosed) this.onChange(false, error);
    return new StoreUnavailableError(this.pauseMs, { cause: error });
  }
}

/** What kind of statement a compiled query is, for deciding whether a busy error is an outage. */
export function isReadQuery(query: CompiledQuery): boolean {
  return query.query.kind === 'SelectQueryNode' || (query.query.kind === 'RawNode' && /^\s*(select|pragma|with)\b/i.test(query.sql));
}

/**
 * Classifies a driver error: does it mean the store cannot be reached or read right now? `writes`
 * says the statement (or commit) may have written.
 */
export type OutageTest = (error: unknown, query: CompiledQuery | null, writes: boolean) => boolean;

// Not SQLITE_FULL: a read inside a writing transaction may spill pages and meet a full disk, which
// fails writes, not reads.
const SQLITE_OUTAGES =
  /^SQLITE_(IOERR|CANTOPEN|NOTADB|CORRUPT|PROTOCOL|NOMEM|READONLY_(RECOVERY|CANTLOCK|CANTINIT|DIRECTORY|DBMOVED)|STATEMENT_TIMEOUT|WORKER_EXITED)/;
/** What a write can meet only when the file itself is gone, moved or unreadable: every read would fail too. */
const SQLITE_FILE_GONE = /^SQLITE_(CANTOPEN|NOTADB|CORRUPT|WORKER_EXITED|READONLY_DBMOVED)/;

/**
 * SQLite: I/O and file errors are outages for a read. A write that fails (a full disk, a
 * read-only file system, another writer busy, e.g. an import) fails alone: reads may well work,
 * and must not be refused for it. Busy or locked is an outage for a read (in WAL mode a read is
 * only refused when another process holds the file exclusively).
 */
export const isSqliteOutage: OutageTest = (error, query, writes) => {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  if (writes) return SQLITE_FILE_GONE.test(code);
  if (SQLITE_OUTAGES.test(code)) return true;
  return /^SQLITE_(BUSY|LOCKED)/.test(code) && query !== null && isReadQuery(query);
};

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** SQLSTATE: connection exceptions (08…), shutdowns and "cannot connect now" (57P01–57P03), too many connections (53300). */
const PG_OUTAGE_STATES = /^(08|57P0[123]|53300)/;
const PG_OUTAGE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Client was closed and is not queryable/i;

/**
 * PostgreSQL: no connection came in time, which is an outage only if the server has stopped
 * answering: every pooled connection busy, or new ones slow to open on a loaded machine, while
 * the others' queries are answered, is a crowd.
 */
export const isPostgresCrowded = (error: unknown): boolean => {
  const { message } = error as { message?: unknown };
  return typeof message === 'string' && /timeout exceeded when trying to connect|terminated due to connection timeout/i.test(message);
};

/** PostgreSQL: the server cannot be reached, is shutting down, or dropped the connection. */
export const isPostgresOutage: OutageTest = (error) => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_OUTAGE_STATES.test(code))) return true;
  return typeof message === 'string' && PG_OUTAGE_MESSAGES.test(message);
};

export interface GuardOptions {
  breaker: StoreBreaker;
  isOutage: OutageTest;
  /** Whether a failure to get a connection may be a crowd of requests rather than an outage (isPostgresCrowded). */
  isCrowded?: (error: unknown) => boolean;
  /** Called after every statement that may have written, and every commit. */
  onWrite: () => void;
}

/** A dialect whose every connection and query goes through the breaker. */
export class GuardedDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly options: GuardOptions,
  ) {}

  createDriver(): Driver {
    return new GuardedDriver(this.inner.createDriver(), this.options);
  }

  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }

  createAdapter() {
    return this.inner.createAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>) {
    return this.inner.createIntrospector(db);
  }
}

class GuardedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly guard: <T>(query: CompiledQuery | null, run: () => Promise<T>) => Promise<T>,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.guard(query, () => this.inner.executeQuery<R>(query));
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class GuardedDriver implements Driver {
  private readonly breaker: StoreBreaker;

  constructor(
    private readonly inner: Driver,
    private readonly options: GuardOptions,
  ) {
    this.breaker = options.breaker;
  }

  private readonly guard = async <T>(query: CompiledQuery | null, run: () => Promise<T>, writes = query !== null && !isReadQuery(query)): Promise<T> => {
    this.breaker.admit();
    try {
      const result = await run();
      this.breaker.succeeded();
      if (writes) {
        // A commit says writes work again: a statement inside a transaction may succeed in
        // memory (the editing lock's) and the commit still meet the full disk.
        if (query === null) this.breaker.wrote();
        this.options.onWrite();
      }
      return result;
    } catch (error) {
      // Refused for a crowd (it waited too long behind others): says nothing of the store.
      if (error instanceof StoreUnavailableError) throw error;
      const outage = this.options.isOutage(error, query, writes);
      const failure = outage || !writes ? null : writeFailureOf(error);
      if (failure === null) throw this.breaker.failed(error, outage);
      // A write that ran out of time says nothing of whether the store answers: no probe closes on it.
      if (failure.code !== 'SQLITE_STATEMENT_TIMEOUT') this.breaker.succeeded();
      if (failure.retryAfterMs === null && failure.code !== 'SQLITE_STATEMENT_TIMEOUT') this.breaker.writeFailed(failure.message);
      throw failure;
    }
  };

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Refused while down, but the probe is the query, not the acquiring: a pool's connect error is
    // an outage, while acquiring SQLite's single connection says nothing about the file.
    this.breaker.refuseIfDown();
    for (let attempt = 1; ; attempt++) {
      try {
        return new GuardedConnection(await this.inner.acquireConnection(), this.guard);
      } catch (error) {
        // A crowd while the store answers others: waited for once more, then a 503 for this
        // request alone. The breaker would refuse every request for a burst of a few.
        const crowded = this.options.isCrowded?.(error) === true && this.breaker.answeredWithin(CROWD_ANSWERED_MS);
        if (!crowded) throw this.breaker.failed(error, this.options.isOutage(error, null, false));
        if (attempt === CROWD_ATTEMPTS) throw new StoreUnavailableError(CROWD_RETRY_AFTER_MS, { cause: error });
      }
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.guard(null, () => this.inner.beginTransaction(unwrap(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.guard(null, () => this.inner.commitTransaction(unwrap(connection)), true);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A rollback must reach the driver even while the breaker is open, to free the connection.
    return this.inner.rollbackTransaction(unwrap(connection));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** A store that answered a query this recently is crowded, not away, when no connection comes in time. */
const CROWD_ANSWERED_MS = 5_000;
/** Tries to get a connection in a crowd. */
const CROWD_ATTEMPTS = 2;
/** When a request refused in a crowd may try again. */
const CROWD_RETRY_AFTER_MS = 1_000;

const unwrap = (connection: DatabaseConnection) => (connection instanceof GuardedConnection ? connection.inner : connection);

/** The message an operator can act on: for an unreachable store, the driver's own reason. */
export function describeFailure(error: unknown): string {
  if (error instanceof StoreUnavailableError && error.cause !== undefined) return `the content store does not answer (${describeFailure(error.cause)})`;
  if (error instanceof StoreWriteError && error.cause instanceof Error) return `${error.message} (${error.cause.message})`;
  return error instanceof Error ? error.message : String(error);
}
