/**
 * The purge outbox (migration 031): the surrogate keys changes touched and nobody has purged yet.
 * The journal's purge reader writes it (purge-reader.ts); a sender claims what it takes (marks it
 * as sending), purges it, and deletes each key still marked so: a key a change touched meanwhile
 * was marked to be sent again, and stays. A sender renews its claim every CLAIM_RENEW_MS while it
 * purges; a claim not renewed for CLAIM_LEASE_MS is a sender that stopped (killed between a commit
 * and its purges): its keys may be taken again.
 */
import type { ContentStore, OpenStore } from '../cms/database';

/** How often a sender renews the claim on the keys it is purging. */
export const CLAIM_RENEW_MS = 2_000;
/** How long a claim holds without being renewed: a sender that renews every CLAIM_RENEW_MS missed several. */
export const CLAIM_LEASE_MS = 10_000;

export interface QueuedKey {
  key: string;
  queuedAt: string;
}

/**
 * Queues keys to purge: a key queued already stays as it is (ten changes, one purge), unless its
 * purge is being sent: then it is marked to be sent again, and the sender leaves it.
 */
export async function queueKeys(db: ContentStore, keys: readonly string[], at: Date): Promise<void> {
  const queuedAt = at.toISOString();
  for (let start = 0; start < keys.length; start += 500)
    await db
      .insertInto('cdn_purges')
      .values(keys.slice(start, start + 500).map((key) => ({ key, queued_at: queuedAt, sending: 0 })))
      .onConflict((oc) => oc.column('key').doUpdateSet({ queued_at: queuedAt, sending: 0 }).where('cdn_purges.sending', '<>', 0))
      .execute();
}

/** The collections that list any of these sheets. */
export async function listCollectionsListing(db: ContentStore, contentIds: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  for (let start = 0; start < contentIds.length; start += 500) {
    const rows = await db
      .selectFrom('collection_items')
      .select('collection_id')
      .distinct()
      .where('content_id', 'in', contentIds.slice(start, start + 500))
      .orderBy('collection_id')
      .execute();
    for (const row of rows) found.add(row.collection_id);
  }
  return [...found];
}

/** The oldest keys waiting, at most `limit`. */
export async function listQueuedKeys(db: ContentStore, limit: number): Promise<QueuedKey[]> {
  const rows = await db.selectFrom('cdn_purges').select(['key', 'queued_at']).orderBy('queued_at').orderBy('key').limit(limit).execute();
  return rows.map((row) => ({ key: row.key, queuedAt: row.queued_at }));
}

/**
 * Takes up to `limit` keys no other sender holds, oldest first, in one transaction: two senders
 * never take the same key for the same change.
 */
export async function claimQueuedKeys({ db, dialect }: Pick<OpenStore, 'db' | 'dialect'>, limit: number, now = new Date()): Promise<string[]> {
  return (await claimKeys({ db, dialect }, limit, now)).keys;
}

/** claimQueuedKeys, answering when the claim was made (what renewClaim renews). */
export async function claimKeys(
  { db, dialect }: Pick<OpenStore, 'db' | 'dialect'>,
  limit: number,
  now = new Date(),
): Promise<{ keys: string[]; claimedAt: string }> {
  const stale = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const free = await trx
      .selectFrom('cdn_purges')
      .select('key')
      .where((eb) => eb.or([eb('sending', '=', 0), eb('claimed_at', '<', stale)]))
      .orderBy('queued_at')
      .orderBy('key')
      .limit(limit)
      // SQLite's write transaction is its lock; PostgreSQL's rows are locked one by one.
      .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked())
      .execute();
    const keys = free.map((row) => row.key);
    const claimedAt = now.toISOString();
    if (keys.length > 0) await trx.updateTable('cdn_purges').set({ sending: 1, claimed_at: claimedAt }).where('key', 'in', keys).execute();
    return { keys, claimedAt };
  });
}

/** Renews a sender's claim on keys it still holds (claimed at `claimedAt`); answers the new claim time. */
export async function renewClaim(db: ContentStore, keys: readonly string[], claimedAt: string, now = new Date()): Promise<string> {
  const renewed = now.toISOString();
  if (keys.length > 0)
    await db
      .updateTable('cdn_purges')
      .set({ claimed_at: renewed })
      .where('key', 'in', [...keys])
      .where('sending', '=', 1)
      .where('claimed_at', '=', claimedAt)
      .execute();
  return renewed;
}

/** Keys sent: each leaves the outbox unless a change touched it after it was claimed. */
export async function deleteSentKeys(db: ContentStore, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('cdn_purges').where('key', 'in', keys).where('sending', '=', 1).execute();
}

/** Keys whose purge failed: free for the next try, with why, for every process to show (purgeBacklog). */
export async function releaseKeys(db: ContentStore, keys: string[], reason: string): Promise<void> {
  if (keys.length > 0)
    await db
      .updateTable('cdn_purges')
      .set((eb) => ({ sending: 0, claimed_at: null, attempts: eb('attempts', '+', 1), last_error: reason.slice(0, 300) }))
      .where('key', 'in', keys)
      .execute();
}

/** What waits to be purged, as the studio shows it: how many keys, since when, and what the CDN said to the key tried most. */
export interface PurgeBacklog {
  queued: number;
  oldestQueuedAt: string | null;
  /** Keys whose purge failed at least once, how often the one tried most was, and why. */
  failing: { keys: number; attempts: number; lastError: string | null } | null;
}

export async function purgeBacklog(db: ContentStore): Promise<PurgeBacklog> {
  const row = await db
    .selectFrom('cdn_purges')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('queued'),
      eb.fn.min('queued_at').as('oldest'),
      eb.fn.sum<number | string | null>(eb.case().when('attempts', '>', 0).then(1).else(0).end()).as('failing'),
      eb.fn.max('attempts').as('attempts'),
    ])
    .executeTakeFirstOrThrow();
  const failing = Number(row.failing ?? 0);
  const last =
    failing === 0
      ? undefined
      : await db.selectFrom('cdn_purges').select('last_error').where('attempts', '>', 0).orderBy('attempts', 'desc').orderBy('key').executeTakeFirst();
  return {
    queued: Number(row.queued),
    oldestQueuedAt: row.oldest ?? null,
    failing: failing === 0 ? null : { keys: failing, attempts: Number(row.attempts), lastError: last?.last_error ?? null },
  };
}

/** How many keys wait. */
export async function countQueuedKeys(db: ContentStore): Promise<number> {
  const row = await db
    .selectFrom('cdn_purges')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
