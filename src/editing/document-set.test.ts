/**
 * A sheet's documents as a set (docs/content-model.md, "Documents"), on a real store over HTTP: a
 * German data sheet added to an English sheet is told German from its text and proposes the German
 * texts; a safety data sheet is not; what the editor says of each (kind, region, revision, date) is
 * checked, published and shown on the sheet page; a reader gets the data sheet in their language;
 * a new revision keeps the old one at its address until it is withdrawn; and a document taken out
 * of the set comes back with an undo of the publish.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { sheetItemOf } from '../published/published-content';
import { sheetsOf } from '../published/sheets';
import { DEMO_CATALOGUE, type CatalogueEntry } from '../demo/catalogue';
import { renderLiteraturePdf, renderSafetyDataSheet } from '../demo/literature-pdf';
import type { SheetState } from '../sheet/shape';
import { importCsvFile } from '../transfer/import-csv';

interface SheetAnswer {
  id: string;
  revision: number;
  draft: SheetState;
  proposedTranslation?: string | null;
  documentVersions: Array<{ assetId: string; version: number; withdrawn: boolean }>;
}

let test: TestApp;
let editor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  editor = await signInAs(test, 'editor');
});
afterAll(async () => {
  await test.close();
});

const hafnium: CatalogueEntry = {
  ...DEMO_CATALOGUE[0]!,
  title: 'Tetrakis(dimethylamido)hafnium (TDMAHf)',
  description:
    'A liquid hafnium source for atomic layer deposition of hafnium oxide gate dielectrics at low temperature, reacting cleanly with water or ozone.',
  chemical: { name: 'Tetrakis(dimethylamido)hafnium', abbreviation: 'TDMAHf', formula: 'Hf(N(CH3)2)4', hill: 'C8H24HfN4', cas: '19782-68-4' },
};
const hafniumGerman: CatalogueEntry = {
  ...hafnium,
  title: 'Tetrakis(dimethylamido)hafnium (TDMAHf) für ALD',
  description:
    'Eine flüssige Hafniumquelle für die Atomlagenabscheidung von Hafniumoxid als Gate-Dielektrikum bei niedriger Temperatur; sie reagiert sauber mit Wasser oder Ozon.',
  applications: ['Atomlagenabscheidung von Hafniumoxid mit Wasser oder Ozon für Gate-Dielektrika und Kondensatoren.'],
  handling: ['Reagiert mit Feuchtigkeit und Luft; unter trockenem Inertgas handhaben und lagern.'],
  packaging: ['Edelstahl-Bubbler mit Membranventilen, unter Schutzgas gefüllt und verschlossen.'],
};
const SAFETY = {
  use: 'Precursor for atomic layer deposition; industrial use only.',
  signalWord: 'Danger',
  hazards: ['H261 In contact with water releases flammable gas.', 'H314 Causes severe skin burns and eye damage.'],
  revision: '1.0',
  revisedOn: '2026-01-10',
};

/** A multipart/form-data body with one field `file`, as a browser sends it. */
async function form(fileName: string, bytes: Buffer): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const body = new FormData();
  body.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), fileName);
  const request = new Request('http://upload.test/', { method: 'POST', body });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

async function send(method: 'POST' | 'PUT', path: string, fileName: string, bytes: Buffer): Promise<SheetAnswer> {
  const { payload, headers } = await form(fileName, bytes);
  const response = await editor.request(method, path, payload, headers);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

async function save(sheet: SheetAnswer, change: (draft: SheetState) => SheetState) {
  return editor.request('PUT', `/sheets/${sheet.id}`, { revision: sheet.revision, state: change(structuredClone(sheet.draft)) });
}

async function publish(sheet: { id: string; revision: number }): Promise<SheetAnswer> {
  const response = await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: sheet.revision });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const at = (date: string) => new Date(`${date}T00:00:00Z`);
const settings = () => ({ basePath: test.config.basePath, platformSitesSegment: test.config.platformSitesSegment, siteUrl: null });
/** The sheets as the site's grid and the delivery API carry them, from the read model of what is published, in a language. */
const itemsOf = async (language: string, ids: string[]) =>
  (await sheetsOf(test.store.db, language, ids)).map((published) => sheetItemOf(published, settings()));

