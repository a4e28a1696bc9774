/**
 * Translated files as translators' tools write them (tests/fixtures/xliff/), compared with the
 * drafts of a real store (SQLite, or PostgreSQL when TEST_DATABASE_URL names one): sentence
 * segments are one text, not a changed source; a target the file marks as not translated yet
 * (an English placeholder) is listed and left out unless asked for; a target language written
 * `de-de` or `de` is the site's German; a retired field is neither sent nor taken back; a file
 * naming an export the store cannot read is merged as one without a known export.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { LITERATURE_CONTENT_TYPE } from '../shared/constants';
import type { Actor } from '../editing/audit';
import { changeFields } from '../editing/content-types';
import { sheets } from '../editing/sheets';
import { exportTranslations } from './translation-export';
import { applyTranslationImport, planTranslationImport } from './translation-import';

const editor: Actor = { id: null, label: 'translation-import-test' };
const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/xliff/${name}`, import.meta.url), 'utf8');
// The demo's sheets the fixtures name (tests/fixtures/xliff/README.md).
const [SILANE, DIETHYLZINC, TEOS] = ['20YWZnoHBMGXRMk22P', '20YG0qD7FrmoVqiMKE', '20YfNd663QXJtEeUQL'];
const FIXTURE_EXPORT = 'tex-20261207-f1f1f1f1';

let test: TestApp;
const db = () => test.store.db;
const german = async (id: string) => (await sheets.view(db(), id))!.draft.translations.de_DE!;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

/** A fixture as if this store had exported it: its export id made this store's export of the same sheets. */
async function asExported(name: string): Promise<string> {
  const exported = await exportTranslations(
    db(),
    { language: 'de_DE', version: '1.2', sheetIds: [SILANE, DIETHYLZINC, TEOS], withPages: false },
    { actor: editor },
  );
  return fixture(name).replaceAll(FIXTURE_EXPORT, exported.id);
}

describe('segments (T4)', () => {
  for (const name of ['segments-2.0.xlf', 'segments-1.2.xlf'])
    it(`${name}: a unit split into sentences is one text, compared and applied whole`, async () => {
      const xliff = await asExported(name);
      const plan = await planTranslationImport(db(), xliff);
      expect(plan.flagged).toEqual([]);
      const silane = plan.changes.find((change) => change.target === SILANE);
      expect(silane).toMatchObject({
        field: 'description',
        after:
          'Das grundlegende Silicium-Quellgas für die CVD von Polysilicium, amorphem Silicium, Siliciumoxid und Siliciumnitrid. Pyrophor, daher wird es aus abgesaugten Gasschränken geliefert.',
      });
      if (name === 'segments-2.0.xlf') expect(plan.changes.map((change) => change.target)).toEqual([SILANE, DIETHYLZINC, TEOS]);
      await applyTranslationImport(db(), xliff, { digest: plan.digest }, editor);
      expect((await german(SILANE)).description).toBe(silane?.after);
      // Put back, for the tests after it.
      for (const change of plan.changes) {
        const view = (await sheets.view(db(), change.target))!;
        const draft = structuredClone(view.draft);
        draft.translations.de_DE!.description = change.before!;
        await sheets.save(db(), change.target, draft, view.revision, editor);
      }
    });
});

describe('states (T5)', () => {
  it('2.0: an initial target (an English placeholder) is listed as not translated yet and left out; final and unstated ones are taken', async () => {
    const plan = await planTranslationImport(db(), fixture('states-2.0.xlf'));
    expect(plan.notTranslated).toEqual([
      { unit: `sheet.${SILANE}.title`, label: 'Silane (SiH₄)', field: 'title', state: 'initial', target: 'Silane (SiH₄)' },
      expect.objectContaining({ unit: `sheet.${TEOS}.description`, state: 'initial' }),
    ]);
    // The file names no export this store knows: its texts the drafts have are conflicts, none lost unseen (T6).
    expect(plan.conflicts.map((conflict) => [conflict.target, conflict.field, conflict.theirs])).toEqual([
      [DIETHYLZINC, 'title', 'Diethylzink'],
      [TEOS, 'title', 'TEOS (Tetraethylorthosilicat)'],
    ]);
    expect(plan.changes).toEqual([]);
  });

  it('1.2: needs-translation and new targets are left out, even without approved="no"; with includeNotTranslated they are compared too', async () => {
    const xliff = fixture('states-1.2.xlf');
    const plan = await planTranslationImport(db(), xliff);
    expect(plan.notTranslated.map((unit) => [unit.unit, unit.state])).toEqual([
      [`sheet.${SILANE}.title`, 'needs-translation'],
      [`sheet.${DIETHYLZINC}.title`, 'new'],
    ]);
    const asked = await planTranslationImport(db(), xliff, { includeNotTranslated: true });
    expect(asked.notTranslated).toEqual([]);
    expect(asked.conflicts.map((conflict) => [conflict.target, conflict.theirs])).toEqual([
      [SILANE, 'Silane (SiH₄)'],
      [DIETHYLZINC, 'Diethylzinc (DEZ)'],
      [TEOS, 'TEOS (Tetraethylorthosilicat)'],
    ]);
  });

  it('translate-toolkit’s pomerge: the English placeholder it marks needs-translation never replaces the German description', async () => {
    const xliff = await asExported('translate-toolkit/pomerge-1.2.xlf');
    const before = (await german(DIETHYLZINC)).description;
    const plan = await planTranslationImport(db(), xliff);
    expect(plan.notTranslated).toEqual([expect.objectContaining({ unit: `sheet.${DIETHYLZINC}.description`, state: 'needs-translation' })]);
    expect(plan.changes.map((change) => [change.target, change.field, change.after])).toEqual([[SILANE, 'title', 'Monosilan (SiH₄)']]);
    expect(plan.conflicts).toEqual([]);
    await applyTranslationImport(db(), xliff, { digest: plan.digest }, editor);
    expect((await german(DIETHYLZINC)).description).toBe(before);
    expect((await german(SILANE)).title).toBe('Monosilan (SiH₄)');
  });
});

