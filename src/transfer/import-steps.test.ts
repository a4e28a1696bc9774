/**
 * An import applied in steps (issue 34): each step holds the editing lock briefly, so editors'
 * changes made meanwhile wait a step, not the whole import; and a step that fails takes back what
 * the steps before it made (sheets and the other records), leaving the store as it was, with the
 * reason. On a real store (SQLite, or PostgreSQL under TEST_DATABASE_URL); the failure is the
 * store's own, raised by a trigger where a full disk would raise it.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullDiskMessage, refuseVersion } from '../../tests/helpers/refuse-version';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { listAuditEntries } from '../cms/repositories/audit-log';
import { findImport, listTrash } from '../cms/repositories/editing';
import type { Actor } from '../editing/audit';
import { describeImport, undoImport } from '../editing/imports';
import { publishedSheet } from '../editing/sheet-state';
import { sheets } from '../editing/sheets';
import { formatCsvRow } from './csv';
import { collectContent } from './export-content';
import { knownRecords, proposeManifest } from './import-content';
import { prepareCsvImport } from './import-csv';
import { applyProposal } from './import-apply';
import { changedSheets } from './import-proposal';
import { readManifest, type Manifest } from './manifest';

const operator: Actor = { id: null, label: 'cli:operator' };
const editor: Actor = { id: null, label: 'ana@example.com' };

let test: TestApp;
let folder: string;
beforeAll(async () => {
  test = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'literature-import-steps-'));
});
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

const db = () => test.store.db;
const withoutDate = (manifest: Manifest) => ({ ...manifest, exportedAt: '' });
const storeState = async () => ({ content: withoutDate((await collectContent(db())).manifest), trash: await listTrash(db(), 'sheet') });

describe('a folder import that fails part-way', () => {
  it('takes back its sheets and its other records: the store is as it was, the error says why, and the import can be applied again', async () => {
    const { manifest, files } = await collectContent(db());
    const changed = structuredClone(manifest);
    changed.sites[0]!.name = 'Renamed by the import';
    changed.sites[0]!.languages = [...changed.sites[0]!.languages, { language: 'it_IT', active: false }];
    changed.collections[0]!.title = 'Retitled by the import';
    const image = changed.contents.find((content) => content.type !== 'literature_sheet')!;
    image.translations[0]!.title = 'Image retitled by the import';
    const literature = changed.contents.filter((content) => content.type === 'literature_sheet');
    for (const content of literature) content.translations[0]!.title += ' (revised)';
    // The sheet it adds comes first: it is in when the failure comes.
    changed.contents.unshift({
      ...structuredClone(literature[0]!),
      contentKey: 'MCZZZZZZZZZZZZZZZZZZZZZZZZZZ',
      id: '20YZZZZZZZZZZZZZZZ',
      urlName: 'added-by-the-import',
    });
    const proposal = await proposeManifest(db(), readManifest(changed, 'manifest.json', await knownRecords(db())), files);
    const order = changedSheets(proposal);
    expect(order.length).toBeGreaterThan(8);
    expect(order[0]!.base).toBeNull();
    const before = await storeState();

    // The store refuses the import's version of the seventh sheet, as a full disk would.
    const allow = await refuseVersion(db(), test.store.dialect, 'import', order[6]!.id);
    let applied: number[] = [];
    try {
      const failure = applyProposal(db(), proposal, { actor: operator, stepMs: 0, betweenSteps: async (count) => void applied.push(count) });
      await expect(failure).rejects.toThrow(fullDiskMessage(test.store.dialect));
    } finally {
      await allow();
    }
    // It failed in its seventh sheet step, one sheet a step: six sheets and the records were in.
    expect(applied).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await storeState()).toEqual(before);
    const [takenBack] = await db().selectFrom('audit_log').select('target_id').where('action', '=', 'content.import-taken-back').execute();
    const importId = takenBack!.target_id!;
    expect((await listAuditEntries(db(), { target: importId, limit: 10 })).map((entry) => entry.action)).toEqual([
      'content.import-taken-back',
      'content.import',
    ]);
    expect(await findImport(db(), importId)).toBeUndefined();
    // A sheet it had added leaves no trace; one it had changed says so in its history.
    expect(await sheets.versions(db(), '20YZZZZZZZZZZZZZZZ')).toEqual([]);
    expect((await sheets.versions(db(), order[1]!.id)).map((version) => version.event).slice(0, 2)).toEqual(['import-taken-back', 'import']);

    // Nothing is left half-way: the same import, applied again, does it all.
    applied = [];
    const done = await applyProposal(db(), await proposeManifest(db(), readManifest(changed, 'manifest.json', await knownRecords(db())), files), {
      actor: operator,
      stepMs: 0,
    });
    expect(done.changed + done.added).toBe(order.length);
    const after = withoutDate((await collectContent(db())).manifest);
    expect(after.sites[0]!.name).toBe('Renamed by the import');
    expect(after.collections[0]!.title).toBe('Retitled by the import');
    expect((await publishedSheet(db(), '20YZZZZZZZZZZZZZZZ'))?.urlName).toBe('added-by-the-import');
  });
});

/**
 * Editors publish and save sheets between the import's steps. Whatever the interleaving: an
 * editor's publish stands (the import refuses, and takes itself back, when a publish reaches a
 * sheet before it does; it goes on when the publish comes after), an editor's draft keeps what
 * they wrote, and the import is either all in or all out.
 */
