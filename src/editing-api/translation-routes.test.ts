/**
 * The translation round trip through the editing API on a real store: the export as a download
 * (XLIFF 1.2 unless asked), the comparison, the apply (once: the same comparison again is 409), a
 * text both the studio and the file changed answered as a conflict and applied as chosen, and the
 * refusals (a file that is not XLIFF is 400 with its reason; a visitor is 403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';

let test: TestApp;
let editor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  editor = await signInAs(test, 'editor');
});
afterAll(async () => {
  await test.close();
});

describe('translations in the editing API', () => {
  it('exports, compares and applies a German translation as drafts, once', async () => {
    const exported = await editor.request('GET', '/translations/export?language=de_DE');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('urn:oasis:names:tc:xliff:document:1.2');
    expect(exported.headers['content-type']).toBe('application/xliff+xml; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="translations-de_DE-\d{4}-\d{2}-\d{2}\.xlf"$/);
    expect(Number(exported.headers['x-translation-units'])).toBeGreaterThan(50);

    const xliff = exported.body.replace('<target>Silan (SiH₄)</target>', '<target>Monosilan (SiH₄)</target>');
    const compared = await editor.request('POST', '/translations/comparison', { xliff });
    expect(compared.statusCode, compared.body).toBe(200);
    const plan = compared.json() as { language: string; digest: string; changes: Array<{ label: string; field: string; after: string }> };
    expect(plan.language).toBe('de_DE');
    expect(plan.changes).toEqual([expect.objectContaining({ label: 'Silane (SiH₄)', field: 'title', after: 'Monosilan (SiH₄)' })]);

    const applied = await editor.request('POST', '/translations/apply', { xliff, digest: plan.digest });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ saved: ['Silane (SiH₄)'] });
    const again = await editor.request('POST', '/translations/apply', { xliff, digest: plan.digest });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('compare it again');
  });

  it('answers a text both the studio and the file changed as a conflict, and applies the choice per unit', async () => {
    const exported = (await editor.request('GET', '/translations/export?language=de_DE&pages=false')).body;
    // The studio's correction since the export: the German title of Diethylzinc, through the sheet's own route.
    const xliff = exported.replace('<target>Diethylzink (DEZ)</target>', '<target>Diethylzink</target>');
    const unit = /id="(sheet\.\w+\.title)"[^>]*>\s*<source>Diethylzinc \(DEZ\)</.exec(exported)![1]!;
    const id = unit.split('.')[1]!;
    const sheet = (await editor.request('GET', `/sheets/${id}`)).json() as { revision: number; draft: { translations: Record<string, unknown> } };
    const texts = { ...(sheet.draft.translations.de_DE as Record<string, unknown>), title: 'Diethylzink (DEZ), flüssig' };
    expect((await editor.request('PUT', `/sheets/${id}/translations/de_DE`, { revision: sheet.revision, texts })).statusCode).toBe(200);

    const plan = (await editor.request('POST', '/translations/comparison', { xliff })).json() as { digest: string; conflicts: unknown[]; changes: unknown[] };
    expect(plan.changes).toEqual([]);
    expect(plan.conflicts).toEqual([
      {
        unit,
        kind: 'sheet',
        target: id,
        field: 'title',
        label: 'Diethylzinc (DEZ)',
        exported: 'Diethylzink (DEZ)',
        exportKnown: true,
        ours: 'Diethylzink (DEZ), flüssig',
        theirs: 'Diethylzink',
      },
    ]);
    const wrong = await editor.request('POST', '/translations/apply', { xliff, digest: plan.digest, choices: { [unit]: 'both' } });
    expect(wrong.statusCode).toBe(400);
    const applied = await editor.request('POST', '/translations/apply', { xliff, digest: plan.digest, choices: { [unit]: 'theirs' } });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ saved: ['Diethylzinc (DEZ)'], texts: 1 });
    const after = (await editor.request('GET', `/sheets/${id}`)).json() as { draft: { translations: { de_DE: { title: string } } } };
    expect(after.draft.translations.de_DE.title).toBe('Diethylzink');
  });

  it('refuses a file that is not XLIFF with its reason, and a visitor', async () => {
    const refused = await editor.request('POST', '/translations/comparison', { xliff: '<html></html>', language: 'de_DE' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('This is not an XLIFF file');
    const visitor = await signInAs(test, 'visitor');
    expect((await visitor.request('GET', '/translations/export?language=de_DE')).statusCode).toBe(403);
  });
});
