/**
 * Sheets in the editing model on a real store (SQLite, or PostgreSQL when TEST_DATABASE_URL names
 * one), seen through the real app: a draft is invisible to visitors, the delivery API and the media
 * routes until it is published; publishing is seen on the next request; versions fold, compare and
 * restore; a stale save is refused and loses nothing; delete goes through the trash.
 */
import { createHash } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { listAuditEntries } from '../cms/repositories/audit-log';
import { findContentsByKeys } from '../cms/repositories/contents';
import { saveBlob } from '../cms/repositories/editing';
import { DEMO_IDS } from '../demo/seed-demo';
import { MANAGED_CONTENT_ID_PREFIX } from '../shared/constants';
import { contentKeyFromBytes, idFromBytes } from '../shared/ids';
import { fileAssetPath, mediaDeliveryPath } from '../shared/urls';
import type { Actor } from './audit';
import { EditingError, FOLD_WINDOW_MS } from './editable';
import type { SheetState } from '../sheet/shape';
import { putOnSite, publishedSheet } from './sheet-state';
import { newSheetState, sheets } from './sheets';
import { urlNameOf } from '../shared/url-name';
import { readJournalOnce } from '../server/journal-follower';
import { problemLine } from '../shared/problems';

const editor: Actor = { id: '005000000000001AAA', label: 'editor@example.com' };
const other: Actor = { id: '005000000000002AAA', label: 'other@example.com' };
const { siteId, collectionId } = DEMO_IDS;
const collectionUrl = `/services/data/v65.0/connect/sites/${siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=100`;
const contentUrl = (key: string) => `/services/data/v65.0/connect/sites/${siteId}/cms/delivery/contents/${key}`;

let test: TestApp;
let teosId: string;
beforeAll(async () => {
  test = await createTestApp();
  const [teos] = await findContentsByKeys(test.store.db, siteId, [DEMO_IDS.sheetKey('teos')]);
  teosId = teos!.id;
});
afterAll(async () => {
  await test.close();
});

const db = () => test.store.db;
/** An answer once the server's readers of the journal have read what the engine (called here as a command would) changed. */
const get = async (url: string) => {
  await readJournalOnce(test.store);
  return test.app.inject(url);
};
/** The collection's titles as the delivery API answers them. */
const titlesInCollection = async () => ((await get(collectionUrl)).json() as { items: Array<{ name: string }> }).items.map((item) => item.name);
// Ten pages of the Show More grid: every sheet the collection holds.
const homePage = async () => (await get('/?page=10')).body;

async function storeBlob(bytes: Buffer, mimeType: string): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await saveBlob(db(), { sha256, mime_type: mimeType, byte_size: bytes.length, bytes, text: null, created_at: new Date().toISOString() });
  return sha256;
}

