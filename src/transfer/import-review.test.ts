/**
 * An import never publishes past review (issue 60, T7). While review before publish is on, an
 * editor's one-row CSV in the studio, or an import at the command line, puts its changes into the
 * sheets' drafts, each put up for review, and the site shows none of it until a reviewer approves;
 * where a draft changed the same field, it keeps its own and asks the editor's choice. Undoing such
 * an import takes its changes back out of the drafts. A file that would change records without a
 * review (a site's name) is refused whole; an operator may bypass review only by saying so, and
 * the audit log names it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { importThroughStudio, signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { saveReviewPolicy } from '../cms/repositories/reviews';
import { readContentVersion } from '../cms/repositories/store-state';
import { undoImport } from '../editing/imports';
import { sheets } from '../editing/sheets';
import type { Actor } from '../editing/audit';
import { EditingError } from '../editing/editable';
import { readJournalOnce } from '../server/journal-follower';
import { exportContentFolder } from './export-content';
import { applyProposal } from './import-apply';
import { importContentFolder } from './import-content';
import { importCsvFile, prepareCsvImport } from './import-csv';

let test: TestApp;
let editor: StudioClient;
let folder: string;
/** The editor who wrote the draft and asked for its review; someone else imports, a third approves. */
const author: Actor = { id: null, label: 'author@example.com' };
const reviewer = { actor: { id: null, label: 'reviewer@example.com' } as Actor, role: 'editor' as const };
const IMPORTED = 'Imported while the sheet waits for review.';

beforeAll(async () => {
  test = await createTestApp();
  editor = await signInAs(test, 'editor');
  folder = mkdtempSync(join(tmpdir(), 'import-review-'));
  writeFileSync(join(folder, 'one.csv'), 'urlName,language,description\nsilane,en_US,Imported and then undone.\n');
  writeFileSync(join(folder, 'new.csv'), 'urlName,language,title,description\nxenon-difluoride,en_US,Xenon difluoride,An etchant.\n');
});
beforeEach(async () => saveReviewPolicy(test.store.db, 'editors'));
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

const idOf = async (urlName: string) => (await test.store.db.selectFrom('contents').select('id').where('url_name', '=', urlName).executeTakeFirstOrThrow()).id;
const onSite = async (urlName: string) =>
  (
    await test.store.db
      .selectFrom('content_translations as t')
      .innerJoin('contents as c', 'c.id', 't.content_id')
      .select('t.body')
      .where('c.url_name', '=', urlName)
      .where('t.language', '=', 'en_US')
      .executeTakeFirstOrThrow()
  ).body;
const description = (state: { translations: Record<string, { description?: string } | undefined> }) => state.translations.en_US?.description;

/** The studio's two clicks: the file, the comparison, apply. */
async function importInStudio(csv: string) {
  const { comparison, applied } = await importThroughStudio(editor, [{ name: 'one.csv', bytes: Buffer.from(csv) }]);
  return { comparison: comparison.json() as { plan: { intoDrafts: boolean; live: string[]; notes: string[] } }, applied: applied! };
}

