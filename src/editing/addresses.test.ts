/**
 * A sheet's address can change (issue 35), on a real store (SQLite, or PostgreSQL when
 * TEST_DATABASE_URL names one): once published, the old address answers 301 with the new one in
 * every language, forever; the sitemap lists only the current one; no other sheet may take an old
 * address; taking a name back makes it current again; undoing the publish puts the old one back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { findContentsByKeys } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import { problemLine } from '../shared/problems';

let test: TestApp;
let editor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  editor = await signInAs(test, 'editor');
});
afterAll(async () => {
  await test.close();
});

interface SheetAnswer {
  id: string;
  revision: number;
  draft: Record<string, unknown> & { urlName: string };
  oldAddresses: string[];
}

async function sheetOf(slug: string): Promise<SheetAnswer> {
  const [content] = await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]);
  return (await editor.request('GET', `/sheets/${content!.id}`)).json();
}

async function rename(slug: string, urlName: string) {
  const sheet = await sheetOf(slug);
  const saved = await editor.request('PUT', `/sheets/${sheet.id}`, { revision: sheet.revision, state: { ...sheet.draft, urlName } });
  if (saved.statusCode !== 200) return saved;
  return editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: (saved.json() as SheetAnswer).revision });
}

const get = (url: string) => test.app.inject(url);

describe('a sheet’s address', () => {
  it('changes when published; the old one answers 301 with the new one in every language, and the sitemap lists the new one only', async () => {
    expect((await rename('teos', 'tetraethyl-orthosilicate')).statusCode).toBe(200);
    const moved = await get('/sheets/teos');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/sheets/tetraethyl-orthosilicate');
    const german = await get('/de-DE/sheets/teos');
    expect(german.statusCode).toBe(301);
    expect(german.headers.location).toBe('/de-DE/sheets/tetraethyl-orthosilicate');
    expect((await get('/sheets/tetraethyl-orthosilicate')).statusCode).toBe(200);
    expect((await get('/sheets/never-was')).statusCode).toBe(404);

    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('/sheets/tetraethyl-orthosilicate</loc>');
    expect(sitemap).not.toContain('/sheets/teos</loc>');
    expect((await sheetOf('teos')).oldAddresses).toEqual(['/sheets/teos']);
  });

  it('is never taken by another sheet, and a name taken back is current again', async () => {
    const taken = await rename('silane', 'teos');
    expect(taken.statusCode).toBe(400);
    expect(taken.json()[0].problems.map(problemLine)).toEqual(['urlName: "teos" was another sheet\'s address (it may still lead there); choose another']);

    expect((await rename('teos', 'teos')).statusCode).toBe(200);
    expect((await get('/sheets/teos')).statusCode).toBe(200);
    const back = await get('/sheets/tetraethyl-orthosilicate');
    expect(back.statusCode).toBe(301);
    expect(back.headers.location).toBe('/sheets/teos');
    expect((await sheetOf('teos')).oldAddresses).toEqual(['/sheets/tetraethyl-orthosilicate']);
  });

  it('goes back with an undone publish, and an address the sheet never published leads nowhere', async () => {
    expect((await rename('silane', 'monosilane')).statusCode).toBe(200);
    const sheet = await sheetOf('silane');
    expect((await editor.request('POST', `/sheets/${sheet.id}/undo-publish`, { revision: sheet.revision })).statusCode).toBe(200);
    expect((await get('/sheets/silane')).statusCode).toBe(200);
    expect((await get('/sheets/monosilane')).statusCode).toBe(301);
    expect((await get('/sheets/monosilane')).headers.location).toBe('/sheets/silane');

    // A draft's new name is not an address until it is published.
    const draft = await sheetOf('silane');
    expect(
      (await editor.request('PUT', `/sheets/${draft.id}`, { revision: draft.revision, state: { ...draft.draft, urlName: 'silane-draft' } })).statusCode,
    ).toBe(200);
    expect((await get('/sheets/silane-draft')).statusCode).toBe(404);
    expect((await get('/sheets/silane')).statusCode).toBe(200);
  });
});
