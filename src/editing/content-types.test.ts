/**
 * The sheet type as data, on a real store (SQLite, or PostgreSQL when TEST_DATABASE_URL names one):
 * a field added at run time, through the editing API as the Fields screen adds it or through an
 * import's manifest as the platform's exports carry one, is in the studio's type, the delivery
 * API's metadata and bodies, the sheet page, search and the CSV (out and back in), with no code
 * changed and no restart. Changing a type keeps what its values depend on, and never drops a field.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readJournalOnce } from '../server/journal-follower';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { listAuditEntries } from '../cms/repositories/audit-log';
import { findContentsByKeys } from '../cms/repositories/contents';
import type { ContentType } from '../content-model/definition';
import { DEMO_IDS } from '../demo/seed-demo';
import { LITERATURE_CONTENT_TYPE } from '../shared/constants';
import { parseCsv } from '../transfer/csv';
import { collectCsv } from '../transfer/export-csv';
import { exportContentFolder } from '../transfer/export-content';
import { importContentFolder } from '../transfer/import-content';
import { importCsvFile } from '../transfer/import-csv';
import { changeFields, contentTypes } from './content-types';
import { EditingError } from './editable';
import { problemLine } from '../shared/problems';

const { siteId } = DEMO_IDS;
const typePath = `/content-types/${LITERATURE_CONTENT_TYPE}`;
const metadataUrl = `/services/data/v65.0/connect/sites/${siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}/metadata?expandMetadata=true`;
const contentUrl = (key: string) => `/services/data/v65.0/connect/sites/${siteId}/cms/delivery/contents/${key}`;
const cardTitles = (html: string) => [...html.matchAll(/<a class="card__link" href="[^"]*">([^<]*)<\/a>/g)].map((match) => match[1]);

let test: TestApp;
let admin: StudioClient;
let editor: StudioClient;
let folder: string;
beforeAll(async () => {
  // Search syncs when the content changed: on PostgreSQL the store says so when it listens for changes.
  test = await createTestApp({ listenForChanges: true });
  [admin, editor] = await Promise.all([signInAs(test, 'admin'), signInAs(test, 'editor')]);
  folder = mkdtempSync(join(tmpdir(), 'content-types-'));
});
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

const db = () => test.store.db;
const typeNow = async () => ((await editor.request('GET', typePath)).json() as { type: ContentType }).type;
const fieldNamed = async (name: string) => (await typeNow()).fields.find((field) => field.name === name);

async function sheetNamed(urlName: string) {
  const [content] = await findContentsByKeys(db(), siteId, [DEMO_IDS.sheetKey(urlName)]);
  const response = await editor.request('GET', `/sheets/${content!.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string; revision: number; draft: Record<string, unknown> & { values?: Record<string, unknown>; contentKey: string } };
}

async function saveValues(urlName: string, values: Record<string, unknown>) {
  const sheet = await sheetNamed(urlName);
  return editor.request('PUT', `/sheets/${sheet.id}`, { revision: sheet.revision, state: { ...sheet.draft, values: { ...sheet.draft.values, ...values } } });
}

async function saveAndPublish(urlName: string, values: Record<string, unknown>) {
  const sheet = await sheetNamed(urlName);
  const saved = await saveValues(urlName, values);
  expect(saved.statusCode, saved.body).toBe(200);
  return editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: (saved.json() as { revision: number }).revision });
}

describe('a field added through the editing API', () => {
  it('is added by an admin only, at once, with a version and an audit entry', async () => {
    const grade = { name: 'grade', kind: 'text', labels: { en_US: 'Grade', de_DE: 'Qualität' }, perLanguage: false, shows: { search: 2 } };
    expect((await editor.request('POST', `${typePath}/fields`, grade)).statusCode).toBe(403);
    const added = await admin.request('POST', `${typePath}/fields`, grade);
    expect(added.statusCode, added.body).toBe(201);
    expect(await fieldNamed('grade')).toEqual({
      name: 'grade',
      labels: { en_US: 'Grade', de_DE: 'Qualität' },
      kind: 'text',
      perLanguage: false,
      required: false,
      multiple: false,
      limits: {},
      shows: { card: false, page: true, search: 2, facet: false },
      retired: false,
    });
    const entries = await listAuditEntries(db(), { limit: 5 });
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['content-type.change', 'content-type.publish']));
    expect((await contentTypes.versions(db(), LITERATURE_CONTENT_TYPE)).map((version) => version.event)).toEqual(['publish', 'change', 'original']);
    // The delivery API's metadata names it as the platform would.
    const metadata = (await test.app.inject(metadataUrl)).json() as { schema: Record<string, unknown> };
    expect(metadata.schema.grade).toEqual({ label: 'Grade', name: 'grade', nodeType: 'Text' });
  });

  it('takes a value in the studio’s save, and shows it in the API body, the sheet page and search', async () => {
    // Written one way, as the studio sends it: the editing API says how.
    const untrimmed = await saveValues('teos', { grade: '  VLSI grade 7N ' });
    expect(untrimmed.statusCode).toBe(400);
    expect(untrimmed.json()[0].problems.map(problemLine)).toEqual(['values.grade: write it as "VLSI grade 7N"']);
    const published = await saveAndPublish('teos', { grade: 'VLSI grade 7N' });
    expect(published.statusCode, published.body).toBe(200);

    const body = (await test.app.inject(contentUrl(DEMO_IDS.sheetKey('teos')))).json() as { contentBody: Record<string, unknown> };
    expect(body.contentBody.grade).toBe('VLSI grade 7N');
    const german = (await test.app.inject(`${contentUrl(DEMO_IDS.sheetKey('teos'))}?language=de_DE`)).json() as { contentBody: Record<string, unknown> };
    expect(german.contentBody.grade).toBe('VLSI grade 7N');

    const page = (await test.app.inject('/de-DE/sheets/teos')).body;
    expect(page).toMatch(/<dt>Qualität<\/dt><dd>VLSI grade 7N<\/dd>/);
    expect(cardTitles((await test.app.inject('/?q=VLSI')).body)).toEqual(['Tetraethyl orthosilicate (TEOS)']);
  });

  it('is a CSV column that goes out and comes back in', async () => {
    const exported = await collectCsv(db());
    const [header, ...rows] = parseCsv(exported.csv).map((row) => row.fields);
    const column = header!.indexOf('grade');
    expect(column).toBeGreaterThan(header!.indexOf('topics'));
    const teosRows = rows.filter((row) => row[header!.indexOf('urlName')] === 'teos');
    expect(teosRows.map((row) => row[column])).toEqual(['VLSI grade 7N', 'VLSI grade 7N', 'VLSI grade 7N']);
    expect(teosRows[0]![header!.indexOf('casNumbers')]).toBe('78-10-4');

    const csv = join(folder, 'grade.csv');
    writeFileSync(csv, `urlName,language,grade,casNumbers\nteos,en_US,ULSI grade 8N,78104\n`);
    await importCsvFile(db(), csv, { platformSitesSegment: test.config.platformSitesSegment });
    // As the import command does as it ends: the read model has it then.
    await readJournalOnce(test.store);
    const body = (await test.app.inject(contentUrl(DEMO_IDS.sheetKey('teos')))).json() as { contentBody: Record<string, unknown> };
    expect(body.contentBody).toMatchObject({ grade: 'ULSI grade 8N', casNumbers: ['78-10-4'] });
    const again = parseCsv((await collectCsv(db())).csv).map((row) => row.fields);
    expect(again.filter((row) => row[header!.indexOf('urlName')] === 'teos').map((row) => row[column])).toEqual([
      'ULSI grade 8N',
      'ULSI grade 8N',
      'ULSI grade 8N',
    ]);

    writeFileSync(csv, `urlName,language,casNumbers\nteos,en_US,78-10-5\n`);
    await expect(importCsvFile(db(), csv, { platformSitesSegment: test.config.platformSitesSegment })).rejects.toMatchObject({
      problems: ['line 2, casNumbers[0]: 78-10-5 is not a CAS number: its check digit would be 4, not 5'],
    });
  });
});

describe('changing a type', () => {
  it('relabels, moves, asks for a value before publishing, and retires a field, keeping its values', async () => {
    const changed = await admin.request('PATCH', `${typePath}/fields/grade`, { labels: { fr_FR: 'Qualité' }, required: true, position: 4 });
    expect(changed.statusCode, changed.body).toBe(200);
    const type = await typeNow();
    expect(type.fields[4]).toMatchObject({ name: 'grade', labels: { en_US: 'Grade', de_DE: 'Qualität', fr_FR: 'Qualité' }, required: true });

    const refused = await saveAndPublish('silane', { purity: '6N' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[0].problems.map(problemLine)).toEqual(['values.grade: needs a value before the sheet is published']);

    expect((await admin.request('PATCH', `${typePath}/fields/grade`, { retired: true, required: false })).statusCode).toBe(200);
    expect((await fieldNamed('grade'))?.retired).toBe(true);
    const metadata = (await test.app.inject(metadataUrl)).json() as { schema: Record<string, unknown> };
    expect(metadata.schema.grade).toBeUndefined();
    // Its values stay where they were: in the body, and a column of the CSV.
    const body = (await test.app.inject(contentUrl(DEMO_IDS.sheetKey('teos')))).json() as { contentBody: Record<string, unknown> };
    expect(body.contentBody.grade).toBe('ULSI grade 8N');
    expect((await saveAndPublish('silane', { purity: '6N' })).statusCode).toBe(200);
    // Search reads a retired field no more, and again once it is brought back: its sheets are indexed again.
    expect(cardTitles((await test.app.inject('/?q=ULSI')).body)).toEqual([]);
    expect((await admin.request('PATCH', `${typePath}/fields/grade`, { retired: false })).statusCode).toBe(200);
    expect(cardTitles((await test.app.inject('/?q=ULSI')).body)).toEqual(['Tetraethyl orthosilicate (TEOS)']);
  });

  it('shows a field on the cards once an admin says so, labelled in the page’s language, and no more once they say not', async () => {
    const card = async (path: string) => {
      const page = (await test.app.inject(path)).body;
      const at =
        page.indexOf('>Trimethylaluminium (TMA)</a>') > 0 ? page.indexOf('>Trimethylaluminium (TMA)</a>') : page.indexOf('>Trimethylaluminum (TMA)</a>');
      return page.slice(at, page.indexOf('card__buttons', at));
    };
    expect(await card('/de-DE/')).not.toContain('card__properties');
    expect((await admin.request('PATCH', `${typePath}/fields/casNumbers`, { shows: { card: true } })).statusCode).toBe(200);
    // Only what the change names changes: the CAS number still counts as a title in search.
    expect((await fieldNamed('casNumbers'))?.shows).toEqual({ card: true, page: true, search: 3, facet: false });
    expect(await card('/de-DE/')).toContain('<dl class="card__properties"><div><dt>CAS-Nummer</dt><dd>75-24-1</dd></div></dl>');
    expect(await card('/')).toContain('<dt>CAS number</dt><dd>75-24-1</dd>');
    // Such cards are the server's only: the grid pages by its links, each page the server's.
    expect((await test.app.inject('/')).body).toContain('"pagesByLinks":true');
    expect((await admin.request('PATCH', `${typePath}/fields/casNumbers`, { shows: { card: false } })).statusCode).toBe(200);
    expect(await card('/')).not.toContain('card__properties');
    expect((await test.app.inject('/')).body).not.toContain('pagesByLinks');
  });

  it('offers a field’s values as a facet once an admin makes it one, and no more once they say not', async () => {
    const grades = async () =>
      [...(await test.app.inject('/')).body.matchAll(/<a class="facets__choice" href="([^"]*)"[^>]*>ULSI grade 8N /g)].map((match) => match[1]);
    expect(await grades()).toEqual([]);
    expect((await admin.request('PATCH', `${typePath}/fields/grade`, { shows: { facet: true } })).statusCode).toBe(200);
    // The sheets holding a value of it are indexed again: the choice is TEOS's, and leads to it.
    expect(await grades()).toEqual(['/?grade=ulsi+grade+8n']);
    expect(cardTitles((await test.app.inject('/?grade=ulsi+grade+8n')).body)).toEqual(['Tetraethyl orthosilicate (TEOS)']);
    expect((await admin.request('PATCH', `${typePath}/fields/grade`, { shows: { facet: false } })).statusCode).toBe(200);
    expect(await grades()).toEqual([]);
  });

  it('never removes a field or changes what its values depend on', async () => {
    const actor = { id: null, label: 'test' };
    const view = (await contentTypes.view(db(), LITERATURE_CONTENT_TYPE))!;
    const without = { ...view.draft, fields: view.draft.fields.filter((field) => field.name !== 'purity') };
    const problemsOf = (error: unknown) => (error as EditingError).details.problems?.map(problemLine);
    const removed = await contentTypes.save(db(), LITERATURE_CONTENT_TYPE, without, view.revision, actor).catch((error: unknown) => error);
    expect(removed).toBeInstanceOf(EditingError);
    expect(problemsOf(removed)).toEqual(['fields: purity cannot be removed: retire it instead (its values stay in versions and exports)']);

    const rekinded = await changeFields(db(), LITERATURE_CONTENT_TYPE, { change: 'Title', retired: true }, actor).catch((error: unknown) => error);
    expect(problemsOf(rekinded)).toEqual(['fields.Title.retired: every sheet has a Title; it cannot be retired']);
    const list = {
      ...view.draft,
      fields: view.draft.fields.map((field) => (field.name === 'formula' ? { ...field, multiple: true, kind: 'text' as const } : field)),
    };
    const settled = await contentTypes.save(db(), LITERATURE_CONTENT_TYPE, list, view.revision, actor).catch((error: unknown) => error);
    expect(problemsOf(settled)).toEqual([
      'fields.formula.kind: cannot change once the field exists (it is "formula"): add a new field and retire this one',
      'fields.formula.multiple: cannot change once the field exists (it is false): add a new field and retire this one',
    ]);
    const taken = await admin.request('POST', `${typePath}/fields`, { name: 'Purity', kind: 'text', labels: { en_US: 'Purity again' } });
    expect(taken.statusCode).toBe(400);
    expect((await typeNow()).fields.filter((field) => field.name.toLowerCase() === 'purity')).toHaveLength(1);
  });
});

describe('a field added through an import’s manifest', () => {
  it('gets the defaults, keeps the store’s other fields, and shows its values', async () => {
    const exported = join(folder, 'export');
    await exportContentFolder(db(), exported);
    const manifestPath = join(exported, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    // As the platform's export carries a type: a label and a node type per field, nothing more.
    const type = manifest.contentTypes.find((entry: { fullyQualifiedName: string }) => entry.fullyQualifiedName === LITERATURE_CONTENT_TYPE);
    type.fields = {
      Title: { label: 'Title', nodeType: 'NameField' },
      description: { label: 'Description', nodeType: 'MultilineText' },
      shelfLife: { label: 'Shelf life', nodeType: 'Text' },
    };
    const silane = manifest.contents.find((content: { urlName: string }) => content.urlName === 'silane');
    // Changed and published again where it came from: a later publication date, as the platform gives it.
    for (const translation of silane.translations) {
      translation.body.shelfLife = translation.language === 'de_DE' ? '12 Monate' : '12 months';
      translation.publishedAt = '2026-11-20T08:00:00.000Z';
    }
    writeFileSync(manifestPath, JSON.stringify(manifest));
    await importContentFolder(db(), exported);
    // As the command line does when its import ends: the journal read, search up to date.
    await readJournalOnce(test.store);

    const fields = (await typeNow()).fields;
    expect(fields.map((field) => field.name)).toEqual(expect.arrayContaining(['casNumbers', 'formula', 'purity', 'grade', 'shelfLife']));
    expect(fields.find((field) => field.name === 'shelfLife')).toMatchObject({
      kind: 'text',
      perLanguage: true,
      required: false,
      labels: { en_US: 'Shelf life' },
      shows: { card: false, page: true, search: 1, facet: false },
    });
    expect((await test.app.inject('/de-DE/sheets/silane')).body).toMatch(/<dt>Shelf life<\/dt><dd>12 Monate<\/dd>/);

    // A manifest is held to the rules an admin is: what values depend on does not change.
    type.fields = { form: { label: 'Form', nodeType: 'Text', kind: 'text', perLanguage: false } };
    writeFileSync(manifestPath, JSON.stringify(manifest));
    await expect(importContentFolder(db(), exported)).rejects.toMatchObject({
      problems: [expect.stringContaining('fields.form.perLanguage: cannot change once the field exists (it is true)')],
    });
    expect(cardTitles((await test.app.inject('/?q=Monate')).body)).toEqual([]);
    expect(cardTitles((await test.app.inject('/de-DE/?q=Monate')).body)).toEqual(['Silan (SiH₄)']);
  });
});
