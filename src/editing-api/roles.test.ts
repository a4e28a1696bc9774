/**
 * Who may call each operation is the table's to say (editing-contract/operations.ts): every
 * operation answers a guest 401, a visitor 403, an editor 403 when the table says admin, and
 * never 401 or 403 to the role it names. Asked of every operation, so that a handler whose guard
 * differs from its line in the table (and so from the OpenAPI document and the studio) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { allOperations, type Operation } from '../editing-contract/operations';

let test: TestApp;
let editor: StudioClient;
let visitor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  [editor, visitor] = await Promise.all([signInAs(test, 'editor'), signInAs(test, 'visitor')]);
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
