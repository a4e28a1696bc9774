/**
 * Strong entity tags: one per body, and the If-None-Match test that answers 304. Used by both
 * caches (http-cache.ts and the front cache), so it sits below both.
 */
import { createHash } from 'node:crypto';

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
