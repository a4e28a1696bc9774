/**
 * Model-based (issue 60): seeded random sequences of every kind of change editors and operators
 * make to a few sheets, where two features meet: saves (and an editor's save from a stale
 * revision), German translations written in the studio or brought back by a translator's XLIFF,
 * a new document revision, publish and undo publish, unpublish, a scheduled publish, review before
 * publish (on and off, approvals), releases and their undo, a one-row import and its undo (a CSV or
 * an .xlsx at the command line, a zip of a CSV through the studio; into the draft while review is on), a
 * version restored, the trash and back, and the editor's choice where an import and a draft
 * collided. They run against the real editing engine and store beside a simple model of what the
 * site must show, what each draft must hold, and what each translation was made from.
 *
 * After every step:
 * - what the site serves (the delivery API, the document's addresses with their headers) is what
 *   the model says is published, and what the studio says is;
 * - each draft holds what the model says (no acknowledged change disappears without a recorded
 *   choice), its status and open choices are the model's;
 * - the German title's outdated flag equals a recomputation from what each German text was made
 *   from (the English title when it was written; a text put back keeps its own);
 * - once the change journal is read, the search index and the read model of what is published hold
 *   the site's titles and nothing more, the read model is what a rebuild from scratch makes, and
 *   the purge outbox holds the key of every sheet whose published state changed.
 * SQLite, or PostgreSQL when TEST_DATABASE_URL names one.
 *
 * EDITING_MODEL_STEPS (300 by default) deepens a run and EDITING_MODEL_SEED repeats one; the seed is
 * printed. The same seed runs the same steps. A failure is shrunk to a shorter sequence, which can
 * take many minutes: EDITING_MODEL_SHRINK_MS=300000 reports what was shrunk by then, and CI=1 the
 * sequence as it failed.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { importThroughStudio, signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { writeXlsx, writeZip } from '../../tests/helpers/xlsx-writer';
import { DEMO_IDS } from '../demo/seed-demo';
import { saveBlob } from '../cms/repositories/editing';
import { saveReviewPolicy } from '../cms/repositories/reviews';
import { readJournalOnce } from '../server/journal-follower';
import { rebuildPublished } from '../published/published-reader';
import { sheetsOf } from '../published/sheets';
import { buildFacetIndex, createSheetSearch, type SheetSearch } from '../search/sheet-search';
import { cdnKeys } from '../shared/cdn-keys';
import { setAt } from '../shared/merge';
import type { SheetState } from '../sheet/shape';
import { formatCsvRow } from '../transfer/csv';
import { importCsvFile } from '../transfer/import-csv';
import { ManifestError } from '../transfer/manifest';
import { exportTranslations } from '../transfer/translation-export';
import { applyTranslationImport, planTranslationImport } from '../transfer/translation-import';
import type { Actor } from './audit';
import { EditingError } from './editable';
import { undoImport } from './imports';
import { addToRelease, createRelease, discardRelease, publishRelease, undoRelease } from './releases';
import { fireDueSchedules, scheduleSheet } from './schedules';
import { listSheetPage } from './sheet-list';
import { newSheetState, sheets, sheetTextsOf } from './sheets';
import { outdatedTexts } from './translation-marks';

/** Steps in all, at least: runs of up to 100 steps go on until this many ran and every kind of step did. */
const STEPS = Number(process.env.EDITING_MODEL_STEPS ?? 300);
const RUNS_A_ROUND = 5;
const MAX_ROUNDS = 40;
const SEED = Number(process.env.EDITING_MODEL_SEED ?? Date.now() % 2_147_483_647);
const editor: Actor = { id: '005000000000001AAA', label: 'editor@example.com' };
/** Another editor: the one who approves the first's drafts under review. */
const reviewer: Actor = { id: '005000000000002AAA', label: 'reviewer@example.com' };

/** What an import can change: the English texts. */
type Field = 'title' | 'description';
/** What a save can change too: the revision of the sheet's safety data sheet, the German title, and the version of its own document. */
type Edited = Field | 'revision' | 'german';
interface Texts {
  title: string;
  description: string;
  revision: string;
  german: string;
  document: number;
}

interface SheetModel {
  id: string;
  key: string;
  assetId: string;
  /** What visitors see; while in the trash, what comes back with it. */
  site: Texts | null;
  draft: Texts;
  /** Fields an import changed under a draft that had changed them too: the site's value, and what the site had before that import. */
  attention: Map<Field, { theirs: string; base: string }>;
  trashed: boolean;
  /** Each German title it has had, with the English title it was made from. */
  madeFrom: Map<string, string>;
  /** The site's state before the last change to it, when that change was a publish (which an undo of a publish takes back). */
  publishedOver: { before: Texts | null } | null;
  /** Moves on with every change to what the site shows of it. */
  stamp: number;
  /** Approved for publishing under review, as the draft is now. */
  approved: boolean;
  /** The highest version its document has had. */
  highestDocument: number;
}

interface ImportModel {
  id: string;
  sheet: number;
  /** Where it went: on the site, or (review being on) into the draft. */
  into: 'site' | 'drafts';
  /** Null: the import changed nothing (of the site, or of the draft). */
  change: { field: Field; before: string; after: string } | null;
  /** Into the draft: the choice it asked, where the draft had changed the same field. */
  asked: { field: Field; theirs: string } | null;
  undone: boolean;
}

