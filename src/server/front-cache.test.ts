import { sql } from 'kysely';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createListeningApp, type ListeningApp } from '../../tests/helpers/listening-app';
import { DEMO_IDS } from '../demo/seed-demo';
import { readJournalOnce } from './journal-follower';
import { responseCacheShare } from './wiring/responses';

let test: ListeningApp;
beforeAll(async () => {
  // As the server opens it: on PostgreSQL the change token comes from NOTIFY.
  test = await createListeningApp({ listenForChanges: true });
});
afterAll(() => test.close());

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, test.origin), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * The front cache answers only while the store's change token is fresh, which needs a little
 * traffic first (the SQLite worker polls quickly only while it is being asked): repeat the request
 * until the front cache answers it, and answer that response.
 */
async function fromFront(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const hits = test.app.frontCache.hits;
    const response = await get(path, headers, method);
    if (test.app.frontCache.hits > hits) return response;
  }
  throw new Error(`The front cache never answered ${method} ${path}`);
}

const PER_RESPONSE = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
const withoutPerResponse = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));

const API = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=3`;

describe('the front cache', () => {
  it('answers a repeat request with the same bytes and headers, without the framework', async () => {
    for (const path of ['/', API]) {
      const first = await get(path);
      const second = await fromFront(path);
      expect(second.status).toBe(200);
      expect(second.body).toBe(first.body);
      expect(withoutPerResponse(second.headers)).toEqual(withoutPerResponse(first.headers));
      expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    }
  });

  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const page = await get('/');
    const notModified = await fromFront('/', { 'if-none-match': String(page.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(page.headers.etag);
    expect(notModified.headers['cache-control']).toBe(page.headers['cache-control']);
    const head = await fromFront('/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(page.body)));
  });

  it('keeps a proxy’s request id', async () => {
    expect((await fromFront('/', { 'x-request-id': 'edge-request-0001' })).headers['x-request-id']).toBe('edge-request-0001');
  });

  it('never answers a signed-in visitor (their page view is activity the framework records)', async () => {
    await fromFront('/');
    const hits = test.app.frontCache.hits;
    for (let i = 0; i < 20; i++) expect((await get('/', { cookie: 'theme=dark; ls_session=abc' })).status).toBe(200);
    expect(test.app.frontCache.hits).toBe(hits);
  });

  it('shows a content change on the very next request once it is read', async () => {
    const before = await fromFront(API);
    await sql`UPDATE collections SET title = 'Literature, renamed' WHERE collection_key = ${DEMO_IDS.collectionKey}`.execute(test.store.db);
    // An operator's SQL: the read model has it once a reader has read the journal (within JOURNAL_CHECK_MS in a server).
    await readJournalOnce(test.store);
    const after = await get(API);
    expect(after.body).not.toBe(before.body);
    expect(JSON.parse(after.body).title).toBe('Literature, renamed');
  });

  it('is not used for errors, other methods or unknown paths', async () => {
    await fromFront('/');
    const hits = test.app.frontCache.hits;
    for (let i = 0; i < 10; i++) {
      expect((await get('/no-such-page')).status).toBe(404);
      expect((await get('/', {}, 'POST')).status).toBeGreaterThanOrEqual(400);
    }
    expect(test.app.frontCache.hits).toBe(hits);
  });
});

describe('the memory bound (RESPONSE_CACHE_MB)', () => {
  let small: ListeningApp;
  beforeAll(async () => {
    small = await createListeningApp({ listenForChanges: true, env: { RESPONSE_CACHE_MB: '1' } });
  });
  afterAll(() => small.close());

  it('keeps no more bytes than its part of RESPONSE_CACHE_MB, compressed forms included, and drops the oldest first', async () => {
    // The response cache has the rest: together they never hold more than RESPONSE_CACHE_MB.
    const limit = 1024 * 1024 - responseCacheShare(1024 * 1024);
    // Without SITE_URL each host has its own page (its absolute URLs follow the Host header).
    const hosts = Array.from({ length: 80 }, (_, index) => `site-${index}.example`);
    for (const host of hosts) {
      const status = await new Promise<number>((resolve, reject) => {
        httpRequest(new URL('/', small.origin), { headers: { host } }, (response) => response.resume().on('end', () => resolve(response.statusCode ?? 0)))
          .on('error', reject)
          .end();
      });
      expect(status).toBe(200);
      expect(small.app.frontCache.size.bytes).toBeLessThanOrEqual(limit);
    }
    // Their brotli and gzip forms are made in the background, and count when they are added.
    await vi.waitFor(() => expect(small.app.frontCache.size.compressing).toBe(0));
    const { entries, bytes } = small.app.frontCache.size;
    expect(bytes).toBeLessThanOrEqual(limit);
    expect(bytes).toBeGreaterThan(limit / 2);
    expect(entries).toBeLessThan(hosts.length);
  });
});
