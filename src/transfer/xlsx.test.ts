import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { otherSpreadsheetAdvice, readXlsxRows, XLSX_LIMITS, XlsxRefused } from './xlsx';

const folder = mkdtempSync(join(tmpdir(), 'literature-xlsx-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const NS = 'http://schemas.openxmlformats.org';
/** The parts every workbook has, around one sheet. */
const PARTS: Record<string, string> = {
  '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${NS}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
  '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};

/** A workbook of one sheet with these rows' XML; `sheetBytes` makes its sheet that large (spaces after the rows). */
async function workbook(name: string, rows: string, sheetBytes = 0): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [part, text] of Object.entries(PARTS)) zip.addBuffer(Buffer.from(text), part);
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>${rows}</sheetData>`;
  zip.addBuffer(
    Buffer.concat([Buffer.from(sheet), Buffer.alloc(Math.max(0, sheetBytes - sheet.length), ' '), Buffer.from('</worksheet>')]),
    'xl/worksheets/sheet1.xml',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const path = join(folder, name);
  writeFileSync(path, Buffer.concat(chunks));
  return path;
}

const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
const refusal = (path: string, limits = XLSX_LIMITS) =>
  readXlsxRows(path, limits).then(
    () => null,
    (error: unknown) => error,
  );

describe('readXlsxRows', () => {
  it('reads the first sheet LibreOffice saved: numbers as numbers, dates as dates, texts as texts', async () => {
    const rows = await readXlsxRows(join('tests', 'fixtures', 'csv', 'libreoffice-german-decimal-comma.xlsx'));
    expect(rows[0]).toEqual(['urlName', 'language', 'density', 'boilingPoint', 'meltingPoint', 'reviewedOn', 'purity']);
    expect(rows[1]).toEqual(['teos', 'de_DE', 0.933, 168.1, -77, new Date('2025-11-04T00:00:00Z'), '99,9999 % (6N), SEMI-Qualität']);
    expect(rows[3]).toEqual(['titanium-tetrachloride', 'de_DE', 1.726, 136.4, -24.1, new Date('2025-09-22T00:00:00Z'), '99,99 % (4N)']);
  });

  it('keeps each row at its number, blank rows too, without the empty cells at their ends', async () => {
    const path = await workbook('gaps.xlsx', `<row r="1">${text('A1', 'title')}</row><row r="3">${text('A3', 'TEOS')}<c r="C3"><v>1.5</v></c></row>`);
    expect(await readXlsxRows(path)).toEqual([['title'], [], ['TEOS', null, 1.5]]);
  });

  it('refuses more rows or columns than an import reads, saying so', async () => {
    const path = await workbook('wide.xlsx', `<row r="1">${text('A1', 'a')}${text('E1', 'e')}</row><row r="4">${text('A4', 'x')}</row>`);
    expect(await refusal(path, { ...XLSX_LIMITS, rows: 3 })).toEqual(
      new XlsxRefused('Its first sheet has 4 rows; an import reads at most 3. Import it in parts.'),
    );
    expect(await refusal(path, { ...XLSX_LIMITS, columns: 4 })).toEqual(
      new XlsxRefused('Its first sheet has data in 5 columns; an import reads at most 4. Delete the columns it does not need.'),
    );
  });

  it('refuses a zip bomb from its directory, before unpacking it', async () => {
    const path = await workbook('bomb.xlsx', `<row r="1">${text('A1', 'title')}</row>`, 20 * 1024 * 1024);
    const error = await refusal(path);
    expect(error).toBeInstanceOf(XlsxRefused);
    expect((error as Error).message).toMatch(
      /^It cannot be read as an Excel workbook: The zip entry xl\/worksheets\/sheet1\.xml would unpack from \d+ bytes to 20 MB/,
    );
  });

  it('stops a sheet that reaches far beyond its data within its memory limit, and the process goes on', async () => {
    const path = await workbook('far.xlsx', `<row r="1">${text('A1', 'title')}<c r="XFD1"><v>1</v></c></row><row r="900000"><c r="A900000"><v>1</v></c></row>`);
    const error = await refusal(path, { ...XLSX_LIMITS, heapMb: 64 });
    expect(error).toBeInstanceOf(XlsxRefused);
    expect((error as Error).message).toMatch(/^Reading it needs more than the 64 MB an import allows: its first sheet reaches far beyond its data/);
    expect(await readXlsxRows(await workbook('after.xlsx', `<row r="1">${text('A1', 'still here')}</row>`))).toEqual([['still here']]);
  });

  it('says what an .xls or an .ods named .xlsx is, and what to do', async () => {
    const xls = join(folder, 'old.xlsx');
    writeFileSync(xls, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]));
    expect(await refusal(xls)).toEqual(
      new XlsxRefused('It is an Excel 97–2003 workbook (.xls), though named .xlsx: save it as an Excel workbook (.xlsx) or as CSV UTF-8, and import that.'),
    );
    const ods = new yazl.ZipFile();
    ods.addBuffer(Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), 'mimetype', { compress: false });
    ods.end();
    const chunks: Buffer[] = [];
    for await (const chunk of ods.outputStream) chunks.push(chunk as Buffer);
    writeFileSync(join(folder, 'calc.xlsx'), Buffer.concat(chunks));
    expect(((await refusal(join(folder, 'calc.xlsx'))) as Error).message).toMatch(/^It is an OpenDocument spreadsheet \(\.ods\), though named \.xlsx/);
    writeFileSync(join(folder, 'text.xlsx'), 'title\nTEOS\n');
    expect(((await refusal(join(folder, 'text.xlsx'))) as Error).message).toMatch(/^It is not an Excel workbook: save it as/);
  });
});

describe('otherSpreadsheetAdvice', () => {
  it('names the spreadsheets an import cannot read, and how to save them', () => {
    expect(otherSpreadsheetAdvice('Preise.xls')).toBe(
      'Preise.xls is an Excel 97–2003 workbook (.xls), which an import cannot read: save it as an Excel workbook (.xlsx) or as CSV UTF-8, and import that.',
    );
    expect(otherSpreadsheetAdvice('sheets.ODS')).toMatch(/^sheets\.ODS is an OpenDocument spreadsheet \(\.ods\), which an import cannot read/);
    expect(otherSpreadsheetAdvice('sheets.csv')).toBeNull();
  });
});