interface ReleaseModel {
  id: string;
  items: Array<{ sheet: number; before: Texts | null; stamp: number }>;
  undone: boolean;
}

interface Model {
  sheets: SheetModel[];
  imports: ImportModel[];
  releases: ReleaseModel[];
  /** Review before publish (editors approve each other's drafts). */
  review: boolean;
}

interface Real {
  test: TestApp;
  folder: string;
}

let test: TestApp;
let folder: string;
/** An editor signed in to the studio, for imports made there, and how many it made. */
let studio: StudioClient;
let studioImports = 0;
/** The site's search as a serving process keeps it: its facet indexes made again from the ones before, change by change. */
let search: SheetSearch;
beforeAll(async () => {
  // The app's own scheduler looks for due schedules every few seconds: it would now and then fire
  // the one a "scheduled publish" step makes before the step fires it, and the step would see nothing
  // fired. An hour apart, it looks only at start, before any step.
  test = await createTestApp({ env: { SCHEDULE_CHECK_MS: '3600000' } });
  folder = mkdtempSync(join(tmpdir(), 'literature-model-'));
  studio = await signInAs(test, 'editor');
  search = createSheetSearch(test.store);
});
afterAll(async () => {
  await saveReviewPolicy(test.store.db, 'off');
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

const db = () => test.store.db;
const textsOf = (state: SheetState): Texts => ({
  title: state.translations.en_US!.title,
  description: state.translations.en_US!.description,
  revision: state.documents?.[0]?.revision ?? '(none)',
  german: state.translations.de_DE?.title ?? '(none)',
  document: state.document?.version ?? 0,
});
const same = (a: Texts, b: Texts) => JSON.stringify(a) === JSON.stringify(b);

/** What the model says the list says. */
function statusOf(sheet: SheetModel): string {
  if (sheet.site === null) return 'unpublished';
  return same(sheet.site, sheet.draft) ? 'published' : 'changed';
}

const fileUrl = (sheet: SheetModel, version: number) => `/sfsites/c/file-asset/${encodeURIComponent(sheet.assetId)}?v=${version}`;

/** What visitors get: the delivery API in English and German, and the own document at its addresses. */
async function agreeOnSite(sheet: SheetModel): Promise<void> {
  const item = (language: string) =>
    test.app.inject(`/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/contents/${sheet.key}?language=${language}`);
  const [english, german] = await Promise.all([item('en_US'), item('de_DE')]);
  if (sheet.trashed || sheet.site === null) {
    expect(english.statusCode, `${sheet.key} is not on the site`).toBe(404);
    return;
  }
  expect(english.statusCode, `${sheet.key} is on the site`).toBe(200);
  const body = english.json<{ title: string; contentBody: { description?: string; documents?: Array<{ kind?: string; revision?: string }> } }>();
  const revision = body.contentBody.documents?.find((document) => document.kind === 'safety-data-sheet')?.revision ?? '(none)';
  const { site } = sheet;
  expect({ title: body.title, description: body.contentBody.description ?? '', revision }, 'what visitors see').toEqual({
    title: site.title,
    description: site.description,
    revision: site.revision,
  });
  expect(german.json<{ title: string }>().title, 'what German visitors see').toBe(site.german);
  // The document the site links is its current one: no newer version, no "latest-version" elsewhere.
  const [linked, newer, bare] = await Promise.all(
    [fileUrl(sheet, site.document), fileUrl(sheet, site.document + 1), fileUrl(sheet, site.document).replace(/\?v=\d+$/, '')].map((url) =>
      test.app.inject(url),
    ),
  );
  expect({ status: linked!.statusCode, link: linked!.headers.link ?? null, robots: linked!.headers['x-robots-tag'] ?? null }, 'the document linked').toEqual({
    status: 200,
    link: null,
    robots: null,
  });
  expect(newer!.statusCode, 'no document past the one linked is served').toBe(404);
  expect(bare!.headers.etag, 'the address without a version serves the linked one').toBe(linked!.headers.etag);
}

/** What the studio says: the draft, its published state, its choices, its status in the list, its outdated German. */
async function agreeInStudio(sheet: SheetModel, listed: Awaited<ReturnType<typeof listSheetPage>>['sheets']): Promise<void> {
  const view = (await sheets.view(db(), sheet.id))!;
  expect(textsOf(view.draft), 'the draft').toEqual(sheet.draft);
  expect(view.published === null ? null : textsOf(view.published), 'what the studio says is published').toEqual(sheet.site);
  const open = new Map((view.attention?.conflicts ?? []).map((conflict) => [conflict.path.at(-1) as Field, conflict.theirs]));
  expect(open, 'the choices to make').toEqual(new Map([...sheet.attention].map(([name, { theirs }]) => [name, theirs])));
  const entry = listed.find((candidate) => candidate.id === sheet.id)!;
  expect({ status: entry.status, attention: entry.attention }, 'the list').toEqual({ status: statusOf(sheet), attention: sheet.attention.size > 0 });
  const outdated = (await outdatedTexts(db(), 'sheet', sheet.id, sheetTextsOf(view.draft))).de_DE ?? [];
  const madeFrom = sheet.madeFrom.get(sheet.draft.german);
  expect(
    outdated.some((text) => text.field === 'title'),
    `the German title "${sheet.draft.german}" was made from "${madeFrom}"; the English is "${sheet.draft.title}"`,
  ).toBe(madeFrom !== sheet.draft.title);
}

/** Once the journal is read: the index holds the site's English title of each sheet on it, and nothing of one off it. */
async function agreeInSearch(sheet: SheetModel): Promise<void> {
  const titles = (
    await db()
      .selectFrom('search_entries as e')
      .innerJoin('search_texts as t', 't.entry_id', 'e.id')
      .select('t.title')
      .where('e.content_id', '=', sheet.id)
      .where('e.language', '=', 'en_US')
      .execute()
  ).map((row) => row.title);
  expect(titles, 'the search index').toEqual(sheet.trashed || sheet.site === null ? [] : [sheet.site.title]);
}

/** Once the journal is read: the read model has the site's English title of each sheet on it, and no row of one off it. */
async function agreeInReadModel(sheet: SheetModel): Promise<void> {
  const titles = (await sheetsOf(db(), 'en_US', [sheet.id])).map((published) => published.title);
  expect(titles, 'the read model').toEqual(sheet.trashed || sheet.site === null ? [] : [sheet.site.title]);
}

const facetOf = (key: string) => key.slice(0, key.indexOf(':'));

/** Once the journal is read: the facet counts a serving process has, each index made from the one before, are those of one made afresh. */
async function agreeInFacets(): Promise<void> {
  for (const language of ['en_US', 'de_DE']) {
    const scope = { siteId: DEMO_IDS.siteId, language };
    const served = await search.facets({ ...scope, query: '', selection: [], facetOf });
    const { index } = await buildFacetIndex(test.store, scope, undefined);
    expect({ choices: served.choices, counts: served.counts }, `the facets in ${language}`).toEqual({
      choices: index.choices,
      counts: index.count([], facetOf),
    });
  }
}

async function agree(model: Model, before: Array<Texts | null>): Promise<void> {
  await readJournalOnce(test.store);
  await agreeInFacets();
  // The model's sheets after every step; every sheet at the start and end of each run (a whole rebuild takes 70 ms).
  const ids = model.sheets.map((sheet) => sheet.id);
  expect(await rebuildPublished(test.store, ids), 'the read model as the journal made it is what a rebuild makes').toEqual({ written: 0, removed: 0 });
  const queued = new Set((await db().selectFrom('cdn_purges').select('key').execute()).map((row) => row.key));
  const list = await listSheetPage(db(), { siteId: DEMO_IDS.siteId, limit: 200 });
  for (const [index, sheet] of model.sheets.entries()) {
    await agreeOnSite(sheet);
    await agreeInSearch(sheet);
    await agreeInReadModel(sheet);
    const shown = sheet.trashed ? null : sheet.site;
    if (JSON.stringify(shown) !== JSON.stringify(before[index])) expect(queued.has(cdnKeys.sheet(sheet.id)), `the CDN purges ${sheet.key}`).toBe(true);
    if (!sheet.trashed) await agreeInStudio(sheet, list.sheets);
  }
}

/** Every row of the read model, after a run's last step, is what a rebuild from the write side makes. */
async function everyRowAsRebuilt(): Promise<void> {
  await readJournalOnce(test.store);
  expect(await rebuildPublished(test.store), 'every row of the read model is what a rebuild makes').toEqual({ written: 0, removed: 0 });
}

async function saveDraft(sheet: SheetModel, change: (state: SheetState) => SheetState, settles = false) {
  const view = (await sheets.view(db(), sheet.id))!;
  return sheets.save(db(), sheet.id, change(structuredClone(view.draft)), view.revision, editor, { settles });
}

/**
 * A three-way merge of one field into the model's draft: the site moved from `from` to `to`. A
 * collision this takes back (the site has again what it had before the change that collided: an
 * undo), or ends (the site comes to what the draft has, once merged), needs no choice any more.
 */
function carry(sheet: SheetModel, field: Field, from: string, to: string): void {
  const asked = sheet.attention.get(field);
  // The draft follows the site where it has no change of its own.
  if (sheet.draft[field] === from) sheet.draft[field] = to;
  // Settled when the site goes back to what the collision began from, or comes to what the draft has (merged): both sides agree.
  if (asked !== undefined && (asked.base === to || sheet.draft[field] === to)) sheet.attention.delete(field);
  else if (sheet.draft[field] !== to) sheet.attention.set(field, { theirs: to, base: from });
  // A choice waiting on another field is settled by the same rules against the site this change
  // leaves (editor-site-changes.ts): an undo of an import that changed the title ends a choice on
  // a description the editor has since set to what the site shows.
  for (const [other, waiting] of sheet.attention)
    if (other !== field && sheet.site !== null && (sheet.site[other] === waiting.base || sheet.site[other] === sheet.draft[other]))
      sheet.attention.delete(other);
}

/** A German title written in this change: made from the English title the draft has. */
function writeGerman(sheet: SheetModel, text: string): void {
  if (sheet.draft.german !== text) sheet.madeFrom.set(text, sheet.draft.title);
  sheet.draft.german = text;
}

/** A change to what the site shows of a sheet: anything that is not a publish is not undone as one. */
function siteChanged(sheet: SheetModel, site: Texts | null, publishedOver: SheetModel['publishedOver'] = null): void {
  sheet.site = site === null ? null : { ...site };
  sheet.publishedOver = publishedOver;
  sheet.stamp += 1;
}

const VALUES = ['Alpha', 'Beta', 'Gamma'];
const GERMAN = ['Alpha-de', 'Beta-de', 'Gamma-de'];
const sheetIndex = fc.nat({ max: 1 });
const field = fc.constantFrom<Field>('title', 'description');
const edited = fc.constantFrom<Exclude<Edited, 'german'>>('title', 'description', 'revision');
/** A draft with one of its edited values changed. */
const withEdit = (state: SheetState, name: Edited, text: string): SheetState =>
  name === 'revision'
    ? { ...state, documents: state.documents!.map((document, index) => (index === 0 ? { ...document, revision: text } : document)) }
    : name === 'german'
      ? setAt(state, ['translations', 'de_DE', 'title'], text)
      : setAt(state, ['translations', 'en_US', name], text);
const value = fc.constantFrom(...VALUES);
const german = fc.constantFrom(...GERMAN);

/** The ways in an import step takes: a CSV and an Excel workbook at the command line, a zip of a CSV in the studio. */
const IMPORT_WAYS = ['a CSV', 'an .xlsx', 'a zip in the studio'] as const;
const importWay = fc.constantFrom(...IMPORT_WAYS);

/** Imports `rows` the given way: what it answered, or the error (the studio's refusal as an Error with its words). */
async function importRows(way: (typeof IMPORT_WAYS)[number], rows: string[][]): Promise<unknown> {
  const name = `import-${Math.random().toString(36).slice(2)}`;
  const csv = Buffer.from(rows.map(formatCsvRow).join('\r\n'));
  if (way === 'a zip in the studio') {
    const zip = join(folder, `${name}.zip`);
    await writeZip(zip, { 'sheets.csv': csv });
    // An account may make 120 changes a minute (four an import): the model's editors take turns.
    if (++studioImports % 25 === 0) studio = await signInAs(test, 'editor');
    const { comparison, applied } = await importThroughStudio(studio, [{ name: 'sheets.zip', bytes: readFileSync(zip) }]);
    const answer = applied ?? comparison;
    return answer.statusCode === 200 ? answer.json() : new Error(answer.body);
  }
  const path = join(folder, way === 'an .xlsx' ? `${name}.xlsx` : `${name}.csv`);
  if (way === 'an .xlsx') await writeXlsx(path, rows);
  else writeFileSync(path, csv);
  return importCsvFile(db(), path, { platformSitesSegment: 'sfsites' }, { actor: { id: null, label: 'cli:operator' } }).catch((error: unknown) => error);
}

type Command = fc.AsyncCommand<Model, Real>;
/** Steps run, by command, to say how much a run covered. */
const ran = new Map<string, number>();
const command = (kind: string, name: string, check: (model: Model) => boolean, run: (model: Model) => Promise<void>): Command => ({
  check,
  async run(model) {
    // What earlier steps journaled is read, and their purges forgotten: this step's are what is queued after it.
    await readJournalOnce(test.store);
    await db().deleteFrom('cdn_purges').execute();
    const before = model.sheets.map((sheet) => (sheet.trashed ? null : sheet.site === null ? null : { ...sheet.site }));
    await run(model);
    await agree(model, before);
    ran.set(kind, (ran.get(kind) ?? 0) + 1);
  },
  toString: () => name,
});
const live = (index: number) => (model: Model) => !model.sheets[index]!.trashed;

/** Whether publishing the sheet now would be refused for want of an approval. */
const unapproved = (model: Model, sheet: SheetModel) => model.review && !sheet.approved;

/** A change to the sheet's draft (any successful step): an approval is of the draft as it was. */
function touched(sheet: SheetModel): void {
  sheet.approved = false;
}

const EDITS = [
  fc.tuple(sheetIndex, edited, value).map(([index, name, text]) =>
    command('save', `save #${index} ${name}=${text}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      await saveDraft(sheet, (state) => withEdit(state, name, text));
      sheet.draft[name] = text;
      touched(sheet);
    }),
  ),
  fc.tuple(sheetIndex, value).map(([index, text]) =>
    command('stale save', `stale save #${index} title=${text}`, live(index), async (model) => {
      // A second editor who opened the sheet one change ago: refused, nothing overwritten.
      const sheet = model.sheets[index]!;
      const view = (await sheets.view(db(), sheet.id))!;
      const result = await sheets
        .save(db(), sheet.id, withEdit(structuredClone(view.draft), 'title', text), view.revision - 1, reviewer)
        .catch((error: unknown) => error);
      expect((result as EditingError).reason, 'a save from an older revision is refused').toBe('conflict');
    }),
  ),
  fc.tuple(sheetIndex, german).map(([index, text]) =>
    command('translate', `translate #${index} German title=${text}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      await saveDraft(sheet, (state) => withEdit(state, 'german', text));
      writeGerman(sheet, text);
      touched(sheet);
    }),
  ),
  fc.tuple(sheetIndex, german).map(([index, text]) =>
    command('XLIFF', `XLIFF #${index} German title=${text}`, live(index), async (model) => {
      // Out to a translator and back: the title's target changed in the file, applied to the draft.
      const sheet = model.sheets[index]!;
      const exported = await exportTranslations(db(), { language: 'de_DE', version: '1.2', sheetIds: [sheet.id], withPages: false }, { actor: editor });
      const unit = new RegExp(`(<trans-unit[^>]*id="sheet\\.${sheet.id}\\.title"[\\s\\S]*?<target[^>]*>)[^<]*(</target>)`);
      expect(exported.xml).toMatch(unit);
      const xml = exported.xml.replace(unit, `$1${text}$2`);
      const plan = await planTranslationImport(db(), xml);
      expect(plan.flagged, 'nothing flagged: the source is the English as it is').toEqual([]);
      expect(plan.conflicts, 'no conflict: the studio changed nothing since the export').toEqual([]);
      await applyTranslationImport(db(), xml, { digest: plan.digest }, editor);
      if (sheet.draft.german !== text) touched(sheet);
      writeGerman(sheet, text);
    }),
  ),
  sheetIndex.map((index) =>
    command('new document revision', `new document revision #${index}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      const version = sheet.highestDocument + 1;
      const bytes = Buffer.from(`%PDF-1.4 ${sheet.assetId} revision ${version} ${Math.random()}`);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await saveBlob(db(), { sha256, mime_type: 'application/pdf', byte_size: bytes.length, bytes, text: null, created_at: new Date().toISOString() });
      await saveDraft(sheet, (state) => {
        const url = fileUrl(sheet, version);
        const translations = Object.fromEntries(Object.entries(state.translations).map(([language, texts]) => [language, { ...texts, url }]));
        return { ...state, translations, document: { ...state.document!, version, sha256, byteSize: bytes.length } };
      });
      sheet.draft.document = version;
      sheet.highestDocument = version;
      touched(sheet);
    }),
  ),
  fc.tuple(sheetIndex, fc.nat()).map(([index, pick]) =>
    command('restore version', `restore version #${index}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      const versions = await sheets.versions(db(), sheet.id);
      const { summary, state } = await sheets.version(db(), sheet.id, versions[pick % versions.length]!.number);
      const view = (await sheets.view(db(), sheet.id))!;
      const restored = textsOf(state);
      // A version naming a document past the site's (taken back by an undo) cannot be saved as it was made.
      const result = await sheets.restoreVersion(db(), sheet.id, summary.number, view.revision, editor).catch((error: unknown) => error);
      if (result instanceof EditingError) {
        expect(result.message, 'refused only for its document').toMatch(/document|version/);
        return;
      }
      // Its German title comes back made from what it was made from then.
      sheet.draft = restored;
      touched(sheet);
    }),
  ),
];

