/**
 * The editing API over HTTP on a real store (SQLite, or PostgreSQL when TEST_DATABASE_URL names one):
 * who may use it, drafts invisible to visitors, the delivery API and the sitemap until published,
 * a stale save refused with the current state, one audit entry per change and no secret in the log,
 * rate limits, accounts for admins only, and the contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, STUDIO_PASSWORD, type StudioClient } from '../../tests/helpers/studio-client';
import { listAuditEntries } from '../cms/repositories/audit-log';
import { readContentVersion } from '../cms/repositories/store-state';
import { readJournalOnce } from '../server/journal-follower';
import { DEMO_IDS } from '../demo/seed-demo';
import { fireDueSchedules } from '../editing/schedules';
import { EDITING_RATE_LIMITS } from './guard';
import { problemLine } from '../shared/problems';

const { siteId } = DEMO_IDS;
const contentUrl = (key: string) => `/services/data/v65.0/connect/sites/${siteId}/cms/delivery/contents/${key}`;

let test: TestApp;
let editor: StudioClient;
let admin: StudioClient;
let visitor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  [editor, admin, visitor] = await Promise.all([signInAs(test, 'editor'), signInAs(test, 'admin'), signInAs(test, 'visitor')]);
});
afterAll(async () => {
  await test.close();
});

const publicGet = (url: string) => test.app.inject(url);
const everySheetPage = async () => (await publicGet('/?page=10')).body;

interface SheetAnswer {
  id: string;
  status: string;
  revision: number;
  draft: { contentKey: string; urlName: string; translations: Record<string, { title: string; description: string }> };
}

async function newSheet(title: string): Promise<SheetAnswer> {
  const response = await editor.request('POST', '/sheets', { title, description: 'Made in the studio' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('who may use it', () => {
  it('answers a guest 401 and a visitor 403, reads and writes alike, never cached', async () => {
    for (const [method, path] of [
      ['GET', '/sheets'],
      ['POST', '/sheets'],
      ['GET', '/accounts'],
    ] as const) {
      const guest = await test.app.inject({ method, url: `/studio/api${path}`, ...(method === 'POST' ? { payload: { title: 'x' } } : {}) });
      expect(guest.statusCode).toBe(401);
      expect(guest.headers['cache-control']).toBe('no-store');
      expect(guest.json()).toEqual([expect.objectContaining({ errorCode: 'INVALID_SESSION_ID' })]);
      const refused = await visitor.request(method, path, method === 'POST' ? { title: 'x' } : undefined);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()[0].message).toMatch(/your account is a visitor/);
    }
  });

  it('refuses a change without the CSRF token, or from another site, and changes nothing', async () => {
    const before = (await editor.request('GET', '/sheets')).json().total as number;
    const noToken = await test.app.inject({ method: 'POST', url: '/studio/api/sheets', headers: { cookie: editor.cookie }, payload: { title: 'No token' } });
    expect(noToken.statusCode).toBe(403);
    const crossSite = await editor.request('POST', '/sheets', { title: 'Cross site' }, { origin: 'https://attacker.example' });
    expect(crossSite.statusCode).toBe(403);
    expect((await editor.request('GET', '/sheets')).json().total).toBe(before);
  });

  it('keeps accounts and the audit log for admins', async () => {
    expect((await editor.request('GET', '/accounts')).statusCode).toBe(403);
    expect((await editor.request('GET', '/audit')).statusCode).toBe(403);
    const added = await admin.request('POST', '/accounts', { email: 'new.editor@example.com', password: STUDIO_PASSWORD, role: 'editor' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email: 'new.editor@example.com', role: 'editor', disabled: false });
    expect(added.json()).not.toHaveProperty('password_hash');
    const disabled = await admin.request('PATCH', '/accounts/new.editor@example.com', { disabled: true });
    expect(disabled.json()).toMatchObject({ disabled: true });
    const self = await admin.request('PATCH', `/accounts/${admin.email}`, { role: 'editor' });
    expect(self.statusCode).toBe(409);
    expect(self.json()[0].message).toMatch(/last admin/);
    const audit = await admin.request('GET', '/audit?target=new.editor@example.com&limit=5');
    expect(audit.json().map((entry: { action: string }) => entry.action)).toEqual(['account.disable', 'account.add']);
  });

  it('makes an account an admin adds choose its own password at its first sign-in, before anything else', async () => {
    const email = `temp-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const added = await admin.request('POST', '/accounts', { email, password: 'temporary password 1', role: 'editor' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ role: 'editor', mustChangePassword: true });
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const formHeaders = (cookie = '') => ({ 'content-type': 'application/x-www-form-urlencoded', ...(cookie === '' ? {} : { cookie }) });
    const login = await test.app.inject({
      method: 'POST',
      url: '/login',
      headers: formHeaders(),
      payload: form({ email, password: 'temporary password 1', returnTo: '/studio' }),
    });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/password?returnTo=%2Fstudio');
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    expect((await test.app.inject({ url: '/studio/api/sheets', headers: { cookie } })).json()[0].message).toMatch(/temporary password: choose your own first/);
    expect((await test.app.inject({ url: '/studio', headers: { cookie } })).headers.location).toBe('/password?returnTo=%2Fstudio');
    const page = await test.app.inject({ url: '/password?returnTo=%2Fstudio', headers: { cookie } });
    expect(page.body).toContain('signed in with a temporary password');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const change = (fields: Record<string, string>) =>
      test.app.inject({ method: 'POST', url: '/password', headers: formHeaders(cookie), payload: form({ csrf, returnTo: '/studio', ...fields }) });
    expect((await change({ current: 'temporary password 1', next: 'my own password 22', repeat: 'my own password 2' })).body).toContain(
      'The two new passwords are not the same.',
    );
    expect((await change({ current: 'wrong password here', next: 'my own password 22', repeat: 'my own password 22' })).body).toContain(
      'The current password is not right.',
    );
    const changed = await change({ current: 'temporary password 1', next: 'my own password 22', repeat: 'my own password 22' });
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe('/studio');
    expect((await test.app.inject({ url: '/studio/api/sheets', headers: { cookie } })).statusCode).toBe(200);
    expect((await admin.request('GET', '/accounts')).json().find((account: { email: string }) => account.email === email)).toMatchObject({
      mustChangePassword: false,
    });
    // An admin's reset is temporary again.
    await admin.request('PATCH', `/accounts/${email}`, { password: 'another temporary 3' });
    expect((await test.app.inject({ url: '/studio/api/sheets', headers: { cookie } })).statusCode).toBe(401);
  });

  it('lets the current password be guessed on the password page no faster than at sign-in', async () => {
    const guesser = await signInAs(test, 'editor');
    const page = await test.app.inject({ url: '/password', headers: { cookie: guesser.cookie } });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const attempt = () =>
      test.app.inject({
        method: 'POST',
        url: '/password',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: guesser.cookie },
        payload: new URLSearchParams({ csrf, current: 'a wrong guess!', next: 'a new password 44', repeat: 'a new password 44' }).toString(),
      });
    for (let guess = 0; guess < 5; guess++) expect((await attempt()).statusCode).toBe(400);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('answers 429 with Retry-After once an account has made its writes for the minute', async () => {
    const busy = await signInAs(test, 'editor');
    for (let index = 0; index < EDITING_RATE_LIMITS.writes; index += 1) expect((await busy.request('POST', '/sheets', {})).statusCode).toBe(400);
    const limited = await busy.request('POST', '/sheets', { title: 'One too many' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Other accounts are not held up.
    expect((await editor.request('GET', '/sheets?limit=1')).statusCode).toBe(200);
  });
});

describe('drafts and publishing over HTTP', () => {
  it('keeps a new sheet off the site, the delivery API and the sitemap until it is published, then shows it on the next request', async () => {
    const sheet = await newSheet('Studio-made precursor');
    expect(sheet).toMatchObject({ status: 'draft', revision: 1 });
    expect((await publicGet(contentUrl(sheet.draft.contentKey))).statusCode).toBe(404);
    expect(await everySheetPage()).not.toContain('Studio-made precursor');
    const listed = (await editor.request('GET', '/sheets?q=studio-made')).json();
    expect(listed).toMatchObject({ total: 1, sheets: [{ id: sheet.id, status: 'draft' }] });

    const published = await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: sheet.revision });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published' });
    expect((await publicGet(contentUrl(sheet.draft.contentKey))).statusCode).toBe(200);
    expect(await everySheetPage()).toContain('Studio-made precursor');

    const unpublished = await editor.request('POST', `/sheets/${sheet.id}/unpublish`, {});
    expect(unpublished.json()).toMatchObject({ status: 'unpublished' });
    expect((await publicGet(contentUrl(sheet.draft.contentKey))).statusCode).toBe(404);
    expect(await everySheetPage()).not.toContain('Studio-made precursor');
  });

  it('refuses a stale save with 409 and the current state, and loses nothing', async () => {
    const sheet = await newSheet('Contested sheet');
    const theirs = structuredClone(sheet.draft);
    theirs.translations.en_US!.description = 'Their words';
    const first = await editor.request('PUT', `/sheets/${sheet.id}`, { revision: sheet.revision, state: theirs });
    expect(first.statusCode).toBe(200);
    const ours = structuredClone(sheet.draft);
    ours.translations.en_US!.description = 'Our words';
    const stale = await editor.request('PUT', `/sheets/${sheet.id}`, { revision: sheet.revision, state: ours });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()[0]).toMatchObject({ errorCode: 'CONFLICT', current: { draft: { translations: { en_US: { description: 'Their words' } } } } });
    expect((await editor.request('GET', `/sheets/${sheet.id}`)).json().draft.translations.en_US.description).toBe('Their words');
  });

  it('says what is wrong with a sheet, every problem at once, and keeps nothing of it', async () => {
    const sheet = await newSheet('Checked sheet');
    const bad = structuredClone(sheet.draft) as SheetAnswer['draft'] & { translations: Record<string, { url: string; title: string }> };
    bad.translations.en_US!.url = 'javascript:alert(1)';
    bad.translations.en_US!.title = ' ';
    const refused = await editor.request('PUT', `/sheets/${sheet.id}`, { revision: sheet.revision, state: bad });
    expect(refused.statusCode).toBe(400);
    // Each problem names its field apart from its words, which the studio places it by; the message lists them as lines.
    expect(refused.json()[0].problems).toEqual(
      expect.arrayContaining([
        { field: 'translations.en_US.title', message: 'must not be empty' },
        { field: 'translations.en_US.url', message: expect.stringContaining('javascript') },
      ]),
    );
    expect(refused.json()[0].message).toContain('translations.en_US.title: must not be empty');
    expect((await editor.request('GET', `/sheets/${sheet.id}`)).json().revision).toBe(sheet.revision);
  });

  it('names the field of a value of the wrong type, and keeps nothing of it', async () => {
    const sheet = await newSheet('Typed sheet');
    const wrong = structuredClone(sheet.draft) as unknown as { translations: Record<string, Record<string, unknown>> };
    wrong.translations.en_US!.title = 42;
    const refused = await editor.request('PUT', `/sheets/${sheet.id}`, { revision: sheet.revision, state: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[0]).toMatchObject({
      errorCode: 'INVALID_API_INPUT',
      message: 'The sheet cannot be saved: translations.en_US.title: must be text',
      problems: [{ field: 'translations.en_US.title', message: 'must be text' }],
    });
    const notANumber = await editor.request('PUT', `/sheets/${sheet.id}`, { revision: 'one', state: sheet.draft });
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json()[0].problems).toEqual([{ field: 'revision', message: 'must be a whole number' }]);
    expect((await editor.request('GET', `/sheets/${sheet.id}`)).json().revision).toBe(sheet.revision);
  });

  it('refuses search-engine addresses the site would pass over, and another record’s address name', async () => {
    const sheet = await newSheet('Sheet with a record');
    const seo = {
      urlAlias: 'teos',
      recordName: 'R',
      objectName: 'O',
      fields: {},
      canonicalUrl: 'http://example.com/',
      hrefLangUrls: { de_DE: '#top' },
      isSeoIndexed: true,
    };
    const refused = await editor.request('PUT', `/sheets/${sheet.id}/seo`, { revision: sheet.revision, seo });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[0].problems.map(problemLine)).toEqual([
      'seo.urlAlias: "teos" is another record\'s address in the site',
      expect.stringMatching(/^seo\.canonicalUrl: "http:\/\/example\.com\/" is an http:\/\/ address/),
      expect.stringMatching(/^seo\.hrefLangUrls\.de_DE: "#top" only points within a page/),
    ]);
    const saved = await editor.request('PUT', `/sheets/${sheet.id}/seo`, {
      revision: sheet.revision,
      seo: { ...seo, urlAlias: 'own-record', canonicalUrl: '/sheet/own', hrefLangUrls: { de_DE: 'https://example.com/de/own' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draft.seo).toMatchObject({ urlAlias: 'own-record', canonicalUrl: '/sheet/own' });
  });

  it('saves a translation, lists versions, compares them and restores one as the draft', async () => {
    const sheet = await newSheet('Versioned sheet');
    const german = await editor.request('PUT', `/sheets/${sheet.id}/translations/de_DE`, {
      revision: sheet.revision,
      texts: { title: 'Versioniertes Blatt', description: '', url: '', imageAlt: '' },
    });
    expect(german.statusCode, german.body).toBe(200);
    await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: german.json().revision });
    const versions = (await editor.request('GET', `/sheets/${sheet.id}/versions`)).json();
    expect(versions.map((version: { event: string }) => version.event)).toEqual(['publish', 'save', 'create']);
    const changes = (await editor.request('GET', `/sheets/${sheet.id}/compare?from=1&to=2`)).json();
    expect(changes).toContainEqual(expect.objectContaining({ field: 'translations.de_DE', before: null }));
    const current = (await editor.request('GET', `/sheets/${sheet.id}`)).json();
    const restored = await editor.request('POST', `/sheets/${sheet.id}/versions/1/restore`, { revision: current.revision });
    expect(restored.json()).toMatchObject({ status: 'changed' });
    expect(Object.keys(restored.json().draft.translations)).toEqual(['en_US']);
  });

  it('moves a sheet to the trash and back', async () => {
    const sheet = await newSheet('Trashed sheet');
    await editor.request('POST', `/sheets/${sheet.id}/publish`, {});
    expect((await editor.request('DELETE', `/sheets/${sheet.id}`)).statusCode).toBe(204);
    expect((await editor.request('GET', `/sheets/${sheet.id}`)).statusCode).toBe(404);
    expect(await everySheetPage()).not.toContain('Trashed sheet');
    expect((await editor.request('GET', '/trash')).json()).toContainEqual(expect.objectContaining({ id: sheet.id, wasPublished: true }));
    const back = await editor.request('POST', `/trash/${sheet.id}/restore`);
    expect(back.json()).toMatchObject({ status: 'published' });
    expect(await everySheetPage()).toContain('Trashed sheet');
  });

  it('publishes at a time, once, and the schedule shows until it fires', async () => {
    const sheet = await newSheet('Scheduled sheet');
    const soon = new Date(Date.now() + 60_000).toISOString();
    const scheduled = await editor.request('POST', `/sheets/${sheet.id}/schedules`, { action: 'publish', at: soon });
    expect(scheduled.statusCode).toBe(201);
    expect((await editor.request('GET', `/sheets/${sheet.id}`)).json().schedules).toEqual([expect.objectContaining({ action: 'publish', dueAt: soon })]);
    const later = new Date(Date.now() + 120_000);
    const fired = await fireDueSchedules(test.store.db, later);
    expect(fired.filter((schedule) => schedule.targetId === sheet.id)).toHaveLength(1);
    expect(await fireDueSchedules(test.store.db, later)).toEqual([]);
    // As the server's scheduler does once it has fired one: the journal's readers read it.
    await readJournalOnce(test.store);
    const after = (await editor.request('GET', `/sheets/${sheet.id}`)).json();
    expect(after).toMatchObject({ status: 'published', schedules: [] });
    expect(await everySheetPage()).toContain('Scheduled sheet');
  });
});

describe('what a sheet may point at', () => {
  it('refuses another content’s image or document, a type that is not its file’s, and a key that is not a language', async () => {
    const teos = (await editor.request('GET', '/sheets?q=teos')).json().sheets[0] as { id: string };
    const other = (await editor.request('GET', `/sheets/${teos.id}`)).json();
    const sheet = await newSheet('Borrowing sheet');
    const borrow = structuredClone(sheet.draft) as Record<string, unknown>;
    // The demo's image is a PNG; said to be an SVG, it is also a type the site does not accept.
    borrow.image = { ...structuredClone(other.draft.image), mimeType: 'image/svg+xml' };
    borrow.document = { ...other.draft.document, version: other.draft.document.version };
    const refused = await editor.request('PUT', `/sheets/${sheet.id}`, { revision: sheet.revision, state: borrow });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[0].problems.map(problemLine)).toEqual(
      expect.arrayContaining([
        'image: its content id or key belongs to another content',
        expect.stringMatching(/^image: image\/svg\+xml is not an image type the site accepts/),
        expect.stringMatching(/^document: the asset literature-sheet-teos belongs to another document/),
      ]),
    );

    const forged = structuredClone(other.draft);
    forged.image.mimeType = 'text/javascript';
    const typed = await editor.request('PUT', `/sheets/${teos.id}`, { revision: other.revision, state: forged });
    expect(typed.json()[0].problems.map(problemLine)).toEqual([expect.stringMatching(/^image: its type and size are those of its file \(image\/png/)]);

    const notALanguage = await editor.request('PUT', `/sheets/${sheet.id}/translations/EVIL`, {
      revision: sheet.revision,
      texts: { title: 'x', description: '', url: '', imageAlt: '' },
    });
    expect(notALanguage.statusCode).toBe(400);
    expect(notALanguage.json()[0].problems.map(problemLine)).toEqual(['translations: has names it does not accept: EVIL']);
    expect((await editor.request('GET', `/sheets/${sheet.id}`)).json().revision).toBe(sheet.revision);
  });
});

describe('preview', () => {
  it('renders the page with the draft applied by the visitors’ pipeline, and nothing of it reaches the site', async () => {
    const sheet = await newSheet('Previewed precursor');
    // What earlier changes journaled is read first: the version then moves only with this change.
    await readJournalOnce(test.store);
    const versionBefore = await readContentVersion(test.store.db);
    const preview = await editor.request('GET', `/sheets/${sheet.id}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(preview.body).toContain('<html data-preview lang="en-US"');
    expect(preview.body).toContain('Previewed precursor');
    expect(await readContentVersion(test.store.db)).toBe(versionBefore);
    expect(await everySheetPage()).not.toContain('Previewed precursor');
    expect((await publicGet(contentUrl(sheet.draft.contentKey))).statusCode).toBe(404);

    const german = await editor.request('GET', `/sheets/${sheet.id}/preview?lang=de-DE`);
    expect(german.body).toContain('<html data-preview lang="de-DE"');
    expect((await test.app.inject(`/studio/api/sheets/${sheet.id}/preview`)).statusCode).toBe(401);
    expect((await visitor.request('GET', `/sheets/${sheet.id}/preview`)).statusCode).toBe(403);
  });

  it('renders a new sheet’s own page with its draft, in the language asked, while the site has no such page', async () => {
    const sheet = await newSheet('Own page precursor');
    // What earlier changes journaled is read first: the version then moves only with this change.
    await readJournalOnce(test.store);
    const versionBefore = await readContentVersion(test.store.db);
    const own = await editor.request('GET', `/sheets/${sheet.id}/preview?view=sheet`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.body).toContain('<html data-preview lang="en-US"');
    expect(own.body).toMatch(/<h1[^>]*>Own page precursor<\/h1>/);
    expect(own.body).toContain('"@type":"DigitalDocument"');
    const german = await editor.request('GET', `/sheets/${sheet.id}/preview?view=sheet&lang=de-DE`);
    expect(german.body).toContain('<html data-preview lang="de-DE"');
    expect(await readContentVersion(test.store.db)).toBe(versionBefore);
    expect((await publicGet(`/sheets/${encodeURIComponent(sheet.draft.urlName)}`)).statusCode).toBe(404);
  });

  it('renders a published sheet’s own page with its related sheets, and the site answers while it does', async () => {
    const [listed] = (await editor.request('GET', '/sheets?q=TEMAH')).json().sheets as Array<{ id: string }>;
    // The public page brings the search index up to date, as a serving site's is.
    expect((await publicGet('/sheets/temah')).body).toContain('<section class="sheet-related" aria-labelledby="related">');
    const own = editor.request('GET', `/sheets/${listed!.id}/preview?view=sheet`);
    // The draft's transaction is open while the page renders: nothing it reads may wait on the store outside it.
    expect((await publicGet('/de-DE/')).statusCode).toBe(200);
    const answer = await own;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain('<section class="sheet-related" aria-labelledby="related">');
  });
});

describe('the audit log', () => {
  it('has one entry per change and never a password, session id or token', async () => {
    const before = (await listAuditEntries(test.store.db, { limit: 10_000 })).length;
    const sheet = await newSheet('Audited sheet');
    await editor.request('POST', `/sheets/${sheet.id}/publish`, {});
    const entries = await listAuditEntries(test.store.db, { limit: 10_000 });
    expect(entries.length - before).toBe(2);
    const sessionId = decodeURIComponent(editor.cookie.split('=')[1] ?? '');
    const everything = JSON.stringify(entries);
    for (const secret of [STUDIO_PASSWORD, sessionId, editor.csrf, admin.csrf]) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/password_hash|scrypt|\$argon/);
  });
});

describe('the contract', () => {
  it('describes every route with the schemas the handlers check', async () => {
    const document = (await test.app.inject('/studio/api/openapi.json')).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/sheets', '/sheets/{id}', '/sheets/{id}/image', '/accounts', '/audit']));
    expect(document.components.schemas.SaveSheet.properties.state.properties.translations).toBeDefined();
  });
});
