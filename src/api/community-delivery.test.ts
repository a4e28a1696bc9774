import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../../tests/helpers/contract';
import { createTestApp, getOk, type TestApp } from '../../tests/helpers/test-app';
import { addTranslations } from '../../tests/helpers/test-content';
import { DEMO_CATALOGUE } from '../demo/catalogue';
import { DEMO_IDS } from '../demo/seed-demo';
import { demoTopicsOf } from '../demo/topics';
import type { CommunityContentsResponse, CommunityDeliveryResponse } from '../shared/delivery-types';

const root = `/services/data/v65.0/connect/communities/${DEMO_IDS.communityId}/managed-content/delivery`;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
  await addTranslations(test.store, 'es_ES', ['teos']);
});
afterAll(async () => {
  await test.close();
});

const get = <T>(url: string) => getOk<T>(test.app, url);

describe('GET managed-content delivery (spec §7.4, first call)', () => {
  it('delivers literature sheets with typed content nodes and their types', async () => {
    const body = await get<CommunityDeliveryResponse>(`${root}?managedContentType=literature_sheet&pageSize=3`);
    expectContract('CommunityDelivery', body);
    expect(body.total).toBe(DEMO_CATALOGUE.length);
    expect(body.items).toHaveLength(3);
    expect(body.totalTypes).toBe(1);
    expect(body.managedContentTypes.literature_sheet?.nodeTypes.image).toEqual({ label: 'Image', name: 'image', nodeType: 'Media' });
    const [item] = body.items;
    expect(item?.type).toBe('literature_sheet');
    expect(item?.typeLabel).toBe('Literature Sheet');
    expect(item?.contentNodes.Title).toMatchObject({ nodeType: 'NameField' });
    expect(item?.contentNodes.url).toMatchObject({ nodeType: 'Url', value: expect.stringMatching(/^\/sfsites\/c\/file-asset\//) });
    expect(item?.contentNodes.image).toMatchObject({ nodeType: 'Media', mediaType: 'Image', mimeType: 'image/png', altText: expect.any(String) });
    expect(body.nextPageUrl).toContain('page=1');
  });

  it('names image content cms_image and gives it a MediaSource node', async () => {
    const body = await get<CommunityDeliveryResponse>(`${root}?managedContentType=cms_image&pageSize=1`);
    expectContract('CommunityDelivery', body);
    expect(body.items[0]?.type).toBe('cms_image');
    expect(body.items[0]?.contentNodes.source).toMatchObject({ nodeType: 'MediaSource', isExternal: false, mediaType: 'Image' });
    expect(body.items[0]?.contentNodes.altText).toMatchObject({ nodeType: 'Text' });
  });

  it('accepts array parameters comma-joined or as name[]', async () => {
    const keys = [DEMO_IDS.sheetKey('teos'), DEMO_IDS.sheetKey('silane')];
    const joined = await get<CommunityDeliveryResponse>(`${root}?contentKeys=${keys.join(',')}`);
    const bracketed = await get<CommunityDeliveryResponse>(`${root}?contentKeys[]=${keys[0]}&contentKeys[]=${keys[1]}`);
    expect(joined.items.map((item) => item.contentKey).sort()).toEqual([...keys].sort());
    expect(bracketed.items.map((item) => item.contentKey).sort()).toEqual([...keys].sort());
  });

  it('answers in the requested language, item by item', async () => {
    const keys = `${DEMO_IDS.sheetKey('teos')},${DEMO_IDS.sheetKey('silane')}`;
    const body = await get<CommunityDeliveryResponse>(`${root}?contentKeys=${keys}&language=es_ES`);
    expectContract('CommunityDelivery', body);
    const byKey = Object.fromEntries(body.items.map((item) => [item.contentUrlName, item]));
    expect(byKey.teos).toMatchObject({ language: 'es_ES', title: '[es_ES] Tetraethyl orthosilicate (TEOS)' });
    expect(byKey.silane).toMatchObject({ language: 'en_US', title: 'Silane (SiH₄)' });
    const contents = await get<CommunityContentsResponse>(`${root}/contents?urlNameInList=teos&language=es_ES`);
    expect(contents.items[0]?.title).toBe('[es_ES] Tetraethyl orthosilicate (TEOS)');
  });

  it('filters by topics[] from the index: every topic named, by slug or name, and names each item\u2019s topics', async () => {
    const ald = await get<CommunityDeliveryResponse>(`${root}?topics=ALD&pageSize=50`);
    expectContract('CommunityDelivery', ald);
    const aldSheets = DEMO_CATALOGUE.filter((entry) => demoTopicsOf(entry).includes('ald')).map((entry) => entry.slug);
    expect(ald.items.map((item) => item.contentUrlName).sort()).toEqual([...aldSheets].sort());
    expect(ald.total).toBe(aldSheets.length);
    const hafnium = await get<CommunityDeliveryResponse>(`${root}?topics=ald,hafnium&language=de_DE`);
    expect(hafnium.items.map((item) => item.contentUrlName).sort()).toEqual(['tdmah', 'temah']);
    expect(hafnium.items[0]?.associations.topics).toEqual([
      { id: 'ald', name: 'ALD' },
      { id: 'precursor', name: 'Präkursor' },
      { id: 'hafnium', name: 'Hafnium' },
    ]);
    const none = await get<CommunityDeliveryResponse>(`${root}?topics=no-such-topic`);
    expect(none).toMatchObject({ items: [], total: 0 });
    expect(none).not.toHaveProperty('nextPageUrl');
  });

  it('asks a topic named twice once, with queryTerm too', async () => {
    const once = await get<CommunityContentsResponse>(`${root}/contents?topics[]=equipment&queryTerm=valve`);
    const twice = await get<CommunityContentsResponse>(`${root}/contents?topics[]=equipment,Equipment&queryTerm=valve`);
    expect(once.items.length).toBeGreaterThan(0);
    expect(twice.items.map((item) => item.contentKey)).toEqual(once.items.map((item) => item.contentKey));
  });

  it('combines topics[] with queryTerm on the contents listing', async () => {
    const both = await get<CommunityContentsResponse>(`${root}/contents?topics[]=equipment&queryTerm=valve`);
    expectContract('CommunityContents', both);
    expect(both.items.length).toBeGreaterThan(0);
    for (const item of both.items) expect(item.associations.topics.map((topic) => topic.id)).toContain('equipment');
    const precursors = await get<CommunityContentsResponse>(`${root}/contents?topics[]=precursor&queryTerm=dimeric`);
    expect(precursors.items.map((item) => item.urlName)).toEqual(['trimethylaluminum']);
    expect((await get<CommunityContentsResponse>(`${root}/contents?topics[]=equipment&queryTerm=dimeric`)).total).toBe(0);
    // A query term without words finds nothing, with a topic as without.
    expect((await get<CommunityContentsResponse>(`${root}/contents?topics[]=equipment&queryTerm=%21%21`)).total).toBe(0);
    expect((await get<CommunityContentsResponse>(`${root}/contents?topics[]=equipment&queryTerm=%20`)).total).toBe(0);
  });

  it('answers the last page without a next page', async () => {
    const body = await get<CommunityDeliveryResponse>(`${root}?pageSize=25&page=2`);
    expect(body.items).toHaveLength(DEMO_CATALOGUE.length * 2 - 50);
    expect(body).not.toHaveProperty('nextPageUrl');
  });

  it('answers 404 for an unknown community', async () => {
    const response = await test.app.inject('/services/data/v65.0/connect/communities/0DB000000000001AAA/managed-content/delivery');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual([{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
  });

  it('refuses more than 15 topics', async () => {
    const response = await test.app.inject(`${root}?topics=${Array.from({ length: 16 }, (_, i) => `t${i}`).join(',')}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()[0].message).toBe('The value entered for topics isn’t valid. Enter from 1 to 15 values.');
  });
});

describe('GET managed-content delivery contents (spec §7.4, second call)', () => {
  it('lists items and total with the reference shape', async () => {
    const body = await get<CommunityContentsResponse>(`${root}/contents?collectionName=literature-sheets&pageSize=5`);
    expectContract('CommunityContents', body);
    expect(body.total).toBe(DEMO_CATALOGUE.length);
    expect(body.items[0]).toMatchObject({ status: 'Published', masterLanguage: 'en_US', type: 'literature_sheet' });
  });

  it('searches with queryTerm as the site’s search does: words in titles, descriptions and documents, synonyms, any case', async () => {
    // TDMAT's own sheet, and the bubbler's, whose document names it.
    const body = await get<CommunityContentsResponse>(`${root}/contents?queryTerm=tdMAt&managedContentType=literature_sheet`);
    expect(body.items.map((item) => item.urlName).sort()).toEqual(['stainless-steel-bubbler', 'tdmat']);
    // A word only in one sheet's PDF, and a formula that is a synonym of that sheet's name.
    expect((await get<CommunityContentsResponse>(`${root}/contents?queryTerm=dimeric`)).items.map((item) => item.urlName)).toEqual(['trimethylaluminum']);
    expect((await get<CommunityContentsResponse>(`${root}/contents?queryTerm=Al(CH3)3`)).items.map((item) => item.urlName)).toContain('trimethylaluminum');
    // Combined with the other filters, and counted.
    const both = await get<CommunityContentsResponse>(`${root}/contents?queryTerm=dimeric&urlNameInList=teos,trimethylaluminum`);
    expect(both.items.map((item) => item.urlName)).toEqual(['trimethylaluminum']);
    expect(both.total).toBe(1);
    expect((await get<CommunityContentsResponse>(`${root}/contents?queryTerm=dimeric&urlNameInList=teos`)).total).toBe(0);
    // Nothing in a query is syntax: no words, no results.
    for (const term of ['%25', '_', '*', '%22']) expect((await get<CommunityContentsResponse>(`${root}/contents?queryTerm=${term}`)).total).toBe(0);
  });

  it('filters by URL names', async () => {
    const body = await get<CommunityContentsResponse>(`${root}/contents?urlNameInList=teos,silane`);
    expect(body.items.map((item) => item.urlName).sort()).toEqual(['silane', 'teos']);
  });
});