const SITE_CHANGES = [
  sheetIndex.map((index) =>
    command('publish', `publish #${index}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      const result = await sheets.publish(db(), sheet.id, undefined, editor).catch((error: unknown) => error);
      // A choice the editor has not made blocks a publish first, even of a draft the site shows
      // already (one restored to what the site shows while an import's change waits): the choice
      // would otherwise wait unseen.
      if (sheet.attention.size > 0) {
        expect(result, 'refused: a choice to make').toBeInstanceOf(EditingError);
        return;
      }
      if (sheet.site !== null && same(sheet.site, sheet.draft)) {
        expect(result, 'nothing to publish').toBeNull();
        return;
      }
      if (unapproved(model, sheet)) {
        expect(result, 'refused: an approval').toBeInstanceOf(EditingError);
        return;
      }
      expect(result).not.toBeInstanceOf(Error);
      siteChanged(sheet, sheet.draft, { before: sheet.site });
      touched(sheet);
    }),
  ),
  sheetIndex.map((index) =>
    command('undo publish', `undo publish #${index}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      const result = await sheets.undoPublish(db(), sheet.id, undefined, editor).catch((error: unknown) => error);
      if (sheet.publishedOver === null || sheet.site === null) {
        expect(result, 'only a publish is undone').toBeInstanceOf(EditingError);
        return;
      }
      expect(result).not.toBeInstanceOf(Error);
      siteChanged(sheet, sheet.publishedOver.before);
      touched(sheet);
    }),
  ),
  sheetIndex.map((index) =>
    command(
      'unpublish',
      `unpublish #${index}`,
      (model) => live(index)(model) && model.sheets[index]!.site !== null,
      async (model) => {
        const sheet = model.sheets[index]!;
        await sheets.unpublish(db(), sheet.id, undefined, editor);
        siteChanged(sheet, null);
        touched(sheet);
      },
    ),
  ),
  sheetIndex.map((index) =>
    command('scheduled publish', `scheduled publish #${index}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      await scheduleSheet(db(), sheet.id, 'publish', new Date(Date.now() - 1000).toISOString(), editor);
      const [fired] = await fireDueSchedules(db());
      // As a publish now: a choice to make blocks it first, then there may be nothing to publish.
      if (sheet.attention.size > 0) return void expect(fired?.outcome).toBe('failed');
      if (sheet.site !== null && same(sheet.site, sheet.draft)) return;
      if (unapproved(model, sheet)) expect(fired?.outcome).toBe('failed');
      else {
        expect(fired?.outcome).toBe('done');
        siteChanged(sheet, sheet.draft, { before: sheet.site });
        touched(sheet);
      }
    }),
  ),
  fc.boolean().map((both) =>
    command(
      'release',
      `release ${both ? 'both sheets' : 'the first sheet'}`,
      (model) => model.sheets.slice(0, both ? 2 : 1).every((sheet) => !sheet.trashed && (sheet.site === null || !same(sheet.site, sheet.draft))),
      async (model) => {
        const held = model.sheets.slice(0, both ? 2 : 1);
        const release = await createRelease(db(), 'A release of the model', editor);
        for (const sheet of held) await addToRelease(db(), release.id, 'sheet', sheet.id, editor);
        const result = await publishRelease(db(), release.id, editor).catch((error: unknown) => error);
        const blocked = held.filter((sheet) => sheet.attention.size > 0 || unapproved(model, sheet));
        if (blocked.length > 0) {
          expect(result, 'refused, all of it').toBeInstanceOf(EditingError);
          if (blocked.every((sheet) => sheet.attention.size === 0))
            for (const sheet of blocked) expect((result as Error).message, 'names every draft lacking an approval').toContain(sheet.draft.title);
          // Discarded: its drafts are free to be published alone again, as they were.
          await discardRelease(db(), release.id, editor);
          return;
        }
        expect(result).not.toBeInstanceOf(Error);
        const items = held.map((sheet) => {
          const before = sheet.site;
          siteChanged(sheet, sheet.draft, { before });
          touched(sheet);
          return { sheet: model.sheets.indexOf(sheet), before, stamp: sheet.stamp };
        });
        model.releases.push({ id: release.id, items, undone: false });
      },
    ),
  ),
  fc.boolean().map((keepLater) =>
    command(
      'undo release',
      `undo the last release${keepLater ? ', keeping later changes' : ''}`,
      (model) => model.releases.some((release) => !release.undone),
      async (model) => {
        const release = model.releases.findLast((candidate) => !candidate.undone)!;
        const later = release.items.filter((item) => model.sheets[item.sheet]!.stamp !== item.stamp || model.sheets[item.sheet]!.trashed);
        const result = await undoRelease(db(), release.id, editor, { keepLater }).catch((error: unknown) => error);
        if ((later.length > 0 && !keepLater) || later.length === release.items.length) {
          expect(result, 'refused: later changes, or nothing left to undo').toBeInstanceOf(EditingError);
          return;
        }
        expect(result).not.toBeInstanceOf(Error);
        release.undone = true;
        for (const item of release.items) {
          if (later.includes(item)) continue;
          const sheet = model.sheets[item.sheet]!;
          siteChanged(sheet, item.before);
          touched(sheet);
        }
      },
    ),
  ),
  fc.tuple(sheetIndex, field, value, fc.boolean(), importWay).map(([index, drawn, drawnText, collide, way]) =>
    command('import', `import #${index} ${drawn}=${drawnText}${collide ? ' (or into what its draft changed)' : ''}, ${way}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      // Half the time, the field the draft changed, with a third value: a collision, for the editor to choose on.
      const changed = collide && sheet.site !== null ? (['title', 'description'] as const).find((name) => sheet.draft[name] !== sheet.site![name]) : undefined;
      const name: Field = changed ?? drawn;
      const text = changed === undefined ? drawnText : VALUES.find((candidate) => candidate !== sheet.draft[name] && candidate !== sheet.site![name])!;
      const result = await importRows(way, [
        ['key', name],
        [sheet.key, text],
      ]);
      if (sheet.site === null) {
        // Not on the site: refused, naming it; nothing changes.
        expect(result).toBeInstanceOf(way === 'a zip in the studio' ? Error : ManifestError);
        return;
      }
      const before = sheet.site[name];
      expect(result, 'imported').not.toBeInstanceOf(Error);
      const { importId, into } = result as { importId: string; into: string };
      if (before === text) {
        model.imports.push({ id: importId, sheet: index, into: 'site', change: null, asked: null, undone: false });
        return;
      }
      if (model.review) {
        // An import never publishes past review (T7): it goes into the draft, which waits for a review.
        expect(into, 'into the draft while review is on').toBe('drafts');
        const entry: ImportModel = { id: importId, sheet: index, into: 'drafts', change: null, asked: null, undone: false };
        const mine = sheet.draft[name];
        if (mine === before) {
          sheet.draft[name] = text;
          entry.change = { field: name, before: mine, after: text };
          touched(sheet);
        } else if (mine !== text) {
          sheet.attention.set(name, { theirs: text, base: before });
          entry.asked = { field: name, theirs: text };
          touched(sheet);
        }
        model.imports.push(entry);
        return;
      }
      expect(into).toBe('site');
      siteChanged(sheet, { ...sheet.site, [name]: text });
      carry(sheet, name, before, text);
      touched(sheet);
      model.imports.push({ id: importId, sheet: index, into: 'site', change: { field: name, before, after: text }, asked: null, undone: false });
    }),
  ),
  fc.boolean().map((keepLater) =>
    command(
      'undo import',
      `undo the last import${keepLater ? ', keeping later changes' : ''}`,
      (model) => model.imports.some((entry) => !entry.undone),
      async (model) => {
        const entry = model.imports.findLast((candidate) => !candidate.undone)!;
        const sheet = model.sheets[entry.sheet]!;
        const result = await undoImport(db(), entry.id, editor, { keepLater }).catch((error: unknown) => error);
        const change = entry.change;
        if (entry.into === 'drafts') {
          // Out of the draft, where nothing changed the field since; the site is not touched.
          const later = !sheet.trashed && change !== null && sheet.draft[change.field] !== change.after;
          if (later && !keepLater) {
            expect((result as EditingError).reason, 'refused, naming the later change').toBe('conflict');
            return;
          }
          expect(result).not.toBeInstanceOf(Error);
          entry.undone = true;
          if (sheet.trashed) return;
          const asked = entry.asked === null ? undefined : sheet.attention.get(entry.asked.field);
          if (asked !== undefined && asked.theirs === entry.asked!.theirs) {
            sheet.attention.delete(entry.asked!.field);
            touched(sheet);
          }
          if (change !== null && !later) {
            sheet.draft[change.field] = change.before;
            touched(sheet);
          }
          return;
        }
        const later = !sheet.trashed && change !== null && (sheet.site === null || sheet.site[change.field] !== change.after);
        if (later && !keepLater) {
          expect((result as EditingError).reason, 'refused, naming the later change').toBe('conflict');
          return;
        }
        expect(result).not.toBeInstanceOf(Error);
        entry.undone = true;
        if (sheet.trashed || change === null || later) return;
        siteChanged(sheet, { ...sheet.site!, [change.field]: change.before });
        carry(sheet, change.field, change.after, change.before);
        touched(sheet);
      },
    ),
  ),
];

