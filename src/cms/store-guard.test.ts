import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestStoreLocation, TEST_ENGINE, type TestStoreLocation } from '../../tests/helpers/test-store';
import { holdStoreDown } from '../../tests/helpers/store-faults';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDatabase, type OpenStore } from './database';
import { readContentVersion } from './repositories/store-state';
import { GuardedDialect, isPostgresCrowded, isPostgresOutage, isSqliteOutage, StoreBreaker, StoreUnavailableError, writeFailureOf } from './store-guard';

describe('StoreBreaker', () => {
  function breakerAt() {
    const clock = { now: 0 };
    const breaker = new StoreBreaker({ initialPauseMs: 500, maxPauseMs: 2000, now: () => clock.now });
    const changes: boolean[] = [];
    breaker.onChange = (available) => changes.push(available);
    return { breaker, clock, changes };
  }
  const outage = Object.assign(new Error('locked'), { code: 'SQLITE_BUSY' });

  it('lets everything through while the store answers', () => {
    const { breaker } = breakerAt();
    expect(() => breaker.admit()).not.toThrow();
    breaker.succeeded();
    expect(breaker.available).toBe(true);
  });

  it('opens on an outage, refuses at once, then lets one probe through after the pause', () => {
    const { breaker, clock, changes } = breakerAt();
    const thrown = breaker.failed(outage, true);
    expect(thrown).toBeInstanceOf(StoreUnavailableError);
    expect((thrown as StoreUnavailableError).cause).toBe(outage);
    expect(changes).toEqual([false]);
    expect(() => breaker.admit()).toThrow(StoreUnavailableError);
    clock.now = 499;
    expect(() => breaker.admit()).toThrow(StoreUnavailableError);
    clock.now = 500;
    // Acquiring a connection does not use up the probe; the probe is the query.
    expect(() => breaker.refuseIfDown()).not.toThrow();
    expect(() => breaker.admit()).not.toThrow();
    // Only one probe: everyone else is still refused while it runs.
    expect(() => breaker.refuseIfDown()).toThrow(StoreUnavailableError);
    expect(() => breaker.admit()).toThrow(StoreUnavailableError);
    breaker.succeeded();
    expect(changes).toEqual([false, true]);
    expect(() => breaker.admit()).not.toThrow();
    // What reached the store: the probe and the query after it, none of the refused ones.
    expect(breaker.admitted).toBe(2);
  });

  it('doubles the pause after a failed probe, up to its limit, and starts over once closed', () => {
    const { breaker, clock } = breakerAt();
    const pauses: number[] = [];
    breaker.failed(outage, true);
    for (let probe = 0; probe < 4; probe++) {
      clock.now += 10_000;
      breaker.admit();
      pauses.push((breaker.failed(outage, true) as StoreUnavailableError).retryAfterMs);
    }
    expect(pauses).toEqual([1000, 2000, 2000, 2000]);
    clock.now += 10_000;
    breaker.admit();
    breaker.succeeded();
    expect((breaker.failed(outage, true) as StoreUnavailableError).retryAfterMs).toBe(500);
  });

  it('treats an error about the query itself as an answer from the store', () => {
    const { breaker, clock } = breakerAt();
    breaker.failed(outage, true);
    clock.now = 1000;
    breaker.admit();
    const constraint = new Error('UNIQUE constraint failed');
    expect(breaker.failed(constraint, false)).toBe(constraint);
    expect(breaker.available).toBe(true);
  });
});

describe('outage tests', () => {
  const select = CompiledQuery.raw('select 1');
  const insert = CompiledQuery.raw('insert into t values (1)');
  const sqlite = (code: string) => Object.assign(new Error(code), { code });

  it('SQLite: file errors for reads, busy only for reads; a write that fails (full, read-only, busy) fails alone', () => {
    expect(isSqliteOutage(sqlite('SQLITE_IOERR_READ'), select, false)).toBe(true);
    expect(isSqliteOutage(sqlite('SQLITE_CANTOPEN'), null, false)).toBe(true);
    expect(isSqliteOutage(sqlite('SQLITE_BUSY'), select, false)).toBe(true);
    expect(isSqliteOutage(sqlite('SQLITE_STATEMENT_TIMEOUT'), select, false)).toBe(true);
    expect(isSqliteOutage(sqlite('SQLITE_BUSY'), insert, true)).toBe(false);
    expect(isSqliteOutage(sqlite('SQLITE_FULL'), insert, true)).toBe(false);
    expect(isSqliteOutage(sqlite('SQLITE_FULL'), null, true)).toBe(false);
    expect(isSqliteOutage(sqlite('SQLITE_IOERR_WRITE'), insert, true)).toBe(false);
    expect(isSqliteOutage(sqlite('SQLITE_READONLY'), insert, true)).toBe(false);
    expect(isSqliteOutage(sqlite('SQLITE_STATEMENT_TIMEOUT'), insert, true)).toBe(false);
    expect(isSqliteOutage(sqlite('SQLITE_CANTOPEN'), insert, true)).toBe(true);
    expect(isSqliteOutage(sqlite('SQLITE_CONSTRAINT_UNIQUE'), insert, true)).toBe(false);
    expect(isSqliteOutage(new Error('no code'), select, false)).toBe(false);
  });

  it('a write failure says why, for editors and the command line: a full disk is named', () => {
    expect(writeFailureOf(sqlite('SQLITE_FULL'))).toMatchObject({
      status: 507,
      retryAfterMs: null,
      message: expect.stringMatching(/^The disk holding the content store is full: nothing was saved/),
    });
    expect(writeFailureOf(Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }))).toMatchObject({ status: 507 });
    expect(writeFailureOf(sqlite('SQLITE_READONLY'))).toMatchObject({ status: 503, message: expect.stringMatching(/read-only/) });
    expect(writeFailureOf(sqlite('SQLITE_BUSY'))).toMatchObject({ status: 503, retryAfterMs: 1000, code: 'SQLITE_BUSY' });
    expect(writeFailureOf(sqlite('SQLITE_CONSTRAINT_UNIQUE'))).toBeNull();
  });

  it('PostgreSQL: unreachable, shutting down or dropped connections; not query errors', () => {
    expect(isPostgresOutage(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), null, false)).toBe(true);
    expect(isPostgresOutage(Object.assign(new Error('terminating connection'), { code: '57P01' }), select, false)).toBe(true);
    expect(isPostgresOutage(new Error('Connection terminated unexpectedly'), select, false)).toBe(true);
    expect(isPostgresOutage(new Error('timeout exceeded when trying to connect'), null, false)).toBe(true);
    expect(isPostgresOutage(Object.assign(new Error('duplicate key'), { code: '23505' }), insert, true)).toBe(false);
    expect(isPostgresOutage(Object.assign(new Error('syntax error'), { code: '42601' }), select, false)).toBe(false);
  });
});

