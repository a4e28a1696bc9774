/**
 * An agency's file merged with what the studio changed since the export, on a real store (SQLite,
 * or PostgreSQL when TEST_DATABASE_URL names one): the German texts go out; in the studio an
 * editor corrects three German titles; the file changes Silane's German description (no conflict:
 * the studio's title and the file's description are both kept) and the two other titles
 * differently (conflicts: shown, the editor takes the file's for one and keeps the draft's for the
 * other). The drafts then hold exactly the texts chosen. Once with our XLIFF 1.2 as the agency's
 * tool returns it, once through translate-toolkit (xliff2po, po2xliff), which keeps the export's
 * note on each unit.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/test-app';
import type { ContentStore } from '../cms/database';
import { findContentsByKeys } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import type { Actor } from '../editing/audit';
import { sheets } from '../editing/sheets';
import type { SheetTexts } from '../sheet/shape';
import { exportTranslations } from './translation-export';
import { applyTranslationImport, planTranslationImport, TranslationImportError } from './translation-import';

const editor: Actor = { id: null, label: 'conflicts-test' };
const toolkit = (name: string) => (process.env.TRANSLATE_TOOLKIT_BIN ? join(process.env.TRANSLATE_TOOLKIT_BIN, name) : name);
const folder = mkdtempSync(join(tmpdir(), 'xliff-conflicts-'));
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** The XLIFF as a PO translator's round trip leaves it: xliff2po, then po2xliff (XLIFF 1.1, units renumbered). */
function throughTranslateToolkit(xliff: string): string {
  writeFileSync(join(folder, 'in.xlf'), xliff);
  execFileSync(toolkit('xliff2po'), [join(folder, 'in.xlf'), join(folder, 'in.po')], { stdio: ['ignore', 'ignore', 'pipe'] });
  execFileSync(toolkit('po2xliff'), [join(folder, 'in.po'), join(folder, 'back.xlf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  return readFileSync(join(folder, 'back.xlf'), 'utf8');
}

async function editGerman(db: ContentStore, id: string, change: Partial<SheetTexts>): Promise<void> {
  const view = (await sheets.view(db, id))!;
  const draft = structuredClone(view.draft);
  Object.assign(draft.translations.de_DE!, change);
  await sheets.save(db, id, draft, view.revision, editor);
}

const FILE_DESCRIPTION = 'Das Silicium-Quellgas für die CVD von Polysilicium und Siliciumnitrid; pyrophor, daher aus abgesaugten Gasschränken.';

describe('an agency’s file merged with the studio’s corrections since the export (T6)', () => {
  for (const route of ['as the agency’s tool returns it', 'through translate-toolkit'] as const)
    it(route, async () => {
      const test = await createTestApp();
      try {
        const db = test.store.db;
        const idOf = async (slug: string) => (await findContentsByKeys(db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]))[0]!.id;
        const [silane, dez, teos] = [await idOf('silane'), await idOf('diethylzinc'), await idOf('teos')];
        const exported = await exportTranslations(
          db,
          { language: 'de_DE', version: '1.2', sheetIds: [silane, dez, teos], withPages: false },
          { actor: editor },
        );
        const german = async (id: string) => (await sheets.view(db, id))!.draft.translations.de_DE!;
        const silaneDescription = (await german(silane)).description;

        // After the export, in the studio: three German titles corrected.
        await editGerman(db, silane, { title: 'Silan (SiH₄), Reinstgas' });
        await editGerman(db, dez, { title: 'Diethylzink (DEZ), flüssig' });
        await editGerman(db, teos, { title: 'TEOS' });
        const before = { silane: await german(silane), dez: await german(dez), teos: await german(teos) };

        // The agency's file: Silane's description, and the titles of DEZ and TEOS, changed.
        const translated = exported.xml
          .replace(`<target>${silaneDescription}</target>`, `<target>${FILE_DESCRIPTION}</target>`)
          .replace('<target>Diethylzink (DEZ)</target>', '<target>Diethylzink</target>')
          .replace('<target>Tetraethylorthosilicat (TEOS)</target>', '<target>Tetraethylorthosilikat (TEOS)</target>');
        const file = route === 'through translate-toolkit' ? throughTranslateToolkit(translated) : translated;

        const plan = await planTranslationImport(db, file, { language: 'de_DE' });
        expect(plan.exports).toEqual([exported.id]);
        expect(plan.withoutExport).toBe(0);
        expect(plan.changes.map((change) => [change.target, change.field, change.before, change.after])).toEqual([
          [silane, 'description', silaneDescription, FILE_DESCRIPTION],
        ]);
        expect(plan.conflicts).toEqual([
          expect.objectContaining({
            unit: `sheet.${dez}.title`,
            exported: 'Diethylzink (DEZ)',
            exportKnown: true,
            ours: 'Diethylzink (DEZ), flüssig',
            theirs: 'Diethylzink',
          }),
          expect.objectContaining({
            unit: `sheet.${teos}.title`,
            exported: 'Tetraethylorthosilicat (TEOS)',
            ours: 'TEOS',
            theirs: 'Tetraethylorthosilikat (TEOS)',
          }),
        ]);
        // Silane's title: changed in the studio, left as sent by the file: kept.
        expect(plan.kept).toBe(1);
        expect(plan.flagged).toEqual([]);

        await expect(
          applyTranslationImport(db, file, { language: 'de_DE', digest: plan.digest, choices: { [`sheet.${silane}.description`]: 'theirs' } }, editor),
        ).rejects.toThrow(TranslationImportError);
        const applied = await applyTranslationImport(
          db,
          file,
          { language: 'de_DE', digest: plan.digest, choices: { [`sheet.${dez}.title`]: 'theirs', [`sheet.${teos}.title`]: 'ours' } },
          editor,
        );
        expect(applied.texts).toBe(2);
        expect(applied.saved).toEqual(['Silane (SiH₄)', 'Diethylzinc (DEZ)']);

        // Exactly the texts chosen, and nothing else of the German changed.
        expect(await german(silane)).toEqual({ ...before.silane, description: FILE_DESCRIPTION });
        expect(await german(dez)).toEqual({ ...before.dez, title: 'Diethylzink' });
        expect(await german(teos)).toEqual(before.teos);
      } finally {
        await test.close();
      }
    });
});