const OTHERS = [
  sheetIndex.map((index) =>
    command('trash', `trash #${index}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      await sheets.remove(db(), sheet.id, undefined, editor);
      sheet.trashed = true;
      sheet.publishedOver = null;
      sheet.stamp += 1;
      touched(sheet);
    }),
  ),
  sheetIndex.map((index) =>
    command(
      'restore from the trash',
      `restore #${index} from the trash`,
      (model) => model.sheets[index]!.trashed,
      async (model) => {
        const sheet = model.sheets[index]!;
        await sheets.restoreFromTrash(db(), sheet.id, editor);
        sheet.trashed = false;
        sheet.stamp += 1;
        touched(sheet);
      },
    ),
  ),
  fc.tuple(sheetIndex, fc.boolean(), fc.boolean()).map(([index, titleTheirs, descriptionTheirs]) =>
    command(
      'choose',
      `choose on #${index} (title: ${titleTheirs ? 'site' : 'draft'}, description: ${descriptionTheirs ? 'site' : 'draft'})`,
      (model) => live(index)(model) && model.sheets[index]!.attention.size > 0,
      async (model) => {
        const sheet = model.sheets[index]!;
        const theirs: Record<Field, boolean> = { title: titleTheirs, description: descriptionTheirs };
        await saveDraft(
          sheet,
          (state) =>
            [...sheet.attention].reduce((chosen, [name, site]) => (theirs[name] ? setAt(chosen, ['translations', 'en_US', name], site.theirs) : chosen), state),
          true,
        );
        for (const [name, site] of sheet.attention) if (theirs[name]) sheet.draft[name] = site.theirs;
        sheet.attention.clear();
        touched(sheet);
      },
    ),
  ),
  // Off more often than on: while it is on, imports go into the drafts, and collisions on the site (an import under a changed draft) are rarer.
  fc.constantFrom(true, false, false).map((on) =>
    command(
      'review',
      `review ${on ? 'on' : 'off'}`,
      () => true,
      async (model) => {
        await saveReviewPolicy(db(), on ? 'editors' : 'off');
        model.review = on;
      },
    ),
  ),
  sheetIndex.map((index) =>
    command('approve', `approve #${index}`, live(index), async (model) => {
      // Asked for by its editor, approved by another: an approval of the draft as it is now.
      const sheet = model.sheets[index]!;
      const view = (await sheets.view(db(), sheet.id))!;
      // An import into the draft asked for its review already.
      const waiting = view.review?.state === 'pending' && view.review.current;
      const asked = waiting
        ? null
        : await sheets.requestReview(db(), sheet.id, view.revision, { actor: editor, role: 'editor' }).catch((error: unknown) => error);
      if (sheet.site !== null && same(sheet.site, sheet.draft)) {
        expect(asked, 'nothing to review: the site shows the draft').toBeInstanceOf(EditingError);
        return;
      }
      expect(asked).not.toBeInstanceOf(Error);
      await sheets.approve(db(), sheet.id, view.revision, { actor: reviewer, role: 'editor' });
      sheet.approved = true;
    }),
  ),
];

