import { describe, expect, it } from 'vitest';
import { ResponseCache, type CachedResponse } from './response-cache';

const response = (body: string): CachedResponse => ({ body, etag: `"${body}"` });

describe('ResponseCache', () => {
  it('serves a stored response while the version is unchanged, and renders again when it changes', async () => {
    const cache = new ResponseCache({ maxEntries: 10, maxBytes: 1_000 });
    let renders = 0;
    const produce = async () => response(`render ${++renders}`);
    expect((await cache.get('/a', 1, produce)).body).toBe('render 1');
    expect((await cache.get('/a', 1, produce)).body).toBe('render 1');
    expect((await cache.get('/a', 2, produce)).body).toBe('render 2');
    expect(renders).toBe(2);
  });

  it('shares one rendering between concurrent identical requests', async () => {
    const cache = new ResponseCache({ maxEntries: 10, maxBytes: 1_000 });
    let renders = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const produce = async () => {
      renders++;
      await gate;
      return response('shared');
    };
    const results = Promise.all(Array.from({ length: 50 }, () => cache.get('/a', 1, produce)));
    release();
    expect((await results).every((result) => result.body === 'shared')).toBe(true);
    expect(renders).toBe(1);
  });

  it('does not keep failures: the next request renders again', async () => {
    const cache = new ResponseCache({ maxEntries: 10, maxBytes: 1_000 });
    await expect(cache.get('/a', 1, async () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    expect((await cache.get('/a', 1, async () => response('ok'))).body).toBe('ok');
  });

  it('evicts the least recently used beyond its entry limit', async () => {
    const cache = new ResponseCache({ maxEntries: 2, maxBytes: 1_000_000 });
    await cache.get('/a', 1, async () => response('aaaa'));
    await cache.get('/b', 1, async () => response('bbbb'));
    await cache.get('/a', 1, async () => response('never'));
    await cache.get('/c', 1, async () => response('cccc'));
    expect(cache.size).toBe(2);
    expect((await cache.get('/a', 1, async () => response('again'))).body).toBe('aaaa');
    expect((await cache.get('/b', 1, async () => response('again'))).body).toBe('again');
  });

  it('counts an entry’s key and ETag with its body, and keeps no answer larger than its byte limit', async () => {
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 2_000 });
    await cache.get('/big', 1, async () => response('x'.repeat(2_001)));
    expect(cache.size).toBe(0);
    // 300 bytes of body each, but with their keys and what an entry costs besides, fewer than six fit.
    for (const key of ['/a', '/b', '/c', '/d', '/e', '/f']) await cache.get(key.repeat(50), 1, async () => response('y'.repeat(300)));
    expect(cache.size).toBeLessThan(6);
    expect(cache.bytes).toBeLessThanOrEqual(2_000);
  });

  it('stays within its bounds however many distinct requests it meets', async () => {
    const limits = { maxEntries: 200, maxBytes: 64 * 1024 };
    const cache = new ResponseCache(limits);
    for (let index = 0; index < 5_000; index++) {
      const size = (index * 7919) % 3_000;
      await cache.get(`/search?q=${index}`, 1, async () => response(`${index} ${'z'.repeat(size)}`));
      expect(cache.size).toBeLessThanOrEqual(limits.maxEntries);
      expect(cache.bytes).toBeLessThanOrEqual(limits.maxBytes);
    }
    expect(cache.bytes).toBeGreaterThan(limits.maxBytes / 2);
  });

  it('stores nothing when turned off', async () => {
    const cache = new ResponseCache({ maxEntries: 0, maxBytes: 1_000 });
    let renders = 0;
    await cache.get('/a', 1, async () => response(String(++renders)));
    await cache.get('/a', 1, async () => response(String(++renders)));
    expect(renders).toBe(2);
  });
});
