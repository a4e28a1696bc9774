/**
 * Rendering survives any stored record (docs/content-format.md, "Limits"): rows written straight
 * into the store, around every input's checks (a sheet nested 10,000 deep, 1 MB of nested head
 * tags, tag soup, lone surrogates), never make a route answer 5xx, and the other sheets still
 * show. Each request has a 10 s guard against hangs; nothing here measures time.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deepJson, demoSheetsAt, RECORD_PAGE, writeBodyText, writeHeadTagsRecord, writeJsonColumn } from '../../tests/helpers/hostile-records';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_IDS } from '../demo/seed-demo';
import { localizeContents } from '../cms/repositories/contents';
import { skippedRecords, type SkippedRecord } from '../cms/stored-json';

const { siteId, channelId, communityId, collectionKey } = DEMO_IDS;
const API = '/services/data/v65.0/connect';
const GUARD_MS = 10_000;

let directory: string;
let test: TestApp;
let deepKey: string;
let otherTitles: string[];
const skipped: SkippedRecord[] = [];
const onSkipped = (record: SkippedRecord) => skipped.push(record);

/** Every route of the README's "What it serves" table, in each language, with the hostile records in play (DEEP_KEY: the deep sheet). */
function routes(): string[] {
  const media = `/sfsites/c/cms/delivery/media/${DEMO_IDS.imageKey('teos')}`;
  return [
    '/',
    '/?page=4',
    '/de-DE/',
    '/fr-FR/?page=2',
    '/de-DE',
    '/record/deep-head-tags',
    '/record/soup-head-tags',
    '/de-DE/record/soup-head-tags',
    '/sitemap.xml',
    '/robots.txt',
    '/login',
    '/api/session',
    `${API}/sites/${siteId}/cms/delivery/collections/${collectionKey}?pageSize=250`,
    `${API}/cms/delivery/channels/${channelId}/collections/${collectionKey}?language=de_DE`,
    `${API}/sites/${siteId}/cms/delivery/collections/${collectionKey}/metadata?expandMetadata=true&language=de_DE`,
    `${API}/sites/${siteId}/cms/delivery/contents/DEEP_KEY?showAbsoluteUrl=true&referenceDepth=3&expandReferences=true`,
    `${API}/sites/${siteId}/cms/delivery/contents?includeContentBody=true&showAbsoluteUrl=true&pageSize=25`,
    `${API}/cms/delivery/channels/${channelId}/contents?contentKeys=DEEP_KEY&includeContentBody=true&referenceDepth=3`,
    `${API}/communities/${communityId}/managed-content/delivery?showAbsoluteUrl=true&pageSize=250`,
    `${API}/communities/${communityId}/managed-content/delivery/contents?pageSize=250&language=fr_FR`,
    `${API}/communities/${communityId}/seo/properties/deep-head-tags`,
    `${API}/communities/${communityId}/seo/properties/soup-head-tags`,
    '/services/data/v65.0/openapi.json',
    media,
    `/cdn-cgi/image/width=200${media}`,
    '/sfsites/c/file-asset/literature-sheet-teos?v=1',
    '/assets/pages/none.css',
    '/healthz',
    '/readyz',
  ];
}

/** Head tags with a template in svg or math, where it has no content fragment, by record id. */
const FOREIGN_TEMPLATE_HEAD_TAGS: Record<string, string> = {
  'svg-template': '<svg><template></template>',
  'math-template': '<math><template></template>',
  'cdata-math-template': '<math><![CDATA[</math>]]><template></template>',
};

/** Link relations that make a browser fetch nothing by itself; every other one may. */
const NON_FETCHING = new Set(['canonical', 'alternate', 'author', 'help', 'license', 'me', 'privacy-policy', 'terms-of-service']);

/** The URLs in a document that a browser fetches by itself: links of fetching relations, sources, srcsets. */
/**
 * The URLs of a srcset as a browser reads them (HTML, "parse a srcset attribute"): a URL runs to the
 * next space and may hold commas (the resizer's `format=auto,width=640`); its descriptors run to the
 * next comma.
 */
function srcSetUrls(value: string): string[] {
  const urls: string[] = [];
  let rest = value;
  for (;;) {
    rest = rest.replace(/^[\s,]+/, '');
    const url = /^\S+/.exec(rest)?.[0];
    if (url === undefined) return urls;
    rest = rest.slice(url.length);
    urls.push(url.replace(/,+$/, ''));
    if (url.endsWith(',')) continue;
    const comma = rest.indexOf(',');
    rest = comma === -1 ? '' : rest.slice(comma + 1);
  }
}

