/**
 * Strong entity tags: one per body, and the If-None-Match test that answers 304. Used by both
 * caches (http-cache.ts and the front cache), so it sits below both.
 *
 * A tag only has to tell one body of a URL from its others, not resist anyone choosing bodies on
 * purpose: a 64-bit xxHash does that at about a quarter of SHA-256's cost, which is paid on every
 * render of a page that is not cached (decision 017).
 */
import xxhash from 'xxhash-wasm';

const { h64Raw } = await xxhash();

export function etagOf(body: string | Buffer): string {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return `"${h64Raw(bytes).toString(36)}-${bytes.length.toString(36)}"`;
}

export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
