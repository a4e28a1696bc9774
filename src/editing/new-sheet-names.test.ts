/**
 * A new sheet's address comes from its title (issue 60, T10): no random letters; a name the site
 * has, had, or holds in a draft or the trash is told apart by the sheet's CAS number or product
 * code, then by a number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { DEMO_IDS } from '../demo/seed-demo';
import { casNumbersIn } from '../shared/chemistry';
import { freeUrlName } from './sheets';

let test: TestApp;
let editor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  editor = await signInAs(test, 'editor');
});
afterAll(async () => {
  await test.close();
});

const create = async (title: string) => {
  const response = await editor.request('POST', '/sheets', { title });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; revision: number; draft: { urlName: string } };
};

describe('a new sheet’s address', () => {
  it('is its title’s, then numbered, never random', async () => {
    const first = await create('Hafnium tetrachloride (HfCl₄)');
    expect(first.draft.urlName).toBe('hafnium-tetrachloride-hfcl4');
    expect((await create('Hafnium tetrachloride (HfCl₄)')).draft.urlName).toBe('hafnium-tetrachloride-hfcl4-2');
    // In the trash, the name is still the sheet's (it may come back).
    expect((await editor.request('DELETE', `/sheets/${first.id}?revision=${first.revision}`)).statusCode).toBe(204);
    expect((await create('Hafnium tetrachloride (HfCl₄)')).draft.urlName).toBe('hafnium-tetrachloride-hfcl4-3');
  });

  it('is told apart by the sheet’s CAS number or product code before a number', async () => {
    const db = test.store.db;
    // A published demo sheet has the name already.
    expect(await freeUrlName(db, DEMO_IDS.siteId, 'Silane', ['7803-62-5'])).toBe('silane-7803-62-5');
    expect(await freeUrlName(db, DEMO_IDS.siteId, 'Silane', ['SI-4N'])).toBe('silane-si-4n');
    expect(await freeUrlName(db, DEMO_IDS.siteId, 'Silane')).toBe('silane-2');
    expect(await freeUrlName(db, DEMO_IDS.siteId, 'A sheet nobody has')).toBe('a-sheet-nobody-has');
  });

  it('reads the CAS numbers a PDF’s page names, their check digits right', () => {
    expect(casNumbersIn('Hafnium tetrachloride, CAS 13499-05-3; also 7647-01-0 (HCl); not 13499-05-4 nor 123-45-67-8')).toEqual(['13499-05-3', '7647-01-0']);
  });
});