function fetchedUrls(html: string): string[] {
  const urls: string[] = [];
  const pending: DefaultTreeAdapterMap['childNode'][] = [...parse(html).childNodes];
  while (pending.length > 0) {
    const node = pending.pop() as DefaultTreeAdapterMap['childNode'];
    if (!('tagName' in node)) continue;
    const attribute = (name: string) => node.attrs.find((candidate) => candidate.name === name)?.value;
    const relations = (attribute('rel') ?? '')
      .toLowerCase()
      .split(/[\t\n\f\r ]+/)
      .filter(Boolean);
    // React's preload of an image with a srcset has no href: the browser fetches from imagesrcset.
    if (
      node.tagName === 'link' &&
      relations.some((relation) => !NON_FETCHING.has(relation)) &&
      (attribute('href') !== undefined || attribute('imagesrcset') === undefined)
    )
      urls.push(attribute('href') ?? '');
    for (const name of ['src', 'poster', 'data']) if (attribute(name) !== undefined) urls.push(attribute(name) ?? '');
    for (const name of ['srcset', 'imagesrcset']) urls.push(...srcSetUrls(attribute(name) ?? ''));
    if (node.tagName === 'meta' && /^(refresh|referrer)$/i.test(attribute('http-equiv') ?? attribute('name') ?? '')) urls.push(`meta ${attribute('content')}`);
    pending.push(...node.childNodes);
    if (node.tagName === 'template') pending.push(...(node as DefaultTreeAdapterMap['template']).content.childNodes);
  }
  return urls;
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'literature-hostile-'));
  cpSync('pages', directory, { recursive: true });
  writeFileSync(join(directory, 'record.json'), JSON.stringify(RECORD_PAGE));
  test = await createTestApp({ env: { PAGES_DIR: directory } });
  skippedRecords.on('skipped', onSkipped);

  const [deep, surrogate, ...others] = await demoSheetsAt(test.store, [0, 1, 2, 3, 4, 5, 6]);
  if (deep === undefined || surrogate === undefined) throw new Error('the demo has sheets');
  deepKey = deep.content_key;
  otherTitles = (await localizeContents(test.store.db, others, ['en_US'])).map((content) => content.title);
  // The first sheet of the collection, in every language, holds a field nested 10,000 deep.
  for (const language of ['en_US', 'de_DE', 'fr_FR'])
    await writeBodyText(test.store, deep.id, language, `{"Title":"Deep sheet","url":"/deep","extra":${deepJson(10_000)}}`);
  // The second has lone surrogates and controls as JSON escapes in its title and description.
  await writeBodyText(test.store, surrogate.id, 'en_US', '{"Title":"Lone \\ud800 surrogate\\u0001","description":"\\udc00 alone"}', 'Lone \ud800 surrogate');
  // 1 MB of nested head tags, and 60 KB of tag soup under the limit with tags that would fetch from elsewhere.
  await writeHeadTagsRecord(test.store, 'deep-head-tags', '<b>'.repeat(350_000));
  await writeHeadTagsRecord(
    test.store,
    'soup-head-tags',
    `${'<b>'.repeat(20_000)}<link rel="icon" href="https://evil.example/favicon.ico"><meta name="referrer" content="unsafe-url"><link rel="canonical" href="https://evil.example/"><meta name="keywords" content="kept">`,
    { Description: 'x'.repeat(50), Keywords: '\ud800' },
  );
  // Foreign content around a template: the head-tag filter once threw on each (issue 34).
  for (const [recordId, headTags] of Object.entries(FOREIGN_TEMPLATE_HEAD_TAGS)) await writeHeadTagsRecord(test.store, recordId, headTags);
  await writeJsonColumn(test.store, 'collection_translations', 'metadata', deepJson(5_000), { column: 'language', value: 'de_DE' });
  // A content type whose field schema is not what the API reads.
  await writeJsonColumn(test.store, 'content_types', 'field_schema', '{"Title":null,"description":{"label":1},"url":"x"}', {
    column: 'fully_qualified_name',
    value: 'literature_sheet',
  });
});
afterAll(async () => {
  skippedRecords.off('skipped', onSkipped);
  await test.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('a store holding records beyond every limit', () => {
  it.each(routes().map((route) => [route]))('%s answers 2xx, 3xx or 4xx', { timeout: GUARD_MS }, async (route) => {
    const response = await test.app.inject(route.replace('DEEP_KEY', deepKey));
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
  });

  it('still shows the other sheets, and leaves the deep one out', { timeout: GUARD_MS }, async () => {
    const html = (await test.app.inject('/')).body;
    for (const title of otherTitles) expect(html).toContain(title);
    expect(html).not.toContain('Deep sheet');
    // The first page is one sheet short, and paging goes on to the last sheet all the same.
    expect(html).toContain('href="?page=2#');
    const [last] = await demoSheetsAt(test.store, [25]);
    const [lastTitle] = (await localizeContents(test.store.db, last === undefined ? [] : [last], ['en_US'])).map((content) => content.title);
    expect((await test.app.inject('/?page=4')).body).toContain(lastTitle);
    const collection = (await test.app.inject(`${API}/sites/${siteId}/cms/delivery/collections/${collectionKey}?pageSize=250`)).json<{
      items: Array<{ contentKey: string }>;
    }>();
    expect(collection.items.length).toBe(25);
    expect(collection.items.map((item) => item.contentKey)).not.toContain(deepKey);
    expect((await test.app.inject(`${API}/sites/${siteId}/cms/delivery/contents/${deepKey}`)).statusCode).toBe(404);
  });

  it('reports each record beyond the limits once, however often it is read', async () => {
    for (const route of ['/', '/', `${API}/sites/${siteId}/cms/delivery/collections/${collectionKey}`]) await test.app.inject(route);
    const deep = skipped.filter((record) => record.record === `content ${deepKey} (en_US)`);
    expect(deep).toEqual([
      { record: `content ${deepKey} (en_US)`, problem: 'body.extra.deep.deep.deep.deep.deep.….deep.deep.deep: is nested more than 32 levels deep' },
    ]);
    expect(skipped.filter((record) => record.record === 'SEO record deep-head-tags')).toHaveLength(1);
  });

  it('writes the same normalised text in the HTML and the page data (no hydration mismatch)', async () => {
    const html = (await test.app.inject('/')).body;
    expect(html).toContain('Lone \ufffd surrogate\ufffd');
    expect(html).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
  });

  it.each(Object.keys(FOREIGN_TEMPLATE_HEAD_TAGS))('renders the page of record %s, whose head tags hold a template in foreign content', async (recordId) => {
    const response = await test.app.inject(`/record/${recordId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<meta name="keywords" content="">');
  });

  it('keeps only the safe head tags of a record, and never a second canonical or an hreflang fragment', async () => {
    const html = (await test.app.inject('/record/soup-head-tags')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('evil.example');
    expect(fetchedUrls(html).every((url) => url.startsWith('/'))).toBe(true);
    expect(head).not.toContain('unsafe-url');
    expect(head).toContain('<meta name="keywords" content="kept">');
    expect(head.match(/rel="canonical"/g)).toHaveLength(1);
    for (const [, href] of head.matchAll(/hreflang="[^"]+" href="([^"]+)"/g)) expect(href).toMatch(/^https?:\/\/[^#]+$/);
    // 1 MB of head tags is beyond the limit: the record is left out, as if it did not exist.
    expect((await test.app.inject('/record/deep-head-tags')).statusCode).toBe(404);
  });
});

describe('generated hostile records', () => {
  /** A text of any code units: lone surrogates, controls, markup. */
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('javascript:alert(1)', '//evil.example/x', 'https://evil.example/i.png', '<img src=x onerror=alert(1)>', '\ud800', '\u0000'),
  );
  const deepBody = fc
    .tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom('a', 'url', '__proto__'))
    .map(([depth, key]) => `{"Title":"Deep","extra":${deepJson(depth, key)}}`);
  const wideBody = fc
    .dictionary(fc.string({ unit: 'binary', maxLength: 12 }), fc.oneof(text, fc.jsonValue({ maxDepth: 5 })), { maxKeys: 200 })
    .map((body) => JSON.stringify({ Title: 'Wide', url: '/x', image: { url: 'https://evil.example/i.png' }, ...body }));
  const tagSoup = fc
    .array(
      fc.oneof(
        text,
        fc.constantFrom(
          '<b>',
          '<meta name="referrer" content="unsafe-url">',
          '<link rel="icon" href="https://evil.example/">',
          '<script type="application/ld+json">',
          '</script>',
          '<svg><link rel=author href=/x>',
          '<math>',
          '<![CDATA[',
          '<template>',
          '<!--',
        ),
      ),
      { maxLength: 200 },
    )
    .chain((pieces) => fc.integer({ min: 0, max: 22_000 }).map((depth) => `${'<i>'.repeat(depth)}${pieces.join('')}`));

  it('never make a route answer 5xx', { timeout: 120_000 }, async () => {
    const [sheet] = await demoSheetsAt(test.store, [3]);
    if (sheet === undefined) throw new Error('the demo has sheets');
    const checked = [
      '/',
      '/de-DE/',
      '/record/generated',
      `${API}/sites/${siteId}/cms/delivery/contents/${sheet.content_key}?showAbsoluteUrl=true`,
      `${API}/communities/${communityId}/managed-content/delivery?showAbsoluteUrl=true`,
      `${API}/communities/${communityId}/seo/properties/generated`,
      '/sitemap.xml',
    ];
    await fc.assert(
      fc.asyncProperty(fc.oneof(deepBody, wideBody), tagSoup, text, async (body, headTags, title) => {
        // A title column holds what the store can: PostgreSQL text cannot hold NUL (bodies carry it escaped).
        await writeBodyText(test.store, sheet.id, 'en_US', body, title.replaceAll('\u0000', ''));
        await writeHeadTagsRecord(test.store, 'generated', headTags, { Description: title, Keywords: title });
        for (const route of checked) {
          const response = await test.app.inject(route);
          expect(response.statusCode, `${route}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
          if (response.statusCode === 200 && String(response.headers['content-type']).startsWith('text/html'))
            expect(fetchedUrls(response.body).filter((url) => !url.startsWith('/'))).toEqual([]);
        }
      }),
      { numRuns: 25 },
    );
  });
});