describe('an import while review before publish is on', () => {
  it('from the studio goes into the draft beside the editor’s change under review, and reaches the site only once approved', async () => {
    const id = await idOf('silane');
    const opened = (await sheets.view(test.store.db, id))!;
    const titled = structuredClone(opened.draft);
    titled.translations.en_US!.title = 'Silane (reviewed title)';
    const saved = await sheets.save(test.store.db, id, titled, opened.revision, author);
    await sheets.requestReview(test.store.db, id, saved.revision, { actor: author, role: 'editor' });
    await readJournalOnce(test.store);
    const version = await readContentVersion(test.store.db);
    const before = await onSite('silane');

    const { comparison, applied } = await importInStudio(`urlName,language,description\nsilane,en_US,${IMPORTED}\n`);
    expect(comparison.plan).toMatchObject({ intoDrafts: true, live: [] });
    expect(comparison.plan.notes.join(' ')).toContain('Review before publish is on');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ into: 'drafts', needAttention: [] });
    // The import lists say where it went.
    const [listed] = (await editor.request('GET', '/imports')).json() as Array<{ summary: string }>;
    expect(listed!.summary).toBe('1 sheet changed, into drafts for review');

    // The site shows nothing of it, and nothing followed a change.
    await readJournalOnce(test.store);
    expect(await onSite('silane')).toBe(before);
    expect(await readContentVersion(test.store.db)).toBe(version);
    // The draft has both changes, and its review is of the draft as it is now, asked by the importer.
    const drafted = (await sheets.view(test.store.db, id))!;
    expect(drafted.draft.translations.en_US!.title).toBe('Silane (reviewed title)');
    expect(description(drafted.draft)).toBe(IMPORTED);
    expect(drafted.review).toMatchObject({ state: 'pending', current: true, requestedBy: editor.email });
    await expect(sheets.publish(test.store.db, id, drafted.revision, author)).rejects.toMatchObject({ reason: 'not-approved' });

    await sheets.approve(test.store.db, id, drafted.revision, reviewer);
    await sheets.publish(test.store.db, id, drafted.revision, reviewer.actor);
    expect(await onSite('silane')).toContain(IMPORTED);
  });

  it('keeps the draft’s own value where it changed the same field, and asks the editor to choose', async () => {
    const id = await idOf('silane');
    const opened = (await sheets.view(test.store.db, id))!;
    const mine = structuredClone(opened.draft);
    mine.translations.en_US!.description = 'The editor’s own description.';
    await sheets.save(test.store.db, id, mine, opened.revision, author);
    const site = await onSite('silane');

    const { applied } = await importInStudio('urlName,language,description\nsilane,en_US,The agency’s description.\n');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ into: 'drafts', needAttention: [expect.stringContaining('Silane')] });
    const view = (await sheets.view(test.store.db, id))!;
    expect(description(view.draft)).toBe('The editor’s own description.');
    expect(view.attention).toMatchObject({
      into: 'draft',
      conflicts: [{ path: ['translations', 'en_US', 'description'], theirs: 'The agency’s description.' }],
    });
    expect(await onSite('silane')).toBe(site);
  });

  it('is undone out of the drafts: the import’s fields go back, its choices are settled, the drafts it made go to the trash', async () => {
    const silane = await idOf('silane');
    const opened = (await sheets.view(test.store.db, silane))!;
    await sheets.save(test.store.db, silane, opened.published, opened.revision, author, { settles: true });
    const cleared = (await sheets.view(test.store.db, silane))!;
    const edited = structuredClone(cleared.draft);
    edited.translations.en_US!.title = 'Silane (kept through the undo)';
    edited.translations.en_US!.description = 'Described before the import.';
    await sheets.save(test.store.db, silane, edited, cleared.revision, author);

    const changed = await importCsvFile(test.store.db, join(folder, 'one.csv'), { platformSitesSegment: test.config.platformSitesSegment });
    const added = await importCsvFile(test.store.db, join(folder, 'new.csv'), { platformSitesSegment: test.config.platformSitesSegment });
    expect([changed.into, added.into]).toEqual(['drafts', 'drafts']);
    const xenon = 'xenon-difluoride';
    const newId = (await test.store.db.selectFrom('drafts').select('target_id').where('label', '=', 'Xenon difluoride').executeTakeFirstOrThrow()).target_id;
    expect((await sheets.view(test.store.db, newId))!).toMatchObject({ status: 'draft', published: null, review: { state: 'pending' } });
    await expect(test.store.db.selectFrom('contents').select('id').where('url_name', '=', xenon).executeTakeFirst()).resolves.toBeUndefined();

    // The conflict (the draft's own description) asked a choice; undoing settles it and leaves the draft's own.
    const undone = await undoImport(test.store.db, changed.importId, author);
    expect(undone).toMatchObject({ restored: 1, removed: 0, kept: [] });
    const back = (await sheets.view(test.store.db, silane))!;
    expect(back.draft.translations.en_US).toMatchObject({ title: 'Silane (kept through the undo)', description: 'Described before the import.' });
    expect(back.attention).toBeNull();
    expect(await undoImport(test.store.db, added.importId, author)).toMatchObject({ removed: 1 });
    expect(await sheets.view(test.store.db, newId)).toBeNull();
    const trashed = await test.store.db.selectFrom('trash').select('label').where('target_id', '=', newId).executeTakeFirst();
    expect(trashed?.label).toBe('Xenon difluoride');
  });

  it('refuses a file that would change a record without review, naming it, and changes nothing', async () => {
    const exported = join(folder, 'export');
    await saveReviewPolicy(test.store.db, 'off');
    await exportContentFolder(test.store.db, exported);
    await saveReviewPolicy(test.store.db, 'editors');
    const manifestPath = join(exported, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { sites: Array<{ name: string }>; contents: unknown[] };
    manifest.sites[0]!.name = 'Renamed past review';
    writeFileSync(manifestPath, JSON.stringify(manifest));
    // A sheet changed too: the import has something for the drafts.
    const silane = await idOf('silane');
    const view = (await sheets.view(test.store.db, silane))!;
    const published = structuredClone(view.published!);
    published.translations.en_US!.title = 'Silane, renamed on the site';
    await saveReviewPolicy(test.store.db, 'off');
    await sheets.save(test.store.db, silane, published, view.revision, author);
    await sheets.publish(test.store.db, silane, undefined, author);
    await saveReviewPolicy(test.store.db, 'editors');
    await readJournalOnce(test.store);
    const version = await readContentVersion(test.store.db);

    const refused = await importContentFolder(test.store.db, exported).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EditingError);
    expect((refused as EditingError).reason).toBe('not-approved');
    expect((refused as EditingError).message).toContain('site "Renamed past review" (changed)');
    expect(await readContentVersion(test.store.db)).toBe(version);
    expect((await sheets.view(test.store.db, silane))!.draft.translations.en_US!.title).toBe('Silane, renamed on the site');
  });

  it('from the command line goes on the site only when review is bypassed, which the audit log names', async () => {
    const options = { platformSitesSegment: test.config.platformSitesSegment };
    writeFileSync(join(folder, 'bypass.csv'), 'urlName,language,description\nsilane,en_US,Put on the site past review.\n');
    const { importId, into } = await importCsvFile(test.store.db, join(folder, 'bypass.csv'), options, { bypassReview: true });
    expect(into).toBe('site');
    expect(await onSite('silane')).toContain('Put on the site past review.');
    const [entry] = await test.store.db.selectFrom('audit_log').select(['action', 'after']).where('target_id', '=', importId).execute();
    expect(entry).toEqual({ action: 'content.import-bypassing-review', after: JSON.stringify({ review: 'editors' }) });
  });

  it('that finds review turned on while it was being applied is refused, to be applied again into the drafts', async () => {
    await saveReviewPolicy(test.store.db, 'off');
    writeFileSync(join(folder, 'late.csv'), 'urlName,language,description\nsilane,en_US,Applied as review was turned on.\n');
    const prepared = await prepareCsvImport(test.store.db, join(folder, 'late.csv'), { platformSitesSegment: test.config.platformSitesSegment });
    const refused = await applyProposal(test.store.db, prepared, {
      actor: author,
      verify: (trx) => saveReviewPolicy(trx, 'editors'),
    }).catch((error: unknown) => error);
    expect((refused as EditingError).message).toContain('turned on');
    expect(await onSite('silane')).not.toContain('Applied as review was turned on.');
  });
});