const COMMANDS = [...EDITS, ...SITE_CHANGES, ...OTHERS];
/**
 * How often each is drawn: edits, imports and choices most, so that collisions happen (a choice is
 * drawn often since it runs only while one is open); undoing a publish, trashing and review least,
 * since a sheet off the site, in the trash or under review takes no import.
 */
const WEIGHTS = [6, 1, 2, 2, 1, 2, /* site changes */ 3, 1, 1, 1, 2, 1, 6, 2, /* others */ 1, 2, 10, 1, 1];
const commands = COMMANDS.flatMap((arbitrary, index) => Array.from({ length: WEIGHTS[index]! }, () => arbitrary));

let made = 0;
/** Two new sheets on the site in English and German, each with its own document and a safety data sheet, for one run: runs never share a sheet. */
async function freshSheets(): Promise<SheetModel[]> {
  const fresh: SheetModel[] = [];
  for (let index = 0; index < 2; index++) {
    const name = `model-sheet-${++made}-${Math.random().toString(36).slice(2, 8)}`;
    const base = newSheetState({
      siteId: DEMO_IDS.siteId,
      collectionId: DEMO_IDS.collectionId,
      primaryLanguage: 'en_US',
      texts: { title: 'Alpha', description: 'Alpha' },
      urlName: name,
    });
    // Its own data sheet (a set has one), linked, and a safety data sheet.
    const [own, sds] = await Promise.all(
      ['data-sheet', 'sds'].map(async (suffix) => {
        const bytes = Buffer.from(`%PDF-1.4 ${name} ${suffix}`);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        await saveBlob(db(), { sha256, mime_type: 'application/pdf', byte_size: bytes.length, bytes, text: null, created_at: new Date().toISOString() });
        return { assetId: `${name}-${suffix}`, version: 1, sha256, fileName: `${name}-${suffix}.pdf`, mimeType: 'application/pdf', byteSize: bytes.length };
      }),
    );
    const path = (assetId: string) => `/sfsites/c/file-asset/${assetId}?v=1`;
    const english = { ...base.translations.en_US!, url: path(own!.assetId) };
    const state: SheetState = {
      ...base,
      translations: { en_US: english, de_DE: { ...english, title: 'Alpha-de' } },
      document: own!,
      documents: [{ ...sds!, kind: 'safety-data-sheet', language: 'en_US', region: 'EU', revision: 'Alpha', url: path(sds!.assetId) }],
    };
    const created = await sheets.create(db(), state.id, state, editor);
    await sheets.publish(db(), state.id, created.revision, editor);
    const texts: Texts = { title: 'Alpha', description: 'Alpha', revision: 'Alpha', german: 'Alpha-de', document: 1 };
    fresh.push({
      id: state.id,
      key: state.contentKey,
      assetId: own!.assetId,
      site: { ...texts },
      draft: { ...texts },
      attention: new Map(),
      trashed: false,
      madeFrom: new Map([['Alpha-de', 'Alpha']]),
      // Its first publish, made here: an undo of it takes the sheet off the site.
      publishedOver: { before: null },
      stamp: 0,
      approved: false,
      highestDocument: 1,
    });
  }
  return fresh;
}

