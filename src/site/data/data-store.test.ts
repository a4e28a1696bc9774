import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FetchError } from '../../shared/delivery-client';
import { DataStore, debounce } from './data-store';
import { AbortError, StoreActionError } from './errors';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const notFound = () => new FetchError('/x', 404, 'Not Found', [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);

function counter<T>(value: T) {
  const fetcher = vi.fn(async () => value);
  return fetcher;
}

describe('lifetimes (spec §9)', () => {
  it('serves from cache at 299.999 s and fetches again at 300 s by default', async () => {
    const store = new DataStore();
    const fetcher = counter('data');
    await store.load('k', fetcher);
    vi.advanceTimersByTime(299_999);
    expect(store.snapshot('k').state).toBe('Fulfilled');
    await store.load('k', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(store.snapshot('k').state).toBe('Stale');
    await store.load('k', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('keeps CMS responses for an hour and the contents collection for 30 days', async () => {
    const store = new DataStore();
    const cms = counter('cms');
    await store.load('cms', cms, { ttlMs: 3_600_000 });
    vi.advanceTimersByTime(3_599_999);
    await store.load('cms', cms, { ttlMs: 3_600_000 });
    expect(cms).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await store.load('cms', cms, { ttlMs: 3_600_000 });
    expect(cms).toHaveBeenCalledTimes(2);

    const contents = counter('contents');
    await store.load('contents', contents, { ttlMs: 2_592_000_000 });
    vi.advanceTimersByTime(2_591_999_999);
    expect(store.snapshot('contents').state).toBe('Fulfilled');
    vi.advanceTimersByTime(1);
    expect(store.snapshot('contents').state).toBe('Stale');
  });

  it('never expires an entry with a lifetime of -1', async () => {
    const store = new DataStore();
    const fetcher = counter('forever');
    await store.load('k', fetcher, { ttlMs: -1 });
    vi.advanceTimersByTime(10 * 365 * 24 * 3_600_000);
    await store.load('k', fetcher, { ttlMs: -1 });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(store.snapshot('k').state).toBe('Fulfilled');
  });
});

describe('states (spec §4.3)', () => {
  it('goes Unfulfilled → Pending → Fulfilled', async () => {
    const store = new DataStore();
    expect(store.snapshot('k')).toEqual({ state: 'Unfulfilled', data: undefined, error: undefined });
    let resolve: (value: string) => void = () => {};
    const loading = store.load('k', () => new Promise<string>((r) => (resolve = r)));
    expect(store.snapshot('k').state).toBe('Pending');
    resolve('data');
    await loading;
    expect(store.snapshot('k')).toEqual({ state: 'Fulfilled', data: 'data', error: undefined });
  });

  it('keeps showing stale data while a refresh is pending', async () => {
    const store = new DataStore();
    await store.load('k', async () => 'old');
    vi.advanceTimersByTime(300_000);
    const refresh = store.load('k', async () => 'new');
    expect(store.snapshot('k')).toMatchObject({ state: 'Pending', data: 'old' });
    await refresh;
    expect(store.snapshot('k').data).toBe('new');
  });

  it('notifies subscribers on every change', async () => {
    const store = new DataStore();
    const listener = vi.fn();
    store.subscribe('k', listener);
    await store.load('k', async () => 1);
    expect(listener).toHaveBeenCalledTimes(2); // loading, loaded
  });
});

describe('errors (spec §8)', () => {
  it('caches a 404 as an error for the entry’s lifetime', async () => {
    const store = new DataStore();
    const fetcher = vi.fn(async () => Promise.reject(notFound()));
    await expect(store.load('k', fetcher)).rejects.toBeInstanceOf(FetchError);
    await expect(store.load('k', fetcher)).rejects.toMatchObject({ status: 404 });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(store.snapshot('k').state).toBe('Error');
    vi.advanceTimersByTime(300_000);
    await expect(store.load('k', fetcher)).rejects.toMatchObject({ status: 404 });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['500', () => new FetchError('/x', 500, 'Internal Server Error', [])],
    ['503', () => new FetchError('/x', 503, 'Service Unavailable', [])],
    ['a network error', () => new TypeError('fetch failed')],
  ])('does not cache %s: the next load tries again', async (_name, makeError) => {
    const store = new DataStore();
    const fetcher = vi.fn(async () => Promise.reject(makeError()));
    await expect(store.load('k', fetcher)).rejects.toBeDefined();
    expect(store.snapshot('k').state).toBe('Unfulfilled');
    await expect(store.load('k', fetcher)).rejects.toBeDefined();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('keeps the last good data when a refresh fails with something other than 404', async () => {
    const store = new DataStore();
    await store.load('k', async () => 'good');
    vi.advanceTimersByTime(300_000);
    await expect(store.load('k', async () => Promise.reject(new FetchError('/x', 503, 'Service Unavailable', [])))).rejects.toBeDefined();
    expect(store.snapshot('k')).toMatchObject({ state: 'Stale', data: 'good' });
  });

  it('carries the response status text in a FetchError', () => {
    const error = new FetchError('/services/x', 503, 'Service Unavailable', []);
    expect(error).toMatchObject({ message: 'Service Unavailable', url: '/services/x', status: 503, statusText: 'Service Unavailable', errors: [] });
  });
});

describe('only-if-cached', () => {
  it('answers a hit from the cache and a miss with 504 and the spec message', async () => {
    const store = new DataStore();
    const miss = await store.load('k', async () => 'never', { policy: 'only-if-cached' }).catch((error: unknown) => error);
    expect(miss).toBeInstanceOf(StoreActionError);
    expect(miss).toMatchObject({ status: 504, message: 'Data requested with only-if-cached policy and not found in the cache.' });
    await store.load('k', async () => 'cached');
    await expect(store.load('k', async () => 'never', { policy: 'only-if-cached' })).resolves.toBe('cached');
  });
});

describe('invalid configuration', () => {
  it.each([
    ['an empty key', () => new DataStore().load('', async () => 1)],
    ['no fetcher', () => new DataStore().load('k', undefined as never)],
    ['a negative lifetime', () => new DataStore().load('k', async () => 1, { ttlMs: -5 })],
    ['a lifetime that is not a number', () => new DataStore().load('k', async () => 1, { ttlMs: NaN })],
  ])('%s gives 400 INVALID_CONFIG', async (_name, load) => {
    await expect(load()).rejects.toMatchObject({ name: 'StoreActionError', status: 400, message: 'INVALID_CONFIG' });
  });

  it('refuses a store with an invalid default lifetime', () => {
    expect(() => new DataStore({ defaultTtlMs: -2 })).toThrow('INVALID_CONFIG');
  });
});

describe('abort', () => {
  it('clears the loading flag and records no error', async () => {
    const store = new DataStore();
    const loading = store.load('k', (signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('x', 'AbortError')))));
    store.abort('k');
    const error = await loading.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).message).toBe('Aborted');
    expect(store.snapshot('k')).toEqual({ state: 'Unfulfilled', data: undefined, error: undefined });
  });

  it('returns to the data it had', async () => {
    const store = new DataStore();
    await store.load('k', async () => 'old');
    vi.advanceTimersByTime(300_000);
    const refresh = store.load('k', (signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))));
    store.abort('k');
    await expect(refresh).rejects.toBeInstanceOf(AbortError);
    expect(store.snapshot('k')).toMatchObject({ state: 'Stale', data: 'old', error: undefined });
  });

  it('lets one caller stop waiting without cancelling the shared fetch', async () => {
    const store = new DataStore();
    let resolve: (value: string) => void = () => {};
    const first = store.load('k', () => new Promise<string>((r) => (resolve = r)));
    const controller = new AbortController();
    const second = store.load('k', async () => 'unused', { signal: controller.signal });
    controller.abort();
    await expect(second).rejects.toBeInstanceOf(AbortError);
    resolve('shared');
    await expect(first).resolves.toBe('shared');
  });
});

describe('single flight', () => {
  it('shares one fetch among concurrent loads of the same key', async () => {
    const store = new DataStore();
    const fetcher = vi.fn(() => new Promise((resolve) => setTimeout(() => resolve('data'), 10)));
    const loads = Array.from({ length: 50 }, () => store.load('k', fetcher));
    vi.advanceTimersByTime(10);
    expect(await Promise.all(loads)).toEqual(Array(50).fill('data'));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});

describe('trimming', () => {
  it('removes expired entries at most once per 5 s', async () => {
    const store = new DataStore({ defaultTtlMs: 1_000 });
    await store.load('a', async () => 1); // expires at 1 s
    vi.advanceTimersByTime(1_000);
    await store.load('b', async () => 2); // 1 s since the store started: no trim yet
    expect(store.size).toBe(2);
    vi.advanceTimersByTime(3_999);
    expect(store.size).toBe(2);
    vi.advanceTimersByTime(1);
    await store.load('c', async () => 3); // 5 s reached: a and b are expired and trimmed
    expect(store.size).toBe(1);
    vi.advanceTimersByTime(1_000);
    await store.load('d', async () => 4); // c has expired, but the last trim was 1 s ago
    expect(store.size).toBe(2);
    vi.advanceTimersByTime(4_000);
    await store.load('e', async () => 5); // 5 s after the last trim: c and d go
    expect(store.size).toBe(1);
  });
});

describe('personal data', () => {
  it('is cleared on sign-out, other entries stay', async () => {
    const store = new DataStore();
    await store.load('user', async () => ({ userId: '005' }), { personal: true });
    await store.load('collection', async () => ['public']);
    store.clearPersonal();
    expect(store.snapshot('user').state).toBe('Unfulfilled');
    expect(store.snapshot('collection').state).toBe('Fulfilled');
  });
});

describe('debounce (spec §9: 150 ms)', () => {
  it('runs once, 150 ms after the last of rapid calls', () => {
    const run = vi.fn();
    const debounced = debounce(run, 150);
    debounced(1);
    vi.advanceTimersByTime(100);
    debounced(2);
    vi.advanceTimersByTime(149);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(2);
  });

  it('can be cancelled', () => {
    const run = vi.fn();
    const debounced = debounce(run, 150);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).not.toHaveBeenCalled();
  });
});
