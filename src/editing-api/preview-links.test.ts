/**
 * Revoking shared preview links (docs/studio.md, "Preview"): the studio lists a sheet's live links
 * and revokes one; disabling or removing an account revokes the links it made, and a link whose
 * maker's account is disabled stops at its next use even when its row is still there.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPreviewLink } from '../cms/repositories/preview-links';
import { setDisabled } from '../editing/accounts';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { createPreviewLink, type PreviewLinkSummary } from './previews';

let test: TestApp;
let editor: StudioClient;
let otherEditor: StudioClient;
let admin: StudioClient;
let visitor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  [editor, otherEditor, admin, visitor] = await Promise.all([
    signInAs(test, 'editor'),
    signInAs(test, 'editor'),
    signInAs(test, 'admin'),
    signInAs(test, 'visitor'),
  ]);
});
afterAll(async () => {
  await test.close();
});

async function newSheet(title: string): Promise<string> {
  const response = await editor.request('POST', '/sheets', { title, description: 'Shared as a preview' });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

async function shareLink(client: StudioClient, sheetId: string): Promise<string> {
  const made = await client.request('POST', `/sheets/${sheetId}/preview-links`, {});
  expect(made.statusCode, made.body).toBe(201);
  return (made.json() as { url: string }).url;
}

async function listLinks(client: StudioClient, sheetId: string): Promise<PreviewLinkSummary[]> {
  const listed = await client.request('GET', `/sheets/${sheetId}/preview-links`);
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json() as PreviewLinkSummary[];
}

describe('a sheet’s preview links', () => {
  it('are listed with who made them, when and until when, newest first, never with their token', async () => {
    const sheetId = await newSheet('Listed preview precursor');
    const first = await shareLink(editor, sheetId);
    const second = await shareLink(otherEditor, sheetId);
    const links = await listLinks(editor, sheetId);
    expect(links.map((link) => link.createdBy)).toEqual([otherEditor.email, editor.email]);
    for (const link of links) {
      expect(link.id).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(24 * 3_600_000);
      expect(link.language).toBeNull();
    }
    const body = JSON.stringify(links);
    for (const url of [first, second]) expect(body).not.toContain(url.split('/').at(-1));
    expect(await listLinks(editor, await newSheet('Unshared precursor'))).toEqual([]);
  });

  it('leaves expired links out of the list', async () => {
    const sheetId = await newSheet('Expired listed precursor');
    await createPreviewLink(test.store.db, {
      kind: 'sheet',
      targetId: sheetId,
      languageSegment: null,
      hours: 1,
      by: editor.email,
      basePath: test.config.basePath,
      now: new Date(Date.now() - 2 * 3_600_000),
    });
    expect(await listLinks(editor, sheetId)).toEqual([]);
  });

  it('revokes one link, which then answers 404, leaves the others working and writes an audit entry', async () => {
    const sheetId = await newSheet('Revoked preview precursor');
    const revoked = await shareLink(editor, sheetId);
    const kept = await shareLink(editor, sheetId);
    expect((await test.app.inject(revoked)).statusCode).toBe(200);
    const [newest, oldest] = await listLinks(editor, sheetId);

    // Another editor may revoke it: whoever sees a link leak can stop it.
    const answer = await otherEditor.request('DELETE', `/sheets/${sheetId}/preview-links/${oldest!.id}`);
    expect(answer.statusCode, answer.body).toBe(204);
    expect((await test.app.inject(revoked)).statusCode).toBe(404);
    expect((await test.app.inject(kept)).statusCode).toBe(200);
    expect((await listLinks(editor, sheetId)).map((link) => link.id)).toEqual([newest!.id]);
    const again = await otherEditor.request('DELETE', `/sheets/${sheetId}/preview-links/${oldest!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()[0].message).toMatch(/has no such preview link/);

    const audit = (await admin.request('GET', `/audit?target=${sheetId}&limit=5`)).json() as Array<{ action: string; actor: string; before: unknown }>;
    expect(audit[0]).toMatchObject({ action: 'sheet.revoke-preview-link', actor: otherEditor.email });
    expect(JSON.stringify(audit[0]!.before)).toContain(editor.email);
  });

  it('revokes only through the sheet the link belongs to', async () => {
    const sheetId = await newSheet('Owning precursor');
    const elsewhere = await newSheet('Other precursor');
    const url = await shareLink(editor, sheetId);
    const [link] = await listLinks(editor, sheetId);
    expect((await editor.request('DELETE', `/sheets/${elsewhere}/preview-links/${link!.id}`)).statusCode).toBe(404);
    expect((await editor.request('DELETE', `/sheets/${sheetId}/preview-links/not-a-digest`)).statusCode).toBe(404);
    expect((await test.app.inject(url)).statusCode).toBe(200);
  });

  it('refuses a visitor, a guest, a request without the CSRF token and one from another site, and keeps the link', async () => {
    const sheetId = await newSheet('Guarded preview precursor');
    const url = await shareLink(editor, sheetId);
    const [link] = await listLinks(editor, sheetId);
    const path = `/sheets/${sheetId}/preview-links/${link!.id}`;

    expect((await visitor.request('GET', `/sheets/${sheetId}/preview-links`)).statusCode).toBe(403);
    expect((await visitor.request('DELETE', path)).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'DELETE', url: `/studio/api${path}` })).statusCode).toBe(401);
    expect((await test.app.inject({ method: 'DELETE', url: `/studio/api${path}`, headers: { cookie: editor.cookie } })).statusCode).toBe(403);
    expect((await editor.request('DELETE', path, undefined, { origin: 'https://attacker.example' })).statusCode).toBe(403);

    expect((await test.app.inject(url)).statusCode).toBe(200);
    expect(await listLinks(editor, sheetId)).toHaveLength(1);
  });
});

describe('the contract', () => {
  it('describes listing and revoking links', async () => {
    const document = (await test.app.inject('/studio/api/openapi.json')).json();
    expect(document.paths['/sheets/{id}/preview-links'].get.responses['200'].content['application/json'].schema.items).toEqual({
      $ref: '#/components/schemas/PreviewLinkSummary',
    });
    expect(document.paths['/sheets/{id}/preview-links/{link}'].delete.responses['204']).toBeDefined();
    expect(Object.keys(document.components.schemas.PreviewLinkSummary.properties)).toEqual(['id', 'createdBy', 'createdAt', 'expiresAt', 'language']);
  });
});

describe('an account disabled or removed', () => {
  it('has its preview links revoked when disabled, in the same change; the other accounts’ links stay', async () => {
    const maker = await signInAs(test, 'editor');
    const sheetId = await newSheet('Disabled maker precursor');
    const made = await shareLink(maker, sheetId);
    const kept = await shareLink(editor, sheetId);

    const disabled = await admin.request('PATCH', `/accounts/${maker.email}`, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await test.app.inject(made)).statusCode).toBe(404);
    expect((await test.app.inject(kept)).statusCode).toBe(200);
    expect((await listLinks(editor, sheetId)).map((link) => link.createdBy)).toEqual([editor.email]);

    // Enabling the account again brings no link back.
    await admin.request('PATCH', `/accounts/${maker.email}`, { disabled: false });
    expect((await test.app.inject(made)).statusCode).toBe(404);
  });

  it('has its preview links revoked when removed', async () => {
    const maker = await signInAs(test, 'editor');
    const sheetId = await newSheet('Removed maker precursor');
    const made = await shareLink(maker, sheetId);
    expect((await admin.request('DELETE', `/accounts/${maker.email}`)).statusCode).toBeLessThan(300);
    expect((await test.app.inject(made)).statusCode).toBe(404);
  });

  it('stops a link made before links were revoked with their maker: checked at each use', async () => {
    const maker = await signInAs(test, 'editor');
    const sheetId = await newSheet('Old link precursor');
    const url = await shareLink(maker, sheetId);
    await setDisabled(test.store.db, maker.email, true, { id: null, label: 'test' });
    // The row as a store disabled before this change still holds it.
    const token = url.split('/').at(-1)!;
    await insertPreviewLink(test.store.db, {
      token_hash: createHash('sha256').update(token).digest('hex'),
      kind: 'sheet',
      target_id: sheetId,
      language: null,
      created_by: maker.email,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });

    const refused = await test.app.inject({ url, headers: { accept: 'text/html' } });
    expect(refused.statusCode).toBe(410);
    expect(refused.body).toContain('This preview link has been withdrawn');
    expect(await listLinks(editor, sheetId)).toEqual([]);
  });
});
