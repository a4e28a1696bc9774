/**
 * The webhook sender on a real store, posting to a local receiver that checks each signature as a
 * receiver would: an event queued in a change is delivered once, signed; one queued in a change
 * rolled back is never sent; a receiver that is down gets the delivery after its pause, not
 * before; a day of refusals marks it failed; a removed webhook gets nothing; several senders on
 * one store deliver each event once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readJournalOnce } from '../server/journal-follower';
import { migrateToLatest, openDatabase, type OpenStore } from '../cms/database';
import { claimDueDeliveries, listDeliveries, recordDeliveryTry } from '../cms/repositories/webhooks';
import type { Actor } from '../editing/audit';
import { addWebhook, setWebhookActive } from '../editing/webhooks';
import { loadConfig } from '../server/config';
import { createTestStoreLocation, type TestStoreLocation } from '../../tests/helpers/test-store';
import { tellWebhooks } from './events';
import { createWebhookSender } from './sender';
import { SIGNATURE_HEADER, verifyDelivery } from './signature';

const admin: Actor = { id: null, label: 'cli:test' };
const silent = { warn: () => undefined };

interface Received {
  body: string;
  verified: boolean;
  delivery: string;
  event: string;
}

let location: TestStoreLocation;
let store: OpenStore;
let receiver: Server;
let url: string;
let answerWith = 200;
const received: Received[] = [];
let secret = '';
let clock = Date.UTC(2026, 10, 28, 9, 0, 0);

beforeAll(async () => {
  location = await createTestStoreLocation();
  store = openDatabase(loadConfig({ DATABASE_URL: location.databaseUrl }).database, { busyTimeoutMs: 5000 });
  await migrateToLatest(store);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (answerWith === 200)
        received.push({
          body,
          verified: verifyDelivery(secret, String(request.headers[SIGNATURE_HEADER]), body, { now: clock }),
          delivery: String(request.headers['literature-delivery']),
          event: String(request.headers['literature-event']),
        });
      response.writeHead(answerWith, { 'content-type': 'text/plain' }).end(answerWith === 200 ? 'thanks' : 'down for\u001b[31m maintenance\r\n');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await store.close();
  await location.drop();
});

let webhookId = '';
beforeEach(async () => {
  // What an earlier test journaled is read before its webhooks go.
  await readJournalOnce(store);
  await store.db.deleteFrom('webhook_deliveries').execute();
  await store.db.deleteFrom('webhooks').execute();
  const made = await addWebhook(store.db, { url, events: ['sheet.published', 'release.published'] }, admin, new Date(clock));
  webhookId = made.webhook.id;
  secret = made.secret;
  received.length = 0;
  answerWith = 200;
});

const sender = (timing = {}) => createWebhookSender(store, { log: silent, now: () => clock, timing: { firstRetryMs: 30_000, ...timing } });
/** A change that tells of a publish, and the journal read (as the server reads it after each change). */
const publish = async (sheet: string) => {
  await store.db.transaction().execute((trx) => tellWebhooks(trx, 'sheet.published', { sheet: { id: sheet } }, new Date(clock)));
  await readJournalOnce(store);
};
const deliveries = () => listDeliveries(store.db, webhookId, 100);

