/**
 * The PDF reader's limits (pdf-reader.ts; docs/operations.md, "Uploads and PDFs"): the text of the
 * first pages only, saying how many; a PDF that takes longer than the time limit is refused naming
 * it; a caller that goes away ends the reading, leaving no reader process behind.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildManyPagePdf } from '../../tests/helpers/many-page-pdf';
import { createPdfReader, PdfReadCancelled } from './pdf-reader';
import { PdfRefused } from './pdf-reading';

const folder = mkdtempSync(join(tmpdir(), 'pdf-reader-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): string {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
}

const LIMITS = { workers: 1, timeLimitMs: 60_000, memoryMb: 256, textPages: 200 };

describe('the PDF reader', () => {
  it('reads the text of the first pages only, and says how many of how many', async () => {
    const reader = createPdfReader({ ...LIMITS, textPages: 3 });
    const document = await reader.check(file('ten.pdf', buildManyPagePdf(10, { title: 'Ten pages' })));
    expect(document).toMatchObject({ pageCount: 10, textPageCount: 3, title: 'Ten pages' });
    expect(document.text.split('\n').filter((line) => line.startsWith('A page of a very long PDF')).length).toBe(3);
    expect(document.firstPagePng.subarray(1, 4).toString()).toBe('PNG');
    expect(reader.load()).toEqual({ reading: 0, waiting: 0 });
  }, 60_000);

  it('reads a stored document’s text for search from a Buffer, and the next one in the same reader process', async () => {
    const reader = createPdfReader({ ...LIMITS, textPages: 2 });
    const page = 'Trimethylaluminum literature sheet\nA page of a very long PDF.';
    expect(await reader.text(buildManyPagePdf(3))).toBe(`${page}\n${page}`);
    expect(await reader.text(Buffer.from('not a PDF'))).toBeNull();
    await reader.close();
  }, 60_000);

  it('refuses a PDF that takes longer than the time limit, naming the limit, and leaves nothing running', async () => {
    const reader = createPdfReader({ ...LIMITS, timeLimitMs: 300, textPages: 1_000_000 });
    const refusal = reader.check(file('long.pdf', buildManyPagePdf(20_000)));
    await expect(refusal).rejects.toBeInstanceOf(PdfRefused);
    await expect(refusal).rejects.toThrow(/took longer than 0\.3 s, the most one PDF may take/);
    expect(reader.load()).toEqual({ reading: 0, waiting: 0 });
  }, 60_000);

  it('stops reading when its caller goes away, and takes the next PDF in line', async () => {
    const reader = createPdfReader({ ...LIMITS, textPages: 1_000_000 });
    const caller = new AbortController();
    const first = reader.check(file('first.pdf', buildManyPagePdf(20_000, { title: 'First' })), caller.signal);
    const second = reader.check(file('second.pdf', buildManyPagePdf(2, { title: 'Second' })));
    expect(reader.load()).toEqual({ reading: 1, waiting: 1 });
    caller.abort();
    await expect(first).rejects.toBeInstanceOf(PdfReadCancelled);
    await expect(second).resolves.toMatchObject({ title: 'Second', pageCount: 2 });
    expect(reader.load()).toEqual({ reading: 0, waiting: 0 });
  }, 60_000);
});
