/**
 * Contract checks: a response body must match the schema the OpenAPI document publishes for it,
 * property for property (the schemas are closed), so the document and the server cannot drift.
 */
import Ajv2020 from 'ajv/dist/2020';
import { expect } from 'vitest';
import { buildOpenApiDocument } from '../../src/api/openapi';

const document = buildOpenApiDocument('') as { components: { schemas: Record<string, object> } };
const ajv = new Ajv2020({ allErrors: true, strict: false });
ajv.addSchema({ $id: 'delivery', components: document.components });

export function expectContract(schemaName: string, body: unknown): void {
  const validate = ajv.getSchema(`delivery#/components/schemas/${schemaName}`);
  if (validate === undefined) throw new Error(`No schema ${schemaName}`);
  const valid = validate(body);
  expect(valid ? [] : validate.errors, `response does not match ${schemaName}`).toEqual([]);
}
