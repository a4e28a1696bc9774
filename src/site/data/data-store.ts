/**
 * The data store every component loads through, on the server and in the browser (spec §4.3, §8
 * "Fetch and cache errors", §9 "Caching and timing").
 *
 * - Each entry goes not loaded → loading → loaded, with data or an error.
 * - An aborted load clears the loading flag and records no error.
 * - Entries live for their lifetime (300 s by default; -1 never expires); expired ones are Stale
 *   and are fetched again on the next load. Expired entries are trimmed at most once per 5 s.
 * - Only 404 responses are cached as errors; any other failure is retried on the next load.
 * - A cache-only ('only-if-cached') load that finds nothing fails with 504.
 * - Concurrent loads of the same key share one fetch (single flight).
 */
import { CACHE_NEVER_EXPIRES, CACHE_TRIM_INTERVAL_MS, CACHE_TTL_DEFAULT_MS } from '../../shared/constants';
import { FetchError } from '../../shared/delivery-client';
import { AbortError, ONLY_IF_CACHED_MISS, StoreActionError, invalidConfig, isAbortError } from './errors';

/** spec §4.3: cached data snapshots. */
export type SnapshotState = 'Fulfilled' | 'Unfulfilled' | 'Error' | 'Pending' | 'Stale';

export interface Snapshot<T> {
  state: SnapshotState;
  data: T | undefined;
  error: unknown;
}

export type CachePolicy = 'cache-first' | 'only-if-cached' | 'no-cache';

export interface LoadOptions {
  /** Lifetime in ms; -1 never expires. Defaults to the store's (300 s). */
  ttlMs?: number;
  policy?: CachePolicy;
  /** Entries that could hold personal data are cleared on sign-out and session expiry. */
  personal?: boolean;
  signal?: AbortSignal;
}

export type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

type Entry =
  | { status: 'loading'; promise: Promise<unknown>; controller: AbortController; previous: Settled | undefined; personal: boolean }
  | Settled;

type Settled =
  | { status: 'loaded'; data: unknown; expiresAt: number; personal: boolean }
  | { status: 'error'; error: unknown; expiresAt: number; personal: boolean };

export interface DataStoreOptions {
  now?: () => number;
  defaultTtlMs?: number;
}

export class DataStore {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly now: () => number;
  private readonly defaultTtlMs: number;
  private lastTrim: number;

  constructor({ now = () => Date.now(), defaultTtlMs = CACHE_TTL_DEFAULT_MS }: DataStoreOptions = {}) {
    if (!isValidTtl(defaultTtlMs)) throw invalidConfig();
    this.now = now;
    this.defaultTtlMs = defaultTtlMs;
    this.lastTrim = now();
  }

  /** Loads `key` through the cache: fresh data (or a cached 404) is answered without a fetch. */
  load<T>(key: string, fetcher: Fetcher<T>, options: LoadOptions = {}): Promise<T> {
    const ttlMs = options.ttlMs ?? this.defaultTtlMs;
    if (typeof key !== 'string' || key === '' || typeof fetcher !== 'function' || !isValidTtl(ttlMs)) {
      return Promise.reject(invalidConfig());
    }
    const policy = options.policy ?? 'cache-first';
    const entry = this.entries.get(key);
    // After reading this key's entry, so that its stale data can still be shown while it refreshes.
    this.trimAtMostEvery(CACHE_TRIM_INTERVAL_MS, key);

    if (policy !== 'no-cache' && entry !== undefined && entry.status !== 'loading' && !this.isExpired(entry)) {
      return entry.status === 'loaded' ? Promise.resolve(entry.data as T) : Promise.reject(entry.error);
    }
    if (policy === 'only-if-cached') return Promise.reject(new StoreActionError(504, ONLY_IF_CACHED_MISS));
    if (entry?.status === 'loading') return withSignal(entry.promise as Promise<T>, options.signal);

    const controller = new AbortController();
    const previous = entry;
    const personal = options.personal ?? false;
    const promise = this.fetchInto(key, fetcher, controller, ttlMs, personal);
    this.entries.set(key, { status: 'loading', promise, controller, previous, personal });
    this.notify(key);
    return withSignal(promise, options.signal);
  }

