/**
 * Fastly as a purge target: its purge-by-surrogate-key call for many keys at once
 * (`POST /service/{service id}/purge`, the keys in a `Surrogate-Key` header, 256 at most a call),
 * authenticated by an API token in `Fastly-Key`; `Fastly-Soft-Purge: 1` marks the objects stale
 * instead of removing them.
 */
import { reasonOf } from '../shared/failure-reason';
import type { PurgeTarget } from './sender';

/** Fastly's bound on keys in one batch purge. */
const KEYS_PER_CALL = 256;
const TIMEOUT_MS = 10_000;

export interface FastlySettings {
  serviceId: string;
  token: string;
  /** https://api.fastly.com; another origin only for tests. */
  apiUrl: string;
  soft?: boolean;
}

export function fastlyTarget({ serviceId, token, apiUrl, soft = false }: FastlySettings): PurgeTarget {
  return {
    name: `Fastly (service ${serviceId})`,
    async purge(keys) {
      for (let start = 0; start < keys.length; start += KEYS_PER_CALL) {
        const headers: Record<string, string> = {
          'Fastly-Key': token,
          'Surrogate-Key': keys.slice(start, start + KEYS_PER_CALL).join(' '),
          Accept: 'application/json',
        };
        if (soft) headers['Fastly-Soft-Purge'] = '1';
        const answer = await fetch(`${apiUrl}/service/${encodeURIComponent(serviceId)}/purge`, {
          method: 'POST',
          headers,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }).catch((error: unknown) => {
          throw new Error(`Fastly did not take the purge: ${reasonOf(error)}`);
        });
        await answer.arrayBuffer();
        if (!answer.ok) throw new Error(`Fastly answered ${answer.status} to a purge`);
      }
    },
  };
}
