/**
 * Model-based: seeded random sequences of saves, publishes alone, unpublishes, releases (gathered,
 * checked to lock their drafts, published) and undos of the last release, with or without keeping
 * later changes, on two sheets, against the real editing engine and store beside a model that
 * says it plainly: a release puts every draft it holds on the site at once; its undo puts back what
 * each showed before, unless something changed that sheet on the site since. After every step the
 * delivery API and the drafts agree with the model. SQLite, or PostgreSQL when TEST_DATABASE_URL
 * names one. RELEASES_MODEL_SEED repeats a run; the seed is printed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_IDS } from '../demo/seed-demo';
import { setAt } from '../shared/merge';
import type { Actor } from './audit';
import { EditingError } from './editable';
import { addToRelease, createRelease, publishRelease, releaseView, undoRelease } from './releases';
import { newSheetState, sheets } from './sheets';
import { readJournalOnce } from '../server/journal-follower';

const SEED = Number(process.env.RELEASES_MODEL_SEED ?? Date.now() % 2_147_483_647);
const editor: Actor = { id: '005000000000001AAA', label: 'editor@example.com' };

interface SheetModel {
  id: string;
  key: string;
  /** The title visitors see; null: not on the site. */
  site: string | null;
  draft: string;
  /** Moves on with every change of what the site shows of it: a release's undo leaves a sheet alone that changed since. */
  stamp: number;
}

interface ReleaseModel {
  id: string;
  items: Array<{ index: number; before: string | null; stamp: number }>;
  undone: boolean;
}

interface Model {
  sheets: SheetModel[];
  releases: ReleaseModel[];
}

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { SCHEDULE_CHECK_MS: '3600000' } });
});
afterAll(async () => {
  await test.close();
});

const db = () => test.store.db;

async function agree(model: Model): Promise<void> {
  // The engine is called as a command would call it: the server's readers read the journal as its routes do before they answer.
  await readJournalOnce(test.store);
  for (const sheet of model.sheets) {
    const answer = await test.app.inject(`/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/contents/${sheet.key}?language=en_US`);
    if (sheet.site === null) expect(answer.statusCode, `${sheet.key} is not on the site`).toBe(404);
    else expect(answer.json<{ title: string }>().title, 'what visitors see').toBe(sheet.site);
    expect((await sheets.view(db(), sheet.id))!.draft.translations.en_US!.title, 'the draft').toBe(sheet.draft);
  }
}

