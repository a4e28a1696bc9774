import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { BASE_PATH: '/lit', CDN_MAX_AGE_SECONDS: '60', CDN_STALE_WHILE_REVALIDATE_SECONDS: '30' } });
});
afterAll(async () => {
  await test.close();
});

describe('health', () => {
  it('says the process is up and the store is ready', async () => {
    const queries = test.store.breaker.admitted;
    // Timed work (schedules) may ask the store meanwhile: the count is at least what it was.
    expect((await test.app.inject('/lit/healthz')).json()).toEqual({
      status: 'ok',
      store: { available: true, queries: expect.any(Number), writeFailure: null },
    });
    expect((await test.app.inject('/lit/healthz')).json().store.queries).toBeGreaterThanOrEqual(queries);
    const ready = await test.app.inject('/lit/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});

describe('responses', () => {
  it('carry the CDN windows on public content, and a request id', async () => {
    const page = await test.app.inject('/lit/');
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400');
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.headers.etag).toBeDefined();
    const api = await test.app.inject('/lit/services/data/v65.0/connect/sites/0DMjBgKSq9PBIPJWG5/cms/delivery/collections/MC53OK9IV3U2UY49UYF36P7MUSS1');
    expect(api.headers['cache-control']).toBe(page.headers['cache-control']);
  });

  it('keep personal answers out of every shared cache', async () => {
    expect((await test.app.inject('/lit/api/session')).headers['cache-control']).toBe('private, no-store');
    expect((await test.app.inject('/lit/login')).headers['cache-control']).toBe('private, no-store');
  });

  it('keep a proxy’s request id, and refuse odd ones', async () => {
    expect((await test.app.inject({ url: '/lit/healthz', headers: { 'x-request-id': 'proxy-1234-abcd' } })).headers['x-request-id']).toBe('proxy-1234-abcd');
    expect((await test.app.inject({ url: '/lit/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } })).headers['x-request-id']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });
});
