/**
 * Clients nobody here wrote keep working (reference cms-delivery-api.md; docs/api.md "API
 * versions"): jsforce 3.10, the usual Salesforce JavaScript client, at its default version (50.0)
 * gets data or our JSON errors and never HTML, and at 65.0 pages through everything by following
 * nextPageUrl, with and without SITE_URL. The shapes the platform's own adapters check hold on
 * every page: page URLs absent rather than null, user references as objects, domainUrl a string.
 */
import jsforce, { type Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningApp, type ListeningApp } from '../../tests/helpers/listening-app';
import { DEMO_CATALOGUE } from '../demo/catalogue';
import { DEMO_IDS } from '../demo/seed-demo';
import { FIRST_API_VERSIONS, NEWEST_API_VERSION } from './register-delivery-api';

const { siteId, channelId, communityId, collectionKey } = DEMO_IDS;
const SITE_URL = 'https://literature.example.com';

interface Page {
  items?: unknown[];
  contents?: unknown[];
  total?: number;
  nextPageUrl?: string | null;
  previousPageUrl?: string | null;
}

/** jsforce's error for an error answer: it reads the platform's error list. */
interface JsforceError {
  errorCode?: string;
  message: string;
}

const connection = (server: ListeningApp, version?: string) =>
  new jsforce.Connection({ instanceUrl: server.origin, accessToken: 'guest', ...(version === undefined ? {} : { version }) });

/** Follows nextPageUrl from a first page to the last, as a client does; answers every page. */
async function pagesFrom(conn: Connection, first: string): Promise<Page[]> {
  const pages: Page[] = [];
  for (let url: string | undefined = first; url !== undefined;) {
    const page = (await conn.request(url)) as Page;
    pages.push(page);
    expect(pages.length).toBeLessThan(100);
    url = page.nextPageUrl ?? undefined;
  }
  return pages;
}

/** Every place in an answer where one of the given keys holds null. */
function nullsOf(value: unknown, keys: string[], path = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, entry]) => [
    ...(keys.includes(key) && entry === null ? [`${path}.${key}`] : []),
    ...(key === 'contentBody' || key === 'body' ? [] : nullsOf(entry, keys, `${path}.${key}`)),
  ]);
}

for (const siteUrl of [null, SITE_URL]) {
  describe(`jsforce against the server, ${siteUrl === null ? 'without' : 'with'} SITE_URL`, () => {
    let server: ListeningApp;
    beforeAll(async () => {
      server = await createListeningApp({ env: siteUrl === null ? {} : { SITE_URL: siteUrl } });
    });
    afterAll(() => server.close());

    it('at its default version (50.0) gets data where the platform had the call, and our JSON errors elsewhere', async () => {
      const conn = connection(server);
      expect(conn.version).toBe('50.0');
      const delivery = (await conn.request(`/connect/communities/${communityId}/managed-content/delivery`)) as Page;
      expect(delivery.items?.length).toBeGreaterThan(0);
      for (const path of [`/connect/sites/${siteId}/cms/delivery/collections/${collectionKey}`, '/connect/no/such/resource', '/sobjects']) {
        const error = (await conn.request(path).then(
          () => null,
          (caught: unknown) => caught,
        )) as JsforceError | null;
        expect(error?.errorCode, path).toBe('NOT_FOUND');
        expect(error?.message, path).toBe('The requested resource does not exist');
      }
    });

    it('at 65.0 pages through the collection, the content list and the community delivery by nextPageUrl', async () => {
      const conn = connection(server, '65.0');
      const collection = await pagesFrom(conn, `/connect/sites/${siteId}/cms/delivery/collections/${collectionKey}?pageSize=7`);
      expect(collection.flatMap((page) => page.items ?? [])).toHaveLength(DEMO_CATALOGUE.length);
      expect(collection.map((page) => page.total)).toEqual(collection.map(() => DEMO_CATALOGUE.length));
      const channel = await pagesFrom(conn, `/connect/cms/delivery/channels/${channelId}/collections/${collectionKey}?pageSize=5&language=de_DE`);
      expect(channel.flatMap((page) => page.items ?? [])).toHaveLength(DEMO_CATALOGUE.length);
      const contents = await pagesFrom(conn, `/connect/sites/${siteId}/cms/delivery/contents?pageSize=10`);
      expect(contents.flatMap((page) => page.contents ?? [])).toHaveLength(DEMO_CATALOGUE.length * 2);
      const community = await pagesFrom(conn, `/connect/communities/${communityId}/managed-content/delivery?pageSize=9`);
      expect(community.flatMap((page) => page.items ?? [])).toHaveLength(community[0]?.total ?? -1);
      for (const page of [...collection, ...channel, ...contents, ...community]) {
        expect(nullsOf(page, ['nextPageUrl', 'previousPageUrl', 'domainUrl'])).toEqual([]);
      }
      expect(collection.at(-1)).not.toHaveProperty('nextPageUrl');
      expect(collection[0]).not.toHaveProperty('previousPageUrl');
    });

    it('answers the shapes the platform’s adapters check: references as objects, primaryLanguage, domainUrl a string', async () => {
      const conn = connection(server, '69.0');
      const contents = (await conn.request(`/connect/communities/${communityId}/managed-content/delivery/contents?pageSize=3`)) as {
        items: Array<Record<string, unknown>>;
      };
      for (const item of contents.items) {
        expect(item.createdByReference).toEqual({
          id: expect.stringMatching(/^005[A-Za-z0-9]{15}$/),
          url: expect.stringMatching(/^\/services\/data\/v65\.0\/chatter\/users\/005/),
        });
        expect(item.lastUpdatedByReference).toEqual(item.createdByReference);
        expect(item.primaryLanguage).toBe(item.masterLanguage);
      }
      const metadata = (await conn.request(`/connect/sites/${siteId}/cms/delivery/collections/${collectionKey}/metadata`)) as {
        channelSummary: { domainUrl: unknown };
      };
      expect(metadata.channelSummary.domainUrl).toBe(siteUrl ?? server.origin);
    });
  });
}

