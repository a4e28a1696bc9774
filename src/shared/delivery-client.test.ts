import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_IDS } from '../demo/seed-demo';
import {
  createDeliveryClient,
  FetchError,
  normalizeResponse,
  readOlderDate,
  RequestValidationError,
  ResponseShapeError,
  type DeliveryClient,
} from './delivery-client';

const { siteId, channelId, communityId, collectionKey } = DEMO_IDS;

describe('option checks before any request (spec §8)', () => {
  let requests = 0;
  const client = createDeliveryClient({
    basePath: '',
    fetch: async () => {
      requests++;
      return new Response('[]');
    },
  });

  const cases: Array<[string, () => Promise<unknown>, string]> = [
    ['no options', () => client.getContent(undefined as never), 'Options are required to successfully be able to execute this request.'],
    ['null options', () => client.listContents(null as never), 'Options are required to successfully be able to execute this request.'],
    ['no channelOrSiteId', () => client.listContents({} as never), "The 'channelOrSiteId' parameter is required to successfully execute this request."],
    [
      'a blank channelOrSiteId',
      () => client.getCollectionItems({ channelOrSiteId: '  ', collectionKeyOrId: collectionKey }),
      "The 'channelOrSiteId' parameter is required to successfully execute this request.",
    ],
    [
      'a channelOrSiteId with another prefix',
      () => client.getCollectionItems({ channelOrSiteId: '001000000000001', collectionKeyOrId: collectionKey }),
      "The 'channelOrSiteId' parameter is invalid",
    ],
    [
      'no contentKeyOrId',
      () => client.getContent({ channelOrSiteId: siteId, contentKeyOrId: '' }),
      "The 'contentKeyOrId' parameter is required to successfully execute this request.",
    ],
    [
      'contentKeys not an array',
      () => client.listContents({ channelOrSiteId: siteId, contentKeys: 'MC1' as never }),
      'The type entered for contentKeys isn’t valid. Enter the value as a/an array.',
    ],
    [
      'managedContentIds with a number',
      () => client.listContents({ channelOrSiteId: siteId, managedContentIds: [1] as never }),
      'The type entered for managedContentIds isn’t valid. Enter the value as a/an array.',
    ],
    [
      'pageSize as text',
      () => client.listContents({ channelOrSiteId: siteId, pageSize: '7' as never }),
      'The type entered for pageSize isn’t valid. Enter the value as a/an number.',
    ],
    [
      'page not whole',
      () => client.listContents({ channelOrSiteId: siteId, page: 1.5 }),
      'The type entered for page isn’t valid. Enter the value as a/an number.',
    ],
    [
      'referenceDepth as text',
      () => client.getContent({ channelOrSiteId: siteId, contentKeyOrId: 'MC1', referenceDepth: 'deep' as never }),
      'The type entered for referenceDepth isn’t valid. Enter the value as a/an number.',
    ],
    [
      'includeContentBody as text',
      () => client.listContents({ channelOrSiteId: siteId, includeContentBody: 'true' as never }),
      'The type entered for includeContentBody isn’t valid. Enter the value as a/an boolean.',
    ],
    [
      'contentTypeFQN as a number',
      () => client.listContents({ channelOrSiteId: siteId, contentTypeFQN: 5 as never }),
      'The type entered for contentTypeFQN isn’t valid. Enter the value as a/an string.',
    ],
  ];

  it.each(cases)('%s', async (_name, call, message) => {
    await expect(call()).rejects.toThrow(new RequestValidationError(message));
    expect(requests).toBe(0);
  });
});

