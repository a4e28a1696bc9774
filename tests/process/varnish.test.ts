/**
 * The CDN tier behind a real Varnish (Debian's varnish with varnish-modules' xkey, the VCL of
 * docs/operations.md): with answers kept an hour, a publish makes the next request through Varnish
 * show the change on every page kind that shows the sheet (the literature page in English and
 * German, its topic page, the sheet's page, the delivery API's collection), while an unrelated
 * sheet's page stays cached (Varnish's hit); each key is purged once. When Varnish refuses the
 * purges for a while, the cached page stays as it was, /readyz says the purges fail, and once
 * Varnish takes them again the outbox catches up and the next request shows the change.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LITERATURE_CONTENT_TYPE } from '../../src/cms/content-types';
import { migrateToLatest, openDatabase, type OpenStore } from '../../src/cms/database';
import { DEMO_IDS, seedDemoContent } from '../../src/demo/seed-demo';
import { addAccount } from '../../src/editing/accounts';
import { loadConfig } from '../../src/server/config';
import type { SheetState } from '../../src/sheet/shape';
import { buildIfNeeded, freePort, signInOverHttp, startServerProcess, until, type ServerProcess } from '../helpers/server-process';
import { createTestStoreLocation, type TestStoreLocation } from '../helpers/test-store';
import { varnishadm, varnishd, varnishVcl } from '../helpers/varnish';

const EDITOR = { email: 'purger@example.com', password: 'correct horse battery staple' };
const COLLECTION = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=100`;

let location: TestStoreLocation;
let store: OpenStore;
let server: ServerProcess;
let cache: ChildProcess;
let work: string;
let origin: string;
let front: string;

beforeAll(async () => {
  buildIfNeeded();
  location = await createTestStoreLocation();
  store = openDatabase(loadConfig({ DATABASE_URL: location.databaseUrl }).database);
  await migrateToLatest(store);
  await seedDemoContent(store.db, { platformSitesSegment: 'sfsites' });
  await addAccount(store.db, { ...EDITOR, role: 'editor' }, { id: null, label: 'test' });

  const [serverPort, cachePort] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${serverPort}`;
  front = `http://127.0.0.1:${cachePort}`;

  // Varnish first, as a deployment has it: the server's first purge (of what the seed queued) finds it.
  work = mkdtempSync(join(tmpdir(), 'varnish-'));
  // Run as root, varnishd works as its own user, which must reach its state folder.
  chmodSync(work, 0o755);
  writeFileSync(join(work, 'site.vcl'), varnishVcl('127.0.0.1', serverPort));
  cache = spawn(varnishd(), ['-F', '-a', `127.0.0.1:${cachePort}`, '-f', join(work, 'site.vcl'), '-n', join(work, 'state'), '-s', 'malloc,64m'], {
    stdio: 'ignore',
  });
  await until(async () => (await fetch(front, { method: 'PURGE' }).catch(() => null))?.status === 400, 'Varnish answers a purge');

  server = startServerProcess({
    PORT: String(serverPort),
    DATABASE_URL: location.databaseUrl,
    SEED_DEMO_CONTENT: 'false',
    CDN_VARNISH_URLS: `${front}/`,
    CDN_KEY_HEADERS: 'xkey',
  });
  await server.waitFor(/is serving/);
  await until(async () => (await fetch(`${front}/`).catch(() => null))?.status === 200, 'the site answers through Varnish');
}, 180_000);

afterAll(async () => {
  cache?.kill('SIGTERM');
  if (server?.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await store?.close();
  await location?.drop();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

/** A GET through Varnish: its body, and whether Varnish answered from its cache. */
async function viaCache(path: string): Promise<{ body: string; hit: boolean }> {
  const answer = await fetch(`${front}${path}`);
  expect(answer.status, path).toBe(200);
  return { body: await answer.text(), hit: answer.headers.get('x-cache') === 'HIT' };
}

const idOf = async (slug: string) =>
  (await store.db.selectFrom('contents').select('id').where('content_key', '=', DEMO_IDS.sheetKey(slug)).executeTakeFirstOrThrow()).id;
const queuedKeys = async () => (await store.db.selectFrom('cdn_purges').select('key').execute()).length;
const topicsOf = async (id: string) =>
  (await store.db.selectFrom('search_topics').select('topic').where('content_id', '=', id).execute()).map((row) => row.topic);