describe('a sheet’s documents as a set', () => {
  let sheet: SheetAnswer;
  let germanUrl: string;
  let ownUrl: string;

  it('tells a new document’s language from its text, and a data sheet in a new language proposes that language’s texts', async () => {
    const created = await editor.request('POST', '/sheets', { title: hafnium.title, description: hafnium.description });
    expect(created.statusCode, created.body).toBe(201);
    sheet = created.json();
    sheet = await send(
      'PUT',
      `/sheets/${sheet.id}/document?revision=${sheet.revision}`,
      'tdmahf-en.pdf',
      await renderLiteraturePdf(hafnium, { generatedAt: at('2026-02-01') }),
    );
    ownUrl = sheet.draft.translations.en_US!.url;

    const german = await renderLiteraturePdf(hafniumGerman, { generatedAt: at('2026-02-02'), language: 'de' });
    sheet = await send('POST', `/sheets/${sheet.id}/documents?revision=${sheet.revision}`, 'tdmahf-de.pdf', german);
    expect(sheet.proposedTranslation).toBe('de_DE');
    const [added] = sheet.draft.documents!;
    expect(added).toMatchObject({ kind: 'data-sheet', language: 'de_DE', version: 1, fileName: 'tdmahf-de.pdf' });
    germanUrl = added!.url;
    expect(germanUrl).toBe(`/sfsites/c/file-asset/${added!.assetId}?v=1`);
    expect(sheet.draft.translations.de_DE).toMatchObject({ title: 'Tetrakis(dimethylamido)hafnium (TDMAHf) für ALD', url: germanUrl });

    const sds = (await renderSafetyDataSheet(hafnium, SAFETY, { generatedAt: at('2026-02-03') })).bytes;
    sheet = await send('POST', `/sheets/${sheet.id}/documents?kind=safety-data-sheet&revision=${sheet.revision}`, 'tdmahf-sds-en.pdf', sds);
    expect(sheet.proposedTranslation).toBeNull();
    expect(sheet.draft.documents![1]).toMatchObject({ kind: 'safety-data-sheet', language: 'en_US' });
    expect(Object.keys(sheet.draft.translations).sort()).toEqual(['de_DE', 'en_US']);

    const unknown = await form('x.pdf', sds);
    expect(
      (await editor.request('POST', `/sheets/${sheet.id}/documents?kind=leaflet&revision=${sheet.revision}`, unknown.payload, unknown.headers)).statusCode,
    ).toBe(400);
  });

  it('checks what the editor says of each document, by field, and keeps the draft as it was when refused', async () => {
    const refused = await save(sheet, (draft) => {
      draft.documents![1]!.region = 'eu';
      return draft;
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('documents[1].region: must be a country code of two capital letters (DE, FR) or EU');
    const undated = await save(sheet, (draft) => {
      draft.document!.revisedOn = '2026-02-30';
      return draft;
    });
    expect(undated.statusCode).toBe(400);
    expect(undated.body).toContain('document.revisedOn: must be a date, written 2026-03-12');
    expect((await editor.request('GET', `/sheets/${sheet.id}`)).json()).toMatchObject({ revision: sheet.revision, draft: sheet.draft });

    const forged = await save(sheet, (draft) => {
      draft.documents![0]!.url = ownUrl;
      return draft;
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('documents[0].url: must be the address of version 1');

    const saved = await save(sheet, (draft) => {
      draft.document = { ...draft.document!, revision: '2', revisedOn: '2026-02-01' };
      draft.documents![0] = { ...draft.documents![0]!, revision: '2', revisedOn: '2026-02-01' };
      draft.documents![1] = { ...draft.documents![1]!, region: 'EU', revision: '1.0', revisedOn: '2026-01-10' };
      return draft;
    });
    expect(saved.statusCode, saved.body).toBe(200);
    sheet = await publish(saved.json());
  });

  it('lists the current documents on the sheet page, the page’s language first, with kind, region, revision and date', async () => {
    const urlName = sheet.draft.urlName;
    const english = (await test.app.inject(`/sheets/${urlName}`)).body;
    expect(english).toContain(`href="${ownUrl}" type="application/pdf" hrefLang="en-US">Data sheet (PDF)</a>`);
    expect(english).toMatch(/<span class="sheet__document-facts">PDF, [^,]+, English, revision 2 of February 1, 2026<\/span>/);
    expect(english).toContain('<h2 class="sheet__documents-heading">More documents</h2>');
    const list = english.slice(english.indexOf('class="sheet__documents"'));
    expect(list.indexOf('Safety data sheet (English)')).toBeGreaterThan(0);
    expect(list.indexOf('Safety data sheet (English)')).toBeLessThan(list.indexOf('Data sheet (German)'));
    expect(list).toMatch(
      /Safety data sheet \(English\)<\/a> <span class="sheet__document-facts">PDF, [^,]+, European Union, revision 1\.0 of January 10, 2026<\/span>/,
    );

    // A German reader gets the German data sheet, named in German.
    const german = (await test.app.inject(`/de-DE/sheets/${urlName}`)).body;
    expect(german).toContain(`href="${germanUrl}" type="application/pdf" hrefLang="de-DE">Datenblatt (PDF)</a>`);
    expect(german).toMatch(/PDF, [^,]+, Deutsch, Revision 2 vom 1\. Februar 2026/);
    expect(german).toContain('Sicherheitsdatenblatt (Englisch)');

    // The delivery API carries the set in the body, as the store keeps it.
    const [item] = await itemsOf('en_US', [sheet.id]);
    expect(item!.body.contentBody.documents).toEqual([
      expect.objectContaining({ url: ownUrl, kind: 'data-sheet', language: 'en_US', revision: '2', revisedOn: '2026-02-01' }),
      expect.objectContaining({ url: germanUrl, kind: 'data-sheet', language: 'de_DE' }),
      expect.objectContaining({ kind: 'safety-data-sheet', language: 'en_US', region: 'EU', revision: '1.0', revisedOn: '2026-01-10' }),
    ]);
  });

  it('takes a reader to the data sheet in their language, else the sheet’s own with its language said', async () => {
    // The German text's link set to the English PDF: a German reader still gets the German one.
    const opened = (await editor.request('GET', `/sheets/${sheet.id}`)).json() as SheetAnswer;
    const saved = await save(opened, (draft) => {
      draft.translations.de_DE!.url = ownUrl;
      return draft;
    });
    expect(saved.statusCode, saved.body).toBe(200);
    sheet = await publish(saved.json());
    const [german] = await itemsOf('de_DE', [sheet.id]);
    expect(german!.body.contentBody.url).toBe(germanUrl);
    expect(german!.linkLanguage).toBeUndefined();
    // French: no French text and no French data sheet: the English one, said to be English.
    const [french] = await itemsOf('fr_FR', [sheet.id]);
    expect(french).toMatchObject({ language: 'en_US', body: { contentBody: { url: ownUrl } } });
  });

  it('keeps a superseded revision at its address until it is withdrawn, and never withdraws the current one', async () => {
    const sds = sheet.draft.documents![1]!;
    const { bytes: revised } = await renderSafetyDataSheet(hafnium, { ...SAFETY, revision: '1.1', revisedOn: '2026-03-01' }, { generatedAt: at('2026-03-01') });
    sheet = await send('PUT', `/sheets/${sheet.id}/documents/${sds.assetId}?revision=${sheet.revision}`, 'tdmahf-sds-en-1.1.pdf', revised);
    const next = sheet.draft.documents![1]!;
    // A new file is a new revision: what was said of the old one's revision is for the editor to say again.
    expect(next).toMatchObject({ assetId: sds.assetId, version: 2, region: 'EU', kind: 'safety-data-sheet', url: `/sfsites/c/file-asset/${sds.assetId}?v=2` });
    expect(next.revision).toBeUndefined();
    sheet = await publish(sheet);

    const old = await test.app.inject(sds.url);
    expect(old.statusCode).toBe(200);
    expect(old.headers.link).toBe(`<${next.url}>; rel="latest-version"`);
    const current = await editor.request('POST', `/sheets/${sheet.id}/documents/2/withdraw?asset=${sds.assetId}`);
    expect(current.statusCode).toBe(400);
    // A link left on the superseded version is refused at publish: that version is the site's no more.
    const stale = await save(sheet, (draft) => {
      draft.translations.de_DE!.url = sds.url;
      return draft;
    });
    expect(stale.statusCode, stale.body).toBe(200);
    const refused = await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: (stale.json() as SheetAnswer).revision });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('translations.de_DE.url: goes to version 1 of a document of the sheet, which has version 2');
    const relinked = await save(stale.json() as SheetAnswer, (draft) => {
      draft.translations.de_DE!.url = germanUrl;
      return draft;
    });
    sheet = await publish(relinked.json() as SheetAnswer);

    const withdrawn = await editor.request('POST', `/sheets/${sheet.id}/documents/1/withdraw?asset=${sds.assetId}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((withdrawn.json() as SheetAnswer).documentVersions.filter((version) => version.assetId === sds.assetId)).toEqual([
      expect.objectContaining({ version: 2, withdrawn: false }),
      expect.objectContaining({ version: 1, withdrawn: true }),
    ]);
    expect((await test.app.inject(sds.url)).statusCode).toBe(410);
    // The sheet's own document is untouched.
    expect((await test.app.inject(ownUrl)).statusCode).toBe(200);
  });

  it('refuses a set without the sheet’s own document, and another sheet’s published document', async () => {
    const opened = (await editor.request('GET', `/sheets/${sheet.id}`)).json() as SheetAnswer;
    const ownless = await save(opened, (draft) => ({ ...draft, document: null }));
    expect(ownless.statusCode).toBe(400);
    expect(ownless.body).toContain('documents: the sheet needs its own document (its link’s) before others');
    const teos = await editor.request('GET', `/sheets?q=TEOS`);
    const other = (teos.json() as { sheets: Array<{ id: string }> }).sheets[0]!;
    const theirs = ((await editor.request('GET', `/sheets/${other.id}`)).json() as SheetAnswer).draft.document!;
    const claimed = await save(opened, (draft) => {
      draft.documents = [
        ...draft.documents!,
        { ...theirs, kind: 'brochure', language: 'en_US', url: `/sfsites/c/file-asset/${theirs.assetId}?v=${theirs.version}` },
      ];
      return draft;
    });
    expect(claimed.statusCode).toBe(400);
    expect(claimed.body).toContain(`documents[2]: the asset ${theirs.assetId} belongs to another document`);
  });

  it('brings a document back with an older version while the site still has it', async () => {
    const opened = (await editor.request('GET', `/sheets/${sheet.id}`)).json() as SheetAnswer;
    const versions = (await editor.request('GET', `/sheets/${sheet.id}/versions`)).json() as Array<{ number: number }>;
    const removed = await save(opened, (draft) => ({ ...draft, documents: draft.documents!.filter((document) => document.url !== germanUrl) }));
    expect(removed.statusCode, removed.body).toBe(200);
    const latest = versions[0]!.number;
    const restored = await editor.request('POST', `/sheets/${sheet.id}/versions/${latest}/restore`, { revision: (removed.json() as SheetAnswer).revision });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as SheetAnswer).draft.documents!.map((document) => document.url)).toContain(germanUrl);
    sheet = restored.json();
  });

  it('takes a document out of the set on publish, and an undo of that publish brings it back', async () => {
    const opened = (await editor.request('GET', `/sheets/${sheet.id}`)).json() as SheetAnswer;
    const saved = await save(opened, (draft) => {
      draft.translations.de_DE!.url = ownUrl;
      draft.documents = draft.documents!.filter((document) => document.url !== germanUrl);
      return draft;
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await publish(saved.json());
    expect((await test.app.inject(germanUrl)).statusCode).toBe(404);

    const undone = await editor.request('POST', `/sheets/${sheet.id}/undo-publish`, { revision: published.revision });
    expect(undone.statusCode, undone.body).toBe(200);
    const back = await test.app.inject(germanUrl);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    const restored = (await editor.request('GET', `/sheets/${sheet.id}`)).json() as SheetAnswer & { published: SheetState };
    expect(restored.published.documents!.map((document) => document.url)).toContain(germanUrl);
  });

  it('keeps what its own document is when a CSV import brings a new file for it, and asks for its revision anew', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'document-set-'));
    writeFileSync(
      join(folder, 'tdmahf.pdf'),
      await renderLiteraturePdf({ ...hafnium, description: `${hafnium.description} Revised.` }, { generatedAt: at('2026-04-01') }),
    );
    writeFileSync(join(folder, 'sheets.csv'), `urlName,language,document\n${sheet.draft.urlName},en_US,tdmahf.pdf\n`);
    await importCsvFile(test.store.db, join(folder, 'sheets.csv'), { platformSitesSegment: test.config.platformSitesSegment });
    rmSync(folder, { recursive: true, force: true });
    const after = (await editor.request('GET', `/sheets/${sheet.id}`)).json() as SheetAnswer & { published: SheetState };
    expect(after.published.document).toMatchObject({ kind: 'data-sheet', language: 'en_US', version: 2 });
    expect(after.published.document?.revision).toBeUndefined();
    expect(after.published.documents!.map((document) => document.kind)).toContain('safety-data-sheet');
  });
});
