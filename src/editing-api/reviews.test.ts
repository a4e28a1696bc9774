/**
 * Review before publish through the editing API, on a real store: with the site's policy on, a
 * draft is published only after someone other than its author, of a role the policy names,
 * approves it as it is now; a rejection says why; a change after an approval needs another; the
 * one who asked may withdraw; a scheduled publish waits for an approval too; every step audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { listAuditEntries } from '../cms/repositories/audit-log';
import { findContentsByKeys } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import { fireDueSchedules, scheduleSheet } from '../editing/schedules';
import type { SheetState } from '../sheet/shape';

let test: TestApp;
let admin: StudioClient;
let ana: StudioClient;
let ben: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  [admin, ana, ben] = [await signInAs(test, 'admin'), await signInAs(test, 'editor', 'ana@example.com'), await signInAs(test, 'editor', 'ben@example.com')];
});
afterAll(async () => {
  await test.close();
});

interface Answer {
  revision: number;
  status: string;
  draft: SheetState;
  review: null | { state: string; revision: number; current: boolean; requestedBy: string; decidedBy: string | null; comment: string | null };
}

const idOf = async (slug: string) => (await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]))[0]!.id;
const sheet = async (id: string) => (await ana.request('GET', `/sheets/${id}`)).json() as Answer;

/** Ana changes the sheet's English title: a draft with changes to review. */
async function change(id: string, title: string): Promise<Answer> {
  const current = await sheet(id);
  const answer = await ana.request('PUT', `/sheets/${id}/translations/en_US`, {
    revision: current.revision,
    texts: { ...current.draft.translations.en_US, title },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Answer;
}

describe('review before publish', () => {
  it('is off by default, and only an admin turns it on', async () => {
    expect((await ana.request('GET', '/settings')).json()).toEqual({ review: 'off' });
    expect((await ana.request('PUT', '/settings', { review: 'editors' })).statusCode).toBe(403);
    const turned = await admin.request('PUT', '/settings', { review: 'editors' });
    expect(turned.json()).toEqual({ review: 'editors' });
    const [entry] = await listAuditEntries(test.store.db, { limit: 1 });
    expect(entry).toMatchObject({ action: 'settings.review', actor: admin.email });
  });

  it('is decided by no one whose change is in the draft: an editor whose change another followed cannot approve it', async () => {
    const id = await idOf('temaz');
    await change(id, 'TEMAZ, Ana’s title');
    // Ben changes the description after her: he is the draft's last author, and she is one too.
    const current = await sheet(id);
    const his = await ben.request('PUT', `/sheets/${id}/translations/en_US`, {
      revision: current.revision,
      texts: { ...current.draft.translations.en_US, description: 'Ben’s description.' },
    });
    expect(his.statusCode, his.body).toBe(200);
    const { revision } = his.json() as Answer;
    const asked = await ben.request('POST', `/sheets/${id}/review`, { revision });
    expect((asked.json() as Answer & { review: { authors: string[] } }).review.authors.sort()).toEqual(['ana@example.com', 'ben@example.com']);
    const hers = await ana.request('POST', `/sheets/${id}/review/approve`, { revision });
    expect(hers.statusCode).toBe(403);
    expect(hers.body).toContain('someone else reviews it');
    const approved = await admin.request('POST', `/sheets/${id}/review/approve`, { revision });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('publishes only after another editor approves the draft as it is', async () => {
    const id = await idOf('teos');
    const changed = await change(id, 'TEOS, reviewed');
    const refused = await ana.request('POST', `/sheets/${id}/publish`, { revision: changed.revision });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('needs another editor’s approval before it is published: ask for a review');

    const asked = await ana.request('POST', `/sheets/${id}/review`, { revision: changed.revision, note: 'New title for the launch' });
    expect((asked.json() as Answer).review).toMatchObject({ state: 'pending', requestedBy: 'ana@example.com', current: true });
    const own = await ana.request('POST', `/sheets/${id}/review/approve`, { revision: changed.revision });
    expect(own.statusCode).toBe(403);
    expect(own.body).toContain('someone else reviews it');
    const visitor = await signInAs(test, 'visitor');
    expect((await visitor.request('POST', `/sheets/${id}/review/approve`, { revision: changed.revision })).statusCode).toBe(403);

    const approved = await ben.request('POST', `/sheets/${id}/review/approve`, { revision: changed.revision });
    expect((approved.json() as Answer).review).toMatchObject({ state: 'approved', decidedBy: 'ben@example.com', current: true });
    const published = await ana.request('POST', `/sheets/${id}/publish`, { revision: changed.revision });
    expect(published.statusCode, published.body).toBe(200);
    expect((published.json() as Answer).status).toBe('published');
    expect((await listAuditEntries(test.store.db, { target: id, limit: 3 })).map((entry) => entry.action)).toEqual([
      'sheet.publish',
      'sheet.approve',
      'sheet.request-review',
    ]);
  });

  it('keeps a rejected draft off the site, with the comment, and asks again after a change made since an approval', async () => {
    const id = await idOf('tdmat');
    const first = await change(id, 'TDMAT, first try');
    await ana.request('POST', `/sheets/${id}/review`, { revision: first.revision });
    expect((await ben.request('POST', `/sheets/${id}/review/reject`, { revision: first.revision, comment: ' ' })).statusCode).toBe(400);
    const rejected = await ben.request('POST', `/sheets/${id}/review/reject`, { revision: first.revision, comment: 'Keep the formula in the title' });
    expect((rejected.json() as Answer).review).toMatchObject({ state: 'rejected', comment: 'Keep the formula in the title' });
    const refused = await ana.request('POST', `/sheets/${id}/publish`, { revision: first.revision });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Keep the formula in the title');

    const second = await change(id, 'TDMAT, Ti[N(CH₃)₂]₄');
    await ana.request('POST', `/sheets/${id}/review`, { revision: second.revision });
    await ben.request('POST', `/sheets/${id}/review/approve`, { revision: second.revision });
    const third = await change(id, 'TDMAT, Ti[N(CH₃)₂]₄, 99.99 %');
    expect(third.review).toMatchObject({ state: 'approved', current: false });
    const stale = await ana.request('POST', `/sheets/${id}/publish`, { revision: third.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('changed since ben@example.com approved it');
  });

  it('lets the one who asked (or an admin) withdraw, and under the admins policy only an admin approves', async () => {
    const id = await idOf('temah');
    const changed = await change(id, 'TEMAH, reviewed by an admin');
    await ana.request('POST', `/sheets/${id}/review`, { revision: changed.revision });
    expect((await ben.request('DELETE', `/sheets/${id}/review`)).statusCode).toBe(403);
    expect(((await ana.request('DELETE', `/sheets/${id}/review`)).json() as Answer).review).toMatchObject({ state: 'withdrawn' });

    await admin.request('PUT', '/settings', { review: 'admins' });
    await ana.request('POST', `/sheets/${id}/review`, { revision: changed.revision });
    expect((await ben.request('POST', `/sheets/${id}/review/approve`, { revision: changed.revision })).statusCode).toBe(403);
    expect((await admin.request('POST', `/sheets/${id}/review/approve`, { revision: changed.revision })).statusCode).toBe(200);
    await admin.request('PUT', '/settings', { review: 'editors' });
  });

  it('holds a scheduled publish of a draft nobody approved, and a page’s publish too', async () => {
    const id = await idOf('diethylzinc');
    await change(id, 'DEZ, scheduled');
    const now = new Date();
    await scheduleSheet(test.store.db, id, 'publish', new Date(now.getTime() - 1000).toISOString(), { id: null, label: 'ana@example.com' }, now);
    const [fired] = await fireDueSchedules(test.store.db, now);
    expect(fired).toMatchObject({ outcome: 'failed', message: expect.stringContaining('needs another editor’s approval') });
    expect((await sheet(id)).status).toBe('changed');

    const page = (await ana.request('GET', '/pages/literature-sheets')).json() as { revision: number };
    const saved = (await ana.request('PUT', '/pages/literature-sheets/settings', { revision: page.revision, heading: 'Reviewed heading' })).json() as {
      revision: number;
    };
    expect((await ana.request('POST', '/pages/literature-sheets/publish', { revision: saved.revision })).statusCode).toBe(409);
    await ana.request('POST', '/pages/literature-sheets/review', { revision: saved.revision });
    await ben.request('POST', '/pages/literature-sheets/review/approve', { revision: saved.revision });
    expect((await ana.request('POST', '/pages/literature-sheets/publish', { revision: saved.revision })).statusCode).toBe(200);
  });
});
