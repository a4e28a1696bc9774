/**
 * Releases through the editing API on a real store: three sheet changes, an order change and a
 * heading change gathered, each locked against publishing alone, previewed together (the public
 * page unchanged), scheduled, published by the scheduler as one change, and undone as one; an
 * undo refused while a later publish changed one of them, then done keeping it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { findContentsByKeys } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import { fireDueReleases } from '../editing/releases';
import type { SheetState } from '../sheet/shape';
import { readJournalOnce } from '../server/journal-follower';

let test: TestApp;
let ana: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  ana = await signInAs(test, 'editor', 'ana@example.com');
});
afterAll(async () => {
  await test.close();
});

interface Release {
  id: string;
  state: string;
  dueAt: string | null;
  items: Array<{ kind: string; targetId: string; label: string; status: string | null }>;
}

const idOf = async (slug: string) => (await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]))[0]!.id;
const home = async () => (await test.app.inject('/?page=10')).body;
const ok = async (method: string, path: string, body?: unknown) => {
  const answer = await ana.request(method as 'GET', path, body);
  expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBeLessThan(300);
  return answer.json() as Release;
};

async function retitle(id: string, title: string) {
  const view = (await ana.request('GET', `/sheets/${id}`)).json() as { revision: number; draft: SheetState };
  await ok('PUT', `/sheets/${id}/translations/en_US`, { revision: view.revision, texts: { ...view.draft.translations.en_US, title } });
}

describe('a release', () => {
  const titles = ['Silane (SiH₄), release', 'TEOS, release', 'TDMAT, release'];
  let release: Release;
  let ids: string[];

  it('gathers three sheets, the order and the page heading, each locked against publishing alone', async () => {
    ids = [await idOf('silane'), await idOf('teos'), await idOf('tdmat')];
    for (const [index, id] of ids.entries()) await retitle(id, titles[index]!);
    const order = (await ana.request('GET', `/collections/${DEMO_IDS.collectionId}/order`)).json() as { revision: number; draft: { items: string[] } };
    await ok('PUT', `/collections/${DEMO_IDS.collectionId}/order`, {
      revision: order.revision,
      state: { ...order.draft, items: [...order.draft.items].reverse() },
    });
    const page = (await ana.request('GET', '/pages/literature-sheets')).json() as { revision: number };
    await ok('PUT', '/pages/literature-sheets/settings', { revision: page.revision, heading: 'The release heading' });

    release = await ok('POST', '/releases', { name: 'Launch' });
    for (const id of ids) release = await ok('POST', `/releases/${release.id}/items`, { kind: 'sheet', targetId: id });
    release = await ok('POST', `/releases/${release.id}/items`, { kind: 'collection', targetId: DEMO_IDS.collectionId });
    release = await ok('POST', `/releases/${release.id}/items`, { kind: 'page', targetId: 'literature-sheets' });
    expect(release.items.map((item) => item.kind)).toEqual(['sheet', 'sheet', 'sheet', 'collection', 'page']);
    expect(release.items.every((item) => item.status === 'changed')).toBe(true);

    // Its texts go to translators together: its sheets' and its page's, no others.
    const exported = await ana.request('GET', `/translations/export?language=de_DE&release=${release.id}`);
    expect(exported.body).toContain(`sheet.${ids[0]}.title`);
    expect(exported.body).toContain('page.literature-sheets.page-heading.text');
    expect(exported.body).not.toContain(`sheet.${await idOf('diethylzinc')}.`);

    const alone = await ana.request('POST', `/sheets/${ids[0]}/publish`, {});
    expect(alone.statusCode).toBe(409);
    expect(alone.body).toContain('is in the release “Launch”: publish the release, or take it out of the release first');
    const twice = await ana.request('POST', `/releases/${(await ok('POST', '/releases', { name: 'Other' })).id}/items`, { kind: 'sheet', targetId: ids[0] });
    expect(twice.statusCode).toBe(409);
  });

  it('previews the site with all of it while the site shows none of it', async () => {
    const preview = await ana.request('GET', `/releases/${release.id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(preview.body).toContain('The release heading');
    expect(preview.body).toContain('Capacitance Manometer');
    expect((await ana.request('GET', `/releases/${release.id}/preview?view=sheet&sheet=${ids[0]}`)).body).toContain('Silane (SiH₄), release');
    expect((await ana.request('GET', `/releases/${release.id}/preview?view=sheet&sheet=${ids[1]}`)).body).toContain('TEOS, release');
    expect((await ana.request('GET', `/releases/${release.id}/preview?lang=de-DE`)).body).toContain('<html data-preview lang="de-DE"');
    const site = await home();
    for (const title of [...titles, 'The release heading']) expect(site).not.toContain(title);
  });

  it('is walked as the site would be: topic pages, searches, facet choices, languages and sheets, its links kept in it', async () => {
    const root = `/studio/api/releases/${release.id}/preview`;
    const at = (path: string) => ana.request('GET', `/releases/${release.id}/preview${path}`);
    const start = await at('/?page=10');
    expect(start.statusCode).toBe(200);
    expect(start.body).toContain('The release heading');
    expect(start.body).toContain(`href="${root}/topics/silicon"`);
    expect(start.body).toContain(`href="${root}/sheets/silane"`);
    expect(start.body).toMatch(new RegExp(`<form[^>]* action="${root}/"`));
    expect(start.body).toContain(`href="${root}/de-DE/"`);
    expect(start.body).toContain('href="/sfsites/');

    const topic = await at('/topics/silicon');
    expect(topic.statusCode).toBe(200);
    expect(topic.body).toContain('Silane (SiH₄), release');
    expect(topic.body).toContain('TEOS, release');
    expect(topic.body).not.toContain('TDMAT, release');
    const found = (await at('/?q=release')).body;
    for (const title of titles) expect(found).toContain(title);
    const chosen = (await at('/?topic=titanium')).body;
    expect(chosen).toContain('TDMAT, release');
    expect(chosen).not.toContain('Silane (SiH₄), release');
    const german = await at('/de-DE/topics/silicon');
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('<html data-preview lang="de-DE"');
    expect(german.body).toContain(`href="${root}/de-DE/sheets/silane"`);
    expect((await at('/sheets/silane')).body).toContain('Silane (SiH₄), release');
    expect((await at('/no/such/page')).statusCode).toBe(404);

    // The public site and its search have none of it.
    expect((await test.app.inject('/?q=release')).body).not.toContain('TDMAT, release');
    expect((await test.app.inject('/topics/silicon')).body).not.toContain('Silane (SiH₄), release');
  });

  it('is published by the scheduler at its time, all of it in one change', async () => {
    const due = new Date(Date.now() - 1000).toISOString();
    expect((await ok('PUT', `/releases/${release.id}/schedule`, { at: due })).dueAt).toBe(due);
    const fired = await fireDueReleases(test.store.db);
    expect(fired).toEqual([expect.objectContaining({ id: release.id, outcome: 'done' })]);
    expect((await fireDueReleases(test.store.db)).length).toBe(0);
    // As the server's scheduler does once it has fired one: the journal's readers read it.
    await readJournalOnce(test.store);
    const published = await ok('GET', `/releases/${release.id}`);
    expect(published.state).toBe('published');
    expect(published.items.every((item) => item.status === 'published')).toBe(true);
    const site = await home();
    for (const title of [...titles, 'The release heading']) expect(site).toContain(title);
    // The order reversed: the equipment that came last comes first.
    expect(site.indexOf('Capacitance Manometer')).toBeLessThan(site.indexOf('Trimethylaluminum (TMA)'));
  });

  it('is undone as one change, and names a later change first', async () => {
    // A later publish of one of its sheets: the undo refuses and names it, then keeps it when asked.
    await retitle(ids[2]!, 'TDMAT, after the release');
    await ok('POST', `/sheets/${ids[2]}/publish`, {});
    const refused = await ana.request('POST', `/releases/${release.id}/undo`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('TDMAT, release (publish by ana@example.com)');
    expect(await home()).toContain('The release heading');

    const undone = await ok('POST', `/releases/${release.id}/undo`, { keepLater: true });
    expect(undone.state).toBe('undone');
    const site = await home();
    expect(site).not.toContain('The release heading');
    expect(site).not.toContain('Silane (SiH₄), release');
    expect(site).toContain('Silane (SiH₄)');
    expect(site).toContain('TDMAT, after the release');
    expect(site.indexOf('Trimethylaluminum (TMA)')).toBeLessThan(site.indexOf('Trimethylgallium (TMGa)'));
    // The drafts stay as they were: publish them again at any time.
    expect(((await ana.request('GET', `/sheets/${ids[0]}`)).json() as { draft: SheetState }).draft.translations.en_US!.title).toBe('Silane (SiH₄), release');
  });
});

describe('a release and a translation together', () => {
  it('publishes a translation imported into a draft it holds, and its undo takes the translation back too', async () => {
    const id = await idOf('diethylzinc');
    await retitle(id, 'Diethylzinc (DEZ), new grade');
    const release = await ok('POST', '/releases', { name: 'Translated launch' });
    await ok('POST', `/releases/${release.id}/items`, { kind: 'sheet', targetId: id });

    // The release's texts go to translators and come back into the draft it holds.
    const exported = (await ana.request('GET', `/translations/export?language=de_DE&release=${release.id}`)).body;
    const xliff = exported.replace(/(<target[^>]*>)Diethylzink \(DEZ\)(<\/target>)/, '$1Diethylzink (DEZ), neue Qualität$2');
    expect(xliff).not.toBe(exported);
    const plan = (await ana.request('POST', '/translations/comparison', { xliff })).json() as { digest: string; changes: unknown[] };
    expect(plan.changes).toHaveLength(1);
    expect((await ana.request('POST', '/translations/apply', { xliff, digest: plan.digest })).statusCode).toBe(200);
    // Still locked: the translated draft goes out with the release, not alone.
    expect((await ana.request('POST', `/sheets/${id}/publish`, {})).statusCode).toBe(409);

    const german = async () =>
      (
        (
          await test.app.inject(
            `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/contents/${DEMO_IDS.sheetKey('diethylzinc')}?language=de_DE`,
          )
        ).json() as {
          title: string;
        }
      ).title;
    expect(await german()).toBe('Diethylzink (DEZ)');
    await ok('POST', `/releases/${release.id}/publish`);
    expect(await german()).toBe('Diethylzink (DEZ), neue Qualität');
    await ok('POST', `/releases/${release.id}/undo`, {});
    expect(await german()).toBe('Diethylzink (DEZ)');
  });
});

describe('a release whose every draft changed on the site since', () => {
  it('offers no undo of the rest, and is not called undone', async () => {
    const id = await idOf('trimethylgallium');
    await retitle(id, 'TMGa, a release of one');
    const release = await ok('POST', '/releases', { name: 'One sheet' });
    await ok('POST', `/releases/${release.id}/items`, { kind: 'sheet', targetId: id });
    await ok('POST', `/releases/${release.id}/publish`, {});
    await retitle(id, 'TMGa, after the release of one');
    await ok('POST', `/sheets/${id}/publish`, {});

    const refused = await ana.request('POST', `/releases/${release.id}/undo`, {});
    expect(refused.statusCode).toBe(409);
    // Nothing would be left to undo: the studio offers no "Undo the rest".
    expect(refused.json()).toEqual([expect.objectContaining({ undoable: 0, later: [expect.objectContaining({ targetId: id })] })]);
    const kept = await ana.request('POST', `/releases/${release.id}/undo`, { keepLater: true });
    expect(kept.statusCode).toBe(409);
    expect(kept.body).toContain('can be undone: every draft it published changed on the site since');
    expect((await ok('GET', `/releases/${release.id}`)).state).toBe('published');
  });
});

describe('a release under review', () => {
  it('refused for missing approvals names every draft that lacks one', async () => {
    const admin = await signInAs(test, 'admin');
    expect((await admin.request('PUT', '/settings', { review: 'editors' })).statusCode).toBe(200);
    try {
      const [first, second] = [await idOf('silane'), await idOf('teos')];
      await retitle(first, 'Silane, waiting for review');
      await retitle(second, 'TEOS, waiting for review');
      const release = await ok('POST', '/releases', { name: 'Two unreviewed' });
      for (const targetId of [first, second]) await ok('POST', `/releases/${release.id}/items`, { kind: 'sheet', targetId });
      const refused = await ana.request('POST', `/releases/${release.id}/publish`, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('Silane, waiting for review needs another editor’s approval');
      expect(refused.body).toContain('TEOS, waiting for review needs another editor’s approval');
    } finally {
      expect((await admin.request('PUT', '/settings', { review: 'off' })).statusCode).toBe(200);
    }
  });
});
