/**
 * Response headers on every route class: the security headers everywhere (errors included), the
 * right Cache-Control for each class, and Vary where an answer depends on a request header.
 * Public content carries no Vary because nothing but its URL shapes it: asked with another
 * cookie, language or encoding preference, it answers the same bytes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_CATALOGUE } from '../demo/catalogue';
import { DEMO_IDS } from '../demo/seed-demo';
import { fileAssetPath, mediaDeliveryPath } from '../shared/urls';

const clientDir = mkdtempSync(join(tmpdir(), 'literature-client-'));
let test: TestApp;
let pageStylesheet: string;

beforeAll(async () => {
  // A stand-in browser bundle: one hashed entry script.
  mkdirSync(join(clientDir, '.vite'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets', 'entry-client-Ab12Cd34.js'), 'export {};\n');
  writeFileSync(join(clientDir, 'assets', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/site/entry-client.ts': { file: 'assets/entry-client-Ab12Cd34.js', isEntry: true } }),
  );
  test = await createTestApp({ clientDir, env: { CDN_MAX_AGE_SECONDS: '60' } });
  pageStylesheet = /href="(\/assets\/pages\/[^"]+\.css)"/.exec((await test.app.inject('/')).body)![1]!;
});
afterAll(async () => {
  await test?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const slug = DEMO_CATALOGUE[0]!.slug;
const API = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=3`;
const PUBLIC_CONTENT = /^public, max-age=0, s-maxage=60, stale-while-revalidate=\d+, stale-if-error=\d+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_STORED = /^(private, )?no-store$/;

/** Route classes: a request, and the Cache-Control and Vary its answer must carry. */
const ROUTES: { name: string; url: string; method?: 'GET' | 'POST'; status: number; cacheControl: RegExp | string; vary?: string }[] = [
  // Without SITE_URL, absolute URLs follow the Host header: a shared cache must key on it.
  // Text of 1 KB or more may go compressed: its plain form varies by Accept-Encoding too.
  { name: 'literature page', url: '/', status: 200, cacheControl: PUBLIC_CONTENT, vary: 'Host, accept-encoding' },
  { name: 'translated page', url: '/de-DE/', status: 200, cacheControl: PUBLIC_CONTENT, vary: 'Host, accept-encoding' },
  { name: 'delivery API collection', url: API, status: 200, cacheControl: PUBLIC_CONTENT, vary: 'Host, accept-encoding' },
  {
    name: 'delivery API error',
    url: `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/MC0000000000000000000000000000`,
    status: 404,
    cacheControl: NOT_STORED,
    vary: 'Host',
  },
  {
    // A PNG, sent as it is (compressing it again would gain nothing), so it varies on nothing.
    name: 'image (media delivery)',
    url: mediaDeliveryPath('sfsites', DEMO_IDS.imageKey(slug)),
    status: 200,
    cacheControl: /^public, /,
  },
  { name: 'document (file asset)', url: fileAssetPath('sfsites', DEMO_IDS.assetId(slug), 1), status: 200, cacheControl: /^public, / },
  { name: 'hashed browser asset', url: '/assets/entry-client-Ab12Cd34.js', status: 200, cacheControl: IMMUTABLE, vary: 'accept-encoding' },
  { name: 'page stylesheet', url: '', status: 200, cacheControl: IMMUTABLE },
  { name: 'favicon', url: '/favicon.ico', status: 200, cacheControl: /^public, max-age=\d+$/ },
  { name: 'robots.txt', url: '/robots.txt', status: 200, cacheControl: /^public, max-age=\d+$/, vary: 'Host' },
  { name: 'sitemap', url: '/sitemap.xml', status: 200, cacheControl: PUBLIC_CONTENT, vary: 'Host, accept-encoding' },
  { name: 'health', url: '/healthz', status: 200, cacheControl: 'no-store' },
  { name: 'readiness', url: '/readyz', status: 200, cacheControl: 'no-store' },
  { name: 'sign-in page', url: '/login', status: 200, cacheControl: 'private, no-store' },
  { name: 'session API', url: '/api/session', status: 200, cacheControl: 'private, no-store', vary: 'Cookie' },
  { name: 'failed sign-in', url: '/login', method: 'POST', status: 401, cacheControl: 'private, no-store', vary: 'accept-encoding' },
  { name: 'missing page', url: '/no-such-page', status: 404, cacheControl: NOT_STORED },
];

function urlOf(route: (typeof ROUTES)[number]): string {
  return route.name === 'page stylesheet' ? pageStylesheet : route.url;
}

describe.each(ROUTES)('$name', (route) => {
  it('carries the security headers', async () => {
    const response = await test.app.inject({ method: route.method ?? 'GET', url: urlOf(route) });
    expect(response.statusCode).toBe(route.status);
    const csp = String(response.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
    // Scripts only from this origin (SVG images: none at all): no inline script, no eval.
    const scripts = directives.get('script-src') ?? directives.get('default-src');
    expect([["'self'"], ["'none'"]]).toContainEqual(scripts);
    expect([["'self'"], ["'none'"]]).toContainEqual(directives.get('object-src') ?? directives.get('default-src'));
    expect([["'none'"]]).toContainEqual(directives.get('base-uri') ?? directives.get('default-src'));
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('says how it may be cached, and what it varies on', async () => {
    const response = await test.app.inject({ method: route.method ?? 'GET', url: urlOf(route) });
    const cacheControl = String(response.headers['cache-control']);
    if (typeof route.cacheControl === 'string') expect(cacheControl).toBe(route.cacheControl);
    else expect(cacheControl).toMatch(route.cacheControl);
    expect(response.headers.vary).toBe(route.vary);
  });
});

describe('public content', () => {
  it.each(['/', '/de-DE/', API])('%s answers the same bytes whatever the cookie, language or encoding asked for', async (url) => {
    const plain = await test.app.inject(url);
    for (const headers of [{ cookie: 'theme=dark; other=1' }, { 'accept-language': 'fr-FR,fr;q=0.9' }]) {
      const varied = await test.app.inject({ url, headers });
      expect(varied.body).toBe(plain.body);
      expect(varied.headers['content-encoding']).toBeUndefined();
    }
    const compressed = await test.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('pages hold no inline script: only module scripts from this origin, and data that is not run', async () => {
    for (const url of ['/', '/de-DE/']) {
      const html = (await test.app.inject(url)).body;
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) {
        const type = /type="([^"]*)"/.exec(attributes)?.[1];
        const src = /src="([^"]*)"/.exec(attributes)?.[1];
        if (type === 'application/json' || type === 'application/ld+json') continue;
        expect(type).toBe('module');
        expect(src).toMatch(/^\/assets\//);
      }
    }
  });
});