describe('an outdated text our export marks approved="no"', () => {
  it('is left out as the export sent it, and taken once a translator changed it in a tool that leaves the mark', async () => {
    // Outdated: the English title changed since the German was written.
    const view = (await sheets.view(db(), TEOS))!;
    const english = { ...view.draft.translations.en_US!, title: `${view.draft.translations.en_US!.title}, high purity` };
    await sheets.save(db(), TEOS, { ...view.draft, translations: { ...view.draft.translations, en_US: english } }, view.revision, editor);
    const exported = await exportTranslations(db(), { language: 'de_DE', version: '1.2', sheetIds: [TEOS], withPages: false }, { actor: editor });
    const unit = new RegExp(`(<trans-unit[^>]*id="sheet\\.${TEOS}\\.title"[^>]*approved="no"[\\s\\S]*?<target[^>]*>)([^<]*)(</target>)`);
    expect(exported.xml).toMatch(unit);
    const untouched = await planTranslationImport(db(), exported.xml);
    expect(untouched.notTranslated.map((text) => [text.unit, text.state])).toEqual([[`sheet.${TEOS}.title`, 'not approved']]);
    const rewritten = exported.xml.replace(unit, '$1TEOS, hochrein$3');
    const plan = await planTranslationImport(db(), rewritten);
    expect(plan.notTranslated).toEqual([]);
    expect(plan.changes.map((change) => [change.target, change.field, change.after])).toEqual([[TEOS, 'title', 'TEOS, hochrein']]);
  });
});

describe('languages (T8)', () => {
  it('takes a target language written de-de or de as the site’s German (Germany); a chosen one wins over a compatible tag, not over another', async () => {
    expect((await planTranslationImport(db(), fixture('target-de-de-2.0.xlf'))).language).toBe('de_DE');
    expect((await planTranslationImport(db(), fixture('target-de-1.2.xlf'))).language).toBe('de_DE');
    expect((await planTranslationImport(db(), fixture('target-de-1.2.xlf'), { language: 'de_DE' })).language).toBe('de_DE');
    expect((await planTranslationImport(db(), fixture('target-de-de-2.0.xlf'), { language: 'de_DE' })).language).toBe('de_DE');
    await expect(planTranslationImport(db(), fixture('target-de-1.2.xlf'), { language: 'fr_FR' })).rejects.toThrow(
      'The file’s translations are in de, not fr_FR',
    );
  });
});

describe('retired fields (T11)', () => {
  it('sends no text of a retired field to translators, and takes none back from an older file', async () => {
    const before = await exportTranslations(db(), { language: 'de_DE', version: '1.2', sheetIds: [SILANE], withPages: false }, { actor: editor });
    expect(before.xml).toContain(`id="sheet.${SILANE}.extra.form"`);
    await changeFields(db(), LITERATURE_CONTENT_TYPE, { change: 'form', retired: true }, editor);
    try {
      const after = await exportTranslations(db(), { language: 'de_DE', version: '1.2', sheetIds: [SILANE], withPages: false }, { actor: editor });
      expect(after.xml).not.toContain('extra.form');
      expect(after.xml).toContain(`id="sheet.${SILANE}.title"`);
      const plan = await planTranslationImport(db(), before.xml.replace('<target>Gas</target>', '<target>Gasförmig</target>'));
      expect(plan.flagged).toEqual([expect.objectContaining({ field: 'extra.form', reason: 'its field is retired: it is no longer translated' })]);
    } finally {
      await changeFields(db(), LITERATURE_CONTENT_TYPE, { change: 'form', retired: false }, editor);
    }
  });
});

describe('the export a file names (T6)', () => {
  it('takes a text only the file changed as a change when the store has its export, and as a conflict when it cannot read it', async () => {
    const file = (xliff: string) => xliff.replace('<target>Diethylzink (DEZ)</target>', '<target>Diethylzink</target>');
    const known = await planTranslationImport(db(), file(await asExported('export-de-1.2.xlf')));
    const ofDez = <T extends { target: string }>(items: T[]) => items.filter((item) => item.target === DIETHYLZINC);
    expect(ofDez(known.changes).map((change) => [change.field, change.after])).toEqual([['title', 'Diethylzink']]);
    expect(known.conflicts).toEqual([]);

    await db()
      .insertInto('translation_exports')
      .values({ id: FIXTURE_EXPORT, language: 'de_DE', exported_by: 'hand', exported_at: '2026-12-07T00:00:00.000Z', texts: '{"cut sh' })
      .execute();
    const unreadable = await planTranslationImport(db(), file(fixture('export-de-1.2.xlf')));
    expect(unreadable.exports).toEqual([]);
    expect(ofDez(unreadable.changes)).toEqual([]);
    expect(ofDez(unreadable.conflicts)).toEqual([
      expect.objectContaining({ target: DIETHYLZINC, field: 'title', exportKnown: false, ours: 'Diethylzink (DEZ)', theirs: 'Diethylzink' }),
    ]);
  });
});