describe('a crowd waiting for connections (PostgreSQL)', () => {
  const crowd = () => new Error('timeout exceeded when trying to connect');
  /** A guarded driver whose pool gives a connection after `crowdedTimes` crowd errors. */
  function driverAt(crowdedTimes: number) {
    const clock = { now: 10_000 };
    const breaker = new StoreBreaker({ now: () => clock.now });
    let asked = 0;
    const connection: DatabaseConnection = {
      executeQuery: async () => ({ rows: [] }),
      streamQuery: () => {
        throw new Error('not streamed');
      },
    };
    const inner = {
      createDriver: (): Driver => ({
        init: async () => undefined,
        acquireConnection: async () => {
          asked += 1;
          if (asked <= crowdedTimes) throw crowd();
          return connection;
        },
        beginTransaction: async () => undefined,
        commitTransaction: async () => undefined,
        rollbackTransaction: async () => undefined,
        releaseConnection: async () => undefined,
        destroy: async () => undefined,
      }),
    } as unknown as Dialect;
    const driver = new GuardedDialect(inner, { breaker, isOutage: isPostgresOutage, isCrowded: isPostgresCrowded, onWrite: () => undefined }).createDriver();
    return { driver, breaker, clock, asked: () => asked };
  }

  it('waits once more while the store answers others, and keeps the site up', async () => {
    const { driver, breaker, asked } = driverAt(1);
    breaker.succeeded();
    await expect(driver.acquireConnection()).resolves.toBeDefined();
    expect(asked()).toBe(2);
    expect(breaker.available).toBe(true);
  });

  it('refuses that request alone when the crowd stays', async () => {
    const { driver, breaker } = driverAt(2);
    breaker.succeeded();
    await expect(driver.acquireConnection()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(breaker.available).toBe(true);
  });

  it('counts it an outage when the store has not answered for a while', async () => {
    const { driver, breaker, clock } = driverAt(1);
    breaker.succeeded();
    clock.now += 6_000;
    await expect(driver.acquireConnection()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(breaker.available).toBe(false);
  });
});

describe(`a ${TEST_ENGINE} store that goes away`, () => {
  let location: TestStoreLocation | undefined;
  let store: OpenStore | undefined;
  afterEach(async () => {
    await store?.close();
    await location?.drop();
  });

  it('fails fast while it is away and recovers with one probe', async () => {
    location = await createTestStoreLocation();
    // Migrated with the usual timeouts: a busy machine may take longer than 500 ms to start a
    // store's first statement, and the short timeouts are for the store going away.
    const migrating = openDatabase(loadConfig({ DATABASE_URL: location.databaseUrl }).database);
    await migrateToLatest(migrating);
    await migrating.close();
    const fault = await holdStoreDown(location.databaseUrl);
    try {
      store = openDatabase(loadConfig({ DATABASE_URL: fault.databaseUrl }).database, { busyTimeoutMs: 100, statementTimeoutMs: 500 });
      const version = await vi.waitFor(() => readContentVersion(store!.db), { timeout: 10_000, interval: 100 });
      const queries: number[] = [];
      store.breaker.onChange = () => queries.push(Date.now());

      await fault.down();
      const started = Date.now();
      await expect(readContentVersion(store.db)).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(2000);
      // Later queries do not even try: the breaker refuses them without asking the store. Counted,
      // not timed, so that a busy machine cannot fail it; only a pause of the breaker's (500 ms at
      // first) running out lets a probe through, so a slow loop may have let one through per pause.
      const admitted = store.breaker.admitted;
      const refused = Date.now();
      for (let attempt = 0; attempt < 100; attempt++) await expect(readContentVersion(store.db)).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(store.breaker.admitted - admitted).toBeLessThanOrEqual(Math.floor((Date.now() - refused) / 500));
      expect(store.breaker.available).toBe(false);

      await fault.up();
      await expect.poll(() => readContentVersion(store!.db).catch(() => -1), { timeout: 10_000, interval: 100 }).toBe(version);
      expect(store.breaker.available).toBe(true);
    } finally {
      await fault.release();
    }
  });
});
