/**
 * Surrogate keys on the public answers (docs/decisions/037), on a real store: each page kind, image
 * and document names what it shows, in the headers the operator chose; a repeat from the front
 * cache names the same; and every key a publish queues for purging is one some answer carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs } from '../../tests/helpers/studio-client';
import { ALL, cdnKeys, CONTENT_LISTS } from '../shared/cdn-keys';
import { listQueuedKeys } from '../cdn/outbox';
import { findContentsByKeys } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import { syncSearchIndex } from '../search/search-index';
import type { SheetState } from '../sheet/shape';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { CDN_KEY_HEADERS: 'Surrogate-Key,Cache-Tag,xkey' } });
  await syncSearchIndex(test.store);
});
afterAll(async () => {
  await test.close();
});

const keysAt = async (url: string) => {
  const answer = await test.app.inject(url);
  expect(answer.statusCode, url).toBe(200);
  const surrogate = String(answer.headers['surrogate-key'] ?? '');
  expect(answer.headers['xkey'], url).toBe(surrogate);
  expect(answer.headers['cache-tag'], url).toBe(surrogate.replaceAll(' ', ','));
  expect(answer.headers['x-answer-keys']).toBeUndefined();
  return surrogate.split(' ').filter((key) => key !== '');
};
/** The ids of the sheets at these addresses, in their order. */
const findContentsByUrlNames = async (names: string[]) => {
  const rows = await test.store.db.selectFrom('contents').select(['id', 'url_name']).where('url_name', 'in', names).execute();
  return names.map((name) => rows.find((row) => row.url_name === name)!.id);
};
const idOf = async (slug: string) => (await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]))[0]!.id;
const topicsOf = async (id: string) =>
  (await test.store.db.selectFrom('search_topics').select('topic').where('content_id', '=', id).orderBy('topic').execute()).map((row) => row.topic);

describe('surrogate keys', () => {
  it('name the page, its collection and the site on the literature page and its topic pages, in every language', async () => {
    const expected = [cdnKeys.page('literature-sheets'), cdnKeys.collection(DEMO_IDS.collectionId), ALL];
    for (const url of ['/', '/?page=3', '/de-DE/', '/topics/silicon', '/fr-FR/topics/ald', '/?q=silane']) expect(await keysAt(url)).toEqual(expected);
  });

  it('name the sheet, the related sheets it lists, the topics they are found by and the site on a sheet’s page, and the same from the front cache', async () => {
    const id = await idOf('silane');
    const page = (await test.app.inject('/sheets/silane')).body;
    const listed = /<section class="sheet-related"[^]*?<\/section>/.exec(page)?.[0] ?? '';
    const relatedSlugs = [...listed.matchAll(/href="\/sheets\/([^"]+)"/g)].map((match) => match[1]!);
    expect(relatedSlugs.length).toBeGreaterThan(0);
    const related = await findContentsByUrlNames(relatedSlugs);
    const expected = [cdnKeys.sheet(id), ...related.map(cdnKeys.sheet), ...(await topicsOf(id)).map(cdnKeys.topic), ALL];
    expect(await keysAt('/sheets/silane')).toEqual(expected);
    expect(await keysAt('/sheets/silane')).toEqual(expected);
    expect(await keysAt('/de-DE/sheets/silane')).toEqual(expected);
  });

  it('name an image by its content and a document by its asset', async () => {
    const page = (await test.app.inject('/sheets/silane')).body;
    const image = /src="(\/sfsites\/c\/cms\/delivery\/media\/[^"?]+)\?v=[^"]*"/.exec(page)?.[1];
    const document = /href="(\/sfsites\/c\/file-asset\/[^"?]+)\?v=\d+"/.exec(page)?.[1];
    expect(image).toBeDefined();
    expect(document).toBeDefined();
    const [imageKey] = await keysAt(image!);
    const [documentKey] = await keysAt(document!);
    expect(imageKey).toMatch(/^m-/);
    expect(documentKey).toBe(cdnKeys.document(decodeURIComponent(document!.split('/').pop()!)));
  });

  it('name the collection, the content (and what it references) or the lists on the delivery API’s answers, and the sitemap', async () => {
    const api = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery`;
    const id = await idOf('silane');
    expect(await keysAt(`${api}/collections/${DEMO_IDS.collectionKey}?pageSize=5`)).toEqual([cdnKeys.collection(DEMO_IDS.collectionId), ALL]);
    expect(await keysAt(`${api}/collections/${DEMO_IDS.collectionKey}/metadata`)).toEqual([cdnKeys.collection(DEMO_IDS.collectionId), ALL]);
    const content = await keysAt(`${api}/contents/${DEMO_IDS.sheetKey('silane')}?language=en_US`);
    expect(content[0]).toBe(cdnKeys.sheet(id));
    expect(content.at(-1)).toBe(ALL);
    expect(await keysAt(`${api}/contents?pageSize=3`)).toEqual([CONTENT_LISTS, ALL]);
    expect(await keysAt('/sitemap.xml')).toEqual([CONTENT_LISTS, cdnKeys.page('literature-sheets'), ALL]);
  });

  it('carry every key a publish queues for purging: a purge is never sent for a key no answer carried', async () => {
    const ana = await signInAs(test, 'editor', 'ana@example.com');
    await test.store.db.deleteFrom('cdn_purges').execute();
    const id = await idOf('teos');
    const view = (await ana.request('GET', `/sheets/${id}`)).json() as { revision: number; draft: SheetState };
    const saved = (
      await ana.request('PUT', `/sheets/${id}/translations/en_US`, {
        revision: view.revision,
        texts: { ...view.draft.translations.en_US, title: 'TEOS, keyed' },
      })
    ).json() as { revision: number };
    expect((await ana.request('POST', `/sheets/${id}/publish`, { revision: saved.revision })).statusCode).toBe(200);
    await syncSearchIndex(test.store);
    const queued = (await listQueuedKeys(test.store.db, 1000)).map((entry) => entry.key);
    const carried = new Set([
      ...(await keysAt('/')),
      ...(await keysAt('/sheets/teos')),
      ...(await keysAt('/sheets/silane')),
      ...(await keysAt(`/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/contents?pageSize=3`)),
    ]);
    expect(queued.length).toBeGreaterThan(2);
    expect(queued.filter((key) => !carried.has(key))).toEqual([]);
  });
});
