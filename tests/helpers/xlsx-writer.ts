/**
 * An Excel workbook (.xlsx) of one sheet of text cells, as tests need one made on the fly: the
 * smallest package a reader takes (content types, the workbook, its one worksheet with inline
 * strings), zipped with yazl. Workbooks saved by LibreOffice are committed fixtures
 * (tests/fixtures/csv); this is for rows a test draws.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { ZipFile } from 'yazl';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A1, B1, … AA1: the column letters of a zero-based index. */
function columnOf(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

function worksheet(rows: string[][]): string {
  const cells = rows.map(
    (row, r) =>
      `<row r="${r + 1}">${row.map((text, c) => `<c r="${columnOf(c)}${r + 1}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`).join('')}</row>`,
  );
  return `${HEAD}<worksheet xmlns="${MAIN}"><sheetData>${cells.join('')}</sheetData></worksheet>`;
}

/** Writes `rows` (the first is the header) to `path` as a workbook of one sheet. */
export async function writeXlsx(path: string, rows: string[][]): Promise<void> {
  const zip = new ZipFile();
  const part = (name: string, xml: string) => zip.addBuffer(Buffer.from(xml), name);
  part(
    '[Content_Types].xml',
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  );
  part(
    '_rels/.rels',
    `${HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  part('xl/workbook.xml', `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Sheets" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  part(
    'xl/_rels/workbook.xml.rels',
    `${HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );
  part('xl/worksheets/sheet1.xml', worksheet(rows));
  zip.end();
  const written = zip.outputStream.pipe(createWriteStream(path));
  await once(written, 'close');
}

/** Writes a zip of `files` (name to bytes) to `path`, as an editor zips a CSV with its files. */
export async function writeZip(path: string, files: Record<string, Buffer>): Promise<void> {
  const zip = new ZipFile();
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(bytes, name);
  zip.end();
  await once(zip.outputStream.pipe(createWriteStream(path)), 'close');
}
