/**
 * Routes of the delivery API under {basePath}/services/data/v65.0 (spec §7). GET and HEAD only;
 * any other method on a known path is 405 with Allow (reference "Errors").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentStore } from '../cms/database';
import { API_ROOT } from '../shared/constants';
import { ApiError, ERROR_CODES, MESSAGES, notFound } from '../shared/errors';
import type { QueryValue } from '../shared/request-validation';
import { getCollectionMetadata, readCollectionMetadataRequest } from './collection-metadata';
import { getCollectionPage, readCollectionPageRequest } from './collection-items';
import { getCommunityContents, getCommunityDelivery, readCommunityContentsRequest, readCommunityDeliveryRequest } from './community-delivery';
import { getContentItem, getContentList, readContentItemRequest, readContentListRequest } from './contents';
import { originForResponse, type DeliverySettings } from './delivery-context';
import { buildOpenApiDocument } from './openapi';
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

const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface DeliveryApiOptions {
  db: ContentStore;
  settings: DeliverySettings;
  /** Sends the JSON that `render` produces, with caching headers (and from a cache when it can). */
  respondJson: (request: FastifyRequest, reply: FastifyReply, render: () => Promise<unknown>) => Promise<FastifyReply>;
}

/** Paths of every call, relative to the API root; the site and channel forms share handlers. */
export const DELIVERY_PATHS = {
  siteCollection: '/connect/sites/:channelOrSiteId/cms/delivery/collections/:collectionKeyOrId',
  channelCollection: '/connect/cms/delivery/channels/:channelOrSiteId/collections/:collectionKeyOrId',
  siteCollectionMetadata: '/connect/sites/:channelOrSiteId/cms/delivery/collections/:collectionKeyOrId/metadata',
  channelCollectionMetadata: '/connect/cms/delivery/channels/:channelOrSiteId/collections/:collectionKeyOrId/metadata',
  siteContent: '/connect/sites/:channelOrSiteId/cms/delivery/contents/:contentKeyOrId',
  channelContent: '/connect/cms/delivery/channels/:channelOrSiteId/contents/:contentKeyOrId',
  siteContents: '/connect/sites/:channelOrSiteId/cms/delivery/contents',
  channelContents: '/connect/cms/delivery/channels/:channelOrSiteId/contents',
  communityDelivery: '/connect/communities/:communityId/managed-content/delivery',
  communityContents: '/connect/communities/:communityId/managed-content/delivery/contents',
  seoProperties: '/connect/communities/:communityId/seo/properties/:recordId',
} as const;

export function registerDeliveryApi(app: FastifyInstance, { db, settings, respondJson }: DeliveryApiOptions): void {
  const root = `${settings.basePath}${API_ROOT}`;

  const route = (path: string, handler: Handler) => {
    app.get<{ Params: Params; Querystring: Query }>(`${root}${path}`, async (request, reply) => {
      // No id, key or alias contains NUL: such a path names nothing (and no store could look it up).
      if (Object.values(request.params).some((value) => value?.includes('\u0000'))) throw notFound();
      const origin = originForResponse(settings, request, reply);
      return respondJson(request, reply, () => handler({ params: request.params, query: request.query, origin }));
    });
    app.route({
      method: [...OTHER_METHODS],
      url: `${root}${path}`,
      handler: async (_request, reply) => {
        reply.header('Allow', 'GET, HEAD');
        throw new ApiError(405, ERROR_CODES.METHOD_NOT_ALLOWED, MESSAGES.METHOD_NOT_ALLOWED);
      },
    });
  };

  const collectionItems: Handler = ({ params, query }) =>
    getCollectionPage(db, settings, readCollectionPageRequest(params.channelOrSiteId, params.collectionKeyOrId ?? '', query));
  const collectionMetadata: Handler = ({ params, query }) =>
    getCollectionMetadata(db, settings, readCollectionMetadataRequest(params.channelOrSiteId, params.collectionKeyOrId, query));
  const contentItem: Handler = ({ params, query, origin }) =>
    getContentItem(db, settings, readContentItemRequest(params.channelOrSiteId, params.contentKeyOrId, query), origin);
  const contentList: Handler = ({ params, query, origin }) => getContentList(db, settings, readContentListRequest(params.channelOrSiteId, query), origin);

  route(DELIVERY_PATHS.siteCollection, collectionItems);
  route(DELIVERY_PATHS.channelCollection, collectionItems);
  route(DELIVERY_PATHS.siteCollectionMetadata, collectionMetadata);
  route(DELIVERY_PATHS.channelCollectionMetadata, collectionMetadata);
  route(DELIVERY_PATHS.siteContent, contentItem);
  route(DELIVERY_PATHS.channelContent, contentItem);
  route(DELIVERY_PATHS.siteContents, contentList);
  route(DELIVERY_PATHS.channelContents, contentList);
  route(DELIVERY_PATHS.communityDelivery, ({ params, query, origin }) =>
    getCommunityDelivery(db, settings, readCommunityDeliveryRequest(params.communityId, query), origin),
  );
  route(DELIVERY_PATHS.communityContents, ({ params, query }) => getCommunityContents(db, settings, readCommunityContentsRequest(params.communityId, query)));
  route(DELIVERY_PATHS.seoProperties, ({ params, query }) => getSeoProperties(db, readSeoPropertiesRequest(params.communityId, params.recordId, query)));

  const openApi = buildOpenApiDocument(settings.basePath);
  route('/openapi.json', async () => openApi);
}
