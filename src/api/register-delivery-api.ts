/**
 * Routes of the delivery API under {basePath}/services/data/v{version} (spec §7), each at every
 * version from its first to the newest (FIRST_API_VERSIONS), with the v65.0 shapes. GET and HEAD
 * only; any other method on a known path is 405 with Allow (reference "Errors").
 */
import { ALL, cdnKeys, CONTENT_LISTS } from '../shared/cdn-keys';
import type { ContentDocument } from '../shared/delivery-types';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentStore } from '../cms/database';
import { ApiError, ERROR_CODES, MESSAGES, notFound } from '../shared/errors';
import type { QueryValue } from '../shared/request-validation';
import { getCollectionMetadata, readCollectionMetadataRequest } from './collection-metadata';
import { getCollectionPage, readCollectionPageRequest } from './collection-items';
import type { SheetSearch } from '../search/sheet-search';
import { getCommunityContents, getCommunityDelivery, readCommunityContentsRequest, readCommunityDeliveryRequest } from './community-delivery';
import { getContentItem, getContentList, readContentItemRequest, readContentListRequest } from './contents';
import { originForResponse, type DeliverySettings } from './delivery-context';
import { buildOpenApiDocument, DELIVERY_PATHS, type DeliveryCall } from './openapi';
import { getSeoProperties, readSeoPropertiesRequest } from './seo-properties';

type Params = Record<string, string | undefined>;
type Query = Record<string, QueryValue>;

interface CallContext {
  params: Params;
  query: Query;
  /** Origin for absolute URLs: SITE_URL when set, else the request's own. */
  origin: string;
}

type Handler = (call: CallContext) => Promise<unknown>;
/** The surrogate keys of what an answer shows, besides ALL. */
type KeysOf = (body: unknown, params: Params) => string[];

const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface DeliveryApiOptions {
  db: ContentStore;
  settings: DeliverySettings;
  /** The site's search, which the community calls' queryTerm and topics filter by. */
  search: Pick<SheetSearch, 'matchingIds'>;
  /** Sends the JSON that `render` produces, with caching headers and what it shows (and from a cache when it can). */
  respondJson: (request: FastifyRequest, reply: FastifyReply, render: () => Promise<{ body: unknown; keys: readonly string[] }>) => Promise<FastifyReply>;
}

/** The newest API version served: the platform's adapters ask for v69.0. */
export const NEWEST_API_VERSION = 69;

/**
 * The version in which each call first appeared, by the platform's Connect REST API Developer
 * Guide (docs/api.md, "API versions", says where each comes from). Every call is served, with the
 * v65.0 shapes, from there up to NEWEST_API_VERSION; any other version is 404 NOT_FOUND.
 */
export const FIRST_API_VERSIONS: Record<DeliveryCall | 'openApi', number> = {
  siteCollection: 54,
  channelCollection: 54,
  siteCollectionMetadata: 54,
  channelCollectionMetadata: 54,
  siteContent: 54,
  channelContent: 54,
  siteContents: 55,
  channelContents: 55,
  communityDelivery: 47,
  communityContents: 54,
  seoProperties: 53,
  // Ours: the contract of the v65.0 shapes, beside every version that serves them unchanged.
  openApi: 65,
};

/** Whether a path's version segment (`v65.0`) is one a call is served at. */
export function isServedVersion(segment: string | undefined, first: number): boolean {
  const major = /^v(\d{2,3})\.0$/.exec(segment ?? '')?.[1];
  return major !== undefined && Number(major) >= first && Number(major) <= NEWEST_API_VERSION;
}

