import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../../tests/helpers/contract';
import { createTestApp, getOk, type TestApp } from '../../tests/helpers/test-app';
import { addTranslations } from '../../tests/helpers/test-content';
import { DEMO_CATALOGUE } from '../demo/catalogue';
import { DEMO_IDS } from '../demo/seed-demo';
import type { ContentDocument, ContentListResponse, ContentSummary } from '../shared/delivery-types';

const { siteId, channelId } = DEMO_IDS;
const siteRoot = `/services/data/v65.0/connect/sites/${siteId}/cms/delivery`;
const channelRoot = `/services/data/v65.0/connect/cms/delivery/channels/${channelId}`;
const teosKey = DEMO_IDS.sheetKey('teos');
const teosImageKey = DEMO_IDS.imageKey('teos');

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { SITE_URL: 'https://lit.example.com' } });
  await addTranslations(test.store, 'es_ES', ['teos']);
});
afterAll(async () => {
  await test.close();
});

const get = <T>(url: string) => getOk<T>(test.app, url);

describe('GET one content item (spec §7.3)', () => {
  it('answers by content key and by id, in both forms, with the reference shape', async () => {
    const byKey = await get<ContentDocument>(`${siteRoot}/contents/${teosKey}`);
    expectContract('ContentDocument', byKey);
    const byId = await get<ContentDocument>(`${channelRoot}/contents/${byKey.managedContentId}`);
    expectContract('ContentDocument', byId);
    expect(byId.contentKey).toBe(teosKey);
    expect(byKey).toMatchObject({
      title: 'Tetraethyl orthosilicate (TEOS)',
      urlName: 'teos',
      language: 'en_US',
      contentType: { fullyQualifiedName: 'literature_sheet', name: 'Literature Sheet' },
      references: null,
      referencesList: null,
      unauthenticatedUrl: null,
    });
    expect(byKey.resourceUrl).toBe(`${siteRoot}/contents/${teosKey}`);
    expect(byKey.contentBody.image).toMatchObject({ contentKey: teosImageKey, altText: expect.stringContaining('TEOS') });
  });

  it('delivers image content with altText and the media url under sfdc_cms:media', async () => {
    const image = await get<ContentDocument>(`${siteRoot}/contents/${teosImageKey}`);
    expectContract('ContentDocument', image);
    expect(image.contentType.fullyQualifiedName).toBe('sfdc_cms__image');
    expect(image.contentBody.altText).toBe(DEMO_CATALOGUE.find((entry) => entry.slug === 'teos')?.altText);
    const media = image.contentBody['sfdc_cms:media'] as { url: string; source: { type: string; mimeType: string } };
    expect(media.source).toMatchObject({ type: 'file', mimeType: 'image/png' });
    expect(media.url).toMatch(new RegExp(`^/sfsites/c/cms/delivery/media/${teosImageKey}\\?v=[0-9a-f]{12}$`));
    expect(image.unauthenticatedUrl).toBe(media.url);
    const file = await test.app.inject(media.url);
    expect(file.statusCode).toBe(200);
  });

  it('includes references for referenceDepth 1–3, as a map or a list', async () => {
    for (const depth of [1, 2, 3]) {
      const document = await get<ContentDocument>(`${siteRoot}/contents/${teosKey}?referenceDepth=${depth}`);
      expectContract('ContentDocument', document);
      expect(Object.keys(document.references ?? {})).toEqual([teosImageKey]);
      expect(document.references?.[teosImageKey]?.contentBody.altText).toEqual(expect.stringContaining('TEOS'));
    }
    const listed = await get<ContentDocument>(`${siteRoot}/contents/${teosKey}?referenceDepth=1&referencesAsList=true`);
    expect(listed.references).toBeNull();
    expect(listed.referencesList?.map((doc) => doc.contentKey)).toEqual([teosImageKey]);
  });

  it('embeds referenced bodies with expandReferences=true', async () => {
    const document = await get<ContentDocument>(`${siteRoot}/contents/${teosKey}?expandReferences=true`);
    expect((document.contentBody.image as { contentBody: { altText: string } }).contentBody.altText).toEqual(expect.stringContaining('TEOS'));
    expect(document.references).toBeNull();
  });

  it('makes URLs absolute with showAbsoluteUrl=true', async () => {
    const document = await get<ContentDocument>(`${siteRoot}/contents/${teosKey}?showAbsoluteUrl=true`);
    expect(document.resourceUrl).toBe(`https://lit.example.com${siteRoot}/contents/${teosKey}`);
    expect(document.contentBody.url).toBe('https://lit.example.com/sfsites/c/file-asset/literature-sheet-teos?v=1');
    expect((document.contentBody.image as { url: string }).url).toMatch(/^https:\/\/lit\.example\.com\/sfsites\/c\/cms\/delivery\/media\//);
  });

  it('answers in the requested language, falling back to the default', async () => {
    expect((await get<ContentDocument>(`${siteRoot}/contents/${teosKey}?language=es_ES`)).title).toBe('[es_ES] Tetraethyl orthosilicate (TEOS)');
    const fallback = await get<ContentDocument>(`${siteRoot}/contents/${DEMO_IDS.sheetKey('silane')}?language=es_ES`);
    expect(fallback).toMatchObject({ title: 'Silane (SiH₄)', language: 'en_US' });
  });

  it.each([
    ['referenceDepth=4', 'The value entered for referenceDepth isn’t valid. Enter a number from 0 to 3.'],
    ['referenceDepth=one', 'The type entered for referenceDepth isn’t valid. Enter the value as a/an number.'],
    ['showAbsoluteUrl=1', 'The type entered for showAbsoluteUrl isn’t valid. Enter the value as a/an boolean.'],
  ])('refuses %s', async (query, message) => {
    const response = await test.app.inject(`${siteRoot}/contents/${teosKey}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([{ errorCode: 'INVALID_API_INPUT', message }]);
  });

  it('answers 404 for an unknown key and for another site’s content', async () => {
    expect((await test.app.inject(`${siteRoot}/contents/MC0000000000000000000000000A`)).statusCode).toBe(404);
    expect((await test.app.inject(`/services/data/v65.0/connect/sites/0DM000000000001GAA/cms/delivery/contents/${teosKey}`)).statusCode).toBe(404);
  });
});

describe('GET the content list (spec §7.3)', () => {
  const allContents = DEMO_CATALOGUE.length * 2; // a sheet and an image each

  it('pages summaries through every content with page URLs', async () => {
    const seen = new Set<string>();
    let url: string | undefined = `${siteRoot}/contents?pageSize=20`;
    let pages = 0;
    while (url !== undefined) {
      const page: ContentListResponse = await get<ContentListResponse>(url);
      expectContract('ContentList', page);
      for (const content of page.contents) {
        expectContract('ContentSummary', content);
        seen.add(content.contentKey);
      }
      // Absent, never null, when there is no such page (the platform's adapters reject null).
      expect('previousPageUrl' in page).toBe(pages > 0);
      url = page.nextPageUrl;
      pages++;
    }
    expect(seen.size).toBe(allContents);
    expect(pages).toBe(Math.ceil(allContents / 20));
  });

  it('answers with full documents when includeContentBody=true', async () => {
    const page = await get<ContentListResponse>(`${channelRoot}/contents?includeContentBody=true&pageSize=5&page=1`);
    expectContract('ContentList', page);
    expect(page.contents).toHaveLength(5);
    for (const content of page.contents) expectContract('ContentDocument', content);
  });

  it('filters by content keys, ids and type', async () => {
    const keys = `${teosKey},${teosImageKey}`;
    const byKeys = await get<ContentListResponse>(`${siteRoot}/contents?contentKeys=${keys}`);
    expect(byKeys.contents.map((content) => content.contentKey).sort()).toEqual([teosKey, teosImageKey].sort());
    const teos = byKeys.contents.find((content) => content.contentKey === teosKey) as ContentSummary;
    const byId = await get<ContentListResponse>(`${siteRoot}/contents?managedContentIds=${teos.managedContentId.slice(0, 15)}`);
    expect(byId.contents.map((content) => content.contentKey)).toEqual([teosKey]);
    const images = await get<ContentListResponse>(`${siteRoot}/contents?contentTypeFQN=sfdc_cms__image&pageSize=100`);
    expect(images.contents).toHaveLength(DEMO_CATALOGUE.length);
    // Images are resolved with the image keys and includeContentBody=true (spec §7.3).
    const resolved = await get<ContentListResponse>(`${siteRoot}/contents?contentKeys=${teosImageKey}&includeContentBody=true`);
    expect((resolved.contents[0] as ContentDocument).contentBody.altText).toEqual(expect.stringContaining('TEOS'));
  });

  it('filters by publish dates', async () => {
    expect((await get<ContentListResponse>(`${siteRoot}/contents?publishStartDate=2026-01-16`)).contents).toEqual([]);
    expect((await get<ContentListResponse>(`${siteRoot}/contents?publishEndDate=2026-01-16T00:00:00Z&pageSize=1`)).contents).toHaveLength(1);
  });

  it.each([
    ['pageSize=26&includeContentBody=true', 'The value entered for pageSize isn’t valid. Enter a number from 1 to 25.'],
    ['pageSize=251', 'The value entered for pageSize isn’t valid. Enter a number from 1 to 250.'],
    ['page=-1', 'The value entered for page isn’t valid. Enter a number of 0 or more.'],
    ['contentKeys=not-a-key', 'The type entered for contentKeys isn’t valid. Enter the value as a/an array.'],
    ['managedContentIds=123', 'The type entered for managedContentIds isn’t valid. Enter the value as a/an array.'],
    ['includeContentBody=yes', 'The type entered for includeContentBody isn’t valid. Enter the value as a/an boolean.'],
    ['contentTypeFQN=a&contentTypeFQN=b', 'The type entered for contentTypeFQN isn’t valid. Enter the value as a/an string.'],
    ['publishStartDate=soon', 'The type entered for publishStartDate isn’t valid. Enter the value as a/an date.'],
    [
      `contentKeys=${Array.from({ length: 51 }, (_, i) => `MC${String(i).padStart(26, '0')}`).join(',')}`,
      'The value entered for contentKeys isn’t valid. Enter from 1 to 50 values.',
    ],
  ])('refuses %s', async (query, message) => {
    const response = await test.app.inject(`${siteRoot}/contents?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([{ errorCode: 'INVALID_API_INPUT', message }]);
  });
});
