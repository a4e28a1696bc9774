/**
 * Every public answer, byte for byte, against what it was (issue 61): over the demo store, and the
 * demo with 1,000 generated sheets, both made with a fixed clock. Every page a visitor can reach
 * from the home page and the sitemap in every language (the sheet pages, topic pages, pages of the
 * grid, documents and images they link), robots.txt, and the delivery API's calls for every
 * collection, content and language; each asked twice, so the front cache's repeat is held to the
 * same. What is compared is the status, every header but the date and the request's id, and a digest of the body.
 *
 * The digests are committed (tests/golden/): a change that alters an answer fails here, naming the
 * addresses (for the demo) or the kinds of address (for the large store) that differ. When the
 * change is meant, `GOLDEN_UPDATE=1 npx vitest run tests/process/golden-answers.test.ts` writes them
 * again, and the diff shows what moved.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createBenchStore } from '../../bench/lib/fixtures';
import { openDatabase } from '../../src/cms/database';
import { DEMO_IDS } from '../../src/demo/seed-demo';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { readJournalOnce } from '../../src/server/journal-follower';

const GOLDEN = fileURLToPath(new URL('../golden/', import.meta.url));
const UPDATE = process.env.GOLDEN_UPDATE === '1';
const API = '/services/data/v65.0';
const LANGUAGES = ['en_US', 'de_DE', 'fr_FR'];
/** Headers that say when or which request, not what. */
const VOLATILE = new Set(['date', 'x-request-id']);
/** Where a visitor's crawl does not go: the studio and signing in are not public answers. */
const PRIVATE = /^\/(?:studio|login|password|api\/session|healthz|readyz)\b/;
/** Choices stacked on choices: a page with one choice (a facet, a page of the grid) stands for them (they multiply past any crawl). */
const STACKED = /\?[^#]*&/;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A store made as `createBenchStore` makes it (fixed clock), with `items` generated sheets, and the app over it. */
async function appOver(items: number): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'golden-'));
  folders.push(folder);
  const path = join(folder, 'site.db');
  await createBenchStore(path, items);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${path}`, CDN_KEY_HEADERS: 'Surrogate-Key', SCHEDULE_CHECK_MS: '3600000' });
  const store = openDatabase(config.database);
  await readJournalOnce(store);
  const app = await buildApp({ config, store, clientDir: null });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

/** An answer as compared: status, headers (sorted, the date left out) and the body's digest. */
function fingerprint(answer: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const headers = Object.entries(answer.headers)
    .filter(([name]) => !VOLATILE.has(name))
    .map(([name, value]) => `${name}: ${String(value)}`)
    .sort();
  return createHash('sha256')
    .update([String(answer.statusCode), ...headers, createHash('sha256').update(answer.rawPayload).digest('hex')].join('\n'))
    .digest('hex')
    .slice(0, 20);
}

/** The site's own addresses a page links or an XML document names (absolute ones made relative). */
function linksIn(body: string, origin: string): string[] {
  const found = [...body.matchAll(/(?:href|src)="([^"]+)"|<loc>([^<]+)<\/loc>|"(?:url|nextPageUrl|currentPageUrl|resourceUrl)":"([^"]+)"/g)].map((match) =>
    (match[1] ?? match[2] ?? match[3]!).replaceAll('&amp;', '&'),
  );
  return found.flatMap((link) => {
    // A place on a page is the page.
    const path = (link.startsWith(origin) ? link.slice(origin.length) : link).replace(/#.*$/, '');
    return path.startsWith('/') && !path.startsWith('//') ? [path] : [];
  });
}

interface CrawlOptions {
  /** Ask each address a second time, from the front cache. */
  repeat: boolean;
  /** Whether a link found is followed (all, unless a store too large to ask every page of). */
  follows: (link: string) => boolean;
}

/** Asks every address reachable from `start`, and answers each one's fingerprint. */
async function crawl(app: FastifyInstance, start: string[], { repeat, follows }: CrawlOptions): Promise<Map<string, string>> {
  const seen = new Set(start);
  const queue = [...start];
  const prints = new Map<string, string>();
  const origin = 'http://localhost:80';
  while (queue.length > 0) {
    const url = queue.shift()!;
    const first = await app.inject({ url, headers: { host: 'localhost:80' } });
    const again = repeat ? await app.inject({ url, headers: { host: 'localhost:80' } }) : null;
    prints.set(url, again === null ? fingerprint(first) : `${fingerprint(first)} ${fingerprint(again)}`);
    const type = String(first.headers['content-type'] ?? '');
    if (!/html|xml|json|text\/plain/.test(type)) continue;
    for (const link of linksIn(first.body, origin)) {
      if (seen.has(link) || PRIVATE.test(link) || (STACKED.test(link) && !link.startsWith(API)) || !follows(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  return prints;
}

/** The delivery API's calls: the collections (every page), each content in every language, the lists, the community's, each sheet's SEO record. */
async function apiCalls(app: FastifyInstance): Promise<string[]> {
  const site = `${API}/connect/sites/${DEMO_IDS.siteId}/cms/delivery`;
  const channel = `${API}/connect/cms/delivery/channels/${DEMO_IDS.channelId}`;
  const community = `${API}/connect/communities/${DEMO_IDS.communityId}`;
  const urls = [`${API}/openapi.json`, `${community}/managed-content/delivery`, `${community}/managed-content/delivery/contents`];
  const collections = (await app.inject(`${site}/contents?pageSize=250`)).json<{ items?: unknown }>() ? await collectionKeys(app) : [];
  for (const key of collections) {
    urls.push(`${site}/collections/${key}/metadata`, `${channel}/collections/${key}`);
    for (const language of LANGUAGES) urls.push(`${site}/collections/${key}?language=${language}&pageSize=250`);
  }
  const contents: Array<{ contentKey: string; urlName?: string }> = [];
  for (let page = 0; ; page++) {
    const answer = (await app.inject(`${site}/contents?pageSize=250&page=${page}`)).json<{ contents?: Array<{ contentKey: string; urlName?: string }> }>();
    const listed = answer.contents ?? [];
    urls.push(`${site}/contents?pageSize=250&page=${page}`);
    contents.push(...listed);
    if (listed.length < 250) break;
  }
  for (const [index, { contentKey, urlName }] of contents.entries()) {
    urls.push(`${site}/contents/${contentKey}?language=en_US`);
    // Of many, every 20th in the other ways (they share the first's code): the demo's all.
    if (contents.length > 200 && index % 20 !== 0) continue;
    for (const language of LANGUAGES.slice(1)) urls.push(`${site}/contents/${contentKey}?language=${language}`);
    urls.push(`${channel}/contents/${contentKey}`);
    if (urlName !== undefined) urls.push(`${community}/seo/properties/${urlName}`);
  }
  return urls;
}

async function collectionKeys(app: FastifyInstance): Promise<string[]> {
  const keys = new Set([DEMO_IDS.collectionKey]);
  const metadata = await app.inject(`${API}/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/bench-large/metadata`);
  if (metadata.statusCode === 200) keys.add('bench-large');
  return [...keys];
}

/** Every answer's fingerprint, by address. */
async function answersOf(items: number, options: CrawlOptions): Promise<Map<string, string>> {
  const { app, close } = await appOver(items);
  try {
    const pages = await crawl(app, ['/', '/de-DE/', '/fr-FR/', '/sitemap.xml', '/robots.txt'], options);
    const api = await crawl(app, await apiCalls(app), options);
    return new Map([...pages, ...api].sort(([a], [b]) => a.localeCompare(b)));
  } finally {
    await close();
  }
}

/** An address's kind: its numbers and ids made alike, so 1,000 sheets' addresses are one kind. */
const kindOf = (url: string) =>
  url
    .replace(/bench-\d+/g, 'bench-N')
    .replace(/\b[0-9A-Za-z]{18}\b/g, 'ID')
    .replace(/\b(?:MC|mc)[0-9A-Z]{26}\b/g, 'KEY')
    .replace(/\d+/g, 'N');

/** Fingerprints gathered by kind: how many, and one digest of them all. */
function byKind(prints: Map<string, string>): Record<string, string> {
  const kinds = new Map<string, string[]>();
  for (const [url, print] of prints) kinds.set(kindOf(url), [...(kinds.get(kindOf(url)) ?? []), `${url} ${print}`]);
  return Object.fromEntries(
    [...kinds]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, lines]) => [kind, `${lines.length} ${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 20)}`]),
  );
}

function compare(name: string, now: Record<string, string>) {
  const file = join(GOLDEN, `${name}.json`);
  if (UPDATE || !existsSync(file)) {
    writeFileSync(file, `${JSON.stringify(now, null, 2)}\n`);
    if (!UPDATE) throw new Error(`${file} was missing and is written now: look at it, commit it, and run again.`);
    return;
  }
  const was = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const differ = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((key) => was[key] !== now[key]);
  expect(differ, `answers that differ from ${file} (GOLDEN_UPDATE=1 writes them again when meant)`).toEqual([]);
}

// Built on SQLite with a fixed clock whatever store the run tests: the second run, on PostgreSQL, has nothing to add.
describe.skipIf(process.env.TEST_DATABASE_URL?.startsWith('postgres'))('every public answer, against what it was', () => {
  it('on the demo store', async () => {
    compare('demo-answers', Object.fromEntries(await answersOf(0, { repeat: true, follows: () => true })));
    // About 10 s alone; a bound for a machine running the other files beside it.
  }, 180_000);

  it('on the demo store with 1,000 generated sheets', async () => {
    // Each generated sheet's page in 1 of 20 (they share one template), and the API's calls as apiCalls samples them: once each, the repeat is the demo's to check.
    // And of a grid's hundred pages, the first two and every tenth.
    const sampled = (link: string) => {
      const sheet = /\/sheets\/bench-(\d+)$/.exec(link);
      const page = /[?&]page=(\d+)/.exec(link);
      return (sheet === null || Number(sheet[1]) % 20 === 0) && (page === null || Number(page[1]) <= 2 || Number(page[1]) % 10 === 0);
    };
    const follows = (link: string) => sampled(link) && !/\/cms\/delivery\/contents\/[^/?]+$/.test(link);
    compare('large-answers', byKind(await answersOf(1000, { repeat: false, follows })));
  }, 180_000);
});
