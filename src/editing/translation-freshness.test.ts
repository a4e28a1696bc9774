/**
 * A translation's freshness follows the text and what it was made from, whatever put it there
 * (issue 60, T3): a restored version or an undone import that puts an old German text back marks
 * it outdated when the English has moved on since it was written, and the Outdated filter and the
 * translators' export find it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import type { SheetState } from '../sheet/shape';
import { importCsvFile } from '../transfer/import-csv';
import { undoImport } from './imports';
import { commandLineActor } from './audit';

interface SheetAnswer {
  id: string;
  revision: number;
  draft: SheetState;
  outdated: Record<string, Array<{ field: string; was: string; now: string }>>;
}

let test: TestApp;
let ana: StudioClient;
let ben: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  // Two editors: one's saves never fold into the other's version.
  ana = await signInAs(test, 'editor', 'ana@example.com');
  ben = await signInAs(test, 'editor', 'ben@example.com');
});
afterAll(async () => {
  await test.close();
});

const idOf = async (urlName: string) => (await test.store.db.selectFrom('contents').select('id').where('url_name', '=', urlName).executeTakeFirstOrThrow()).id;

async function ok<T = SheetAnswer>(editor: StudioClient, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const response = await editor.request(method, path, body);
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(300);
  return response.json() as T;
}

/** Saves one language's title as `editor`. */
async function title(editor: StudioClient, id: string, language: string, text: string): Promise<SheetAnswer> {
  const view = await ok(editor, 'GET', `/sheets/${id}`);
  return ok(editor, 'PUT', `/sheets/${id}/translations/${language}`, {
    revision: view.revision,
    texts: { ...view.draft.translations[language]!, title: text },
  });
}

const outdatedFields = (view: SheetAnswer, language = 'de_DE') => (view.outdated[language] ?? []).map((text) => text.field);

async function listedAsOutdated(id: string): Promise<boolean> {
  const listed = await ok<{ sheets: Array<{ id: string }> }>(ana, 'GET', '/sheets?outdated=de_DE&limit=100');
  return listed.sheets.some((sheet) => sheet.id === id);
}

async function exportedAsOutdated(id: string): Promise<boolean> {
  const response = await ana.request('GET', `/translations/export?language=de_DE&outdated=true&format=1.2&sheets=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.body.includes(`sheet.${id}.title`);
}

describe('a translation put back as it was', () => {
  it('by a restored version is outdated when the English moved on since it was written', async () => {
    const id = await idOf('silane');
    await title(ana, id, 'de_DE', 'Silan (Fassung A)');
    await title(ben, id, 'en_US', 'Silane, electronic grade');
    const rewritten = await title(ana, id, 'de_DE', 'Silan, Elektronikqualität');
    expect(outdatedFields(rewritten)).toEqual([]);
    // The version of ben's English, when the German was still Fassung A, written against the old English.
    const versions = await ok<Array<{ number: number; actor: string }>>(ana, 'GET', `/sheets/${id}/versions`);
    const bens = versions.find((version) => version.actor === 'ben@example.com')!;
    // ben's English stays: the restore brings back the German of that version only where it differs.
    const restored = await ok(ana, 'POST', `/sheets/${id}/versions/${bens.number}/restore`, { revision: rewritten.revision });
    expect(restored.draft.translations.de_DE!.title).toBe('Silan (Fassung A)');
    expect(outdatedFields(restored)).toContain('title');
    expect(await listedAsOutdated(id)).toBe(true);
    expect(await exportedAsOutdated(id)).toBe(true);
  });

  it('by an undone import is outdated when the English moved on since it was written', async () => {
    const id = await idOf('teos');
    const german = await title(ana, id, 'de_DE', 'TEOS (Fassung A)');
    await ok(ana, 'POST', `/sheets/${id}/publish`, { revision: german.revision });
    const english = await title(ben, id, 'en_US', 'TEOS, semiconductor grade');
    const published = await ok(ben, 'POST', `/sheets/${id}/publish`, { revision: english.revision });
    expect(outdatedFields(published)).toContain('title');

    // A translator's CSV brings a German title written against the new English: current.
    const folder = mkdtempSync(join(tmpdir(), 'freshness-'));
    try {
      writeFileSync(join(folder, 'de.csv'), 'urlName,language,title\nteos,de_DE,"TEOS, Halbleiterqualität"\n');
      const { importId } = await importCsvFile(test.store.db, join(folder, 'de.csv'), { platformSitesSegment: test.config.platformSitesSegment });
      expect(outdatedFields(await ok(ana, 'GET', `/sheets/${id}`))).toEqual([]);
      expect(await listedAsOutdated(id)).toBe(false);

      // Undone, the old German is back, and it was written against the old English.
      await undoImport(test.store.db, importId, commandLineActor());
      const undone = await ok(ana, 'GET', `/sheets/${id}`);
      expect(undone.draft.translations.de_DE!.title).toBe('TEOS (Fassung A)');
      expect(outdatedFields(undone)).toContain('title');
      expect(await listedAsOutdated(id)).toBe(true);
      expect(await exportedAsOutdated(id)).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
