/** The studio's door over HTTP: who gets in, who is sent to sign in, who is refused; never cached. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signInAs } from '../../../tests/helpers/studio-client';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('GET /studio', () => {
  it('sends a guest to sign in and back', async () => {
    const response = await test.app.inject('/studio');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login?returnTo=%2Fstudio');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a visitor’s account with a page that says why', async () => {
    const visitor = await signInAs(test, 'visitor');
    const response = await test.app.inject({ url: '/studio', headers: { cookie: visitor.cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('The studio is for editors');
    expect(response.body).not.toContain(visitor.csrf);
  });

  it('gives an editor the studio with the session’s token and a style nonce of its own', async () => {
    const editor = await signInAs(test, 'editor');
    const response = await test.app.inject({ url: '/studio', headers: { cookie: editor.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`data-csrf-token="${editor.csrf}"`);
    const nonce = /<meta name="csp-nonce" nonce="([^"]+)">/.exec(response.body)?.[1];
    expect(response.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    const again = await test.app.inject({ url: '/studio', headers: { cookie: editor.cookie } });
    expect(again.headers['content-security-policy']).not.toBe(response.headers['content-security-policy']);
  });
});