describe('the webhook sender', () => {
  it('delivers an event once, signed, with its event and delivery in headers; the log says delivered', async () => {
    await publish('20Y1');
    await sender().run();
    expect(received).toHaveLength(1);
    const [one] = received;
    expect(one!.verified).toBe(true);
    expect(one!.event).toBe('sheet.published');
    expect(JSON.parse(one!.body)).toMatchObject({ type: 'sheet.published', data: { sheet: { id: '20Y1' } } });
    expect(JSON.parse(one!.body).id).toMatch(/^evt_/);
    const [logged] = await deliveries();
    expect(logged).toMatchObject({ id: one!.delivery, state: 'delivered', attempts: 1, last_status: 200, last_error: null });
    await sender().run();
    expect(received).toHaveLength(1);
  });

  it('queues nothing for a change rolled back, for an event the webhook did not ask for, or for a removed webhook', async () => {
    await expect(
      store.db.transaction().execute(async (trx) => {
        await tellWebhooks(trx, 'sheet.published', { sheet: { id: '20Y2' } }, new Date(clock));
        throw new Error('the publish failed');
      }),
    ).rejects.toThrow('the publish failed');
    await store.db.transaction().execute((trx) => tellWebhooks(trx, 'sheet.deleted', { sheet: { id: '20Y2' } }, new Date(clock)));
    await setWebhookActive(store.db, webhookId, false, admin);
    await publish('20Y3');
    await sender().run();
    expect(received).toEqual([]);
    expect(await deliveries()).toEqual([]);
  });

  it('gives a receiver that is down the delivery again after its pause, doubling, and delivers it once it is back', async () => {
    await publish('20Y4');
    answerWith = 503;
    const one = sender();
    await one.run();
    let [logged] = await deliveries();
    expect(logged).toMatchObject({ state: 'waiting', attempts: 1, last_status: 503, last_error: 'answered 503: down for [31m maintenance' });
    expect(Date.parse(logged!.next_at) - clock).toBe(30_000);

    // Not before its pause.
    clock += 29_000;
    await one.run();
    expect((await deliveries())[0]!.attempts).toBe(1);
    clock += 1_000;
    await one.run();
    [logged] = await deliveries();
    expect(logged).toMatchObject({ state: 'waiting', attempts: 2 });
    expect(Date.parse(logged!.next_at) - clock).toBe(60_000);

    answerWith = 200;
    clock += 60_000;
    await one.run();
    expect(received).toHaveLength(1);
    expect(received[0]!.verified).toBe(true);
    expect((await deliveries())[0]).toMatchObject({ state: 'delivered', attempts: 3, last_status: 200, last_error: null });
  });

  it('marks a delivery failed once a day of tries has passed, and a receiver that does not answer counts as a failure', async () => {
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const pointAt = (to: string) => store.db.updateTable('webhooks').set({ url: to }).where('id', '=', webhookId).execute();
    const one = sender({ timeoutMs: 200 });
    await publish('20Y5');
    try {
      await pointAt(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`);
      await one.run();
      expect((await deliveries())[0]).toMatchObject({ state: 'waiting', attempts: 1, last_status: null, last_error: 'no answer within 0.2 s' });
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
      await pointAt(url);
    }
    answerWith = 500;
    for (let tries = 0; tries < 40 && (await deliveries())[0]!.state === 'waiting'; tries++) {
      clock = Date.parse((await deliveries())[0]!.next_at);
      await one.run();
    }
    const [logged] = await deliveries();
    expect(logged!.state).toBe('failed');
    // 30 s doubling to an hour: a day holds about 28 tries.
    expect(logged!.attempts).toBeGreaterThan(20);
    expect(Date.parse(logged!.finished_at!) - Date.parse(logged!.created_at)).toBeLessThanOrEqual(86_400_000);
  });

  it('records a try only for the claim it was made under: a sender whose claim was taken over records nothing', async () => {
    await publish('20Y6');
    const [first] = await claimDueDeliveries(store, { now: new Date(clock).toISOString(), staleBefore: new Date(clock - 120_000).toISOString(), limit: 5 });
    const later = new Date(clock + 121_000).toISOString();
    const [taken] = await claimDueDeliveries(store, { now: later, staleBefore: new Date(clock + 1_000).toISOString(), limit: 5 });
    expect(taken!.id).toBe(first!.id);
    await recordDeliveryTry(store.db, first!.id, first!.claimed_at ?? new Date(clock).toISOString(), {
      state: 'delivered',
      status: 200,
      error: null,
      at: later,
    });
    expect((await deliveries())[0]).toMatchObject({ state: 'sending', claimed_at: later, attempts: 0 });
    await recordDeliveryTry(store.db, first!.id, later, { state: 'delivered', status: 200, error: null, at: later });
    expect((await deliveries())[0]).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it('delivers each of many events once when three senders share the store', async () => {
    for (let index = 0; index < 30; index++) await publish(`20Z${index}`);
    await Promise.all([sender().run(), sender().run(), sender().run()]);
    const ids = received.map((one) => JSON.parse(one.body).data.sheet.id as string);
    expect(ids.sort()).toEqual(Array.from({ length: 30 }, (_, index) => `20Z${index}`).sort());
    expect((await deliveries()).every((delivery) => delivery.state === 'delivered')).toBe(true);
  });
});
