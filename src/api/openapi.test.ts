import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from '../../tests/helpers/openapi-lint';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DELIVERY_PATHS } from './openapi';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { BASE_PATH: '/lit' } });
});
afterAll(async () => {
  await test.close();
});

describe('the OpenAPI document', () => {
  it('is served as OpenAPI 3.1 under the base path', async () => {
    const response = await test.app.inject('/lit/services/data/v65.0/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/lit/services/data/v65.0' }]);
  });

  it('describes every route the server answers, and no other', async () => {
    const document = (await test.app.inject('/lit/services/data/v65.0/openapi.json')).json() as { paths: Record<string, unknown> };
    const served = Object.values(DELIVERY_PATHS)
      .map((path) => path.replace(/:(\w+)/g, '{$1}'))
      .sort();
    expect(Object.keys(document.paths).sort()).toEqual(served);
  });

  it('names, for every path parameter, a parameter of the operation', async () => {
    const document = (await test.app.inject('/lit/services/data/v65.0/openapi.json')).json() as {
      paths: Record<string, { get: { parameters: Array<{ name: string; in: string }> } }>;
    };
    for (const [path, item] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(item.get.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)).toEqual(inPath);
    }
  });

  it('passes Redocly’s recommended rules, with every operation named, HEAD described and no security asked', async () => {
    const source = (await test.app.inject('/lit/services/data/v65.0/openapi.json')).body;
    expect(await lintOpenApi(source)).toEqual([]);
    const document = JSON.parse(source) as { security: unknown[]; paths: Record<string, { get: { operationId: string }; head: { operationId: string } }> };
    expect(document.security).toEqual([]);
    expect(Object.values(document.paths).map((item) => item.get.operationId)).toContain('siteCollection');
    // The linter does find what the document once lacked.
    expect(await lintOpenApi(JSON.stringify({ ...document, security: undefined }))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^error security-defined/)]),
    );
  });
});
