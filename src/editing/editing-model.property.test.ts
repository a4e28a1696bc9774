/**
 * Model-based: seeded random sequences of what editors and operators do to a few sheets (save a
 * draft, its texts or what it says of a document of its set, publish, unpublish, a scheduled publish, import a one-row CSV change, undo the last import,
 * restore a version, trash, restore from the trash, choose where an import and a draft collided),
 * run against the real editing engine and store beside a simple model of what the site must show
 * and what each draft must hold. After every step the delivery API, the sheet's draft, its status
 * in the list and its open choices agree with the model: no acknowledged change disappears without
 * a recorded choice. SQLite, or PostgreSQL when TEST_DATABASE_URL names one.
 *
 * EDITING_MODEL_STEPS (300 by default) deepens a run and EDITING_MODEL_SEED repeats one; the seed is
 * printed. The same seed runs the same steps.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_IDS } from '../demo/seed-demo';
import { saveBlob } from '../cms/repositories/editing';
import { setAt } from '../shared/merge';
import type { SheetState } from '../sheet/shape';
import { formatCsvRow } from '../transfer/csv';
import { importCsvFile } from '../transfer/import-csv';
import { ManifestError } from '../transfer/manifest';
import type { Actor } from './audit';
import { EditingError } from './editable';
import { undoImport } from './imports';
import { fireDueSchedules, scheduleSheet } from './schedules';
import { listSheetPage } from './sheet-list';
import { newSheetState, sheets } from './sheets';

/** Steps in all, at least: runs of up to 100 steps go on until this many ran and every kind of step did. */
const STEPS = Number(process.env.EDITING_MODEL_STEPS ?? 300);
const RUNS_A_ROUND = 5;
const MAX_ROUNDS = 40;
const SEED = Number(process.env.EDITING_MODEL_SEED ?? Date.now() % 2_147_483_647);
const editor: Actor = { id: '005000000000001AAA', label: 'editor@example.com' };

/** What an import can change: the texts. */
type Field = 'title' | 'description';
/** What a save can change too: the revision of the sheet's safety data sheet (its document set), which no import touches. */
type Edited = Field | 'revision';
type Texts = Record<Edited, string>;

interface SheetModel {
  id: string;
  key: string;
  /** What visitors see; while in the trash, what comes back with it. */
  site: Texts | null;
  draft: Texts;
  /** Fields an import changed under a draft that had changed them too: the site's value, and what the site had before that import. */
  attention: Map<Field, { theirs: string; base: string }>;
  trashed: boolean;
}

interface ImportModel {
  id: string;
  sheet: number;
  /** Null: the import changed nothing. */
  change: { field: Field; before: string; after: string } | null;
  undone: boolean;
}

interface Model {
  sheets: SheetModel[];
  imports: ImportModel[];
}

interface Real {
  test: TestApp;
  folder: string;
}

let test: TestApp;
let folder: string;
beforeAll(async () => {
  // The app's own scheduler looks for due schedules every few seconds: it would now and then fire
  // the one a "scheduled publish" step makes before the step fires it, and the step would see nothing
  // fired. An hour apart, it looks only at start, before any step.
  test = await createTestApp({ env: { SCHEDULE_CHECK_MS: '3600000' } });
  folder = mkdtempSync(join(tmpdir(), 'literature-model-'));
});
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

const db = () => test.store.db;
const textsOf = (state: SheetState): Texts => ({
  title: state.translations.en_US!.title,
  description: state.translations.en_US!.description,
  revision: state.documents?.[0]?.revision ?? '(none)',
});
const same = (a: Texts, b: Texts) => a.title === b.title && a.description === b.description && a.revision === b.revision;

/** What the model says the list says. */
function statusOf(sheet: SheetModel): string {
  if (sheet.site === null) return 'unpublished';
  return same(sheet.site, sheet.draft) ? 'published' : 'changed';
}

/** After every step: the site, the draft, the status and the open choices are the model's. */
async function agree(model: Model): Promise<void> {
  const list = await listSheetPage(db(), { siteId: DEMO_IDS.siteId, limit: 200 });
  for (const sheet of model.sheets) {
    const answer = await test.app.inject(`/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/contents/${sheet.key}?language=en_US`);
    if (sheet.trashed || sheet.site === null) {
      expect(answer.statusCode, `${sheet.key} is not on the site`).toBe(404);
    } else {
      expect(answer.statusCode, `${sheet.key} is on the site`).toBe(200);
      const body = answer.json<{ title: string; contentBody: { description?: string; documents?: Array<{ kind?: string; revision?: string }> } }>();
      const revision = body.contentBody.documents?.find((document) => document.kind === 'safety-data-sheet')?.revision ?? '(none)';
      expect({ title: body.title, description: body.contentBody.description ?? '', revision }, 'what visitors see').toEqual(sheet.site);
    }
    if (sheet.trashed) continue;
    const view = (await sheets.view(db(), sheet.id))!;
    expect(textsOf(view.draft), 'the draft').toEqual(sheet.draft);
    const open = new Map((view.attention?.conflicts ?? []).map((conflict) => [conflict.path.at(-1) as Field, conflict.theirs]));
    expect(open, 'the choices to make').toEqual(new Map([...sheet.attention].map(([name, { theirs }]) => [name, theirs])));
    const listed = list.sheets.find((entry) => entry.id === sheet.id)!;
    expect({ status: listed.status, attention: listed.attention }, 'the list').toEqual({ status: statusOf(sheet), attention: sheet.attention.size > 0 });
  }
}

