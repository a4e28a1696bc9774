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

  it('evicts the least recently used beyond its entry and byte limits', async () => {
    const cache = new ResponseCache({ maxEntries: 2, maxBytes: 10 });
    await cache.get('/a', 1, async () => response('aaaa'));
    await cache.get('/b', 1, async () => response('bbbb'));
    await cache.get('/a', 1, async () => response('never'));
    await cache.get('/c', 1, async () => response('cccc'));
    expect(cache.size).toBe(2);
    expect((await cache.get('/a', 1, async () => response('again'))).body).toBe('aaaa');
    expect((await cache.get('/b', 1, async () => response('again'))).body).toBe('again');
    await cache.get('/big', 1, async () => response('x'.repeat(11)));
    expect((await cache.get('/big', 1, async () => response('small'))).body).toBe('small');
  });

  it('stores nothing when turned off', async () => {
    const cache = new ResponseCache({ maxEntries: 0, maxBytes: 1_000 });
    let renders = 0;
    await cache.get('/a', 1, async () => response(String(++renders)));
    await cache.get('/a', 1, async () => response(String(++renders)));
    expect(renders).toBe(2);
  });
});
