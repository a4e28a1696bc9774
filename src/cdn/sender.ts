/**
 * Sends the queued purges (outbox.ts) to the CDN: claims keys, purges them at the target, and lets
 * go of them once the target said yes. One run at a time per process; several processes share the
 * outbox without sending a key twice for one change. A target that fails is tried again after a
 * growing pause (a second, doubling, at most a minute) while its keys stay queued; `status` says
 * so, for /readyz's details and the log.
 */
import type { OpenStore } from '../cms/database';
import { retryWhileContended } from '../cms/store-guard';
import { oneRunAtATime } from '../shared/one-run-at-a-time';
import { claimKeys, CLAIM_RENEW_MS, deleteSentKeys, releaseKeys, renewClaim } from './outbox';

/** Where purges go: a CDN's purge-by-key call. */
export interface PurgeTarget {
  name: string;
  /** Purges every answer carrying any of `keys`; throws when the target did not confirm. */
  purge(keys: readonly string[]): Promise<void>;
}

/** Several targets as one: each is purged, in order; a failure of one is the failure of all (each is purged again). */
export function everyTarget(targets: readonly PurgeTarget[]): PurgeTarget {
  if (targets.length === 1) return targets[0]!;
  return {
    name: targets.map((target) => target.name).join(', '),
    async purge(keys) {
      for (const target of targets) await target.purge(keys);
    },
  };
}

export interface PurgeStatus {
  target: string;
  /** Keys purged since the process started. */
  sent: number;
  /** When purges began to fail, while they do; null while they succeed. */
  failingSince: string | null;
  lastError: string | null;
}

/** Keys claimed and purged at once, at most. */
const BATCH = 500;
const FIRST_PAUSE_MS = 1000;
const MAX_PAUSE_MS = 60_000;

export interface PurgeSender {
  /** Purges what is queued now; a call during a run makes the run look again when it ends. */
  run(): Promise<void>;
  status(): PurgeStatus;
}

export function createPurgeSender(
  store: Pick<OpenStore, 'db' | 'dialect'>,
  target: PurgeTarget,
  log: { warn(facts: object, message: string): void },
): PurgeSender {
  let failures = 0;
  let retryAt = 0;
  const status: PurgeStatus = { target: target.name, sent: 0, failingSince: null, lastError: null };

  async function drain(): Promise<void> {
    for (;;) {
      const { keys, claimedAt } = await retryWhileContended(() => claimKeys(store, BATCH));
      if (keys.length === 0) return;
      try {
        await holdingClaim(keys, claimedAt, () => target.purge(keys));
      } catch (error) {
        await retryWhileContended(() => releaseKeys(store.db, keys, error instanceof Error ? error.message : String(error)));
        throw error;
      }
      await retryWhileContended(() => deleteSentKeys(store.db, keys));
      status.sent += keys.length;
    }
  }

  /** Runs the purge while renewing the claim on its keys: a slow target keeps them, a killed process lets them go within the lease. */
  async function holdingClaim(keys: string[], claimedAt: string, purge: () => Promise<void>): Promise<void> {
    let claim = claimedAt;
    let renewing = Promise.resolve();
    const timer = setInterval(() => {
      renewing = renewing.then(async () => {
        claim = await renewClaim(store.db, keys, claim).catch(() => claim);
      });
    }, CLAIM_RENEW_MS);
    try {
      await purge();
    } finally {
      clearInterval(timer);
      await renewing;
    }
  }

  async function runOnce(): Promise<void> {
    if (Date.now() < retryAt) return;
    try {
      await drain();
      failures = 0;
      status.failingSince = null;
      status.lastError = null;
    } catch (error) {
      failures += 1;
      retryAt = Date.now() + Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (failures - 1));
      status.failingSince ??= new Date().toISOString();
      status.lastError = error instanceof Error ? error.message : String(error);
      log.warn({ target: target.name, reason: status.lastError, failures }, 'a CDN purge failed; its keys stay queued and are sent again');
    }
  }

  return {
    // A call during a run (another change) makes it look again, unless the target is in its pause.
    run: oneRunAtATime(runOnce, () => Date.now() >= retryAt),
    status: () => ({ ...status }),
  };
}
