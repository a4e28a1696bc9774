/**
 * An undo of a publish, or of a release, that brought a new revision of a sheet's document serves
 * exactly what was served before it (issue 60, T2): the old revision is current again (no
 * `latest-version` link, no `noindex`), the new one is not served at all (it is a draft's again),
 * the address without a version serves the old one, the sheet links it, and the studio says the
 * same: the site's versions are the old ones only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { DEMO_CATALOGUE } from '../demo/catalogue';
import { renderLiteraturePdf } from '../demo/literature-pdf';
import type { SheetState } from '../sheet/shape';

interface SheetAnswer {
  id: string;
  revision: number;
  draft: SheetState;
  published: SheetState | null;
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

async function ok<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await editor.request(method, path, body, headers);
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(300);
  return response.json() as T;
}

/** A demo sheet with a new revision of its own document in its draft (version 2, linked). */
async function sheetWithNewRevision(urlName: string): Promise<SheetAnswer> {
  const { id } = await test.store.db.selectFrom('contents').select('id').where('url_name', '=', urlName).executeTakeFirstOrThrow();
  const sheet = await ok<SheetAnswer>('GET', `/sheets/${id}`);
  expect(sheet.published?.document?.version).toBe(1);
  const entry = DEMO_CATALOGUE.find((candidate) => candidate.slug === urlName) ?? DEMO_CATALOGUE[0]!;
  const bytes = await renderLiteraturePdf({ ...entry, description: `${entry.description} Revised.` }, { generatedAt: new Date('2026-06-01T00:00:00Z') });
  const body = new FormData();
  body.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${urlName}-2.pdf`);
  const request = new Request('http://upload.test/', { method: 'POST', body });
  const payload = Buffer.from(await request.arrayBuffer());
  const uploaded = await ok<SheetAnswer>('PUT', `/sheets/${sheet.id}/document?revision=${sheet.revision}`, payload, {
    'content-type': request.headers.get('content-type') ?? '',
  });
  expect(uploaded.draft.document?.version).toBe(2);
  return uploaded;
}

const fileUrl = (state: SheetState, version: number) => `/sfsites/c/file-asset/${encodeURIComponent(state.document!.assetId)}?v=${version}`;

/** What the site answers for the sheet's document, at each address, as a visitor's browser sees it. */
async function served(state: SheetState) {
  const [one, two, bare] = await Promise.all(
    [fileUrl(state, 1), fileUrl(state, 2), fileUrl(state, 1).replace(/\?v=1$/, '')].map((url) => test.app.inject(url)),
  );
  return {
    v1: { status: one!.statusCode, link: one!.headers.link ?? null, robots: one!.headers['x-robots-tag'] ?? null },
    v2: { status: two!.statusCode },
    bare: { status: bare!.statusCode, etag: bare!.headers.etag },
    v1Etag: one!.headers.etag,
  };
}

const SERVED_BEFORE = { v1: { status: 200, link: null, robots: null }, v2: { status: 404 } };

describe('an undo of a new document revision', () => {
  it('after a publish, serves exactly what was served before it, and the studio says so', async () => {
    const sheet = await sheetWithNewRevision('silane');
    const before = await served(sheet.draft);
    expect(before).toMatchObject(SERVED_BEFORE);

    const published = await ok<SheetAnswer>('POST', `/sheets/${sheet.id}/publish`, { revision: sheet.revision });
    const during = await served(sheet.draft);
    expect(during.v1.link).toBe(`<${fileUrl(sheet.draft, 2)}>; rel="latest-version"`);
    expect(during.v2.status).toBe(200);

    const undone = await ok<SheetAnswer>('POST', `/sheets/${sheet.id}/undo-publish`, { revision: published.revision });
    const after = await served(sheet.draft);
    expect(after).toMatchObject(SERVED_BEFORE);
    expect(after.bare.etag).toBe(after.v1Etag);
    // The sheet links the old revision again; the studio lists the site's versions as they are.
    expect(undone.published?.document?.version).toBe(1);
    expect(undone.draft.document?.version).toBe(2);
    expect(undone.documentVersions.filter((version) => version.assetId === sheet.draft.document!.assetId).map((version) => version.version)).toEqual([1]);
    const page = await test.app.inject(`/sheets/${sheet.draft.urlName}`);
    expect(page.body).toContain(fileUrl(sheet.draft, 1).replace(/&/g, '&amp;'));
    expect(page.body).not.toContain(fileUrl(sheet.draft, 2));

    // Published again, the new revision is served again.
    await ok('POST', `/sheets/${sheet.id}/publish`, { revision: undone.revision });
    expect((await served(sheet.draft)).v2.status).toBe(200);
  });

  it('after a release, serves exactly what was served before it', async () => {
    const sheet = await sheetWithNewRevision('teos');
    const release = await ok<{ id: string }>('POST', '/releases', { name: 'New TEOS data sheet' });
    await ok('POST', `/releases/${release.id}/items`, { kind: 'sheet', targetId: sheet.id });
    await ok('POST', `/releases/${release.id}/publish`, {});
    expect((await served(sheet.draft)).v2.status).toBe(200);
    await ok('POST', `/releases/${release.id}/undo`, {});
    expect(await served(sheet.draft)).toMatchObject(SERVED_BEFORE);
  });
});
