/**
 * The delivery API's wire shapes are written once (shared/delivery-schema.ts, decision 031): these
 * tests fail when the OpenAPI document the API serves, or what its calls answer, drifts from them.
 */
import Ajv2020 from 'ajv/dist/2020';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getOk, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_IDS } from '../demo/seed-demo';
import { DELIVERY_COMPONENTS, type DeliveryComponentName } from './delivery-schema-components';

interface ServedDocument {
  paths: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
}

const COMPONENT_REF = '#/components/schemas/';
const api = '/services/data/v65.0';
const site = `${api}/connect/sites/${DEMO_IDS.siteId}/cms/delivery`;
const channel = `${api}/connect/cms/delivery/channels/${DEMO_IDS.channelId}`;
const community = `${api}/connect/communities/${DEMO_IDS.communityId}`;
const teosKey = DEMO_IDS.sheetKey('teos');

let test: TestApp;
let document: ServedDocument;
beforeAll(async () => {
  test = await createTestApp();
  document = await getOk<ServedDocument>(test.app, `${api}/openapi.json`);
});
afterAll(async () => {
  await test.close();
});

/** A TypeBox schema as JSON carries it: TypeBox's own (non-enumerable) keys are not on the wire. */
const asJson = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema));

/** A schema of the served document with every $ref written out as the component it names. */
function withRefsResolved(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withRefsResolved);
  if (node === null || typeof node !== 'object') return node;
  const { $ref } = node as { $ref?: unknown };
  if (typeof $ref === 'string') return withRefsResolved(document.components.schemas[$ref.slice(COMPONENT_REF.length)]);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withRefsResolved(value)]));
}

function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [value] : refsIn(value)));
}

describe('the served document’s component schemas', () => {
  it('are the wire shapes, each under its name, and nothing else', () => {
    expect(Object.keys(document.components.schemas).sort()).toEqual(Object.keys(DELIVERY_COMPONENTS).sort());
  });

  it('say what the TypeBox schemas say, property for property', () => {
    for (const [name, schema] of Object.entries(DELIVERY_COMPONENTS)) {
      expect(withRefsResolved(document.components.schemas[name]), name).toEqual(asJson(schema));
    }
  });

  it('write a shape that is a component of its own as a $ref to it', () => {
    const contentDocument = document.components.schemas.ContentDocument as { properties: Record<string, unknown> };
    expect(contentDocument.properties.channelSummary).toEqual({ $ref: `${COMPONENT_REF}ChannelSummary` });
    expect(contentDocument.properties.contentType).toEqual({ $ref: `${COMPONENT_REF}ContentType` });
  });

  it('are named by every $ref of the document, and each is JSON Schema 2020-12 (the dialect of OpenAPI 3.1)', () => {
    const named = new Set(refsIn(document).map((ref) => ref.slice(COMPONENT_REF.length)));
    expect([...named].filter((name) => !(name in document.components.schemas))).toEqual([]);
    const ajv = new Ajv2020();
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect(ajv.validateSchema(schema as object) ? [] : ajv.errors, name).toEqual([]);
    }
  });
});

/** A call of each kind, and one that fails, with the shape its answer has. */
const CALLS: Array<[DeliveryComponentName, string, number]> = [
  ['CollectionItems', `${site}/collections/${DEMO_IDS.collectionKey}?pageSize=3&pageToken=1`, 200],
  ['CollectionMetadata', `${channel}/collections/${DEMO_IDS.collectionId}/metadata?expandMetadata=true`, 200],
  ['ContentDocument', `${site}/contents/${teosKey}?referenceDepth=1`, 200],
  ['ContentDocument', `${channel}/contents/${teosKey}?referenceDepth=1&referencesAsList=true&expandReferences=true`, 200],
  ['ContentList', `${site}/contents?includeContentBody=true&pageSize=5&page=1`, 200],
  ['CommunityDelivery', `${community}/managed-content/delivery?managedContentType=literature_sheet&pageSize=3`, 200],
  ['CommunityDelivery', `${community}/managed-content/delivery?managedContentType=cms_image&pageSize=1`, 200],
  ['CommunityContents', `${community}/managed-content/delivery/contents?pageSize=5`, 200],
  ['SeoProperties', `${community}/seo/properties/teos`, 200],
  ['ErrorList', `${site}/contents/no-such-content`, 404],
];

describe('what the delivery calls answer', () => {
  it.each(CALLS)('passes TypeBox’s check of %s (%s)', async (name, url, status) => {
    const response = await test.app.inject(url);
    expect(response.statusCode).toBe(status);
    const body: unknown = response.json();
    const schema = DELIVERY_COMPONENTS[name];
    expect(Value.Check(schema, body) ? [] : [...Value.Errors(schema, body)]).toEqual([]);
  });
});