describe('the editing model', () => {
  it(
    'agrees with the site, the studio, the index and the CDN after every step of random sequences of every kind of change',
    async () => {
      console.info(`editing model: seed ${SEED}, at least ${STEPS} steps (EDITING_MODEL_SEED=${SEED} repeats it)`);
      const total = () => [...ran.values()].reduce((sum, count) => sum + count, 0);
      for (let round = 0; round < MAX_ROUNDS && (total() < STEPS || ran.size < COMMANDS.length); round++) {
        await fc.assert(
          fc.asyncProperty(fc.commands(commands, { maxCommands: 100, size: 'max' }), async (steps) => {
            const setup = async () => {
              await everyRowAsRebuilt();
              await saveReviewPolicy(db(), 'off');
              return { model: { sheets: await freshSheets(), imports: [], releases: [], review: false } as Model, real: { test, folder } };
            };
            await fc.asyncModelRun(setup, steps);
          }),
          {
            seed: SEED + round,
            numRuns: RUNS_A_ROUND,
            endOnFailure: process.env.CI !== undefined,
            // EDITING_MODEL_SHRINK_MS bounds a run with its shrinking: the counterexample shrunk so far is reported.
            ...(process.env.EDITING_MODEL_SHRINK_MS === undefined
              ? {}
              : { interruptAfterTimeLimit: Number(process.env.EDITING_MODEL_SHRINK_MS), markInterruptAsFailure: true }),
          },
        );
      }
      await everyRowAsRebuilt();
      console.info(`editing model: ${[...ran].map(([kind, count]) => `${count} ${kind}`).join(', ')}`);
      // Every kind of step ran, as many steps as asked: a run that checks little fails.
      expect(ran.size).toBe(COMMANDS.length);
      expect(total()).toBeGreaterThanOrEqual(STEPS);
    },
    20 * 60_000,
  );
});
