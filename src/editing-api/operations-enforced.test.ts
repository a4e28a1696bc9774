/**
 * The table of operations (editing-contract/operations.ts) is what every handler enforces, asked
 * of every operation: who may call it (a guest gets 401, a visitor 403, an editor 403 exactly
 * where the table says admin), and what it takes (a body whose fields are of the wrong type gets
 * the contract's 400, naming a field). A handler whose guard or input check differs from its line
 * in the table, and so from the OpenAPI document and the studio's client, fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import type { TSchema } from 'typebox';
import { allOperations, type Operation } from '../editing-contract/operations';

let test: TestApp;
let editor: StudioClient;
let admin: StudioClient;
let visitor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  [editor, admin, visitor] = await Promise.all([signInAs(test, 'editor'), signInAs(test, 'admin'), signInAs(test, 'visitor')]);
});
afterAll(async () => {
  await test.close();
});

/** The operation's path with a name nothing has in each parameter: the guard answers before anything is looked up. */
const pathOf = (operation: Operation) => operation.path.replace(/:\w+/g, 'nothing-here').replace(/\*$/, 'anywhere');
const named = (operation: Operation) => `${operation.method} ${operation.path}`;

describe('who may call each operation', () => {
  it('answers a guest 401 and a visitor 403, whatever the operation', async () => {
    const wrong: string[] = [];
    for (const operation of allOperations) {
      const guest = await test.app.inject({ method: operation.method, url: `/studio/api${pathOf(operation)}` });
      if (guest.statusCode !== 401) wrong.push(`${named(operation)}: a guest got ${guest.statusCode}`);
      const seen = await visitor.request(operation.method, pathOf(operation));
      if (seen.statusCode !== 403) wrong.push(`${named(operation)}: a visitor got ${seen.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers an editor 403 exactly where the table says admin', async () => {
    const wrong: string[] = [];
    // A change is asked once per operation: well within an account's budget of writes a minute.
    for (const operation of allOperations) {
      const answer = await editor.request(operation.method, pathOf(operation), operation.method === 'GET' ? undefined : {});
      const refused = answer.statusCode === 403 || answer.statusCode === 401;
      if (refused !== (operation.role === 'admin')) wrong.push(`${named(operation)} (${operation.role}): an editor got ${answer.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

/** A value of another type than the schema's: what a client sends by mistake. */
function wrongFor(schema: TSchema): unknown {
  const type = (schema as { type?: unknown }).type;
  return type === 'string' ? 12345 : type === 'integer' || type === 'number' || type === 'boolean' ? 'not this' : 7;
}

/** A body schema's fields by name, an intersection's (allOf) of each of its parts. */
function propertiesOf(schema: TSchema): Record<string, TSchema> {
  const { properties, allOf } = schema as { properties?: Record<string, TSchema>; allOf?: TSchema[] };
  return Object.assign({}, properties, ...(allOf ?? []).map(propertiesOf));
}

describe('what each operation takes', () => {
  it('refuses a body whose fields are of the wrong type with 400, naming a field it has, before it changes anything', async () => {
    const wrong: string[] = [];
    for (const operation of allOperations.filter((candidate) => candidate.body !== undefined)) {
      const properties = propertiesOf(operation.body!);
      const body = Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, wrongFor(schema)]));
      const answer = await admin.request(operation.method, pathOf(operation), body);
      const fields = answer.statusCode === 400 ? ((answer.json()[0]?.problems ?? []) as Array<{ field: string | null }>).map((problem) => problem.field) : [];
      const named = fields.some((field) => field !== null && Object.keys(properties).includes(field.split(/[.[]/)[0]!));
      if (!named) wrong.push(`${operation.method} ${operation.path}: ${answer.statusCode} ${answer.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });
});
