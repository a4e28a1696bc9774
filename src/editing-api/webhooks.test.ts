/**
 * Webhooks through the editing API on a real store, with a local receiver that checks each
 * signature as a receiver would: an admin registers one (the secret shown once, never listed or
 * logged), and the studio's changes reach it: a publish, an unpublish, a delete, a release, an
 * import; a failed import tells nothing. A receiver that holds its answer does not hold up the
 * publish. "Send again" delivers the same event once more; a removed webhook hears nothing.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { refuseVersion } from '../../tests/helpers/refuse-version';
import { findContentsByKeys } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import type { Actor } from '../editing/audit';
import { undoImport } from '../editing/imports';
import { fireDueSchedules } from '../editing/schedules';
import { collectContent } from '../transfer/export-content';
import { knownRecords, proposeManifest } from '../transfer/import-content';
import { applyProposal } from '../transfer/import-apply';
import { readManifest } from '../transfer/manifest';
import { SIGNATURE_HEADER, verifyDelivery } from '../webhooks/signature';

interface Heard {
  id: string;
  type: string;
  data: Record<string, { id?: string; label?: string } | unknown>;
  verified: boolean;
  delivery: string;
}

let test: TestApp;
let admin: StudioClient;
let editor: StudioClient;
let url = '';
let secret = '';
const heard: Heard[] = [];
/** While set, the receiver holds each answer until it is called. */
let holding: ServerResponse[] | null = null;
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    const event = JSON.parse(body) as Omit<Heard, 'verified' | 'delivery'>;
    heard.push({
      ...event,
      verified: verifyDelivery(secret, String(request.headers[SIGNATURE_HEADER]), body),
      delivery: String(request.headers['literature-delivery']),
    });
    if (holding !== null) holding.push(response);
    else response.writeHead(204).end();
  });
});