/** A new sheet with its own image and document, as a draft. */
async function draftWithFiles(title: string): Promise<SheetState> {
  const state = newSheetState({
    siteId,
    collectionId,
    primaryLanguage: 'en_US',
    texts: { title, description: 'Made in a test.' },
    urlName: `${urlNameOf(title, 'sheet')}-${randomBytes(3).toString('hex')}`,
  });
  const imageBytes = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><title>${randomBytes(4).toString('hex')}</title></svg>`);
  const documentBytes = Buffer.from(`%PDF-1.4 ${randomBytes(8).toString('hex')}`);
  const assetId = `sheet-${randomBytes(4).toString('hex')}`;
  return {
    ...state,
    translations: { en_US: { ...state.translations.en_US!, url: fileAssetPath('sfsites', assetId, 1), imageAlt: 'A drawing' } },
    image: {
      contentId: idFromBytes(MANAGED_CONTENT_ID_PREFIX, randomBytes(16)),
      contentKey: contentKeyFromBytes(randomBytes(16)),
      urlName: `${state.urlName}-image`,
      sha256: await storeBlob(imageBytes, 'image/svg+xml'),
      fileName: 'drawing.svg',
      mimeType: 'image/svg+xml',
      byteSize: imageBytes.length,
      width: 4,
      height: 3,
    },
    document: {
      assetId,
      version: 1,
      sha256: await storeBlob(documentBytes, 'application/pdf'),
      fileName: 'sheet.pdf',
      mimeType: 'application/pdf',
      byteSize: documentBytes.length,
    },
  };
}

describe('a sheet read from the site and written back', () => {
  it('comes back exactly as it was, so an untouched sheet shows no changes', async () => {
    const before = (await publishedSheet(db(), teosId))!;
    expect(before.translations.en_US?.title).toBe('Tetraethyl orthosilicate (TEOS)');
    expect(before.image?.contentKey).toBe(DEMO_IDS.imageKey('teos'));
    expect(before.document?.assetId).toBe(DEMO_IDS.assetId('teos'));
    expect(before.collectionId).toBe(collectionId);
    const order = await titlesInCollection();
    await db()
      .transaction()
      .execute(async (trx) => putOnSite(trx, before, before, new Date().toISOString()));
    expect(await publishedSheet(db(), teosId)).toEqual(before);
    expect(await titlesInCollection()).toEqual(order);
    expect((await sheets.view(db(), teosId))?.status).toBe('published');
  });
});

describe('drafts and publishing', () => {
  it('publishes only what the site can carry: an image with alternative text, a document a link goes to', async () => {
    const state = await draftWithFiles('Not ready yet');
    state.translations.en_US!.imageAlt = '';
    state.translations.en_US!.url = 'https://example.com/elsewhere.pdf';
    const created = await sheets.create(db(), state.id, state, editor);
    await expect(sheets.publish(db(), state.id, created.revision, editor)).rejects.toMatchObject({
      reason: 'invalid',
      details: {
        problems: [
          { field: 'translations.en_US.imageAlt', message: expect.stringContaining('alternative text') },
          { field: 'document', message: expect.stringMatching(/^no language's link goes to it/) },
        ],
      },
    });
    expect((await sheets.view(db(), state.id))?.status).toBe('draft');
  });

  it('keeps a new sheet, its image and its document off the site until it is published, then shows them on the next request', async () => {
    const state = await draftWithFiles('Draft-only precursor');
    const created = await sheets.create(db(), state.id, state, editor);
    expect(created).toMatchObject({ status: 'draft', revision: 1, published: null });

    expect(await titlesInCollection()).not.toContain('Draft-only precursor');
    expect((await get(contentUrl(state.contentKey))).statusCode).toBe(404);
    expect((await get(mediaDeliveryPath('sfsites', state.image!.contentKey))).statusCode).toBe(404);
    expect((await get(fileAssetPath('sfsites', state.document!.assetId, 1))).statusCode).toBe(404);
    expect(await homePage()).not.toContain('Draft-only precursor');

    const published = await sheets.publish(db(), state.id, 1, editor);
    expect(published).toMatchObject({ status: 'published', revision: 2 });
    expect((await titlesInCollection()).at(-1)).toBe('Draft-only precursor');
    expect((await get(contentUrl(state.contentKey))).statusCode).toBe(200);
    const media = await get(mediaDeliveryPath('sfsites', state.image!.contentKey));
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toContain('image/svg+xml');
    expect((await get(fileAssetPath('sfsites', state.document!.assetId, 1))).statusCode).toBe(200);
    expect(await homePage()).toContain('Draft-only precursor');
  });

  it('keeps changes to a published sheet in its draft until they are published', async () => {
    const opened = (await sheets.view(db(), teosId))!;
    const changed = structuredClone(opened.draft);
    changed.translations.en_US!.title = 'TEOS, revised';
    const saved = await sheets.save(db(), teosId, changed, opened.revision, editor);
    expect(saved).toMatchObject({ status: 'changed', label: 'TEOS, revised' });
    expect(await homePage()).toContain('Tetraethyl orthosilicate (TEOS)');
    expect(await homePage()).not.toContain('TEOS, revised');

    await sheets.publish(db(), teosId, saved.revision, editor);
    expect(await homePage()).toContain('TEOS, revised');
    expect((await get(contentUrl(DEMO_IDS.sheetKey('teos')))).json()).toMatchObject({ title: 'TEOS, revised' });
    // Publishing what the site already shows does nothing.
    expect(await sheets.publish(db(), teosId, undefined, editor)).toBeNull();
  });

  it('refuses a save from a stale revision with the current state, and loses nothing', async () => {
    const opened = (await sheets.view(db(), teosId))!;
    const mine = structuredClone(opened.draft);
    mine.translations.en_US!.description = 'Saved first.';
    await sheets.save(db(), teosId, mine, opened.revision, other);
    const theirs = structuredClone(opened.draft);
    theirs.translations.en_US!.description = 'Saved second, from the same revision.';
    const error = await sheets.save(db(), teosId, theirs, opened.revision, editor).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EditingError);
    expect((error as EditingError).reason).toBe('conflict');
    expect((error as EditingError).details.current).toMatchObject({
      revision: opened.revision + 1,
      draft: { translations: { en_US: { description: 'Saved first.' } } },
    });
    expect((await sheets.view(db(), teosId))?.draft.translations.en_US?.description).toBe('Saved first.');
  });

  it('refuses a javascript: link, an empty title and a changed content key, and says where', async () => {
    const opened = (await sheets.view(db(), teosId))!;
    const bad = structuredClone(opened.draft);
    bad.translations.en_US!.url = 'javascript:alert(1)';
    bad.translations.en_US!.title = ' ';
    bad.contentKey = 'MC0000000000000000000000000Z';
    const error = (await sheets.save(db(), teosId, bad, opened.revision, editor).catch((caught: unknown) => caught)) as EditingError;
    expect(error.reason).toBe('invalid');
    expect(error.details.problems?.map(problemLine)).toEqual([
      expect.stringContaining('contentKey: cannot change'),
      'translations.en_US.title: must not be empty',
      expect.stringContaining('translations.en_US.url: "javascript:alert(1)" uses the javascript: scheme'),
    ]);
    expect((await sheets.view(db(), teosId))?.revision).toBe(opened.revision);
  });

  it('takes a sheet off the site without deleting it, and puts it back', async () => {
    const opened = (await sheets.view(db(), teosId))!;
    await sheets.unpublish(db(), teosId, opened.revision, editor);
    expect((await get(contentUrl(DEMO_IDS.sheetKey('teos')))).statusCode).toBe(404);
    expect((await get(mediaDeliveryPath('sfsites', DEMO_IDS.imageKey('teos')))).statusCode).toBe(404);
    expect((await get(fileAssetPath('sfsites', DEMO_IDS.assetId('teos'), 1))).statusCode).toBe(404);
    expect(await titlesInCollection()).not.toContain('TEOS, revised');
    const offSite = (await sheets.view(db(), teosId))!;
    // Said as it is (D10): taken off the site, not a draft it never was.
    expect(offSite.status).toBe('unpublished');
    await sheets.publish(db(), teosId, offSite.revision, editor);
    expect((await get(fileAssetPath('sfsites', DEMO_IDS.assetId('teos'), 1))).statusCode).toBe(200);
    expect((await get(mediaDeliveryPath('sfsites', DEMO_IDS.imageKey('teos')))).statusCode).toBe(200);
  });
});

describe('versions', () => {
  it('folds one editor’s saves within ten minutes into one version and one audit entry', async () => {
    const state = await draftWithFiles('Folding precursor');
    const start = new Date('2026-11-22T10:00:00Z');
    let view = await sheets.create(db(), state.id, state, editor, start);
    const save = async (actor: Actor, minutes: number, description: string) => {
      const next = structuredClone(view.draft);
      next.translations.en_US!.description = description;
      view = await sheets.save(db(), state.id, next, view.revision, actor, { now: new Date(start.getTime() + minutes * 60_000) });
    };
    const audits = async () => (await listAuditEntries(db(), { target: state.id, limit: 100 })).length;
    await save(editor, 1, 'one');
    await save(editor, 5, 'two');
    await save(editor, 9, 'three');
    expect((await sheets.versions(db(), state.id)).map((version) => version.event)).toEqual(['save', 'create']);
    expect(await audits()).toBe(2);
    const [folded] = await listAuditEntries(db(), { target: state.id, limit: 1 });
    expect(JSON.parse(folded!.after!)).toMatchObject({ translations: { en_US: { description: 'three' } } });

    await save(other, 9.5, 'by someone else');
    await save(editor, FOLD_WINDOW_MS / 60_000 + 2, 'later');
    expect((await sheets.versions(db(), state.id)).map((version) => version.actor)).toEqual([editor.label, other.label, editor.label, editor.label]);
    expect(await audits()).toBe(4);
  });

  it('compares two versions field by field and restores an earlier one as the new draft', async () => {
    const state = await draftWithFiles('Versioned precursor');
    let view = await sheets.create(db(), state.id, state, editor);
    const next = structuredClone(view.draft);
    next.translations.en_US!.title = 'Versioned precursor, second edition';
    next.translations.de_DE = { title: 'Versionierter Präkursor', description: '', url: '', imageAlt: '' };
    view = await sheets.save(db(), state.id, next, view.revision, editor);
    expect(await sheets.compare(db(), state.id, 1, 2)).toEqual([
      { field: 'translations.de_DE', before: null, after: { title: 'Versionierter Präkursor', description: '', url: '', imageAlt: '' } },
      { field: 'translations.en_US.title', before: 'Versioned precursor', after: 'Versioned precursor, second edition' },
    ]);
    view = await sheets.restoreVersion(db(), state.id, 1, view.revision, editor);
    expect(view.draft).toEqual(state);
    expect((await sheets.versions(db(), state.id))[0]).toMatchObject({ number: 3, event: 'restore' });
  });
});

describe('the trash', () => {
  it('takes a deleted sheet off the site, brings it back as it was, and purges it for good', async () => {
    const state = await draftWithFiles('Trashed precursor');
    const created = await sheets.create(db(), state.id, state, editor);
    await sheets.publish(db(), state.id, created.revision, editor);
    expect(await titlesInCollection()).toContain('Trashed precursor');

    await sheets.remove(db(), state.id, undefined, editor);
    expect(await sheets.view(db(), state.id)).toBeNull();
    expect(await titlesInCollection()).not.toContain('Trashed precursor');
    expect((await get(mediaDeliveryPath('sfsites', state.image!.contentKey))).statusCode).toBe(404);
    const saving = await sheets.save(db(), state.id, state, 3, editor).catch((caught: unknown) => caught);
    expect((saving as EditingError).message).toContain('is in the trash');

    const restored = await sheets.restoreFromTrash(db(), state.id, editor);
    expect(restored.status).toBe('published');
    expect(await titlesInCollection()).toContain('Trashed precursor');
    expect((await get(mediaDeliveryPath('sfsites', state.image!.contentKey))).statusCode).toBe(200);

    await sheets.remove(db(), state.id, restored.revision, editor);
    expect(await sheets.purgeTrash(db(), new Date(Date.now() - 60_000), editor)).toBe(0);
    expect(await sheets.purgeTrash(db(), new Date(Date.now() + 1000), editor)).toBe(1);
    expect((await sheets.restoreFromTrash(db(), state.id, editor).catch((caught: unknown) => caught)) as EditingError).toMatchObject({ reason: 'not-found' });
    expect(await sheets.versions(db(), state.id)).toEqual([]);
  });
});