async function saveDraft(sheet: SheetModel, change: (state: SheetState) => SheetState, settles = false) {
  const view = (await sheets.view(db(), sheet.id))!;
  return sheets.save(db(), sheet.id, change(structuredClone(view.draft)), view.revision, editor, { settles });
}

/**
 * A three-way merge of one field into the model's draft: the site moved from `from` to `to`. A
 * collision this takes back (the site has again what it had before the change that collided: an
 * undo) needs no choice any more.
 */
function carry(sheet: SheetModel, field: Field, from: string, to: string): void {
  const settled = sheet.attention.get(field)?.base === to;
  if (settled) sheet.attention.delete(field);
  if (sheet.draft[field] === from) sheet.draft[field] = to;
  else if (settled) return;
  else if (sheet.draft[field] !== to) sheet.attention.set(field, { theirs: to, base: from });
}

const VALUES = ['Alpha', 'Beta', 'Gamma'];
const sheetIndex = fc.nat({ max: 1 });
const field = fc.constantFrom<Field>('title', 'description');
const edited = fc.constantFrom<Edited>('title', 'description', 'revision');
/** A draft with one of its edited values changed. */
const withEdit = (state: SheetState, name: Edited, text: string): SheetState =>
  name === 'revision'
    ? { ...state, documents: state.documents!.map((document, index) => (index === 0 ? { ...document, revision: text } : document)) }
    : setAt(state, ['translations', 'en_US', name], text);
const value = fc.constantFrom(...VALUES);

type Command = fc.AsyncCommand<Model, Real>;
/** Steps run, by command, to say how much a run covered. */
const ran = new Map<string, number>();
const command = (name: string, check: (model: Model) => boolean, run: (model: Model) => Promise<void>): Command => ({
  check,
  async run(model) {
    await run(model);
    await agree(model);
    const kind = name.replace(/ (#|the last).*/, '');
    ran.set(kind, (ran.get(kind) ?? 0) + 1);
  },
  toString: () => name,
});
const live = (index: number) => (model: Model) => !model.sheets[index]!.trashed;

const COMMANDS = [
  fc.tuple(sheetIndex, edited, value).map(([index, name, text]) =>
    command(`save #${index} ${name}=${text}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      await saveDraft(sheet, (state) => withEdit(state, name, text));
      sheet.draft[name] = text;
    }),
  ),
  sheetIndex.map((index) =>
    command(`publish #${index}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      const result = await sheets.publish(db(), sheet.id, undefined, editor).catch((error: unknown) => error);
      if (sheet.attention.size > 0) expect(result).toBeInstanceOf(EditingError);
      else sheet.site = { ...sheet.draft };
    }),
  ),
  sheetIndex.map((index) =>
    command(
      `unpublish #${index}`,
      (model) => live(index)(model) && model.sheets[index]!.site !== null,
      async (model) => {
        const sheet = model.sheets[index]!;
        await sheets.unpublish(db(), sheet.id, undefined, editor);
        sheet.site = null;
      },
    ),
  ),
  sheetIndex.map((index) =>
    command(`scheduled publish #${index}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      await scheduleSheet(db(), sheet.id, 'publish', new Date(Date.now() - 1000).toISOString(), editor);
      const [fired] = await fireDueSchedules(db());
      if (sheet.attention.size > 0) expect(fired?.outcome).toBe('failed');
      else {
        expect(fired?.outcome).toBe('done');
        sheet.site = { ...sheet.draft };
      }
    }),
  ),
  fc.tuple(sheetIndex, field, value).map(([index, name, text]) =>
    command(`import #${index} ${name}=${text}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      const path = join(folder, `import-${model.imports.length}-${Math.random().toString(36).slice(2)}.csv`);
      writeFileSync(
        path,
        [
          ['key', name],
          [sheet.key, text],
        ]
          .map(formatCsvRow)
          .join('\r\n'),
      );
      const result = await importCsvFile(db(), path, { platformSitesSegment: 'sfsites' }, { actor: { id: null, label: 'cli:operator' } }).catch(
        (error: unknown) => error,
      );
      if (sheet.site === null) {
        // Not on the site: refused, naming it; nothing changes.
        expect(result).toBeInstanceOf(ManifestError);
        return;
      }
      const { importId } = result as { importId: string };
      const before = sheet.site[name];
      if (before === text) {
        model.imports.push({ id: importId, sheet: index, change: null, undone: false });
        return;
      }
      sheet.site[name] = text;
      carry(sheet, name, before, text);
      model.imports.push({ id: importId, sheet: index, change: { field: name, before, after: text }, undone: false });
    }),
  ),
  fc.boolean().map((keepLater) =>
    command(
      `undo the last import${keepLater ? ', keeping later changes' : ''}`,
      (model) => model.imports.some((entry) => !entry.undone),
      async (model) => {
        const entry = model.imports.findLast((candidate) => !candidate.undone)!;
        const sheet = model.sheets[entry.sheet]!;
        const result = await undoImport(db(), entry.id, editor, { keepLater }).catch((error: unknown) => error);
        const change = entry.change;
        const later = !sheet.trashed && change !== null && (sheet.site === null || sheet.site[change.field] !== change.after);
        if (later && !keepLater) {
          expect((result as EditingError).reason, 'refused, naming the later change').toBe('conflict');
          return;
        }
        expect(result).not.toBeInstanceOf(Error);
        entry.undone = true;
        if (sheet.trashed || change === null || later) return;
        sheet.site![change.field] = change.before;
        carry(sheet, change.field, change.after, change.before);
      },
    ),
  ),
  fc.tuple(sheetIndex, fc.nat()).map(([index, pick]) =>
    command(`restore version #${index}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      const versions = await sheets.versions(db(), sheet.id);
      const { summary, state } = await sheets.version(db(), sheet.id, versions[pick % versions.length]!.number);
      const view = (await sheets.view(db(), sheet.id))!;
      await sheets.restoreVersion(db(), sheet.id, summary.number, view.revision, editor);
      sheet.draft = textsOf(state);
    }),
  ),
  sheetIndex.map((index) =>
    command(`trash #${index}`, live(index), async (model) => {
      const sheet = model.sheets[index]!;
      await sheets.remove(db(), sheet.id, undefined, editor);
      sheet.trashed = true;
    }),
  ),
  sheetIndex.map((index) =>
    command(
      `restore #${index} from the trash`,
      (model) => model.sheets[index]!.trashed,
      async (model) => {
        const sheet = model.sheets[index]!;
        await sheets.restoreFromTrash(db(), sheet.id, editor);
        sheet.trashed = false;
      },
    ),
  ),
  fc.tuple(sheetIndex, fc.boolean(), fc.boolean()).map(([index, titleTheirs, descriptionTheirs]) =>
    command(
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
      },
    ),
  ),
];

