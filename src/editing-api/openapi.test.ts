/**
 * The editing API's document is its routes as registered (route-contract.ts, decision 032): every
 * route declares a contract, and the served document lists every route but the ones deliberately
 * left out. The routes are counted here on their own, by a hook outside the editing API's scope.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from '../../tests/helpers/openapi-lint';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { SessionService } from '../http/session-service';
import { editingOpenApiDocument } from './openapi';
import { registerEditingApi } from './register-editing-api';
import { collectRoutes } from './route-contract';
import { allOperations, type Operation } from '../editing-contract/operations';
import { RevisionSchema } from '../editing-contract/schemas';

const ROOT = '/studio/api';

let test: TestApp;
let app: FastifyInstance;
/** Every route the editing API registers, as `GET /studio/api/sheets/:id`, with its declared contract. */
const registered: Array<{ route: string; contract: unknown }> = [];

beforeAll(async () => {
  test = await createTestApp();
  app = Fastify();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD' && route.url.startsWith(`${ROOT}/`)) registered.push({ route: `${method} ${route.url}`, contract: route.config?.contract });
  });
  const { config, store } = test;
  await registerEditingApi(app, {
    db: store.db,
    sessions: new SessionService(store.db, { idleMs: 60_000, absoluteMs: 60_000, secureCookie: false }),
    basePath: '',
    platformSitesSegment: config.platformSitesSegment,
    originOf: () => 'http://localhost',
    previewer: async () => null,
    announceChange: async () => undefined,
    uploads: config.uploads.inFlight,
    pdfs: config.uploads.pdf,
    searchReport: { enabled: false, flush: async () => undefined },
    cdnPurged: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await test.close();
});

describe('the editing API’s routes and its document', () => {
  it('has a contract on every registered route', () => {
    expect(registered.length).toBeGreaterThan(60);
    expect(registered.filter((route) => route.contract === undefined).map((route) => route.route)).toEqual([]);
  });

  it('serves each operation of the table once, at its method and path, and no route the table does not have', () => {
    const served = registered.flatMap((route) => (allOperations.includes(route.contract as Operation) ? [route] : []));
    expect(served.map((route) => route.route).sort()).toEqual(allOperations.map((operation) => `${operation.method} ${ROOT}${operation.path}`).sort());
    expect(registered.filter((route) => !served.includes(route)).map((route) => route.route)).toEqual([`GET ${ROOT}/openapi.json`]);
  });

  it('serves a document that lists every registered route but those left out on purpose', async () => {
    const document = (await app.inject(`${ROOT}/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${ROOT}${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const leftOut = registered.filter((route) => typeof route.contract === 'object' && route.contract !== null && 'leftOut' in route.contract);
    expect(leftOut.map((route) => route.route)).toEqual([`GET ${ROOT}/openapi.json`]);
    expect(documented.sort()).toEqual(
      registered
        .filter((route) => !leftOut.includes(route))
        .map((route) => route.route)
        .sort(),
    );
  });

  it('passes Redocly’s recommended rules: each operation named, a change asking for the session and its CSRF token', async () => {
    const source = (await app.inject(`${ROOT}/openapi.json`)).body;
    expect(await lintOpenApi(source)).toEqual([]);
    const document = JSON.parse(source) as { paths: Record<string, Record<string, { operationId: string; security: unknown }>> };
    expect(document.paths['/imports/{id}/undo']?.post).toMatchObject({ operationId: 'postImportsByIdUndo', security: [{ session: [], csrfToken: [] }] });
    expect(document.paths['/sheets/{id}']?.get?.security).toEqual([{ session: [] }]);
  });

  it('refuses to describe a route without a contract, or with a schema that is not a component', async () => {
    const scope = Fastify();
    const routes = collectRoutes(scope, ROOT);
    scope.post(`${ROOT}/things/:id`, async () => null);
    const operation = (declared: Operation) => ({ config: { contract: declared } });
    scope.post(
      `${ROOT}/counted`,
      operation({ method: 'POST', path: '/counted', summary: 'Count', role: 'editor', body: Type.Object({ n: Type.Number() }) }),
      async () => null,
    );
    scope.post(
      `${ROOT}/described`,
      operation({ method: 'POST', path: '/described', summary: 'Publish', role: 'editor', body: RevisionSchema }),
      async () => null,
    );
    await scope.ready();
    expect(() => editingOpenApiDocument('', ROOT, routes, 'sid')).toThrow(`POST ${ROOT}/things/:id has no contract`);
    expect(() => editingOpenApiDocument('', ROOT, routes.slice(1), 'sid')).toThrow(`POST ${ROOT}/counted: its contract names a schema`);
    const document = editingOpenApiDocument('', ROOT, routes.slice(2), 'sid');
    expect(document.paths['/described']?.post).toMatchObject({
      requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Revision' } } } },
    });
    await scope.close();
  });
});