export function registerDeliveryApi(app: FastifyInstance, { db, settings, search, respondJson }: DeliveryApiOptions): void {
  const root = `${settings.basePath}/services/data/:apiVersion`;

  const route = (name: keyof typeof FIRST_API_VERSIONS, handler: Handler, keysOf: KeysOf = () => [ALL]) => {
    const path = name === 'openApi' ? '/openapi.json' : DELIVERY_PATHS[name];
    const first = FIRST_API_VERSIONS[name];
    app.get<{ Params: Params; Querystring: Query }>(`${root}${path}`, async (request, reply) => {
      if (!isServedVersion(request.params.apiVersion, first)) throw notFound();
      // No id, key or alias contains NUL: such a path names nothing (and no store could look it up).
      if (Object.values(request.params).some((value) => value?.includes('\u0000'))) throw notFound();
      const origin = originForResponse(settings, request, reply);
      return respondJson(request, reply, async () => {
        const body = await handler({ params: request.params, query: request.query, origin });
        return { body, keys: [...keysOf(body, request.params), ALL] };
      });
    });
    app.route({
      method: [...OTHER_METHODS],
      url: `${root}${path}`,
      handler: async (request: FastifyRequest<{ Params: Params }>, reply) => {
        if (!isServedVersion(request.params.apiVersion, first)) throw notFound();
        reply.header('Allow', 'GET, HEAD');
        throw new ApiError(405, ERROR_CODES.METHOD_NOT_ALLOWED, MESSAGES.METHOD_NOT_ALLOWED);
      },
    });
  };

  // The wire carries the platform's item shape only: the language a link leads to is the site's to show.
  const collectionItems: Handler = async ({ params, query, origin }) => {
    const page = await getCollectionPage(db, settings, readCollectionPageRequest(params.channelOrSiteId, params.collectionKeyOrId ?? '', query), origin);
    return { ...page, items: page.items.map(({ linkLanguage: _linkLanguage, ...item }) => item) };
  };
  const collectionMetadata: Handler = ({ params, query, origin }) =>
    getCollectionMetadata(db, settings, readCollectionMetadataRequest(params.channelOrSiteId, params.collectionKeyOrId, query), origin);
  const contentItem: Handler = ({ params, query, origin }) =>
    getContentItem(db, settings, readContentItemRequest(params.channelOrSiteId, params.contentKeyOrId, query), origin);
  const contentList: Handler = ({ params, query, origin }) => getContentList(db, settings, readContentListRequest(params.channelOrSiteId, query), origin);

  // What each answer shows, as surrogate keys (docs/decisions/037); every answer carries ALL besides.
  const ofCollection: KeysOf = (body) => [cdnKeys.collection((body as { id: string }).id)];
  const ofContent: KeysOf = (body) => {
    const { managedContentId, references, referencesList } = body as ContentDocument;
    const referenced = [...Object.values(references ?? {}), ...(referencesList ?? [])].map((document) => document.managedContentId);
    return [managedContentId, ...referenced].map(cdnKeys.sheet);
  };
  const ofLists: KeysOf = () => [CONTENT_LISTS];

  route('siteCollection', collectionItems, ofCollection);
  route('channelCollection', collectionItems, ofCollection);
  route('siteCollectionMetadata', collectionMetadata, ofCollection);
  route('channelCollectionMetadata', collectionMetadata, ofCollection);
  route('siteContent', contentItem, ofContent);
  route('channelContent', contentItem, ofContent);
  route('siteContents', contentList, ofLists);
  route('channelContents', contentList, ofLists);
  route(
    'communityDelivery',
    ({ params, query, origin }) => getCommunityDelivery(db, settings, readCommunityDeliveryRequest(params.communityId, query), origin, search),
    ofLists,
  );
  route(
    'communityContents',
    ({ params, query }) => getCommunityContents(db, settings, readCommunityContentsRequest(params.communityId, query), search),
    ofLists,
  );
  route(
    'seoProperties',
    ({ params, query }) => getSeoProperties(db, readSeoPropertiesRequest(params.communityId, params.recordId, query)),
    (body) => [cdnKeys.sheet((body as { recordId: string }).recordId)],
  );

  const openApi = buildOpenApiDocument(settings.basePath, settings.siteUrl ?? '');
  route('openApi', async () => openApi);
}
