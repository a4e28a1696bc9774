/**
 * The content limits at the editing API (docs/content-format.md, "Limits"; issue 60 F4, F5): a
 * body nested without end is refused with 400 by every route that takes one, before anything walks
 * it recursively; a sheet's values are held to the limits the store's reader holds them to, so
 * what a save accepts, published, is on its page and in the delivery API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { DEMO_IDS } from '../demo/seed-demo';
import { CONTENT_LIMITS } from '../shared/content-limits';
import { sheetPath } from '../shared/urls';
import { MAX_REQUEST_DEPTH } from './requests';
import { problemLine } from '../shared/problems';

const contentUrl = (key: string) => `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/contents/${key}`;

let test: TestApp;
let admin: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  admin = await signInAs(test, 'admin');
});
afterAll(() => test.close());

/** A value `levels` objects deep: `{ deep: { deep: … 'bottom' } }`. */
function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level++) value = { deep: value };
  return value;
}

interface SheetAnswer {
  id: string;
  revision: number;
  draft: { contentKey: string; urlName: string; translations: Record<string, { title: string; extra?: Record<string, unknown> }> };
}

async function newSheet(client: StudioClient, title: string): Promise<SheetAnswer> {
  const made = await client.request('POST', '/sheets', { title });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as SheetAnswer;
}

describe('a request body nested without end', () => {
  it('is refused with 400 naming the limit by every editing API route that takes a JSON body', async () => {
    const document = (await test.app.inject('/studio/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody?.content['application/json'] !== undefined)
        .map(([method, _operation]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'x') })),
    );
    expect(routes.length).toBeGreaterThan(40);
    const bodies = {
      'arrays 100,000 deep': `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      'a state 50,000 deep': `{"revision":1,"state":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
    };
    for (const { method, path } of routes)
      for (const [what, body] of Object.entries(bodies)) {
        const answer = await admin.request(method as 'POST', path, body, { 'content-type': 'application/json' });
        expect(answer.statusCode, `${method} ${path}, ${what}: ${answer.body.slice(0, 200)}`).toBe(400);
        expect(answer.json()[0]).toMatchObject({
          errorCode: 'INVALID_API_INPUT',
          problems: [{ field: expect.stringMatching(/^body/), message: `is nested more than ${MAX_REQUEST_DEPTH} levels deep` }],
        });
      }
  });
});

describe('a sheet’s values at a save', () => {
  it('refuses a language’s value nested deeper than a stored body may be, as an import does', async () => {
    const sheet = await newSheet(admin, 'Nested too deep');
    const state = structuredClone(sheet.draft);
    state.translations.en_US!.extra = { notes: nested(41) };
    const saved = await admin.request('PUT', `/sheets/${sheet.id}`, { revision: sheet.revision, state });
    expect(saved.statusCode, saved.body).toBe(400);
    expect(saved.json()[0].problems.map(problemLine)).toEqual([
      expect.stringMatching(new RegExp(`^translations\\.en_US\\.extra\\.notes\\.deep\\..*: is nested more than ${CONTENT_LIMITS.depth} levels deep$`)),
    ]);
  });

  it('puts what it accepts at the limits on the sheet’s page and in the delivery API once published', async () => {
    const sheet = await newSheet(admin, 'At the limits');
    const state = structuredClone(sheet.draft);
    // The body is level 1, the value's own object level 2: 31 levels below it are the deepest a body holds.
    state.translations.en_US!.extra = { notes: nested(CONTENT_LIMITS.depth - 1), remark: 'y'.repeat(CONTENT_LIMITS.textLength) };
    const saved = await admin.request('PUT', `/sheets/${sheet.id}`, { revision: sheet.revision, state });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const published = await admin.request('POST', `/sheets/${sheet.id}/publish`, { revision: (saved.json() as SheetAnswer).revision });
    expect(published.statusCode, published.body.slice(0, 300)).toBe(200);

    const delivered = await test.app.inject(contentUrl(sheet.draft.contentKey));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().contentNodes ?? delivered.json()).toBeDefined();
    expect(JSON.stringify(delivered.json())).toContain('"remark"');
    const page = await test.app.inject(sheetPath(sheet.draft.urlName));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('At the limits');
    expect((await test.app.inject('/?page=10')).body).toContain('At the limits');
  });
});
