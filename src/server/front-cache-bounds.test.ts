/**
 * The front cache's bounds under many distinct URLs (issue 34), without a server: requests and
 * replies as small stand-ins, so that thousands of keys take milliseconds.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { ContentVersionSource } from './content-version';
import { FrontCache } from './front-cache';

const VERSION = 7;
const versions = { peek: () => ({ version: VERSION, stale: false }) } as unknown as ContentVersionSource;

function createCache(maxEntries: number, maxBytes: number): FrontCache {
  return new FrontCache({
    versions,
    maxEntries,
    maxBytes,
    keyByHost: false,
    isDraining: () => false,
    log: { warn: vi.fn() } as unknown as FastifyBaseLogger,
    accessLine: null,
  });
}

const rawRequest = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers }) as IncomingMessage;

/** A shareable 200 the framework is sending for `url`. */
function capture(cache: FrontCache, url: string, body: Buffer, contentType = 'application/octet-stream'): void {
  const request = { method: 'GET', raw: rawRequest(url) } as unknown as FastifyRequest;
  FrontCache.markShared(request, VERSION);
  const headers: Record<string, string> = { 'content-type': contentType, etag: `"${url}"`, 'cache-control': 'public, max-age=0' };
  const reply = {
    statusCode: 200,
    hasHeader: (name: string) => name in headers,
    getHeader: (name: string) => headers[name],
    getHeaders: () => headers,
  } as unknown as FastifyReply;
  cache.capture(request, reply, body);
}

/** Whether the cache answers `url` itself. */
function serves(cache: FrontCache, url: string, headers: Record<string, string> = {}): boolean {
  const response = { writeHead: () => response, end: () => response, statusCode: 200 } as unknown as ServerResponse;
  return cache.serve(rawRequest(url, headers), response);
}

describe('the front cache’s bounds', () => {
  it('stays within its entries and bytes however many distinct URLs it meets, counting keys and headers', () => {
    const limits = { entries: 300, bytes: 256 * 1024 };
    const cache = createCache(limits.entries, limits.bytes);
    for (let index = 0; index < 5_000; index++) {
      capture(cache, `/?q=${index}&utm_source=${'x'.repeat(index % 200)}`, Buffer.alloc((index * 7919) % 4_000, 'a'));
      expect(cache.size.entries).toBeLessThanOrEqual(limits.entries);
      expect(cache.size.bytes).toBeLessThanOrEqual(limits.bytes);
    }
    // Small answers: the entries bound binds, and each is counted at more than its body.
    for (let index = 0; index < 1_000; index++) capture(cache, `/tiny/${index}`, Buffer.from('{}'));
    expect(cache.size.entries).toBe(limits.entries);
    expect(cache.size.bytes).toBeGreaterThan(limits.entries * 512);
  });

  it('counts the compressed forms it makes, and stays within its bytes with them', async () => {
    const maxBytes = 200 * 1024;
    const cache = createCache(1_000, maxBytes);
    for (let index = 0; index < 200; index++)
      capture(cache, `/api?page=${index}`, Buffer.from(JSON.stringify({ page: index, text: 'word '.repeat(800) })), 'application/json');
    await vi.waitFor(() => expect(cache.size.compressing).toBe(0));
    expect(cache.size.bytes).toBeLessThanOrEqual(maxBytes);
    expect(cache.size.bytes).toBeGreaterThan(maxBytes / 2);
  });

  it('compresses two answers at a time, and one passed over when it is asked for again', async () => {
    const cache = createCache(1_000, 4 * 1024 * 1024);
    const urls = Array.from({ length: 20 }, (_, index) => `/api?page=${index}`);
    const bodyOf = (url: string) => Buffer.from(JSON.stringify({ url, text: 'word '.repeat(2_000) }));
    for (const url of urls) capture(cache, url, bodyOf(url), 'application/json');
    expect(cache.size.compressing).toBe(2);
    await vi.waitFor(() => expect(cache.size.compressing).toBe(0));
    const brotli = { 'accept-encoding': 'br' };
    expect(urls.filter((url) => serves(cache, url, brotli))).toEqual(urls.slice(0, 2));
    // Asked again, the framework answers and the cache sees the same answer: its forms are made then.
    for (const url of urls.slice(2)) {
      capture(cache, url, bodyOf(url), 'application/json');
      await vi.waitFor(() => expect(cache.size.compressing).toBe(0));
    }
    expect(urls.every((url) => serves(cache, url, brotli))).toBe(true);
  });

  it('drops the least recently answered first: an entry answered since keeps its place', () => {
    const cache = createCache(3, 1024 * 1024);
    const body = Buffer.from('answer');
    for (const url of ['/a', '/b', '/c']) capture(cache, url, body);
    expect(serves(cache, '/a')).toBe(true);
    capture(cache, '/d', body);
    // '/b' was the oldest not answered since: it went, '/a' stayed.
    expect(serves(cache, '/b')).toBe(false);
    expect(['/a', '/c', '/d'].map((url) => serves(cache, url))).toEqual([true, true, true]);
    expect(cache.size.entries).toBe(3);
  });
});
