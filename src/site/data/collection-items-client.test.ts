import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningApp, type ListeningApp } from '../../../tests/helpers/listening-app';
import { DEMO_IDS } from '../../demo/seed-demo';
import { FetchError, ResponseShapeError } from '../../shared/delivery-client';
import { createCollectionItemsClient } from './collection-items-client';

let test: ListeningApp;
beforeAll(async () => {
  test = await createListeningApp({ env: { BASE_PATH: '/lit' } });
});
afterAll(async () => {
  await test.close();
});

/** The browser's client against the real server, as the page at /lit would make its requests. */
const browserClient = () => createCollectionItemsClient('/lit', (input, init) => fetch(new URL(String(input), test.origin), init));

const page = { collectionKeyOrId: DEMO_IDS.collectionKey, language: 'en_US', pageSize: 7, pageToken: 1 };

describe('the browser’s collection items client (spec §7.1)', () => {
  it('answers a page as the typed delivery client does, in the site and the channel form', async () => {
    for (const channelOrSiteId of [DEMO_IDS.siteId, DEMO_IDS.channelId]) {
      const answer = await browserClient().getCollectionItems({ channelOrSiteId, ...page });
      expect(answer).toEqual(await test.client.getCollectionItems({ channelOrSiteId, ...page }));
      expect(answer.items).toHaveLength(7);
    }
  });

  it('asks the same origin with credentials for JSON, and passes the abort signal on', async () => {
    const requests: Array<{ url: string; init: RequestInit | undefined }> = [];
    const client = createCollectionItemsClient('/lit', async (input, init) => {
      requests.push({ url: String(input), init });
      return Response.json({ items: [], total: 0, language: 'en_US' });
    });
    const signal = new AbortController().signal;
    await client.getCollectionItems({ channelOrSiteId: DEMO_IDS.siteId, ...page, signal });
    expect(requests[0]?.url).toBe(
      `/lit/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?language=en_US&pageSize=7&pageToken=1`,
    );
    expect(requests[0]?.init).toMatchObject({ method: 'GET', credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
  });

  it('raises a failed request as a FetchError with its status and the API’s error list (spec §8)', async () => {
    const failure = await browserClient()
      .getCollectionItems({ channelOrSiteId: DEMO_IDS.siteId, ...page, collectionKeyOrId: 'MC0000000000000000000000000A' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FetchError);
    expect(failure).toMatchObject({ status: 404, errors: [{ errorCode: 'NOT_FOUND' }] });
  });

  it('refuses an answer without the items and total the grid reads', async () => {
    const client = createCollectionItemsClient('', async () => Response.json({ language: 'en_US' }));
    await expect(client.getCollectionItems({ channelOrSiteId: DEMO_IDS.siteId, ...page })).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
