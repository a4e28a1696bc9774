/**
 * Cloudflare as a purge target: its purge-by-cache-tag call
 * (`POST /zones/{zone id}/purge_cache` with `{"tags": [...]}`, 30 tags at most a call), with an API
 * token allowed to purge the zone's cache, as a bearer token. Cloudflare says yes in the body
 * (`"success": true`), not only in the status.
 */
import { reasonOf } from '../shared/failure-reason';
import type { PurgeTarget } from './sender';

/** Cloudflare's bound on tags in one purge call. */
const TAGS_PER_CALL = 30;
const TIMEOUT_MS = 10_000;

export interface CloudflareSettings {
  zoneId: string;
  token: string;
  /** https://api.cloudflare.com/client/v4; another origin only for tests. */
  apiUrl: string;
}

export function cloudflareTarget({ zoneId, token, apiUrl }: CloudflareSettings): PurgeTarget {
  return {
    name: `Cloudflare (zone ${zoneId})`,
    async purge(keys) {
      for (let start = 0; start < keys.length; start += TAGS_PER_CALL) {
        const answer = await fetch(`${apiUrl}/zones/${encodeURIComponent(zoneId)}/purge_cache`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ tags: keys.slice(start, start + TAGS_PER_CALL) }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }).catch((error: unknown) => {
          throw new Error(`Cloudflare did not take the purge: ${reasonOf(error)}`);
        });
        const body = (await answer.json().catch(() => null)) as { success?: boolean; errors?: Array<{ message?: string }> } | null;
        if (!answer.ok || body?.success !== true)
          throw new Error(`Cloudflare answered ${answer.status} to a purge${body?.errors?.[0]?.message ? `: ${body.errors[0].message}` : ''}`);
      }
    },
  };
}
