/**
 * Conditional responses: a strong ETag on every 200 and 304 for a matching If-None-Match, so
 * repeat visits and CDNs revalidate instead of downloading again.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StoreUnavailableError } from '../cms/store-guard';
import type { ContentVersionSource, KnownVersion } from './content-version';
import { etagMatches, etagOf, utf8Bytes } from './etags';
import { FrontCache } from './front-cache';
import type { ResponseCache } from './response-cache';

/** Long-lived caching for URLs that change whenever their content does (hashed or versioned). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Public content that browsers revalidate on every use, so a publish shows at once. The app turns
 * it into the configured policy for shared caches (publicCacheControl) as responses leave.
 */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

export interface CdnWindows {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
  staleIfErrorSeconds: number;
}

/**
 * What public, revalidated responses say to browsers and CDNs: browsers revalidate every time;
 * a CDN may keep a response for s-maxage (the window in which a publish can be unseen there), serve
 * it stale while revalidating, and serve it stale when the origin fails.
 */
export function publicCacheControl({ maxAgeSeconds, staleWhileRevalidateSeconds, staleIfErrorSeconds }: CdnWindows): string {
  return `public, max-age=0, s-maxage=${maxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}, stale-if-error=${staleIfErrorSeconds}`;
}

/**
 * Where a route leaves an answer's surrogate keys (src/shared/cdn-keys.ts), space-separated; the app writes
 * them into the operator's CDN_KEY_HEADERS as the answer leaves (wiring/responses.ts).
 */
export const ANSWER_KEYS = 'x-answer-keys';

export interface CachedBody {
  body: string | Buffer;
  contentType: string;
  cacheControl: string;
  /** What the answer shows, for a CDN to purge it by (src/shared/cdn-keys.ts). */
  keys?: readonly string[];
  /** Defaults to a hash of the body. */
  etag?: string;
}

export function sendCacheable(request: FastifyRequest, reply: FastifyReply, { body, contentType, cacheControl, etag = etagOf(body), keys = [] }: CachedBody) {
  reply.header('ETag', etag).header('Cache-Control', cacheControl);
  if (keys.length > 0) reply.header(ANSWER_KEYS, keys.join(' '));
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(contentType).send(body);
}

export interface CachedRender {
  /** Identifies the response among all others (path and query, plus anything else it depends on). */
  key: string;
  contentType: string;
  cacheControl: string;
  /** What the answer shows, for a CDN to purge it by (src/shared/cdn-keys.ts). */
  keys?: readonly string[];
  /** The content version, when the route has read it already. */
  version?: KnownVersion;
  /** Renders the body for the content version it is cached under, with what it shows when only the rendering knows. */
  render: (contentVersion: number) => Promise<string | Buffer | KeyedBody>;
}

/** A rendering and what it shows, as surrogate keys. */
export interface KeyedBody {
  body: string | Buffer;
  keys: readonly string[];
}

export type CachedResponder = (request: FastifyRequest, reply: FastifyReply, response: CachedRender) => Promise<FastifyReply>;

/**
 * Sends a response from the response cache, rendering it only when the content version moved on
 * since it was cached (or it never was). While the store is down, the last good rendering of the
 * response is sent, whatever its version. The response is the same for every visitor, so the
 * front cache may keep it too.
 */
export function createCachedResponder(versions: ContentVersionSource, cache: ResponseCache): CachedResponder {
  return async (request, reply, { key, contentType, cacheControl, keys, version, render }) => {
    const { version: current } = version ?? (await versions.current());
    const cached = await cache.get(
      key,
      current,
      async () => {
        const rendered = await render(current);
        const { body, keys: shown } = typeof rendered === 'string' || Buffer.isBuffer(rendered) ? { body: rendered, keys: undefined } : rendered;
        const bytes = typeof body === 'string' ? utf8Bytes(body) : body;
        return { body: bytes, etag: etagOf(bytes), ...(shown === undefined ? {} : { keys: shown }) };
      },
      (error) => error instanceof StoreUnavailableError,
    );
    FrontCache.markShared(request, current);
    const shown = keys ?? cached.keys;
    return sendCacheable(request, reply, { body: cached.body, contentType, cacheControl, etag: cached.etag, ...(shown === undefined ? {} : { keys: shown }) });
  };
}
