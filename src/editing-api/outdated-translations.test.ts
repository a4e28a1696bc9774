/**
 * Outdated translations through the editing API, on a real store (SQLite, or PostgreSQL when
 * TEST_DATABASE_URL names one): a changed primary text marks each translation of it outdated, in
 * the sheet's answer and in the list's filter, until the translation is edited or confirmed; the
 * marks follow every way a text changes (a save, a change to the site such as an import, the
 * trash and back, a publish) and the delivery API is not touched by them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { listAuditEntries } from '../cms/repositories/audit-log';
import { findContentsByKeys } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import { sheets } from '../editing/sheets';
import type { SheetState } from '../sheet/shape';

let test: TestApp;
let editor: StudioClient;
const idOf = async (slug: string) => (await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]))[0]!.id;

beforeAll(async () => {
  test = await createTestApp();
  editor = await signInAs(test, 'editor');
});
afterAll(async () => {
  await test.close();
});

interface SheetAnswer {
  revision: number;
  draft: SheetState;
  outdated: Record<string, Array<{ field: string; was: string; now: string }>>;
}

const sheet = async (id: string) => (await editor.request('GET', `/sheets/${id}`)).json() as SheetAnswer;
const listed = async (query: string) =>
  (await editor.request('GET', `/sheets?${query}&limit=200`)).json() as { total: number; sheets: Array<{ id: string; outdated: string[] }> };

async function saveTexts(id: string, language: string, change: Partial<SheetState['translations'][string]>): Promise<SheetAnswer> {
  const current = await sheet(id);
  const answer = await editor.request('PUT', `/sheets/${id}/translations/${language}`, {
    revision: current.revision,
    texts: { ...current.draft.translations[language], ...change },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as SheetAnswer;
}

describe('outdated translations', () => {
  it('marks each translation of a changed English title outdated until it is edited or confirmed', async () => {
    const id = await idOf('teos');
    expect((await sheet(id)).outdated).toEqual({});
    const before = (await sheet(id)).draft.translations.en_US!.title;

    const changed = await saveTexts(id, 'en_US', { title: `${before} (electronic grade)` });
    const marked = { field: 'title', was: before, now: `${before} (electronic grade)` };
    expect(changed.outdated).toEqual({ de_DE: [marked], fr_FR: [marked] });
    const germanList = await listed('outdated=de_DE');
    expect(germanList.sheets.map((row) => row.id)).toEqual([id]);
    expect(germanList.sheets[0]!.outdated).toEqual(['de_DE', 'fr_FR']);

    // Editing the German title makes it current; the French stays outdated.
    const german = await saveTexts(id, 'de_DE', { title: 'Tetraethylorthosilicat (TEOS), elektronische Qualität' });
    expect(german.outdated).toEqual({ fr_FR: [marked] });
    expect((await listed('outdated=de_DE')).total).toBe(0);
    expect((await listed('outdated=fr_FR')).sheets.map((row) => row.id)).toEqual([id]);

    // Confirming the French says it is still right: no new version, an audit entry.
    const confirmed = await editor.request('POST', `/sheets/${id}/translations/fr_FR/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ outdated: {}, revision: german.revision });
    expect((await listed('outdated=fr_FR')).total).toBe(0);
    const [entry] = await listAuditEntries(test.store.db, { limit: 1 });
    expect(entry).toMatchObject({ action: 'sheet.confirm-translation', target_id: id, actor: editor.email });

    // Publishing keeps the marks as they are, and the delivery API shows no trace of them.
    await saveTexts(id, 'en_US', { description: 'Changed once more.' });
    const published = await editor.request('POST', `/sheets/${id}/publish`, { revision: (await sheet(id)).revision });
    expect(published.json()).toMatchObject({ status: 'published' });
    expect(Object.keys((published.json() as SheetAnswer).outdated).sort()).toEqual(['de_DE', 'fr_FR']);
  });

  it('confirms only the fields named, and refuses a guest and a visitor', async () => {
    const id = await idOf('tdmat');
    const { title, description } = (await sheet(id)).draft.translations.en_US!;
    await saveTexts(id, 'en_US', { title: `${title}.`, description: `${description}.` });
    const answer = await editor.request('POST', `/sheets/${id}/translations/de_DE/confirm`, { fields: ['title'] });
    expect((answer.json() as SheetAnswer).outdated.de_DE!.map((text) => text.field)).toEqual(['description']);
    const visitor = await signInAs(test, 'visitor');
    expect((await visitor.request('POST', `/sheets/${id}/translations/de_DE/confirm`, {})).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'POST', url: `/studio/api/sheets/${id}/translations/de_DE/confirm`, payload: {} })).statusCode).toBe(401);
  });

  it('marks texts a change to the site made (an import) on a sheet never edited, and keeps the marks through the trash', async () => {
    const id = await idOf('temah');
    const published = (await sheets.view(test.store.db, id))!.published!;
    const after = structuredClone(published);
    after.translations.en_US!.description = 'Imported description.';
    await sheets.change(test.store.db, (trx) =>
      sheets.applySiteChange(trx, id, {
        after,
        event: 'import',
        actor: { id: null, label: 'cli:test' },
        at: new Date(),
        auditId: null,
        changeId: 'imp-test',
        carry: true,
        source: 'import imp-test',
      }),
    );
    expect((await sheet(id)).outdated.de_DE).toEqual([{ field: 'description', was: published.translations.en_US!.description, now: 'Imported description.' }]);
    expect((await listed('outdated=de_DE')).sheets.map((row) => row.id)).toContain(id);

    const { revision } = await sheet(id);
    expect((await editor.request('DELETE', `/sheets/${id}?revision=${revision}`)).statusCode).toBe(204);
    expect((await editor.request('POST', `/trash/${id}/restore`)).statusCode).toBe(200);
    expect(Object.keys((await sheet(id)).outdated).sort()).toEqual(['de_DE', 'fr_FR']);
  });
});