beforeAll(async () => {
  // Deliveries of changes made outside the API (the import) go out at the scheduler's check.
  test = await createTestApp({ env: { SCHEDULE_CHECK_MS: '200' } });
  admin = await signInAs(test, 'admin');
  editor = await signInAs(test, 'editor');
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/literature`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await test.close();
});

const idOf = async (slug: string) => (await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]))[0]!.id;
const ok = async (client: StudioClient, method: string, path: string, body?: unknown) => {
  const answer = await client.request(method as 'GET', path, body);
  expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBeLessThan(300);
  return (answer.body === '' ? {} : answer.json()) as Record<string, unknown>;
};
/** Waits until the receiver heard an event of `type` about `id` (a sheet, a release, an import), and answers it. */
const hears = async (type: string, about: (event: Heard) => boolean) => {
  await expect.poll(() => heard.some((event) => event.type === type && about(event)), { timeout: 15_000, interval: 50 }).toBe(true);
  return heard.find((event) => event.type === type && about(event))!;
};
const sheetOf = (event: Heard) => event.data.sheet as { id: string; label: string };

async function retitleAndPublish(id: string, title: string) {
  const view = (await editor.request('GET', `/sheets/${id}`)).json() as { revision: number; draft: { translations: { en_US: Record<string, unknown> } } };
  const saved = await ok(editor, 'PUT', `/sheets/${id}/translations/en_US`, { revision: view.revision, texts: { ...view.draft.translations.en_US, title } });
  return editor.request('POST', `/sheets/${id}/publish`, { revision: saved.revision });
}

let webhookId = '';

describe('registering a webhook', () => {
  it('is for admins, and refuses a URL that is not http(s), a URL with a password, no events and an unknown event, saying why', async () => {
    expect((await editor.request('GET', '/webhooks')).statusCode).toBe(403);
    expect((await editor.request('POST', '/webhooks', { url, events: ['sheet.published'] })).statusCode).toBe(403);
    const refusals = [
      [{ url: 'javascript:alert(1)', events: ['sheet.published'] }, 'starts with https:// or http://'],
      [{ url: 'https://user:pass@example.com/', events: ['sheet.published'] }, 'cannot hold a user name or password'],
      [{ url: 'not a url', events: ['sheet.published'] }, 'is not a URL'],
      [{ url, events: [] }, 'at least one event'],
      [{ url, events: ['sheet.renamed'] }, 'There is no event “sheet.renamed”'],
    ] as const;
    for (const [body, words] of refusals) {
      const refused = await admin.request('POST', '/webhooks', body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect((refused.json() as Array<{ message: string }>)[0]!.message).toContain(words);
    }
    expect(await ok(admin, 'GET', '/webhooks')).toEqual([]);
  });

  it('answers the secret once: the list, the audit log and the delivery log never show it', async () => {
    const created = await admin.request('POST', '/webhooks', {
      url,
      events: ['sheet.published', 'sheet.unpublished', 'sheet.deleted', 'release.published', 'import.applied', 'import.undone'],
      description: 'The search service',
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { webhook, secret: given } = created.json() as { webhook: { id: string; url: string }; secret: string };
    expect(given).toMatch(/^whsec_/);
    expect(webhook.url).toBe(url);
    webhookId = webhook.id;
    secret = given;
    expect((await admin.request('GET', '/webhooks')).body).not.toContain(given);
    const audit = await admin.request('GET', '/audit?limit=5');
    expect(audit.body).toContain('webhook.add');
    expect(audit.body).not.toContain(given);
  });
});

describe('what the webhook hears', () => {
  it('a publish, signed, naming the sheet; the delivery log says delivered', async () => {
    const id = await idOf('silane');
    expect((await retitleAndPublish(id, 'Silane, for the webhook')).statusCode).toBe(200);
    const event = await hears('sheet.published', (one) => sheetOf(one).id === id);
    expect(event.verified).toBe(true);
    expect(sheetOf(event)).toMatchObject({ id, label: 'Silane, for the webhook' });
    expect(event.data.actor).toBe(editor.email);
    await expect
      .poll(async () => ((await ok(admin, 'GET', `/webhooks/${webhookId}/deliveries`)) as unknown as Array<{ state: string; lastStatus: number }>)[0], {
        timeout: 10_000,
      })
      .toMatchObject({ state: 'delivered', lastStatus: 204, event: 'sheet.published' });
  });

  it('a receiver that holds its answer does not hold up the publish', async () => {
    holding = [];
    try {
      const id = await idOf('teos');
      // Answered while the receiver has not answered (it answers only once this returned).
      expect((await retitleAndPublish(id, 'TEOS, while the receiver is slow')).statusCode).toBe(200);
      await hears('sheet.published', (one) => sheetOf(one).id === id);
      expect(holding.length).toBeGreaterThan(0);
    } finally {
      for (const response of holding ?? []) response.writeHead(204).end();
      holding = null;
    }
  });

  it('an unpublish and a delete', async () => {
    const id = await idOf('tdmat');
    await ok(editor, 'POST', `/sheets/${id}/unpublish`, {});
    await hears('sheet.unpublished', (one) => sheetOf(one).id === id);
    await ok(editor, 'DELETE', `/sheets/${id}`);
    const deleted = await hears('sheet.deleted', (one) => sheetOf(one).id === id);
    expect(deleted.data.sheet).toMatchObject({ wasOnSite: false });
  });

  it('a scheduled publish, by the scheduler; its undo, showing the older title; a restore from the trash', async () => {
    const id = await idOf('temah');
    const view = (await editor.request('GET', `/sheets/${id}`)).json() as { revision: number; draft: { translations: { en_US: Record<string, unknown> } } };
    await ok(editor, 'PUT', `/sheets/${id}/translations/en_US`, {
      revision: view.revision,
      texts: { ...view.draft.translations.en_US, title: 'TEMAH, at its time' },
    });
    await ok(editor, 'POST', `/sheets/${id}/schedules`, { action: 'publish', at: new Date(Date.now() + 1_000).toISOString() });
    // Fired a moment after it is due, as the scheduler does: the event is of that moment.
    await fireDueSchedules(test.store.db, new Date(Date.now() + 1_500));
    const scheduled = await hears('sheet.published', (one) => sheetOf(one).id === id && sheetOf(one).label === 'TEMAH, at its time');
    expect(scheduled.data.actor).toBe(`scheduler (for ${editor.email})`);

    await ok(editor, 'POST', `/sheets/${id}/undo-publish`, {});
    const undone = await hears('sheet.published', (one) => sheetOf(one).id === id && sheetOf(one).label !== 'TEMAH, at its time');
    expect(undone.data.actor).toBe(editor.email);

    await ok(editor, 'DELETE', `/sheets/${id}`);
    await hears('sheet.deleted', (one) => sheetOf(one).id === id);
    const before = heard.filter((one) => one.type === 'sheet.published' && sheetOf(one).id === id).length;
    await ok(editor, 'POST', `/trash/${id}/restore`);
    await expect.poll(() => heard.filter((one) => one.type === 'sheet.published' && sheetOf(one).id === id).length, { timeout: 15_000 }).toBe(before + 1);
  });

  it('a release: each sheet it publishes, and the release', async () => {
    const id = await idOf('temaz');
    const view = (await editor.request('GET', `/sheets/${id}`)).json() as { revision: number; draft: { translations: { en_US: Record<string, unknown> } } };
    await ok(editor, 'PUT', `/sheets/${id}/translations/en_US`, {
      revision: view.revision,
      texts: { ...view.draft.translations.en_US, title: 'TEMAZ, released' },
    });
    const release = await ok(editor, 'POST', '/releases', { name: 'Webhook release' });
    await ok(editor, 'POST', `/releases/${release.id}/items`, { kind: 'sheet', targetId: id });
    await ok(editor, 'POST', `/releases/${release.id}/publish`);
    const told = await hears('release.published', (one) => (one.data.release as { id: string }).id === release.id);
    expect(told.data.items).toEqual([{ kind: 'sheet', id, label: 'TEMAZ, released' }]);
    expect((await hears('sheet.published', (one) => sheetOf(one).id === id)).data.release).toBe(release.id);
  });

  it('an import once applied, nothing of an import that failed, and its undo', async () => {
    const operator: Actor = { id: null, label: 'cli:operator' };
    const { manifest, files } = await collectContent(test.store.db);
    const changed = structuredClone(manifest);
    const sheet = changed.contents.find((content) => content.type === 'literature_sheet')!;
    sheet.translations.find((translation) => translation.language === 'en_US')!.title = 'Imported title for the webhook';
    const propose = async () => proposeManifest(test.store.db, readManifest(changed, 'manifest.json', await knownRecords(test.store.db)), files);

    const before = heard.length;
    const allow = await refuseVersion(test.store.db, test.store.dialect, 'import', sheet.id);
    try {
      await expect(applyProposal(test.store.db, await propose(), { actor: operator, stepMs: 0 })).rejects.toThrow();
    } finally {
      await allow();
    }
    const applied = await applyProposal(test.store.db, await propose(), { actor: operator, stepMs: 0 });
    const told = await hears('import.applied', (one) => (one.data.import as { id: string }).id === applied.importId);
    expect(told.data.sheets).toContainEqual({ id: sheet.id, label: 'Imported title for the webhook', added: false });
    expect(heard.slice(before).filter((one) => one.type === 'import.applied')).toHaveLength(1);

    await undoImport(test.store.db, applied.importId, operator, { stepMs: 0 });
    const undone = await hears('import.undone', (one) => (one.data.import as { id: string }).id === applied.importId);
    expect(undone.data.sheets).toContainEqual({ id: sheet.id, label: 'Imported title for the webhook', outcome: 'restored' });
    expect(undone.data.sheetCount).toBe((undone.data.sheets as unknown[]).length);
  });
});

describe('the delivery log', () => {
  it('sends a delivery again: the same event, a new delivery', async () => {
    const [last] = (await ok(admin, 'GET', `/webhooks/${webhookId}/deliveries`)) as unknown as Array<{ id: string; state: string }>;
    const original = heard.find((one) => one.delivery === last!.id)!;
    const copy = await admin.request('POST', `/deliveries/${last!.id}/send-again`);
    expect(copy.statusCode).toBe(201);
    const copied = copy.json() as { id: string; resentFrom: string };
    expect(copied.resentFrom).toBe(last!.id);
    await expect.poll(() => heard.find((one) => one.delivery === copied.id), { timeout: 15_000 }).toMatchObject({ id: original.id, verified: true });
  });

  it('a removed webhook hears nothing more, keeps its log, and can come back', async () => {
    const removed = await ok(admin, 'PATCH', `/webhooks/${webhookId}`, { active: false });
    expect(removed.removedAt).not.toBeNull();
    const logged = ((await ok(admin, 'GET', `/webhooks/${webhookId}/deliveries`)) as unknown as unknown[]).length;
    const id = await idOf('silane');
    await ok(editor, 'POST', `/sheets/${id}/unpublish`, {});
    expect(((await ok(admin, 'GET', `/webhooks/${webhookId}/deliveries`)) as unknown as unknown[]).length).toBe(logged);
    expect((await admin.request('POST', `/deliveries/${heard[0]!.delivery}/send-again`)).statusCode).toBe(400);
    expect((await ok(admin, 'PATCH', `/webhooks/${webhookId}`, { active: true })).removedAt).toBeNull();
  });

  it('tells editors whether the CDN’s purges go through', async () => {
    expect(await ok(editor, 'GET', '/cdn')).toMatchObject({ configured: false, failing: null });
  });
});
