/**
 * What every answer gets, whichever route makes it: the security headers, errors answered alike,
 * the request id, the operator's CDN windows for public answers, Connection: close while draining,
 * and the front cache in front of it all (with compression after it).
 */
import type { FastifyInstance } from 'fastify';
import { registerSecurityHeaders } from '../../http/security-headers';
import { ApiError, ERROR_CODES } from '../../shared/errors';
import { frontAccessLine } from '../access-log';
import { addVaryByEncoding, registerCompression } from '../compression';
import type { AppConfig } from '../config';
import type { ContentVersionSource } from '../content-version';
import { registerErrorHandlers, type ErrorResponder } from '../errors';
import { FrontCache } from '../front-cache';
import { ANSWER_KEYS, REVALIDATE, publicCacheControl } from '../http-cache';
import { keyHeaders } from '../../shared/cdn-keys';
import type { Lifecycle } from '../routes/health';

/**
 * The response cache's part of the finished answers' memory (RESPONSE_CACHE_MB), a quarter: the
 * front cache answers every repeat it can, with the answer's compressed forms beside it, and takes
 * the rest. The response cache answers what the front cache does not (a signed-in visitor, an
 * answer whose compressed forms are still being made) and shares one rendering among concurrent
 * requests. They often keep the same body (the front cache the very Buffer this one answers), so
 * together they hold less than the sum; the sum is the bound (docs/operations.md, "Memory").
 */
export const responseCacheShare = (bytes: number) => Math.floor(bytes / 4);

export function registerResponseRules(app: FastifyInstance, config: AppConfig, errors: ErrorResponder, lifecycle: Lifecycle): void {
  registerSecurityHeaders(app);
  registerErrorHandlers(app, errors);
  const publicPolicy = publicCacheControl(config.cdn);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Routes say "public, revalidate"; the CDN windows are the operator's to set.
    if (reply.getHeader('Cache-Control') === REVALIDATE) reply.header('Cache-Control', publicPolicy);
    // What the answer shows, in each header the operator's CDN reads (CDN_KEY_HEADERS).
    const keys = reply.getHeader(ANSWER_KEYS);
    if (keys !== undefined) {
      reply.removeHeader(ANSWER_KEYS);
      for (const [name, value] of keyHeaders(String(keys).split(' '), config.cdn.keyHeaders)) reply.header(name, value);
    }
    // A draining process tells keep-alive clients to go elsewhere for their next request.
    if (lifecycle.draining) reply.header('Connection', 'close');
  });
  // No page or file address contains NUL; refusing it here keeps it away from every store query.
  // (The delivery API checks its parameters itself, with the catalogue's messages.)
  const apiRoot = `${config.basePath}/services/data/`;
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url) && !request.url.startsWith(apiRoot)) throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, 'The address is not valid.');
  });
}

/** The front cache: it captures each plain answer before compression, and answers repeats itself. */
export async function registerFrontCache(app: FastifyInstance, config: AppConfig, versions: ContentVersionSource, lifecycle: Lifecycle): Promise<FrontCache> {
  const front = new FrontCache({
    versions,
    maxEntries: config.responseCacheEntries,
    maxBytes: config.responseCacheBytes - responseCacheShare(config.responseCacheBytes),
    keyByHost: config.siteUrl === null,
    isDraining: () => lifecycle.draining,
    log: app.log,
    accessLine: frontAccessLine(app.log),
  });
  // In this order: Vary set, the plain answer captured, then compressed on its way out.
  addVaryByEncoding(app);
  app.addHook('onSend', async (request, reply, payload) => front.capture(request, reply, payload));
  await registerCompression(app);
  app.decorate('frontCache', front);
  return front;
}
