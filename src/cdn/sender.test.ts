/**
 * The purge sender on a real store, purging at a local HTTP receiver that answers as Varnish's VCL
 * does (docs/operations.md): each queued key is sent once, in PURGE requests with `xkey-purge`;
 * a receiver that fails leaves the keys queued and the status failing until it comes back; two
 * senders on one store never send a key twice for one change.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readJournalOnce } from '../server/journal-follower';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { findContentsByKeys } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import { claimKeys, claimQueuedKeys, CLAIM_LEASE_MS, countQueuedKeys, purgeBacklog } from './outbox';
import { createPurgeSender, type PurgeTarget } from './sender';
import { varnishTarget } from './varnish';

let test: TestApp;
let receiver: Server;
let url: string;
let answerWith = 200;
const purged: string[] = [];

beforeAll(async () => {
  test = await createTestApp();
  receiver = createServer((request: IncomingMessage, response) => {
    const keys = request.headers['xkey-purge'];
    if (request.method !== 'PURGE' || typeof keys !== 'string') return void response.writeHead(405).end();
    if (answerWith === 200) purged.push(...keys.split(' '));
    response.writeHead(answerWith).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await test.close();
});
beforeEach(async () => {
  await readJournalOnce(test.store);
  await test.store.db.deleteFrom('cdn_purges').execute();
  purged.length = 0;
  answerWith = 200;
});

const silent = { warn: () => undefined };
let touches = 0;
/** A change to these sheets' rows: each queues its own key, its collection's and the lists'. */
async function touch(slugs: string[]): Promise<string[]> {
  const ids = (await findContentsByKeys(test.store.db, DEMO_IDS.siteId, slugs.map(DEMO_IDS.sheetKey))).map((content) => content.id);
  const at = new Date(Date.UTC(2032, 0, 1, 0, 0, ++touches)).toISOString();
  await test.store.db.updateTable('contents').set({ updated_at: at }).where('id', 'in', ids).execute();
  await readJournalOnce(test.store);
  return ids;
}

describe('the purge sender', () => {
  it('purges each queued key once, and the outbox is empty after', async () => {
    const ids = await touch(['silane', 'teos']);
    const sender = createPurgeSender(test.store, varnishTarget([url]), silent);
    await sender.run();
    expect(purged.sort()).toEqual([`c-${DEMO_IDS.collectionId}`, 'list', ...ids.map((id) => `s-${id}`)].sort());
    expect(await countQueuedKeys(test.store.db)).toBe(0);
    await sender.run();
    expect(purged).toHaveLength(ids.length + 2);
    expect(sender.status()).toMatchObject({ sent: ids.length + 2, failingSince: null, lastError: null });
  });

  it('keeps the keys of a failed purge queued, says so, and sends them once the target is back', async () => {
    await touch(['tdmat']);
    const sender = createPurgeSender(test.store, varnishTarget([url]), silent);
    answerWith = 503;
    await sender.run();
    expect(await countQueuedKeys(test.store.db)).toBe(3);
    expect(sender.status().lastError).toContain('answered 503');
    expect(sender.status().failingSince).not.toBeNull();
    // Every process sees it in the store, as the studio shows it.
    expect(await purgeBacklog(test.store.db)).toMatchObject({
      queued: 3,
      failing: { keys: 3, attempts: 1, lastError: expect.stringContaining('answered 503') },
    });

    answerWith = 200;
    // Tried again after its pause, not before.
    await sender.run();
    expect(purged).toEqual([]);
    await expect.poll(async () => (await sender.run(), purged.length), { timeout: 5000, interval: 100 }).toBe(3);
    expect(await countQueuedKeys(test.store.db)).toBe(0);
    expect(await purgeBacklog(test.store.db)).toEqual({ queued: 0, oldestQueuedAt: null, failing: null });
    expect(sender.status().failingSince).toBeNull();
  });

  it('shares the outbox among senders without sending a key twice for one change', async () => {
    await touch(['silane', 'teos', 'tdmat', 'diethylzinc']);
    const senders = [1, 2, 3].map(() => createPurgeSender(test.store, varnishTarget([url]), silent));
    await Promise.all(senders.map((sender) => sender.run()));
    expect(purged).toHaveLength(6);
    expect(new Set(purged).size).toBe(6);
  });

  it('leaves the keys of a sender that stopped between its claim and its purge to another within the lease, not a minute', async () => {
    await touch(['silane']);
    const claimedAt = new Date();
    // A sender that claimed, then was killed: it never purges, never renews.
    expect((await claimKeys(test.store, 100, claimedAt)).keys).toHaveLength(3);
    expect(await claimQueuedKeys(test.store, 100, new Date(claimedAt.getTime() + CLAIM_LEASE_MS / 2))).toEqual([]);
    expect(await claimQueuedKeys(test.store, 100, new Date(claimedAt.getTime() + CLAIM_LEASE_MS + 1))).toHaveLength(3);
    expect(CLAIM_LEASE_MS).toBeLessThanOrEqual(10_000);
  });

  it('keeps the claim of a purge that takes long, renewing it while the target answers', async () => {
    await touch(['teos']);
    let answer: () => void = () => undefined;
    const slow: PurgeTarget = { name: 'a slow CDN', purge: () => new Promise<void>((resolve) => (answer = resolve)) };
    const running = createPurgeSender(test.store, slow, silent).run();
    const claims = async () =>
      (await test.store.db.selectFrom('cdn_purges').select('claimed_at').where('sending', '=', 1).execute()).map((row) => row.claimed_at);
    await expect.poll(claims, { timeout: 10_000 }).toHaveLength(3);
    const first = (await claims())[0];
    // Renewed while the purge is under way: another sender finds nothing to take.
    await expect.poll(async () => (await claims())[0] !== first, { timeout: 10_000, interval: 200 }).toBe(true);
    expect(await claimQueuedKeys(test.store, 100, new Date(Date.parse(first!) + CLAIM_LEASE_MS + 1))).toEqual([]);
    answer();
    await running;
    expect(await countQueuedKeys(test.store.db)).toBe(0);
  });
});
