/**
 * The headers an answer's surrogate keys travel in, each in its CDN's form: Fastly's
 * `Surrogate-Key` and Varnish's `xkey` separate keys by spaces, Cloudflare's `Cache-Tag` by commas.
 */
import { ALL } from '../shared/cdn-keys';

export const KEY_HEADERS = ['Surrogate-Key', 'Cache-Tag', 'xkey'] as const;
export type KeyHeader = (typeof KEY_HEADERS)[number];

/**
 * The most the keys of one answer may take, in bytes. Fastly takes 16,384 per header and Cloudflare
 * 16 KB for all of an answer's tags; half of that leaves room for the other headers proxies add.
 */
export const MAX_KEYS_BYTES = 8_000;

/** Each configured header with the answer's keys; past MAX_KEYS_BYTES, the coarsest key stands for them all. */
export function keyHeaders(keys: readonly string[], headers: readonly KeyHeader[]): Array<[KeyHeader, string]> {
  const unique = [...new Set(keys)];
  const kept = unique.join(' ').length > MAX_KEYS_BYTES ? [ALL] : unique;
  if (kept.length === 0) return [];
  return headers.map((header) => [header, kept.join(header === 'Cache-Tag' ? ',' : ' ')]);
}
