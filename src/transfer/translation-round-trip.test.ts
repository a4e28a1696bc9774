/**
 * The translation round trip on a real store (SQLite, or PostgreSQL when TEST_DATABASE_URL names
 * one), with an independent tool in the middle: our XLIFF 1.2 goes through translate-toolkit's
 * xliff2po, podebug translates the PO by script, po2xliff makes XLIFF again (1.1, its units
 * renumbered), and our import compares and applies it as drafts, unit by unit, flagging the unit
 * whose source changed after the export. XLIFF 2.0 goes round through our own reader. Nothing
 * reaches the site before a publish; a comparison the drafts moved away from is refused whole.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { findContentsByKeys } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import type { Actor } from '../editing/audit';
import { pages } from '../editing/pages';
import { sheets } from '../editing/sheets';
import { outdatedTexts } from '../editing/translation-marks';
import { sheetTextsOf } from '../editing/sheets';
import { exportTranslations } from './translation-export';
import { applyTranslationImport, planTranslationImport, TranslationImportError } from './translation-import';
import { XliffError } from './xliff';
import { readXliff } from './xliff-read';

const editor: Actor = { id: null, label: 'translator-test' };
const toolkit = (name: string) => (process.env.TRANSLATE_TOOLKIT_BIN ? join(process.env.TRANSLATE_TOOLKIT_BIN, name) : name);
const folder = mkdtempSync(join(tmpdir(), 'xliff-round-trip-'));

let test: TestApp;
const db = () => test.store.db;
const idOf = async (slug: string) => (await findContentsByKeys(db(), DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]))[0]!.id;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The XLIFF through translate-toolkit: to PO, translated by podebug (each source between xxx), back to XLIFF. */
function throughTranslateToolkit(xliff: string): string {
  const file = (name: string) => join(folder, name);
  writeFileSync(file('out.xlf'), xliff);
  const run = (program: string, args: string[]) => execFileSync(toolkit(program), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  run('xliff2po', [file('out.xlf'), file('out.po')]);
  run('podebug', ['--rewrite=xxx', '--format=', '-i', file('out.po'), '-o', file('translated.po')]);
  run('po2xliff', [file('translated.po'), file('back.xlf')]);
  return readFileSync(file('back.xlf'), 'utf8');
}

async function changeEnglish(id: string, change: Partial<{ title: string; description: string }>) {
  const view = (await sheets.view(db(), id))!;
  const draft = structuredClone(view.draft);
  Object.assign(draft.translations.en_US!, change);
  await sheets.save(db(), id, draft, view.revision, editor);
}

describe('the XLIFF round trip through translate-toolkit', () => {
  it('applies the translated units as drafts and flags the one whose source changed since the export', async () => {
    const [teos, tdmat] = [await idOf('teos'), await idOf('tdmat')];
    const exported = await exportTranslations(db(), { language: 'de_DE', version: '1.2', sheetIds: [teos, tdmat] }, { actor: editor });
    expect(exported.xml).toContain(`id="sheet.${teos}.title"`);
    expect(exported.xml).toContain('<target>Tetraethylorthosilicat (TEOS)</target>');
    expect(exported.xml).toContain('<note from="developer">Sheet: Tetraethyl orthosilicate (TEOS)</note>');
    expect(exported.xml).toContain('id="page.literature-sheets.page-heading.text"');

    // After the export, the English description of TDMAT changes: its unit is flagged, not applied.
    const description = (await sheets.view(db(), tdmat))!.draft.translations.en_US!.description;
    await changeEnglish(tdmat, { description: `${description} Now in 2 kg cylinders too.` });

    const back = throughTranslateToolkit(exported.xml);
    expect(back).toContain('urn:oasis:names:tc:xliff:document:1.1');
    const plan = await planTranslationImport(db(), back, { language: 'de_DE' });
    expect(plan.flagged).toEqual([
      expect.objectContaining({
        field: 'description',
        label: 'Tetrakis(dimethylamido)titanium (TDMAT)',
        reason: 'its source text changed since the file was exported',
        exported: description,
      }),
    ]);
    const teosTitle = plan.changes.find((change) => change.target === teos && change.field === 'title');
    // podebug rewrites a translation where there is one (the German title), else the source (TDMAT has no German image description).
    expect(teosTitle).toMatchObject({ kind: 'sheet', before: 'Tetraethylorthosilicat (TEOS)', after: 'xxxTetraethylorthosilicat (TEOS)xxx' });
    expect(plan.changes.find((change) => change.kind === 'page' && change.field === 'page-heading.text')?.after).toBe(
      'xxxDatenblätter - CVD-, ALD-Präkursoren und Anlagenxxx',
    );
    expect(plan.ignored).toBe(1); // the PO header po2xliff writes as a unit

    const publicTitle = async () =>
      (await test.app.inject(`/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/contents/${DEMO_IDS.sheetKey('teos')}?language=de_DE`)).json()
        .title as string;
    const siteBefore = await publicTitle();
    const applied = await applyTranslationImport(db(), back, { language: 'de_DE', digest: plan.digest }, editor);
    expect(applied.saved).toEqual(expect.arrayContaining(['Tetraethyl orthosilicate (TEOS)', 'Tetrakis(dimethylamido)titanium (TDMAT)', '/']));

    // Drafts only: the site shows the German title it showed; the draft has the new one, as a version of its own.
    const view = (await sheets.view(db(), teos))!;
    expect(view.draft.translations.de_DE!.title).toBe('xxxTetraethylorthosilicat (TEOS)xxx');
    expect(view.status).toBe('changed');
    expect(await publicTitle()).toBe(siteBefore);
    expect((await sheets.versions(db(), teos))[0]?.event).toBe('import-translation');
    expect((await pages.view(db(), 'literature-sheets'))!.draft.translations!.de_DE!['page-heading.text']).toBe(
      'xxxDatenblätter - CVD-, ALD-Präkursoren und Anlagenxxx',
    );
    // The flagged German description of TDMAT is untouched, and still outdated.
    const tdmatView = (await sheets.view(db(), tdmat))!;
    expect(tdmatView.draft.translations.de_DE!.description).not.toContain('xxx');
    expect((await outdatedTexts(db(), 'sheet', tdmat, sheetTextsOf(tdmatView.draft))).de_DE?.map((text) => text.field)).toEqual(['description']);
  });
});

describe('XLIFF 2.0 and the import’s refusals', () => {
  it('exports only the outdated texts when asked, and reads its own XLIFF 2.0 back', async () => {
    const sih4 = await idOf('silane');
    await changeEnglish(sih4, { title: 'Silane (SiH₄), 6N' });
    const exported = await exportTranslations(db(), { language: 'fr_FR', version: '2.0', outdated: true }, { actor: editor });
    const file = await readXliff(exported.xml);
    expect(file).toMatchObject({ version: '2.0', sourceLanguage: 'en-US', targetLanguage: 'fr-FR' });
    expect(file.units.filter((unit) => unit.id?.startsWith(`sheet.${sih4}.`)).map((unit) => [unit.id, unit.source])).toEqual([
      [`sheet.${sih4}.title`, 'Silane (SiH₄), 6N'],
    ]);
    const translated = exported.xml.replace(/<target>Silane \(SiH₄\)<\/target>|<target>[^<]*<\/target>/, (match) =>
      match.replace(/>[^<]*</, '>Silane (SiH₄), 6N<'),
    );
    const plan = await planTranslationImport(db(), translated);
    expect(plan.language).toBe('fr_FR');
    expect(plan.changes.map((change) => [change.target, change.field, change.after])).toContainEqual([sih4, 'title', 'Silane (SiH₄), 6N']);
  });

  it('refuses what is not XLIFF, a language the site does not have or that differs from the file’s, and a comparison the drafts moved from', async () => {
    await expect(planTranslationImport(db(), '<html><body>not xliff</body></html>', { language: 'de_DE' })).rejects.toThrow(XliffError);
    await expect(planTranslationImport(db(), '<xliff version="1.2"><file', { language: 'de_DE' })).rejects.toThrow(/cannot be read/);
    const exported = await exportTranslations(
      db(),
      { language: 'de_DE', version: '1.2', sheetIds: [await idOf('diethylzinc')], withPages: false },
      { actor: editor },
    );
    await expect(planTranslationImport(db(), exported.xml, { language: 'fr_FR' })).rejects.toThrow('The file’s translations are in de-DE, not fr_FR');
    await expect(planTranslationImport(db(), exported.xml, { language: 'es_ES' })).rejects.toThrow(TranslationImportError);

    const translated = exported.xml.replace('<target>Diethylzink (DEZ)</target>', '<target>Diethylzink (DEZ), neu</target>');
    const plan = await planTranslationImport(db(), translated);
    expect(plan.changes).toHaveLength(1);
    // Someone edits the German title between the comparison and the apply: refused, nothing changed.
    const id = await idOf('diethylzinc');
    const view = (await sheets.view(db(), id))!;
    const draft = structuredClone(view.draft);
    draft.translations.de_DE!.title = 'Diethylzink';
    await sheets.save(db(), id, draft, view.revision, editor);
    await expect(applyTranslationImport(db(), translated, { digest: plan.digest }, editor)).rejects.toThrow(/compare it again/);
    expect((await sheets.view(db(), id))!.draft.translations.de_DE!.title).toBe('Diethylzink');
  });
});
