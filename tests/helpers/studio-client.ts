/**
 * Signed-in requests to the editing API through app.inject(): an account of a role, its session
 * cookie and CSRF token, as the studio sends them.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { addAccount } from '../../src/editing/accounts';
import { allOperations, type Operation } from '../../src/editing-contract/operations';
import type { Role } from '../../src/cms/schema';
import type { TestApp } from './test-app';

export const STUDIO_PASSWORD = 'correct horse battery staple';

export interface StudioClient {
  email: string;
  cookie: string;
  csrf: string;
  request(method: InjectOptions['method'], path: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Adds an account of `role` (named after it unless `email` is given) and signs it in. */
export async function signInAs(test: TestApp, role: Role, email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`): Promise<StudioClient> {
  await addAccount(test.store.db, { email, password: STUDIO_PASSWORD, role }, { id: null, label: 'test' });
  const login = await test.app.inject({
    method: 'POST',
    url: `${test.config.basePath}/login`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password: STUDIO_PASSWORD }).toString(),
  });
  if (login.statusCode !== 303) throw new Error(`signing in as ${email} answered ${login.statusCode}`);
  const setCookie = login.headers['set-cookie'];
  const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0] ?? '';
  const session = (await test.app.inject({ url: `${test.config.basePath}/api/session`, headers: { cookie } })).json() as { csrfToken: string };
  const root = `${test.config.basePath}/studio/api`;
  return {
    email,
    cookie,
    csrf: session.csrfToken,
    request: async (method, path, body, headers = {}) =>
      answeredAsDeclared(
        method,
        path,
        await test.app.inject({
          method,
          url: `${root}${path}`,
          headers: { cookie, 'x-csrf-token': session.csrfToken, ...headers },
          ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
        }),
      ),
  };
}

/** An operation's path as a pattern: `/sheets/:id/publish` matches `/sheets/abc/publish`. */
const patternOf = (operation: Operation) => new RegExp(`^${operation.path.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+').replace(/\*$/, '.*')}$`);
const PATTERNS = allOperations.map((operation) => ({ operation, pattern: patternOf(operation) }));

/**
 * The answer, once it is known to be what the operation's contract says it answers (the studio's
 * types are made from it): every editing API test that asks through a StudioClient checks it.
 */
function answeredAsDeclared(method: InjectOptions['method'], path: string, answer: LightMyRequestResponse): LightMyRequestResponse {
  const plain = path.split('?')[0]!;
  const candidates = PATTERNS.filter((candidate) => candidate.operation.method === method && candidate.pattern.test(plain));
  // A literal path wins over one with a parameter in its place (/sheets/from-pdf over /sheets/:id).
  const declared = candidates.sort((a, b) =>
    b.operation.path.match(/\//g)!.length === a.operation.path.match(/\//g)!.length
      ? a.operation.path.split(':').length - b.operation.path.split(':').length
      : 0,
  )[0]?.operation;
  const schema: TSchema | undefined = declared?.response?.schema;
  if (declared === undefined || schema === undefined || answer.statusCode !== declared.response?.status) return answer;
  const value: unknown = answer.json();
  const expected = declared.response?.list ? { type: 'array', items: schema } : schema;
  const errors = [...Value.Errors(expected as TSchema, value)].slice(0, 5);
  if (errors.length > 0)
    throw new Error(
      `${method} ${path} answered what ${declared.method} ${declared.path} does not declare: ${JSON.stringify(errors.map((error) => [error.instancePath, error.message]))}`,
    );
  return answer;
}

/**
 * An import as the studio's Import screen makes it: the files (one request each, as the browser
 * sends them), the comparison, and, unless the comparison was refused, apply with its digest.
 */
export async function importThroughStudio(client: StudioClient, files: Array<{ name: string; bytes: Buffer }>) {
  const { token } = (await client.request('POST', '/import-uploads')).json() as { token: string };
  for (const file of files) {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(file.bytes)]), file.name);
    const request = new Request('http://upload.test/', { method: 'POST', body: form });
    const sent = await client.request('POST', `/import-uploads/${token}/files`, Buffer.from(await request.arrayBuffer()), {
      'content-type': request.headers.get('content-type') ?? '',
    });
    if (sent.statusCode >= 300) return { comparison: sent, applied: null };
  }
  const comparison = await client.request('POST', `/import-uploads/${token}/comparison`, {});
  if (comparison.statusCode !== 200) return { comparison, applied: null };
  const { digest } = comparison.json() as { digest: string };
  return { comparison, applied: await client.request('POST', `/import-uploads/${token}/apply`, { digest }) };
}