/**
 * How often each is drawn: edits, imports and choices most, so that collisions happen; trashing
 * least, since a sheet in the trash takes no other step.
 */
const WEIGHTS = [4, 2, 1, 1, 4, 2, 1, 1, 2, 4];
const commands = COMMANDS.flatMap((arbitrary, index) => Array.from({ length: WEIGHTS[index]! }, () => arbitrary));

let made = 0;
/** Two new sheets on the site, each with a safety data sheet in its set, for one run: runs never share a sheet. */
async function freshSheets(): Promise<SheetModel[]> {
  const made2: SheetModel[] = [];
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
    const state: SheetState = {
      ...base,
      translations: { en_US: { ...base.translations.en_US!, url: path(own!.assetId) } },
      document: own!,
      documents: [{ ...sds!, kind: 'safety-data-sheet', language: 'en_US', region: 'EU', revision: 'Alpha', url: path(sds!.assetId) }],
    };
    const created = await sheets.create(db(), state.id, state, editor);
    await sheets.publish(db(), state.id, created.revision, editor);
    made2.push({
      id: state.id,
      key: state.contentKey,
      site: { title: 'Alpha', description: 'Alpha', revision: 'Alpha' },
      draft: { title: 'Alpha', description: 'Alpha', revision: 'Alpha' },
      attention: new Map(),
      trashed: false,
    });
  }
  return made2;
}

describe('the editing model', () => {
  it(
    'agrees with the site after every step of random sequences of edits, publishes, imports and undos',
    async () => {
      console.info(`editing model: seed ${SEED}, at least ${STEPS} steps (EDITING_MODEL_SEED=${SEED} repeats it)`);
      const total = () => [...ran.values()].reduce((sum, count) => sum + count, 0);
      for (let round = 0; round < MAX_ROUNDS && (total() < STEPS || ran.size < COMMANDS.length); round++) {
        await fc.assert(
          fc.asyncProperty(fc.commands(commands, { maxCommands: 100, size: 'max' }), async (steps) => {
            const setup = async () => ({ model: { sheets: await freshSheets(), imports: [] } as Model, real: { test, folder } });
            await fc.asyncModelRun(setup, steps);
          }),
          { seed: SEED + round, numRuns: RUNS_A_ROUND, endOnFailure: process.env.CI !== undefined },
        );
      }
      console.info(`editing model: ${[...ran].map(([kind, count]) => `${count} ${kind}`).join(', ')}`);
      // Every kind of step ran, as many steps as asked: a run that checks little fails.
      expect(ran.size).toBe(COMMANDS.length);
      expect(total()).toBeGreaterThanOrEqual(STEPS);
    },
    15 * 60_000,
  );
});
