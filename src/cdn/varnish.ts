/**
 * Varnish as a purge target: a PURGE request to each Varnish host naming the keys in an
 * `xkey-purge` header (or `xkey-softpurge`, which keeps the objects to serve stale), which the VCL
 * in docs/operations.md hands to vmod_xkey. Keys go in headers of at most MAX_HEADER_BYTES.
 */
import { reasonOf } from '../shared/failure-reason';
import type { PurgeTarget } from './sender';

/** Varnish refuses a request header past http_req_hdr_len (8 KB by default). */
const MAX_HEADER_BYTES = 6_000;
const TIMEOUT_MS = 5_000;

export function varnishTarget(urls: readonly string[], { soft = false }: { soft?: boolean } = {}): PurgeTarget {
  const header = soft ? 'xkey-softpurge' : 'xkey-purge';
  return {
    name: `Varnish (${urls.join(', ')})`,
    async purge(keys) {
      for (const chunk of chunksOf(keys))
        for (const url of urls) {
          const answer = await fetch(url, { method: 'PURGE', headers: { [header]: chunk }, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(
            (error: unknown) => {
              throw new Error(`Varnish at ${url} did not take the purge: ${reasonOf(error)}`);
            },
          );
          await answer.arrayBuffer();
          if (!answer.ok) throw new Error(`Varnish at ${url} answered ${answer.status} to a purge`);
        }
    },
  };
}

/** The keys as space-separated lists, each within MAX_HEADER_BYTES. */
function chunksOf(keys: readonly string[]): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const key of keys) {
    if (current !== '' && current.length + 1 + key.length > MAX_HEADER_BYTES) {
      chunks.push(current);
      current = '';
    }
    current = current === '' ? key : `${current} ${key}`;
  }
  if (current !== '') chunks.push(current);
  return chunks;
}
