/**
 * The life of an import's folder, apart from the store: one request at a time (a lock any process
 * sees, and one a dead request left does not hold forever), an hour from the last touch, and at
 * most a few open per account.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Actor } from '../editing/audit';
import { addImportFile, cancelImportUpload, IMPORT_UPLOAD_LIMITS, startImportUpload } from './import-uploads';
import { processPdfReader } from '../files/pdf-reader';

const pdfs = processPdfReader();

const folder = mkdtempSync(join(tmpdir(), 'import-uploads-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const actor = (): Actor => ({ id: `user-${Math.random().toString(36).slice(2)}`, label: 'someone@example.com' });
const importFolder = (token: string) => join(tmpdir(), 'literature-imports', createHash('sha256').update(token).digest('hex'));
const MINUTE = 60_000;

/** A received CSV, as the route hands it over (moved into the import). */
function received(text = 'title\nA sheet\n'): string {
  const path = join(folder, `${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(path, text);
  return path;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as Error & { reason?: string },
  );

describe('an import in the studio, on disk', () => {
  it('lets one request at a time work on it, and a lock left by a dead request stops holding', async () => {
    const owner = actor();
    const start = new Date();
    const { token } = await startImportUpload(owner, start);
    writeFileSync(join(importFolder(token), 'lock'), '');
    const busy = await failure(addImportFile(token, owner, received(), 'sheets.csv', { pdfs }, start));
    expect(busy).toMatchObject({ reason: 'conflict', message: expect.stringMatching(/^This import is busy with another request/) });

    const old = new Date(start.getTime() - IMPORT_UPLOAD_LIMITS.staleLockMs - MINUTE);
    utimesSync(join(importFolder(token), 'lock'), old, old);
    expect(await addImportFile(token, owner, received(), 'sheets.csv', { pdfs }, start)).toEqual(['sheets.csv']);
    expect(existsSync(join(importFolder(token), 'lock'))).toBe(false);
  });

  it('stays open an hour from its last touch, and is someone else’s to nobody', async () => {
    const owner = actor();
    const start = new Date();
    const { token } = await startImportUpload(owner, start);
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    await addImportFile(token, owner, received(), 'sheets.csv', { pdfs }, at(50));
    await addImportFile(token, owner, received(), 'sheets.csv', { pdfs }, at(100));
    expect(await failure(addImportFile(token, actor(), received(), 'sheets.csv', { pdfs }, at(101)))).toMatchObject({ reason: 'not-found' });
    expect(await failure(addImportFile(token, owner, received(), 'sheets.csv', { pdfs }, at(161)))).toMatchObject({ reason: 'not-found' });
    expect(existsSync(importFolder(token))).toBe(false);
  });

  it('takes an Excel workbook as its table, one CSV or workbook at most, and says what to do with a spreadsheet it cannot read', async () => {
    const owner = actor();
    const { token } = await startImportUpload(owner);
    expect(await addImportFile(token, owner, received(), 'Datenblätter.xlsx', { pdfs })).toEqual(['Datenblätter.xlsx']);
    expect(await failure(addImportFile(token, owner, received(), 'sheets.csv', { pdfs }))).toMatchObject({
      reason: 'conflict',
      message: 'An import takes one CSV or Excel workbook: start a new import to choose another.',
    });
    expect(await failure(addImportFile(token, owner, received(), 'Preise.xls', { pdfs }))).toMatchObject({
      message:
        'Preise.xls is an Excel 97–2003 workbook (.xls), which an import cannot read: save it as an Excel workbook (.xlsx) or as CSV UTF-8, and import that.',
    });
    expect(await failure(addImportFile(token, owner, received(), 'Preise.ods', { pdfs }))).toMatchObject({
      message: expect.stringMatching(/^Preise\.ods is an OpenDocument spreadsheet \(\.ods\), which an import cannot read: save it as/),
    });
    await cancelImportUpload(token, owner);
  });

  it('keeps at most a few open per account: starting another throws the oldest away', async () => {
    const owner = actor();
    const start = Date.now();
    const tokens: string[] = [];
    for (let index = 0; index <= IMPORT_UPLOAD_LIMITS.openPerAccount; index++)
      tokens.push((await startImportUpload(owner, new Date(start + index * 1000))).token);
    expect(tokens.map((token) => existsSync(importFolder(token)))).toEqual([false, ...Array(IMPORT_UPLOAD_LIMITS.openPerAccount).fill(true)]);
    for (const token of tokens) await cancelImportUpload(token, owner);
    expect(tokens.some((token) => existsSync(importFolder(token)))).toBe(false);
  });
});