describe('an import interleaved with editors’ changes', () => {
  const SHEETS = 6;
  let round = 0;

  const csv = (name: string, rows: string[][]) => {
    const path = join(folder, name);
    writeFileSync(path, [['title', 'description', 'language', 'urlName', 'url'], ...rows].map(formatCsvRow).join('\r\n') + '\r\n');
    return path;
  };
  const rowOf = (prefix: string, index: number, text: string) => [
    `${prefix} ${index}`,
    text,
    'en_US',
    `${prefix}-${index}`,
    `https://example.com/${prefix}-${index}.pdf`,
  ];
  const options = () => ({ platformSitesSegment: test.config.platformSitesSegment });
  const description = async (id: string) => (await publishedSheet(db(), id))?.translations.en_US?.description ?? null;

  it('keeps every editor’s publish and draft, and applies all of the import or none of it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ at: fc.nat(SHEETS - 1), sheet: fc.nat(SHEETS - 1), publish: fc.boolean() }), { maxLength: 4 }),
        // The store refuses the import's version of this sheet, as a full disk would.
        fc.option(fc.nat(SHEETS - 1), { nil: undefined }),
        async (changes, failing) => {
          const prefix = `interleaved-${++round}`;
          // Half the sheets are on the site already (the import changes them), half it adds.
          const made = await applyProposal(
            db(),
            await prepareCsvImport(
              db(),
              csv(
                `${prefix}-a.csv`,
                [0, 1, 2].map((index) => rowOf(prefix, index, 'made')),
              ),
              options(),
            ),
            {
              actor: operator,
            },
          );
          expect(made.added).toBe(3);
          const idOf = async (index: number) =>
            (await db().selectFrom('contents').select('id').where('url_name', '=', `${prefix}-${index}`).executeTakeFirst())?.id;
          const stored = await Promise.all([0, 1, 2].map(async (index) => (await idOf(index))!));
          const proposal = await prepareCsvImport(
            db(),
            csv(
              `${prefix}-b.csv`,
              Array.from({ length: SHEETS }, (_, index) => rowOf(prefix, index, 'imported')),
            ),
            options(),
          );
          const order = changedSheets(proposal).map((sheet) => sheet.id);
          // Editors only reach sheets that are on the site: those the import changes.
          const published = new Map<string, string>();
          const drafted = new Map<string, string>();
          let expectRefusal = false;
          const startedAt = new Date().toISOString();
          const allow = failing === undefined ? null : await refuseVersion(db(), test.store.dialect, 'import', order[failing]!);
          const outcome = await applyProposal(db(), proposal, {
            actor: operator,
            stepMs: 0,
            betweenSteps: async (applied) => {
              for (const [index, change] of changes.entries()) {
                const id = stored[change.sheet % 3]!;
                if (change.at !== applied) continue;
                const view = (await sheets.view(db(), id))!;
                const draft = structuredClone(view.draft);
                const text = `${change.publish ? 'Published' : 'Drafted'} by an editor, ${index}`;
                draft.translations.en_US!.description = text;
                await sheets.save(db(), id, draft, view.revision, editor);
                // A draft the import collided with needs the editor's choice before it can be published.
                if (change.publish && view.attention !== null) {
                  await expect(sheets.publish(db(), id, view.revision + 1, editor)).rejects.toThrow(/needs attention before it is published/);
                  drafted.set(id, text);
                } else if (change.publish) {
                  await sheets.publish(db(), id, view.revision + 1, editor);
                  published.set(id, text);
                  drafted.delete(id);
                  // Published before the import reached it: the import must refuse.
                  if (order.indexOf(id) >= applied) expectRefusal = true;
                } else drafted.set(id, text);
              }
            },
          })
            .then(
              () => 'applied' as const,
              (error: unknown) => error,
            )
            .finally(() => allow?.());
          const refused = expectRefusal || failing !== undefined;
          if (refused) expect(String(outcome)).toMatch(/The site changed since this import was worked out|disk is full|disk holding the content store is full/);
          else expect(outcome).toBe('applied');
          expect(String(outcome)).not.toMatch(/Taking back .* failed too/);
          // Applied or taken back, it is not left half-way.
          expect(await db().selectFrom('imports').select('id').where('apply_step_at', 'is not', null).where('created_at', '>=', startedAt).execute()).toEqual(
            [],
          );

          for (const [index, id] of stored.entries()) {
            const wanted = published.get(id) ?? (refused ? 'made' : 'imported');
            expect(await description(id), `sheet ${index}`).toBe(wanted);
            const draft = drafted.get(id);
            if (draft !== undefined) expect((await sheets.view(db(), id))!.draft.translations.en_US?.description).toBe(draft);
          }
          for (const index of [3, 4, 5]) {
            const id = await idOf(index);
            if (refused) expect(id, `added sheet ${index}`).toBeUndefined();
            else expect(await description(id!)).toBe('imported');
          }
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12) },
    );
  }, 120_000);

  it('an import cut off part-way is undone as far as it went', async () => {
    const prefix = 'cut-off-apply';
    const proposal = await prepareCsvImport(
      db(),
      csv(
        `${prefix}.csv`,
        Array.from({ length: 5 }, (_, index) => rowOf(prefix, index, 'imported')),
      ),
      options(),
    );
    // The process "ends" between steps: the hook never returns, as a killed process never does.
    const cut = new Promise<never>(() => undefined);
    let reached = 0;
    void applyProposal(db(), proposal, {
      actor: operator,
      stepMs: 0,
      betweenSteps: async (applied) => {
        reached = applied;
        if (applied === 3) await cut;
      },
    });
    await expect.poll(() => reached, { timeout: 10_000 }).toBe(3);
    const [row] = await db().selectFrom('imports').selectAll().where('apply_step_at', 'is not', null).where('summary', '=', '5 sheets added').execute();
    expect(row).toBeDefined();
    const importId = row!.id;
    await expect(undoImport(db(), importId, operator)).rejects.toThrow(new RegExp(`Import ${importId} is being applied`));
    // Its description, as the undo's question shows it, names the sheets it reached.
    expect((await describeImport(db(), importId)).sheets.map((sheet) => sheet.label)).toEqual([0, 1, 2].map((index) => `${prefix} ${index}`));
    const later = new Date(Date.parse(row!.apply_step_at!) + 61_000);
    const undone = await undoImport(db(), importId, operator, { now: later });
    expect(undone).toMatchObject({ removed: 3, restored: 0, kept: [] });
    const left = await db().selectFrom('contents').select('url_name').where('url_name', 'like', `${prefix}-%`).execute();
    expect(left).toEqual([]);
  });
});
