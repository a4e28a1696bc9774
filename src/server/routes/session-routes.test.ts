/**
 * Sessions through a plain HTTP client: sign-in, the session API, expiry, sign-out, cookie flags
 * and cross-site refusals (issue "Visitors and sessions"). The sessions' clock is moved by hand.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { findUserByEmail, insertUser } from '../../cms/repositories/users';
import { setDisabled } from '../../editing/accounts';
import { hashPassword } from '../../editing/passwords';
import { SessionService } from '../../http/session-service';

const EMAIL = 'engineer@example.com';
const PASSWORD = 'correct horse battery staple';
const IDLE_SECONDS = 120;

let clock = Date.parse('2026-11-21T10:00:00Z');
let test: TestApp;

async function addUser(app: TestApp, email: string, password: string) {
  await insertUser(app.store.db, {
    id: `005${randomBytes(6).toString('hex').toUpperCase().slice(0, 15)}`,
    email,
    password_hash: await hashPassword(password),
    created_at: new Date().toISOString(),
    role: 'visitor',
    disabled_at: null,
    must_change_password: 0,
  });
}

beforeAll(async () => {
  test = await createTestApp({ env: { SESSION_IDLE_SECONDS: String(IDLE_SECONDS), SESSION_ABSOLUTE_SECONDS: '600' }, now: () => clock });
  await addUser(test, EMAIL, PASSWORD);
  await addUser(test, 'other@example.com', PASSWORD);
});
afterAll(async () => {
  await test.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const cookieOf = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0] ?? '';

async function signIn(email = EMAIL, password = PASSWORD, extra: Record<string, string> = {}, cookie?: string) {
  return test.app.inject({
    method: 'POST',
    url: '/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: form({ email, password, ...extra }),
  });
}

async function session(cookie?: string) {
  return test.app.inject({ url: '/api/session', headers: cookie ? { cookie } : {} });
}

async function post(url: string, cookie: string, csrf: string | undefined, headers: Record<string, string> = {}) {
  return test.app.inject({ method: 'POST', url, headers: { cookie, ...(csrf ? { 'x-csrf-token': csrf } : {}), ...headers } });
}

beforeEach(() => {
  clock += 3_600_000;
});

describe('GET /api/session', () => {
  it('answers a guest with isGuest, never to be cached', async () => {
    const response = await session();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isGuest: true });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('clears a signed-in hint that outlived its session, so guests stop loading the session code', async () => {
    const response = await session('ls_signed_in=1');
    expect(response.json()).toEqual({ isGuest: true });
    expect(response.headers['set-cookie']).toContainEqual(expect.stringMatching(/^ls_signed_in=; Path=\/; Max-Age=0/));
  });

  it('answers an unknown session with 401 and the error array', async () => {
    const response = await session(`ls_session=${randomBytes(32).toString('base64url')}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual([{ errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' }]);
  });
});

describe('signing in', () => {
  it('sets a new session cookie with the right flags and goes back where the visitor was', async () => {
    const response = await signIn(EMAIL, PASSWORD, { returnTo: '/grid-states' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/grid-states');
    const [setCookie, hint] = response.headers['set-cookie'] as string[];
    expect(setCookie).toMatch(/^ls_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax$/);
    expect(setCookie).not.toMatch(/Domain/i);
    // The page's script reads only that the browser signed in (to load the session code).
    expect(hint).toBe('ls_signed_in=1; Path=/; Max-Age=600; SameSite=Lax');
    const body = (await session(cookieOf(response.headers['set-cookie']))).json();
    expect(body).toMatchObject({
      isGuest: false,
      userId: expect.stringMatching(/^005/),
      role: 'visitor',
      idleExpiresAt: new Date(clock + IDLE_SECONDS * 1000).toISOString(),
    });
  });

  it('sends only this site’s paths back', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/', 'javascript:alert(1)']) {
      expect((await signIn(EMAIL, PASSWORD, { returnTo })).headers.location).toBe('/');
    }
  });

  it('gives a new id at every sign-in and ends the old one', async () => {
    const first = cookieOf((await signIn()).headers['set-cookie']);
    const second = cookieOf((await signIn(EMAIL, PASSWORD, {}, first)).headers['set-cookie']);
    expect(second).not.toBe(first);
    expect((await session(first)).statusCode).toBe(401);
    expect((await session(second)).statusCode).toBe(200);
  });

  it('answers an unknown account exactly as a wrong password', async () => {
    const unknown = await signIn('nobody@example.com', PASSWORD);
    const wrong = await signIn('other@example.com', 'not the password at all');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    const message = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1];
    expect(message(unknown.body)).toBe('The email or password is incorrect.');
    expect(message(wrong.body)).toBe(message(unknown.body));
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a disabled account, ends its sessions at once, and lets it in again once enabled', async () => {
    const cookie = cookieOf((await signIn('other@example.com', PASSWORD)).headers['set-cookie']);
    expect((await session(cookie)).statusCode).toBe(200);
    await setDisabled(test.store.db, 'other@example.com', true, { id: null, label: 'cli:test' });
    expect((await session(cookie)).statusCode).toBe(401);
    const refused = await signIn('other@example.com', PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This account is disabled.');
    expect(refused.headers['set-cookie']).toBeUndefined();
    await setDisabled(test.store.db, 'other@example.com', false, { id: null, label: 'cli:test' });
    expect((await signIn('other@example.com', PASSWORD)).statusCode).toBe(303);
  });

  it('has a sign-in page with labelled Email and Password fields', async () => {
    const page = await test.app.inject('/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
  });
});

describe('expiry', () => {
  it('ends a session after the idle timeout: the replayed cookie gets 401, and the sign-in page', async () => {
    const cookie = cookieOf((await signIn()).headers['set-cookie']);
    clock += IDLE_SECONDS * 1000 - 1;
    expect((await session(cookie)).statusCode).toBe(200);
    clock += 1;
    const replay = await session(cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['set-cookie']).toEqual([
      expect.stringMatching(/^ls_session=; Path=\/; Max-Age=0/),
      expect.stringMatching(/^ls_signed_in=; Path=\/; Max-Age=0/),
    ]);
    const login = await test.app.inject({ url: '/login', headers: { cookie } });
    expect(login.body).toContain('<label for="password">Password</label>');
    expect(login.body).not.toContain('Sign out');
  });

  it('is not extended by reading the session or by API traffic', async () => {
    const cookie = cookieOf((await signIn()).headers['set-cookie']);
    const first = (await session(cookie)).json().idleExpiresAt;
    clock += 60_000;
    await test.app.inject({
      url: '/services/data/v65.0/connect/sites/0DMjBgKSq9PBIPJWG5/cms/delivery/collections/MC53OK9IV3U2UY49UYF36P7MUSS1',
      headers: { cookie },
    });
    await test.app.inject({ url: '/', headers: { cookie } });
    expect((await session(cookie)).json().idleExpiresAt).toBe(first);
  });

  it('is extended by Continue Working, by the visitor’s activity and by navigating to a page', async () => {
    const cookie = cookieOf((await signIn()).headers['set-cookie']);
    const { csrfToken } = (await session(cookie)).json();
    clock += 60_000;
    const continued = await post('/api/session/continue', cookie, csrfToken);
    expect(continued.statusCode).toBe(200);
    expect(continued.json().idleExpiresAt).toBe(new Date(clock + IDLE_SECONDS * 1000).toISOString());
    clock += 60_000;
    expect((await post('/api/session/activity', cookie, csrfToken)).json().idleExpiresAt).toBe(new Date(clock + IDLE_SECONDS * 1000).toISOString());
    clock += 60_000;
    await test.app.inject({ url: '/', headers: { cookie, 'sec-fetch-mode': 'navigate' } });
    expect((await session(cookie)).json().idleExpiresAt).toBe(new Date(clock + IDLE_SECONDS * 1000).toISOString());
  });

  it('ends a session at its absolute lifetime, however active', async () => {
    const cookie = cookieOf((await signIn()).headers['set-cookie']);
    const { csrfToken } = (await session(cookie)).json();
    for (let minute = 1; minute < 10; minute++) {
      clock += 60_000;
      expect((await post('/api/session/continue', cookie, csrfToken)).statusCode).toBe(200);
    }
    clock += 60_000;
    expect((await post('/api/session/continue', cookie, csrfToken)).statusCode).toBe(401);
  });
});

describe('signing out', () => {
  it('kills the session on the server: the old cookie is dead', async () => {
    const cookie = cookieOf((await signIn()).headers['set-cookie']);
    const { csrfToken } = (await session(cookie)).json();
    const out = await test.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ csrf: csrfToken }),
    });
    expect(out.statusCode).toBe(303);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await session(cookie)).statusCode).toBe(401);
  });
});

describe('cross-site requests', () => {
  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['a null Origin', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses sign-in, sign-out and Continue Working with %s', async (_name, headers) => {
    const cookie = cookieOf((await signIn()).headers['set-cookie']);
    const { csrfToken } = (await session(cookie)).json();
    const login = await test.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: form({ email: EMAIL, password: PASSWORD }),
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    expect((await post('/logout', cookie, csrfToken, headers)).statusCode).toBe(403);
    expect((await post('/api/session/continue', cookie, csrfToken, headers)).statusCode).toBe(403);
    expect((await session(cookie)).statusCode).toBe(200);
  });

  it('accepts this site’s own Origin and refuses a missing or wrong CSRF token', async () => {
    const cookie = cookieOf((await signIn()).headers['set-cookie']);
    const { csrfToken } = (await session(cookie)).json();
    expect((await post('/api/session/continue', cookie, undefined)).statusCode).toBe(403);
    expect((await post('/api/session/continue', cookie, 'forged')).statusCode).toBe(403);
    expect((await post('/api/session/continue', cookie, csrfToken, { origin: 'http://localhost:80' })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('refuses an account after 5 failures, even with the right password', async () => {
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn('other@example.com', 'wrong password!')).statusCode).toBe(401);
    const limited = await signIn('other@example.com', PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many sign-in attempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    clock += 15 * 60_000;
    expect((await signIn('other@example.com', PASSWORD)).statusCode).toBe(303);
  });

  it('counts failures only: many people signing in from one address are never refused', async () => {
    for (let attempt = 0; attempt < 25; attempt++) expect((await signIn()).statusCode).toBe(303);
  });

  it('counts attempts sent all at once before any of them is checked', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, attempt) => signIn(`burst${attempt}@example.com`, 'wrong password!')));
    // Each attempt is counted before the store is asked for its account. On a loaded machine 25 at
    // once may find PostgreSQL's connections all busy and new ones slow to open: such an attempt is
    // answered 503 alone (a crowd, docs/operations.md), and still counted.
    const statuses = answers.map((answer) => (answer.statusCode === 503 ? 401 : answer.statusCode)).sort();
    expect(statuses).toEqual([...Array<number>(20).fill(401), ...Array<number>(5).fill(429)]);
    clock += 10 * 60_000;
  });

  it('refuses an address after 20 failed attempts, whatever the accounts', async () => {
    for (let attempt = 0; attempt < 20; attempt++) await signIn(`user${attempt}@example.com`, 'wrong password!');
    expect((await signIn(EMAIL, PASSWORD)).statusCode).toBe(429);
  });
});

describe('session ids', () => {
  // 10,000 inserts one after another: on PostgreSQL beside other work that took more than 20 s.
  it('10,000 new sessions have no duplicate ids, each of 256 random bits', { timeout: 120_000 }, async () => {
    const service = new SessionService(test.store.db, { idleMs: 60_000, absoluteMs: 600_000, secureCookie: true });
    const user = await findUserByEmail(test.store.db, EMAIL);
    if (user === undefined) throw new Error('the test account is missing');
    const request = { headers: {} } as FastifyRequest;
    const ids = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const [cookie = '', hint] = (await service.create(request, user)).cookies;
      expect(hint).toBe('ls_signed_in=1; Path=/; Max-Age=600; SameSite=Lax; Secure');
      expect(cookie).toMatch(/^__Host-ls_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/);
      ids.add(cookie.split(';')[0] ?? '');
    }
    expect(ids.size).toBe(10_000);
  });
});
