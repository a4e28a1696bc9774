import { sql } from 'kysely';
import { readJournalOnce } from '../server/journal-follower';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../../tests/helpers/contract';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { addTranslations } from '../../tests/helpers/test-content';
import { DEMO_CATALOGUE } from '../demo/catalogue';
import { DEMO_IDS } from '../demo/seed-demo';
import { findContentsByKeys, listStoredTranslations } from '../cms/repositories/contents';
import type { CollectionResponse } from '../shared/delivery-types';

const { siteId, channelId, collectionKey, collectionId } = DEMO_IDS;
const collectionPath = (query = '', site = siteId, key = collectionKey) => `/services/data/v65.0/connect/sites/${site}/cms/delivery/collections/${key}${query}`;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
  await addTranslations(test.store, 'es_ES', ['trimethylaluminum', 'teos']);
});
afterAll(async () => {
  await test.close();
});

async function getJson(url: string) {
  const response = await test.app.inject({ method: 'GET', url });
  return { response, body: response.json() as unknown };
}

describe('GET collection items (spec §7.1)', () => {
  it('returns the first page in collection order with the reference shape', async () => {
    const { response, body } = await getJson(collectionPath('?language=en_US&pageSize=7&pageToken=0'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = body as CollectionResponse;
    expectContract('CollectionItems', page);
    expect(Object.keys(page).sort()).toEqual(
      [
        'channelSummary',
        'collectionKey',
        'collectionType',
        'currentPageUrl',
        'id',
        'items',
        'language',
        'nextPageUrl',
        'publishedDate',
        'title',
        'total',
        'urlName',
      ].sort(),
    );
    expect(page.total).toBe(DEMO_CATALOGUE.length);
    expect(page.collectionKey).toBe(collectionKey);
    expect(page.id).toBe(collectionId);
    expect(page.language).toBe('en_US');
    expect(page.items).toHaveLength(7);
    expect(page.items.map((item) => item.body.contentBody.Title)).toEqual(DEMO_CATALOGUE.slice(0, 7).map((entry) => entry.title));
    expect(page).not.toHaveProperty('previousPageUrl');
    expect(page.nextPageUrl).toBe(collectionPath('?language=en_US&pageSize=7&pageToken=1'));
    expect(page.channelSummary).toMatchObject({ id: channelId, target: { id: siteId } });
  });

  it('delivers each item with the fields of spec §3.1 and a resolved image', async () => {
    const { body } = await getJson(collectionPath('?pageSize=1'));
    const [item] = (body as CollectionResponse).items;
    expect(item).toBeDefined();
    const contentBody = item!.body.contentBody as Record<string, unknown> & { image: Record<string, unknown> };
    expect(item!.id).toMatch(/^20Y[A-Za-z0-9]{15}$/);
    expect(item!.contentType).toEqual({ fullyQualifiedName: 'literature_sheet', name: 'Literature Sheet' });
    expect(contentBody.Title).toBe('Trimethylaluminum (TMA)');
    expect(contentBody.description).toEqual(expect.stringContaining('Al₂O₃'));
    expect(contentBody.url).toBe('/sfsites/c/file-asset/literature-sheet-trimethylaluminum?v=1');
    expect(contentBody.image.contentKey).toBe(DEMO_IDS.imageKey('trimethylaluminum'));
    expect(contentBody.image.altText).toBe(DEMO_CATALOGUE[0]!.altText);
    expect(contentBody.image.url).toMatch(new RegExp(`^/sfsites/c/cms/delivery/media/${DEMO_IDS.imageKey('trimethylaluminum')}\\?v=[0-9a-f]{12}$`));
  });

  it('pages through the whole collection without gaps or repeats', async () => {
    const seen: string[] = [];
    let url: string | undefined = collectionPath('?pageSize=7');
    let pages = 0;
    while (url !== undefined) {
      const { body } = await getJson(url);
      const page = body as CollectionResponse;
      seen.push(...page.items.map((item) => item.id));
      // Absent, never null, when there is no such page (the platform's adapters reject null).
      expect('previousPageUrl' in page).toBe(pages > 0);
      url = page.nextPageUrl;
      pages++;
    }
    expect(pages).toBe(Math.ceil(DEMO_CATALOGUE.length / 7));
    expect(new Set(seen).size).toBe(DEMO_CATALOGUE.length);
    expect(seen).toHaveLength(DEMO_CATALOGUE.length);
  });

  it('answers the last page without a nextPageUrl, and fewer items', async () => {
    const lastToken = Math.ceil(DEMO_CATALOGUE.length / 7) - 1;
    const { body } = await getJson(collectionPath(`?pageSize=7&pageToken=${lastToken}`));
    const page = body as CollectionResponse;
    expect(page.items).toHaveLength(DEMO_CATALOGUE.length - lastToken * 7);
    expect(page).not.toHaveProperty('nextPageUrl');
    expect(page.previousPageUrl).toBe(collectionPath(`?language=en_US&pageSize=7&pageToken=${lastToken - 1}`));
  });

  it('answers a page past the end with no items', async () => {
    const { response, body } = await getJson(collectionPath('?pageSize=7&pageToken=99'));
    expect(response.statusCode).toBe(200);
    expect((body as CollectionResponse).items).toEqual([]);
    expect(body).not.toHaveProperty('nextPageUrl');
  });

  it('finds the collection by id as well as by key, and through the channel form', async () => {
    const byId = await getJson(collectionPath('?pageSize=2', siteId, collectionId));
    expect(byId.response.statusCode).toBe(200);
    const channel = await getJson(`/services/data/v65.0/connect/cms/delivery/channels/${channelId}/collections/${collectionKey}?pageSize=2`);
    expect(channel.response.statusCode).toBe(200);
    expect((channel.body as CollectionResponse).items.map((item) => item.id)).toEqual((byId.body as CollectionResponse).items.map((item) => item.id));
  });

  it('matches the contract on the first, a middle and the last page, in both forms', async () => {
    for (const token of [0, 1, 3]) {
      for (const url of [
        collectionPath(`?pageSize=7&pageToken=${token}`),
        `/services/data/v65.0/connect/cms/delivery/channels/${channelId}/collections/${collectionKey}?pageSize=7&pageToken=${token}`,
      ]) {
        const { response, body } = await getJson(url);
        expect(response.statusCode).toBe(200);
        expectContract('CollectionItems', body);
      }
    }
  });

  it('serves translations in the requested language and falls back per item', async () => {
    const { body } = await getJson(collectionPath('?language=es_ES&pageSize=26'));
    const page = body as CollectionResponse;
    expectContract('CollectionItems', page);
    expect(page.language).toBe('es_ES');
    const titles = page.items.map((item) => item.body.contentBody.Title as string);
    expect(titles[0]).toBe('[es_ES] Trimethylaluminum (TMA)');
    expect(titles).toContain('[es_ES] Tetraethyl orthosilicate (TEOS)');
    // Untranslated items come in the default language.
    expect(titles[1]).toBe('Trimethylgallium (TMGa)');
    expect(page).not.toHaveProperty('nextPageUrl');
    // Accepts the BCP 47 form too.
    const bcp47 = (await getJson(collectionPath('?language=es-ES&pageSize=1'))).body as CollectionResponse;
    expect(bcp47.language).toBe('es_ES');
  });

  it('serves the demo’s German and French translations', async () => {
    for (const [language, title] of [
      ['de_DE', 'Trimethylaluminium (TMA)'],
      ['fr_FR', 'Triméthylaluminium (TMA)'],
    ]) {
      const page = (await getJson(collectionPath(`?language=${language}&pageSize=26`))).body as CollectionResponse;
      expect(page.language).toBe(language);
      expect(page.items[0]?.body.contentBody.Title).toBe(title);
      // Each links its data sheet; TMA's set has one in German (demo/documents.ts), which a German reader gets.
      const own = (item: (typeof page.items)[number]) =>
        `/sfsites/c/file-asset/literature-sheet-${item.body.urlName}${language === 'de_DE' && item.body.urlName === 'trimethylaluminum' ? '-de' : ''}?v=1`;
      expect(page.items.filter((item) => item.body.contentBody.url !== own(item))).toEqual([]);
    }
  });

  it('falls back to the default language for an unknown one', async () => {
    const { body } = await getJson(collectionPath('?language=xx_XX&pageSize=1'));
    expect((body as CollectionResponse).language).toBe('en_US');
  });
});

describe('collection errors', () => {
  it.each([
    ['pageSize', 'abc', 'The type entered for pageSize isn’t valid. Enter the value as a/an number.'],
    ['pageSize', '1.5', 'The type entered for pageSize isn’t valid. Enter the value as a/an number.'],
    ['pageToken', 'x', 'The type entered for pageToken isn’t valid. Enter the value as a/an number.'],
    ['pageSize', '0', 'The value entered for pageSize isn’t valid. Enter a number from 1 to 250.'],
    ['pageSize', '251', 'The value entered for pageSize isn’t valid. Enter a number from 1 to 250.'],
    ['pageToken', '-1', 'The value entered for pageToken isn’t valid. Enter a number of 0 or more.'],
  ])('%s=%s → 400 with the catalogue message', async (name, value, message) => {
    const { response, body } = await getJson(collectionPath(`?${name}=${encodeURIComponent(value)}`));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(body).toEqual([{ errorCode: 'INVALID_API_INPUT', message }]);
  });

  it('refuses a repeated pageSize', async () => {
    const { response } = await getJson(collectionPath('?pageSize=1&pageSize=2'));
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 NOT_FOUND for an unknown collection', async () => {
    const { response, body } = await getJson(collectionPath('', siteId, 'MC0000000000000000000000000A'));
    expect(response.statusCode).toBe(404);
    expect(body).toEqual([{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
  });

  it('answers 404 for an unknown but well-formed site', async () => {
    const { response } = await getJson(collectionPath('', '0DM000000000001GAA'));
    expect(response.statusCode).toBe(404);
  });

  it('answers 400 for an id that is neither a site nor a channel', async () => {
    const { response, body } = await getJson(collectionPath('', '001000000000001AAA'));
    expect(response.statusCode).toBe(400);
    expect(body).toEqual([{ errorCode: 'INVALID_ID_FIELD', message: "The 'channelOrSiteId' parameter is invalid" }]);
  });

  it('answers 405 with Allow for other methods', async () => {
    const response = await test.app.inject({ method: 'POST', url: collectionPath(), payload: {} });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    // Same origin only: not even a preflight is granted.
    const preflight = await test.app.inject({
      method: 'OPTIONS',
      url: collectionPath(),
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(405);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.json()).toEqual([{ errorCode: 'METHOD_NOT_ALLOWED', message: 'The HTTP method is not allowed for this resource' }]);
  });

  it('answers unknown API paths with the error array', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/services/data/v65.0/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual([{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
  });

  it('never answers 500 for odd input', async () => {
    const odd = ['%', '%00', "'; DROP TABLE contents; --", '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(300), '%F0%9F%92%A9', '<script>'];
    for (const value of odd) {
      // An unknown language falls back to the default (200); every other odd value is refused.
      const language = await test.app.inject({ method: 'GET', url: collectionPath(`?language=${value}`) });
      expect(language.statusCode).toBeLessThan(500);
      for (const url of [
        collectionPath(`?pageSize=${value}`),
        collectionPath(`?pageToken=${value}`),
        collectionPath('', siteId, value),
        collectionPath('', value),
      ]) {
        const response = await test.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, url).toBeLessThan(500);
        const body = response.json() as Array<{ errorCode: string; message: string }>;
        expect(Array.isArray(body), url).toBe(true);
        expect(JSON.stringify(body), url).not.toMatch(/at .*\.ts|node_modules|SQLITE|select /i);
      }
    }
  });
});

describe('conditional requests', () => {
  it('sends an ETag and answers 304 when it matches', async () => {
    const first = await test.app.inject({ method: 'GET', url: collectionPath('?pageSize=3') });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const second = await test.app.inject({ method: 'GET', url: collectionPath('?pageSize=3'), headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('shows a change made by SQL on the next request once the journal’s readers have read it (within JOURNAL_CHECK_MS), even to a client holding an ETag', async () => {
    const url = collectionPath('?pageSize=1');
    const before = await test.app.inject({ method: 'GET', url });
    const [teos] = await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey('trimethylaluminum')]);
    const row = (await listStoredTranslations(test.store.db, [teos?.id ?? ''])).find((translation) => translation.language === 'en_US');
    if (teos === undefined || row === undefined) throw new Error('the demo has TMA');
    // Changed as an operator's SQL would change it: the journal's triggers must see it, and its readers read it (here at once, as a server's follower would at its next look).
    const setBody = async (body: string) => {
      await sql`UPDATE content_translations SET body = ${body} WHERE content_id = ${teos.id} AND language = 'en_US'`.execute(test.store.db);
      await readJournalOnce(test.store);
    };
    await setBody(JSON.stringify({ ...JSON.parse(row.body), Title: 'Trimethylaluminum (TMA), revised' }));
    try {
      const after = await test.app.inject({ method: 'GET', url, headers: { 'if-none-match': before.headers.etag as string } });
      expect(after.statusCode).toBe(200);
      expect(after.json().items[0].body.contentBody.Title).toBe('Trimethylaluminum (TMA), revised');
      expect(after.headers['cache-control']).toBe('public, max-age=0, s-maxage=0, stale-while-revalidate=0, stale-if-error=86400');
    } finally {
      await setBody(row.body);
    }
  });

  it('answers HEAD without a body', async () => {
    const response = await test.app.inject({ method: 'HEAD', url: collectionPath('?pageSize=3') });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});
