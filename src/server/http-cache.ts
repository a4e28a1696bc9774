/**
 * Conditional responses: a strong ETag on every 200 and 304 for a matching If-None-Match, so
 * repeat visits and CDNs revalidate instead of downloading again.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

export interface CachedBody {
  body: string | Buffer;
  contentType: string;
  cacheControl: string;
  /** Defaults to a hash of the body. */
  etag?: string;
}

export function sendCacheable(request: FastifyRequest, reply: FastifyReply, { body, contentType, cacheControl, etag = etagOf(body) }: CachedBody) {
  reply.header('ETag', etag).header('Cache-Control', cacheControl);
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(contentType).send(body);
}

export interface CachedRender {
  /** Identifies the response among all others (path and query, plus anything else it depends on). */
  key: string;
  contentType: string;
  cacheControl: string;
  /** Renders the body for the content version it is cached under. */
  render: (contentVersion: number) => Promise<string | Buffer>;
}

export type CachedResponder = (request: FastifyRequest, reply: FastifyReply, response: CachedRender) => Promise<FastifyReply>;

/**
 * Sends a response from the response cache, rendering it only when the content version moved on
 * since it was cached (or it never was).
 */
export function createCachedResponder(readVersion: () => Promise<number>, cache: ResponseCache): CachedResponder {
  return async (request, reply, { key, contentType, cacheControl, render }) => {
    const version = await readVersion();
    const cached = await cache.get(key, version, async () => {
      const body = await render(version);
      return { body, etag: etagOf(body) };
    });
    return sendCacheable(request, reply, { body: cached.body, contentType, cacheControl, etag: cached.etag });
  };
}
