/**
 * Compression on a listening server: the page and API answers in brotli or gzip as the browser
 * asks, the same bytes as the plain answer once decompressed, from the framework (compressed on the
 * way out) and from the front cache (compressed once, in the background); built assets sent as
 * the build compressed them; every answer that could be compressed varies by Accept-Encoding.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningApp, type ListeningApp } from '../../tests/helpers/listening-app';
import { buildIfNeeded } from '../../tests/helpers/server-process';
import { DEMO_IDS } from '../demo/seed-demo';
import { chooseEncoding } from './compression';

let test: ListeningApp;
beforeAll(async () => {
  // The built bundle, to see its precompressed files served.
  buildIfNeeded();
  test = await createListeningApp({ listenForChanges: true, clientDir: join(process.cwd(), 'dist', 'client') });
}, 180_000);
afterAll(() => test.close());

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, encoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = encoding === undefined ? {} : { 'accept-encoding': encoding };
    const request = httpRequest(new URL(path, test.origin), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

const decoded = (response: RawResponse) =>
  response.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(response.body)
    : response.headers['content-encoding'] === 'gzip'
      ? gunzipSync(response.body)
      : response.body;

/** Asks until the front cache answers (its compressed forms are made in the background after the first answer). */
async function fromFront(path: string, encoding: string): Promise<RawResponse> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const hits = test.app.frontCache.hits;
    const response = await get(path, encoding);
    if (test.app.frontCache.hits > hits) return response;
  }
  throw new Error(`The front cache never answered ${path} in ${encoding}`);
}

const API = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=10`;

describe('compression', () => {
  it.each(['/', API])('answers %s in brotli or gzip as asked, the same once decompressed, from the framework and from the front cache', async (path) => {
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/);
    for (const [asked, encoding] of [
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
    ] as const) {
      const first = await get(path, asked);
      expect(first.headers['content-encoding'], asked).toBe(encoding);
      expect(decoded(first).equals(plain.body)).toBe(true);
      const cached = await fromFront(path, asked);
      expect(cached.headers['content-encoding'], asked).toBe(encoding);
      expect(cached.headers.vary).toMatch(/accept-encoding/);
      expect(Number(cached.headers['content-length'])).toBe(cached.body.length);
      expect(cached.body.length).toBeLessThan(plain.body.length / 3);
      expect(decoded(cached).equals(plain.body)).toBe(true);
    }
    const identity = await fromFront(path, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);
  });

  it('sends a built script as the build compressed it', async () => {
    const page = (await get('/')).body.toString();
    const script = /<script type="module" src="([^"]+)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    const plain = await get(script!);
    const compressed = await get(script!, 'br');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(compressed.body).equals(plain.body)).toBe(true);
  });

  it('chooses brotli, then gzip, never an encoding refused with q=0', () => {
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5, br;q=0.1')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