type Command = fc.AsyncCommand<Model, object>;
/** Steps run, by command, to say how much a run covered. */
const ran = new Map<string, number>();
const command = (name: string, check: (model: Model) => boolean, run: (model: Model) => Promise<void>): Command => ({
  check,
  async run(model) {
    await run(model);
    await agree(model);
    const kind = name.replace(/ #.*/, '');
    ran.set(kind, (ran.get(kind) ?? 0) + 1);
  },
  toString: () => name,
});

const index = fc.nat({ max: 1 });
const title = fc.constantFrom('Alpha', 'Beta', 'Gamma');
const changed = (sheet: SheetModel) => sheet.site !== sheet.draft;

const COMMANDS = [
  fc.tuple(index, title).map(([at, text]) =>
    command(
      `save #${at} ${text}`,
      () => true,
      async (model) => {
        const sheet = model.sheets[at]!;
        const view = (await sheets.view(db(), sheet.id))!;
        await sheets.save(db(), sheet.id, setAt(structuredClone(view.draft), ['translations', 'en_US', 'title'], text), view.revision, editor);
        sheet.draft = text;
      },
    ),
  ),
  index.map((at) =>
    command(
      `publish #${at}`,
      () => true,
      async (model) => {
        const sheet = model.sheets[at]!;
        await sheets.publish(db(), sheet.id, undefined, editor);
        if (!changed(sheet)) return;
        sheet.site = sheet.draft;
        sheet.stamp += 1;
      },
    ),
  ),
  index.map((at) =>
    command(
      `unpublish #${at}`,
      (model) => model.sheets[at]!.site !== null,
      async (model) => {
        const sheet = model.sheets[at]!;
        await sheets.unpublish(db(), sheet.id, undefined, editor);
        sheet.site = null;
        sheet.stamp += 1;
      },
    ),
  ),
  fc.constant(null).map(() =>
    command(
      'release the changed sheets',
      (model) => model.sheets.some(changed),
      async (model) => {
        const release = await createRelease(db(), 'A release', editor);
        const held = model.sheets.flatMap((sheet, at) => (changed(sheet) ? [at] : []));
        for (const at of held) await addToRelease(db(), release.id, 'sheet', model.sheets[at]!.id, editor);
        // Gathered, a draft is published with the release only.
        const alone = await sheets.publish(db(), model.sheets[held[0]!]!.id, undefined, editor).catch((error: unknown) => error);
        expect((alone as EditingError).reason, 'a draft in a release is not published alone').toBe('conflict');
        await publishRelease(db(), release.id, editor);
        const items = held.map((at) => {
          const sheet = model.sheets[at]!;
          const before = sheet.site;
          sheet.site = sheet.draft;
          sheet.stamp += 1;
          return { index: at, before, stamp: sheet.stamp };
        });
        model.releases.push({ id: release.id, items, undone: false });
      },
    ),
  ),
  fc.boolean().map((keepLater) =>
    command(
      `undo the last release${keepLater ? ', keeping later changes' : ''}`,
      (model) => model.releases.some((release) => !release.undone),
      async (model) => {
        const release = model.releases.findLast((candidate) => !candidate.undone)!;
        const later = release.items.filter((item) => model.sheets[item.index]!.stamp !== item.stamp);
        const result = await undoRelease(db(), release.id, editor, { keepLater }).catch((error: unknown) => error);
        if (later.length > 0 && !keepLater) {
          expect(result, 'refused, naming the later changes').toBeInstanceOf(EditingError);
          expect((result as EditingError).details.later).toHaveLength(later.length);
          expect((result as EditingError).details.undoable, 'how many an undo keeping them would undo').toBe(release.items.length - later.length);
          return;
        }
        if (later.length === release.items.length) {
          // Every draft kept: nothing to undo, and the release is not called undone.
          expect(result, 'refused: nothing left to undo').toBeInstanceOf(EditingError);
          expect((result as EditingError).details.undoable).toBe(0);
          expect((await releaseView(db(), release.id)).state).toBe('published');
          return;
        }
        expect(result).not.toBeInstanceOf(Error);
        release.undone = true;
        for (const item of release.items) {
          if (later.includes(item)) continue;
          const sheet = model.sheets[item.index]!;
          sheet.site = item.before;
          sheet.stamp += 1;
        }
      },
    ),
  ),
];

/** How often each is drawn: saves most, so that drafts differ; releases and undos often enough to interleave. */
const WEIGHTS = [3, 1, 1, 2, 2];
const WEIGHTED = COMMANDS.flatMap((arbitrary, at) => Array.from({ length: WEIGHTS[at]! }, () => arbitrary));

let made = 0;
async function freshSheets(): Promise<SheetModel[]> {
  const fresh: SheetModel[] = [];
  for (let count = 0; count < 2; count++) {
    const state = newSheetState({
      siteId: DEMO_IDS.siteId,
      collectionId: DEMO_IDS.collectionId,
      primaryLanguage: 'en_US',
      texts: { title: 'Alpha', description: 'A sheet of the releases model.' },
      urlName: `release-model-${++made}-${Math.random().toString(36).slice(2, 8)}`,
    });
    await sheets.create(db(), state.id, state, editor);
    await sheets.publish(db(), state.id, undefined, editor);
    fresh.push({ id: state.id, key: state.contentKey, site: 'Alpha', draft: 'Alpha', stamp: 0 });
  }
  return fresh;
}

it('agrees with the model over any sequence of edits, publishes, releases and their undos', async () => {
  console.log(`releases model: seed ${SEED} (RELEASES_MODEL_SEED=${SEED} repeats it)`);
  await fc.assert(
    fc.asyncProperty(fc.commands(WEIGHTED, { maxCommands: 30, size: 'max' }), async (steps) => {
      const model: Model = { sheets: await freshSheets(), releases: [] };
      await fc.asyncModelRun(() => ({ model, real: {} }), steps);
    }),
    { seed: SEED, numRuns: 25 },
  );
  console.log(`releases model: ${[...ran].map(([kind, count]) => `${count} × ${kind}`).join(', ')}`);
}, 180_000);