/** Changes a sheet's titles and publishes them through the editing API, as an editor does; settles once the publish answered. */
async function publishTitles(slug: string, titles: Partial<Record<'en_US' | 'de_DE', string>>): Promise<void> {
  const headers = await signInOverHttp(origin, EDITOR);
  const id = await idOf(slug);
  let view = (await (await fetch(`${origin}/studio/api/sheets/${id}`, { headers })).json()) as { revision: number; draft: SheetState };
  for (const [language, title] of Object.entries(titles) as Array<['en_US' | 'de_DE', string]>) {
    const saved = await fetch(`${origin}/studio/api/sheets/${id}/translations/${language}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ revision: view.revision, texts: { ...view.draft.translations[language], title } }),
    });
    expect(saved.status).toBe(200);
    view = (await saved.json()) as typeof view;
  }
  const published = await fetch(`${origin}/studio/api/sheets/${id}/publish`, { method: 'POST', headers, body: JSON.stringify({ revision: view.revision }) });
  expect(published.status).toBe(200);
}

const readiness = async () => (await (await fetch(`${origin}/readyz`)).json()) as { purges?: string };

/** Switches Varnish to a VCL of the same site (`boot`, the one it started with, or one refusing every purge), its cache kept. */
function useVcl(name: 'boot' | 'refusing'): void {
  const state = join(work, 'state');
  if (name === 'refusing' && !execFileSync(varnishadm(), ['-n', state, 'vcl.list'], { encoding: 'utf8' }).includes('refusing')) {
    // The purgers' list names an address the server never sends from: every purge is refused (403).
    writeFileSync(
      join(work, 'refusing.vcl'),
      varnishVcl('127.0.0.1', Number(new URL(origin).port)).replace(/acl purgers \{[^}]*\}/, 'acl purgers { "192.0.2.1"; }'),
    );
    execFileSync(varnishadm(), ['-n', state, 'vcl.load', 'refusing', join(work, 'refusing.vcl')]);
  }
  execFileSync(varnishadm(), ['-n', state, 'vcl.use', name]);
}

describe('behind Varnish, with answers kept an hour', () => {
  const shown = ['/?page=10', '/de-DE/?page=10', '/topics/silicon', '/sheets/silane', '/de-DE/sheets/silane', COLLECTION];

  it('shows a publish on the next request on every page that shows the sheet, and keeps the rest cached', async () => {
    // What the start queued (the seed's keys, and the topics' when the first request builds the
    // search index) is purged first; then a page asked twice is Varnish's own answer the second time.
    for (const path of shown) await viaCache(path);
    await until(async () => (await queuedKeys()) === 0, 'what the start queued is purged');
    for (const path of shown) await viaCache(path);
    for (const path of shown) expect((await viaCache(path)).hit, path).toBe(true);

    // A sheet that shares no topic with silane: its page shows nothing of it.
    const silaneTopics = await topicsOf(await idOf('silane'));
    expect(silaneTopics.length).toBeGreaterThan(0);
    const sheets = await store.db.selectFrom('contents').select(['id', 'url_name']).where('content_type', '=', LITERATURE_CONTENT_TYPE).execute();
    let unrelated: string | undefined;
    for (const sheet of sheets) if ((await topicsOf(sheet.id)).every((topic) => !silaneTopics.includes(topic))) unrelated ??= sheet.url_name;
    expect(unrelated, 'a sheet sharing no topic with silane').toBeDefined();
    const other = `/sheets/${unrelated}`;
    await viaCache(other);
    expect((await viaCache(other)).hit).toBe(true);

    await publishTitles('silane', { en_US: 'Silane, purged', de_DE: 'Silan, gelöscht' });

    // The publish's answer came after the purge: the very next request through Varnish is fresh.
    for (const path of shown) {
      const { body, hit } = await viaCache(path);
      expect(hit, path).toBe(false);
      expect(body, path).toContain(path.startsWith('/de-DE') ? 'Silan, gelöscht' : 'Silane, purged');
    }
    expect((await viaCache(other)).hit).toBe(true);
    expect((await readiness()).purges).toBeUndefined();
    // The topics' keys follow once the index has followed the change; then nothing waits.
    await until(async () => (await queuedKeys()) === 0, 'every queued key is purged');
  });

  it('keeps serving while Varnish refuses the purges, says so, and catches up once it takes them again', async () => {
    const page = '/sheets/silane';
    await viaCache(page);
    expect((await viaCache(page)).hit).toBe(true);
    await until(async () => (await queuedKeys()) === 0, 'nothing waits to be purged');

    useVcl('refusing');
    try {
      await publishTitles('silane', { en_US: 'Silane, while Varnish refused' });
      // Varnish still answers with what it kept: visitors are served, from before the change.
      const stale = await viaCache(page);
      expect(stale.hit).toBe(true);
      expect(stale.body).toContain('Silane, purged');
      expect((await readiness()).purges).toMatch(/^failing since \S+ at Varnish \(.+\): Varnish at .+ answered 403 to a purge$/);
      expect(await queuedKeys()).toBeGreaterThan(0);
    } finally {
      useVcl('boot');
    }

    // The sender tries again after its pause; the outbox empties, and the next request is fresh.
    await until(async () => (await queuedKeys()) === 0, 'the outbox catches up', 90_000);
    const fresh = await viaCache(page);
    expect(fresh.hit).toBe(false);
    expect(fresh.body).toContain('Silane, while Varnish refused');
    expect((await readiness()).purges).toBeUndefined();
  });
});
