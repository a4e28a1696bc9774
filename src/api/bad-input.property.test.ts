/**
 * Property-based: at least 1,000 generated bad values for each parameter of each endpoint get a
 * 4xx whose body is the error array with a message from the catalogue, never a 5xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_IDS } from '../demo/seed-demo';
import { MESSAGES } from '../shared/errors';

const RUNS = 1000;
/**
 * A thousand requests through the whole app take a few seconds on a quiet machine and several
 * times that on a busy one (CI beside other work): the bound is on finishing, not a wait.
 */
const PROPERTY_MS = 120_000;

const CATALOGUE: RegExp[] = [
  /^The type entered for [A-Za-z]+ isn’t valid\. Enter the value as a\/an (?:array|string|number|boolean|date)\.$/,
  /^The value entered for [A-Za-z]+ isn’t valid\. Enter (?:a number from \d+ to \d+|a number of \d+ or more|from 1 to \d+ values)\.$/,
  ...Object.values(MESSAGES).map((message) => new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)),
];

type Kind = 'number' | 'boolean' | 'date' | 'contentKeys' | 'ids' | 'fields';

const VALID: Record<Kind, (value: string) => boolean> = {
  number: (value) => value === '' || /^\d{1,15}$/.test(value),
  boolean: (value) => value === '' || /^(?:true|false)$/i.test(value),
  date: (value) => value === '' || !Number.isNaN(Date.parse(value)),
  // Lists: empty entries are dropped, so only lists of well-formed values are valid.
  contentKeys: (value) => value.split(',').every((part) => part.trim() === '' || /^MC[A-Z0-9]{26}$/.test(part.trim())),
  ids: (value) => value.split(',').every((part) => part.trim() === '' || /^[a-zA-Z0-9]{15}(?:[A-Z0-5]{3})?$/.test(part.trim())),
  fields: (value) => value.split(',').every((part) => part.trim() === '' || /^[A-Za-z0-9_.:-]{1,255}$/.test(part.trim())),
};

/** Strings of many shapes: plain, unicode, numeric-looking, and known trouble-makers. */
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    '-1',
    '1e3',
    '0x1F',
    ' 1',
    '1 ',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    '[]',
    '{}',
    "' OR 1=1 --",
    '%00',
    '\u0000',
    '<script>',
    '../../etc/passwd',
    'true,false',
  ),
);

function badValues(kind: Kind): fc.Arbitrary<string> {
  return anyText.filter((value) => !VALID[kind](value));
}

const { siteId, communityId, collectionKey } = DEMO_IDS;
const siteRoot = `/services/data/v65.0/connect/sites/${siteId}/cms/delivery`;
const communityRoot = `/services/data/v65.0/connect/communities/${communityId}`;

const ENDPOINTS: Array<{ path: string; params: Record<string, Kind> }> = [
  { path: `${siteRoot}/collections/${collectionKey}`, params: { pageSize: 'number', pageToken: 'number' } },
  { path: `${siteRoot}/collections/${collectionKey}/metadata`, params: { expandMetadata: 'boolean' } },
  {
    path: `${siteRoot}/contents/${DEMO_IDS.sheetKey('teos')}`,
    params: { referenceDepth: 'number', expandReferences: 'boolean', referencesAsList: 'boolean', showAbsoluteUrl: 'boolean' },
  },
  {
    path: `${siteRoot}/contents`,
    params: {
      contentKeys: 'contentKeys',
      managedContentIds: 'ids',
      page: 'number',
      pageSize: 'number',
      referenceDepth: 'number',
      includeContentBody: 'boolean',
      expandReferences: 'boolean',
      publishStartDate: 'date',
      publishEndDate: 'date',
      showAbsoluteUrl: 'boolean',
    },
  },
  {
    path: `${communityRoot}/managed-content/delivery`,
    params: { contentKeys: 'contentKeys', managedContentIds: 'ids', page: 'number', pageSize: 'number', showAbsoluteUrl: 'boolean' },
  },
  {
    path: `${communityRoot}/managed-content/delivery/contents`,
    params: { contentKeys: 'contentKeys', managedContentIds: 'ids', page: 'number', pageSize: 'number' },
  },
  { path: `${communityRoot}/seo/properties/teos`, params: { fields: 'fields' } },
];

/** String parameters take any one value; sent twice they are the wrong type. */
const STRING_PARAMS: Array<{ path: string; name: string }> = [
  { path: `${siteRoot}/collections/${collectionKey}`, name: 'language' },
  { path: `${siteRoot}/contents`, name: 'contentTypeFQN' },
  { path: `${communityRoot}/managed-content/delivery`, name: 'managedContentType' },
  { path: `${communityRoot}/managed-content/delivery/contents`, name: 'queryTerm' },
  { path: `${communityRoot}/managed-content/delivery/contents`, name: 'collectionName' },
];

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

async function expectCatalogueError(url: string): Promise<void> {
  const response = await test.app.inject(url);
  expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, url).toBeLessThan(500);
  const body = response.json() as Array<{ errorCode: unknown; message: unknown }>;
  expect(Array.isArray(body) && body.length === 1, url).toBe(true);
  const [item] = body;
  expect(typeof item?.errorCode, url).toBe('string');
  expect(
    CATALOGUE.some((pattern) => pattern.test(String(item?.message))),
    `${url} → ${String(item?.message)}`,
  ).toBe(true);
}

describe('bad parameter values', () => {
  for (const { path, params } of ENDPOINTS) {
    for (const [name, kind] of Object.entries(params)) {
      it(
        `${path.replace(/\/(?:0DM|0DB|MC)[A-Za-z0-9]+/g, '/…')} ?${name} (${kind})`,
        async () => {
          await fc.assert(
            fc.asyncProperty(badValues(kind), async (value) => {
              await expectCatalogueError(`${path}?${new URLSearchParams({ [name]: value })}`);
            }),
            { numRuns: RUNS },
          );
        },
        PROPERTY_MS,
      );
    }
  }

  for (const { path, name } of STRING_PARAMS) {
    it(
      `?${name} never fails the server, and twice is the wrong type`,
      async () => {
        await fc.assert(
          fc.asyncProperty(anyText, async (value) => {
            const response = await test.app.inject(`${path}?${new URLSearchParams({ [name]: value })}`);
            expect(response.statusCode).toBeLessThan(500);
          }),
          { numRuns: RUNS },
        );
        await expectCatalogueError(`${path}?${name}=a&${name}=b`);
      },
      PROPERTY_MS,
    );
  }
});

describe('bad path values', () => {
  it(
    'any other channel-or-site id or collection key gives a 4xx with a catalogue message',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          anyText.filter((value) => value !== '' && value !== siteId),
          anyText.filter((value) => value !== ''),
          async (id, key) => {
            await expectCatalogueError(`/services/data/v65.0/connect/sites/${encodeURIComponent(id)}/cms/delivery/collections/${encodeURIComponent(key)}`);
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_MS,
  );
});
