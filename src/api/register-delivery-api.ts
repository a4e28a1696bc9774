/**
 * Routes of the delivery API under {basePath}/services/data/v65.0 (spec §7). GET and HEAD only;
 * any other method on a known path is 405 with Allow (reference "Errors").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentStore } from '../cms/database';
import { API_ROOT } from '../shared/constants';
import { ApiError, ERROR_CODES, MESSAGES } from '../shared/errors';
import type { QueryValue } from '../shared/request-validation';
import { getCollectionPage, readCollectionPageRequest } from './collection-items';
import type { DeliverySettings } from './delivery-context';

type Params = Record<string, string | undefined>;
type Query = Record<string, QueryValue>;
type Handler = (params: Params, query: Query) => Promise<unknown>;

const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface DeliveryApiOptions {
  db: ContentStore;
  settings: DeliverySettings;
  /** Serialises a response body with caching headers. */
  sendJson: (request: FastifyRequest, reply: FastifyReply, body: unknown) => FastifyReply;
}

export function registerDeliveryApi(app: FastifyInstance, { db, settings, sendJson }: DeliveryApiOptions): void {
  const root = `${settings.basePath}${API_ROOT}`;

  const route = (path: string, handler: Handler) => {
    app.get<{ Params: Params; Querystring: Query }>(`${root}${path}`, async (request, reply) =>
      sendJson(request, reply, await handler(request.params, request.query)),
    );
    app.route({
      method: [...OTHER_METHODS],
      url: `${root}${path}`,
      handler: async (_request, reply) => {
        reply.header('Allow', 'GET, HEAD');
        throw new ApiError(405, ERROR_CODES.METHOD_NOT_ALLOWED, MESSAGES.METHOD_NOT_ALLOWED);
      },
    });
  };

  const collectionItems: Handler = (params, query) =>
    getCollectionPage(db, settings, readCollectionPageRequest(params.channelOrSiteId, params.collectionKeyOrId ?? '', query));

  // spec §7.1: the site and channel forms answer the same way.
  route('/connect/sites/:channelOrSiteId/cms/delivery/collections/:collectionKeyOrId', collectionItems);
  route('/connect/cms/delivery/channels/:channelOrSiteId/collections/:collectionKeyOrId', collectionItems);
}
