import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningApp, type ListeningApp } from '../../tests/helpers/listening-app';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_DOCUMENT_SET } from '../demo/documents';
import { DEMO_CATALOGUE } from '../demo/catalogue';
import { DEMO_IDS } from '../demo/seed-demo';
import { migrateFromDeliveryApi } from './migrate-from-api';

const { siteId, collectionKey } = DEMO_IDS;
const collection = (query: string) => `/services/data/v65.0/connect/sites/${siteId}/cms/delivery/collections/${collectionKey}${query}`;

let source: ListeningApp;
let target: TestApp;
beforeAll(async () => {
  // A second running instance of our own server, under a base path, is the platform here.
  source = await createListeningApp({ env: { BASE_PATH: '/lit' } });
  target = await createTestApp({ seed: false });
});
afterAll(async () => {
  await source.close();
  await target.close();
});

describe('content import --from a delivery API', () => {
  it('brings the collection over, in every language, with its images and documents', async () => {
    const stages: string[] = [];
    const summary = await migrateFromDeliveryApi(
      target.store.db,
      { baseUrl: `${source.origin}/lit`, siteId, collectionKeyOrId: collectionKey, languages: ['de_DE', 'fr_FR'] },
      { onStage: (stage) => stages.push(stage) },
    );
    // Every sheet's document, and the other documents of the demo's set (demo/documents.ts).
    expect(summary).toMatchObject({
      sites: 1,
      contents: DEMO_CATALOGUE.length * 2,
      fileAssets: DEMO_CATALOGUE.length + DEMO_DOCUMENT_SET.length - 1,
      collections: 1,
    });
    expect(stages).toEqual(['Reading the collection', 'Fetching images', 'Fetching documents', 'Importing']);

    for (const query of ['?pageSize=250', '?pageSize=7&pageToken=3&language=de_DE', '?pageSize=250&language=fr_FR', '/metadata?language=de_DE']) {
      const before = await source.app.inject(`/lit${collection(query)}`);
      const after = await target.app.inject(collection(query));
      expect(after.statusCode, query).toBe(200);
      // The same answers, but for the source's base path in its page links and its own domain.
      const withoutDomain = (json: { channelSummary?: object }) => ({ ...json, channelSummary: { ...json.channelSummary, domainUrl: '' } });
      expect(withoutDomain(after.json()), query).toEqual(withoutDomain(JSON.parse(before.body.replaceAll('"/lit/', '"/'))));
    }
    for (const url of [`/sfsites/c/file-asset/literature-sheet-teos?v=1`, `/sfsites/c/cms/delivery/media/${DEMO_IDS.imageKey('teos')}`]) {
      const before = await source.app.inject(`/lit${url}`);
      const after = await target.app.inject(url);
      expect(after.headers['content-type'], url).toBe(before.headers['content-type']);
      expect(after.rawPayload.equals(before.rawPayload), url).toBe(true);
    }
  });

  it('changes nothing when run again', async () => {
    const before = (await target.app.inject(collection('?pageSize=250'))).body;
    await migrateFromDeliveryApi(target.store.db, { baseUrl: `${source.origin}/lit`, siteId, collectionKeyOrId: collectionKey });
    expect((await target.app.inject(collection('?pageSize=250'))).body).toBe(before);
  });

  it('stops by itself when a source’s paging never ends', async () => {
    // A source whose every page names a next one and never runs out of items.
    const endless: typeof fetch = async (input, init) => {
      const url = String(input);
      const response = await fetch(input, init);
      if (!url.includes('/collections/') || url.includes('/metadata')) return response;
      const page = (await response.json()) as { items: unknown[]; total: number; nextPageUrl?: string };
      const token = Number(new URL(url).searchParams.get('pageToken') ?? 0);
      return Response.json({
        ...page,
        items: page.items.length > 0 ? page.items : [{}],
        total: 1_000_000_000,
        nextPageUrl: `/lit${collection(`?pageToken=${token + 1}`)}`,
      });
    };
    const neverEnding = { baseUrl: `${source.origin}/lit`, siteId, collectionKeyOrId: collectionKey, fetch: endless, maxPages: 5 };
    await expect(migrateFromDeliveryApi(target.store.db, neverEnding)).rejects.toThrow(
      /the collection's paging did not end after 5 pages of 250 \(\d+ items read in en_US\); nothing was imported\. If it really holds more, raise --max-pages\.$/,
    );
  });

  it('stops at the total the source gives, and at an empty page, whatever its page URLs say', async () => {
    let requests = 0;
    const overlong: typeof fetch = async (input, init) => {
      const url = String(input);
      const response = await fetch(input, init);
      if (!url.includes('/collections/') || url.includes('/metadata')) return response;
      requests++;
      const page = (await response.json()) as Record<string, unknown>;
      return Response.json({ ...page, nextPageUrl: `/lit${collection('?pageToken=99')}` });
    };
    await migrateFromDeliveryApi(target.store.db, { baseUrl: `${source.origin}/lit`, siteId, collectionKeyOrId: collectionKey, fetch: overlong });
    expect(requests).toBe(1);
  });

  it('says what went wrong when the source does not answer', async () => {
    await expect(
      migrateFromDeliveryApi(target.store.db, { baseUrl: `${source.origin}/lit`, siteId, collectionKeyOrId: 'MC0000000000000000000000000A' }),
    ).rejects.toThrow(/Not Found/);
  });
});