describe('older response forms (spec: both forms accepted)', () => {
  it('reads channelInfo as channelSummary and a string contentType as an object', () => {
    const old = {
      channelInfo: { id: channelId },
      collectionType: 'literature_sheet',
      items: [{ id: '20Y', contentType: 'literature_sheet', body: { contentBody: { contentType: 'authored text' } } }],
    };
    expect(normalizeResponse(old)).toEqual({
      channelSummary: { id: channelId },
      collectionType: { fullyQualifiedName: 'literature_sheet', name: 'literature_sheet' },
      items: [
        {
          id: '20Y',
          contentType: { fullyQualifiedName: 'literature_sheet', name: 'literature_sheet' },
          body: { contentBody: { contentType: 'authored text' } },
        },
      ],
    });
  });

  it('keeps channelSummary when both are present', () => {
    expect(normalizeResponse({ channelSummary: { id: 'new' }, channelInfo: { id: 'old' } })).toEqual({ channelSummary: { id: 'new' } });
  });

  it('reads targetSummary as target, dates without a zone as UTC, and a null page URL as absent', () => {
    const old = {
      channelInfo: { id: channelId, targetSummary: { id: siteId } },
      publishedDate: 'Oct 7, 2021 5:39:59 AM',
      nextPageUrl: null,
      previousPageUrl: null,
      items: [{ body: { publishedDate: 'Dec 31, 2021 12:00:00 PM', contentBody: { publishedDate: 'authored, as it is' } } }],
    };
    expect(normalizeResponse(old)).toEqual({
      channelSummary: { id: channelId, target: { id: siteId } },
      publishedDate: '2021-10-07T05:39:59.000Z',
      items: [{ body: { publishedDate: '2021-12-31T12:00:00.000Z', contentBody: { publishedDate: 'authored, as it is' } } }],
    });
    expect(readOlderDate('Jan 1, 2022 12:05:00 AM')).toBe('2022-01-01T00:05:00.000Z');
    expect(readOlderDate('2022-01-01T00:05:00Z')).toBe('2022-01-01T00:05:00Z');
  });

  it('says exactly what it cannot read of an answer', async () => {
    const answering = (body: unknown) => createDeliveryClient({ basePath: '', fetch: async () => new Response(JSON.stringify(body)) });
    await expect(answering({ items: {}, language: 'en_US' }).getCollectionItems({ channelOrSiteId: siteId, collectionKeyOrId: collectionKey })).rejects.toThrow(
      /answered in a form this client cannot read: items is not an array; total is missing$/,
    );
    const read = await answering({ items: [], total: 0, language: 'en_US' }).getCollectionItems({ channelOrSiteId: siteId, collectionKeyOrId: collectionKey });
    expect(read).toEqual({ items: [], total: 0, language: 'en_US', currentPageUrl: '' });
    await expect(answering([]).getSeoProperties({ communityId, recordId: 'teos' })).rejects.toBeInstanceOf(ResponseShapeError);
  });
});

describe('against the real server', () => {
  let test: TestApp;
  let client: DeliveryClient;
  beforeAll(async () => {
    test = await createTestApp({ env: { BASE_PATH: '/lit' } });
    const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
    client = createDeliveryClient({ basePath: '/lit', fetch: (input, init) => fetch(new URL(String(input), address), init) });
  });
  afterAll(async () => {
    await test.close();
  });

  it('calls every endpoint', async () => {
    expect((await client.getCollectionItems({ channelOrSiteId: siteId, collectionKeyOrId: collectionKey, pageSize: 7, pageToken: 1 })).items).toHaveLength(7);
    expect((await client.getCollectionItems({ channelOrSiteId: channelId, collectionKeyOrId: collectionKey, pageSize: 2 })).items).toHaveLength(2);
    expect((await client.getCollectionMetadata({ channelOrSiteId: siteId, collectionKeyOrId: collectionKey, expandMetadata: true })).schema).toHaveProperty(
      'Title',
    );
    expect((await client.getContent({ channelOrSiteId: siteId, contentKeyOrId: DEMO_IDS.sheetKey('teos'), referenceDepth: 1 })).references).not.toBeNull();
    const images = await client.listContents({
      channelOrSiteId: siteId,
      contentKeys: [DEMO_IDS.imageKey('teos'), DEMO_IDS.imageKey('silane')],
      includeContentBody: true,
    });
    expect(images.contents).toHaveLength(2);
    expect((await client.getCommunityDelivery({ communityId, managedContentType: 'literature_sheet', pageSize: 2 })).items).toHaveLength(2);
    expect((await client.getCommunityContents({ communityId, urlNameInList: ['teos'] })).total).toBe(1);
    expect((await client.getSeoProperties({ communityId, recordId: 'teos', fields: ['Title'] })).fields).toEqual({ Title: 'Tetraethyl orthosilicate (TEOS)' });
  });

  it('raises a FetchError with the url, status, status text and errors', async () => {
    const failure = await client
      .getCollectionItems({ channelOrSiteId: siteId, collectionKeyOrId: 'MC0000000000000000000000000A' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FetchError);
    expect(failure).toMatchObject({
      status: 404,
      statusText: 'Not Found',
      message: 'Not Found',
      errors: [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }],
    });
    expect((failure as FetchError).url).toBe(`/lit/services/data/v65.0/connect/sites/${siteId}/cms/delivery/collections/MC0000000000000000000000000A`);
  });
});