describe('API versions', () => {
  let server: ListeningApp;
  beforeAll(async () => {
    server = await createListeningApp();
  });
  afterAll(() => server.close());

  const paths: Record<keyof typeof FIRST_API_VERSIONS, string> = {
    siteCollection: `/connect/sites/${siteId}/cms/delivery/collections/${collectionKey}`,
    channelCollection: `/connect/cms/delivery/channels/${channelId}/collections/${collectionKey}`,
    siteCollectionMetadata: `/connect/sites/${siteId}/cms/delivery/collections/${collectionKey}/metadata`,
    channelCollectionMetadata: `/connect/cms/delivery/channels/${channelId}/collections/${collectionKey}/metadata`,
    siteContent: `/connect/sites/${siteId}/cms/delivery/contents/${DEMO_IDS.sheetKey('teos')}`,
    channelContent: `/connect/cms/delivery/channels/${channelId}/contents/${DEMO_IDS.sheetKey('teos')}`,
    siteContents: `/connect/sites/${siteId}/cms/delivery/contents`,
    channelContents: `/connect/cms/delivery/channels/${channelId}/contents`,
    communityDelivery: `/connect/communities/${communityId}/managed-content/delivery`,
    communityContents: `/connect/communities/${communityId}/managed-content/delivery/contents`,
    seoProperties: `/connect/communities/${communityId}/seo/properties/teos`,
    openApi: '/openapi.json',
  };

  it.each(Object.entries(paths))('%s: served from its first version to the newest, a JSON 404 on either side', async (name, path) => {
    const first = FIRST_API_VERSIONS[name as keyof typeof FIRST_API_VERSIONS];
    const at = (version: number) => server.app.inject(`/services/data/v${version}.0${path}`);
    for (const version of [first, 65, NEWEST_API_VERSION]) expect((await at(version)).statusCode, `v${version}.0`).toBe(200);
    for (const version of [first - 1, NEWEST_API_VERSION + 1]) {
      const answer = await at(version);
      expect(answer.statusCode, `v${version}.0`).toBe(404);
      expect(answer.json()).toEqual([{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
    }
  });

  it('answers any other path under /services/data/ with the JSON error list', async () => {
    for (const path of ['/services/data/', '/services/data/v65.0', '/services/data/latest/connect/x', '/services/data/v65.0/sobjects/Account']) {
      const answer = await server.app.inject(path);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.headers['content-type'], path).toBe('application/json; charset=utf-8');
    }
  });

  it('gives the spec §8 messages for a blank contentKeyOrId and a malformed site or channel id', async () => {
    const blank = await server.app.inject(`/services/data/v65.0/connect/sites/${siteId}/cms/delivery/contents/%20`);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual([
      { errorCode: 'INVALID_ID_FIELD', message: "The 'contentKeyOrId' parameter is required to successfully execute this request." },
    ]);
    for (const id of ['0DM123', '0apTooShort', '0DM000000000000AAB']) {
      const malformed = await server.app.inject(`/services/data/v65.0/connect/sites/${id}/cms/delivery/collections/${collectionKey}`);
      expect(malformed.statusCode, id).toBe(400);
      expect(malformed.json(), id).toEqual([{ errorCode: 'INVALID_ID_FIELD', message: "The 'channelOrSiteId' parameter is invalid" }]);
    }
  });
});