  snapshot<T>(key: string): Snapshot<T> {
    const entry = this.entries.get(key);
    if (entry === undefined) return { state: 'Unfulfilled', data: undefined, error: undefined };
    if (entry.status === 'loading') {
      return { state: 'Pending', data: entry.previous?.status === 'loaded' ? (entry.previous.data as T) : undefined, error: undefined };
    }
    if (entry.status === 'error') return { state: this.isExpired(entry) ? 'Stale' : 'Error', data: undefined, error: entry.error };
    return { state: this.isExpired(entry) ? 'Stale' : 'Fulfilled', data: entry.data as T, error: undefined };
  }

  /** Aborts a load in progress: the entry returns to what it was, with no error recorded. */
  abort(key: string): void {
    const entry = this.entries.get(key);
    if (entry?.status === 'loading') entry.controller.abort();
  }

  subscribe(key: string, listener: () => void): () => void {
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => set.delete(listener);
  }

  /** Forgets every entry that could hold personal data (sign-out, session expiry). */
  clearPersonal(): void {
    for (const [key, entry] of this.entries) {
      if (entry.personal) {
        if (entry.status === 'loading') entry.controller.abort();
        this.entries.delete(key);
        this.notify(key);
      }
    }
  }

  /** Removes expired entries now (but `keep`). */
  trim(keep?: string): void {
    this.lastTrim = this.now();
    for (const [key, entry] of this.entries) {
      if (key !== keep && entry.status !== 'loading' && this.isExpired(entry)) this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private trimAtMostEvery(intervalMs: number, keep: string): void {
    if (this.now() - this.lastTrim >= intervalMs) this.trim(keep);
  }

  private async fetchInto<T>(key: string, fetcher: Fetcher<T>, controller: AbortController, ttlMs: number, personal: boolean): Promise<T> {
    try {
      const data = await fetcher(controller.signal);
      if (controller.signal.aborted) throw new AbortError();
      this.settle(key, controller, { status: 'loaded', data, expiresAt: this.expiryOf(ttlMs), personal });
      return data;
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) {
        // spec §4.3: an aborted load clears the loading flag and records no error.
        this.restore(key, controller);
        throw error instanceof AbortError ? error : new AbortError();
      }
      // spec §8: only 404 responses are cached as errors; anything else is tried again next time.
      if (error instanceof FetchError && error.status === 404) {
        this.settle(key, controller, { status: 'error', error, expiresAt: this.expiryOf(ttlMs), personal });
      } else {
        this.restore(key, controller);
      }
      throw error;
    }
  }

  private settle(key: string, controller: AbortController, settled: Settled): void {
    const current = this.entries.get(key);
    // A later load (or clearPersonal) replaced this one: leave its result alone.
    if (current?.status !== 'loading' || current.controller !== controller) return;
    this.entries.set(key, settled);
    this.notify(key);
  }

  private restore(key: string, controller: AbortController): void {
    const current = this.entries.get(key);
    if (current?.status !== 'loading' || current.controller !== controller) return;
    if (current.previous === undefined) this.entries.delete(key);
    else this.entries.set(key, current.previous);
    this.notify(key);
  }

  private expiryOf(ttlMs: number): number {
    return ttlMs === CACHE_NEVER_EXPIRES ? Number.POSITIVE_INFINITY : this.now() + ttlMs;
  }

  private isExpired(entry: Settled): boolean {
    return this.now() >= entry.expiresAt;
  }

  private notify(key: string): void {
    for (const listener of this.listeners.get(key) ?? []) listener();
  }
}

function isValidTtl(ttlMs: unknown): ttlMs is number {
  return ttlMs === CACHE_NEVER_EXPIRES || (typeof ttlMs === 'number' && Number.isFinite(ttlMs) && ttlMs >= 0);
}

/** Lets one caller stop waiting without aborting a fetch that others share. */
function withSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(new AbortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Delays `run` until calls have stopped for `delayMs` (spec §9: 150 ms for rapid changes). */
export function debounce<A extends unknown[]>(run: (...args: A) => void, delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      run(...args);
    }, delayMs);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
