/**
 * The table of rows a file of sheets holds (docs/content-format.md, "CSV"), whichever kind of file
 * it is: a CSV (csv.ts: its text cells, and how its numbers are written, told by its separator), or
 * the first sheet of an Excel workbook (xlsx.ts: numbers as numbers, dates as dates, nothing
 * guessed). The rows of either are then read and checked alike (csv-sheets.ts).
 */
import { readFileSync } from 'node:fs';
import { CsvSyntaxError, decodeCsv, parseCsv, sniffSeparator } from './csv';
import { ManifestError } from './manifest';
import { isXlsx, readXlsxRows, XlsxRefused, type XlsxCell } from './xlsx';
import { DECIMAL_COMMA, DECIMAL_POINT, type NumberStyle } from '../content-model/numbers';
import type { Field } from '../content-model/definition';

export type TableCell = XlsxCell;

export interface TableRow {
  /** 1-based: the CSV line on which the row starts, or the sheet's row number. */
  line: number;
  cells: TableCell[];
}

export interface Table {
  rows: TableRow[];
  /** What a person should know about how the file was read (a CSV converted from Windows-1252), or null. */
  note: string | null;
  /** How the file's text cells write numbers; null when nothing says (a tab-separated file, a workbook's text cells). */
  numbers: NumberStyle | null;
}

/** The file's rows, blank ones left out; a file that cannot be read throws a ManifestError saying how to save it. */
export async function readTable(path: string): Promise<Table> {
  return isXlsx(path) ? readWorkbook(path) : readCsvTable(path);
}

async function readWorkbook(path: string): Promise<Table> {
  try {
    const rows = (await readXlsxRows(path)).map((cells, index) => ({ line: index + 1, cells }));
    return { rows: rows.filter((row) => row.cells.some((cell) => textOf(cell).trim() !== '')), note: null, numbers: null };
  } catch (error) {
    if (error instanceof XlsxRefused) throw new ManifestError(path, [error.message]);
    throw error;
  }
}

function readCsvTable(path: string): Table {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new ManifestError(path, [`the file cannot be read (${error instanceof Error ? error.message : String(error)})`]);
  }
  try {
    const decoded = decodeCsv(bytes);
    const rows = parseCsv(decoded.text).map((row) => ({ line: row.line, cells: row.fields }));
    return { rows, note: decoded.note, numbers: numberStyleOfSeparator(sniffSeparator(decoded.text).separator) };
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new ManifestError(path, [error.message]);
    throw error;
  }
}

/**
 * How a CSV writes its numbers, told by its separator: spreadsheets separate cells with `;` where
 * the comma is the decimal sign, and with `,` where it is not; a tab says nothing.
 */
function numberStyleOfSeparator(separator: string): NumberStyle | null {
  return separator === ';' ? DECIMAL_COMMA : separator === ',' ? DECIMAL_POINT : null;
}

/** A date cell as a calendar date when it is a day (a workbook's dates are days at midnight, UTC), else its moment. */
const dateText = (date: Date) => (date.toISOString().endsWith('T00:00:00.000Z') ? date.toISOString().slice(0, 10) : date.toISOString());

/** A cell as text: a number as JSON writes it (1.726), a date as YYYY-MM-DD, an empty cell as "". */
export function textOf(cell: TableCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return dateText(cell);
  return typeof cell === 'string' ? cell : String(cell);
}

/** What a cell gives a field: a number cell gives a number field its number as it is; any other cell its text. */
export function fieldInputOf(field: Field, cell: TableCell | undefined): string | number {
  return typeof cell === 'number' && field.kind === 'number' ? cell : textOf(cell);
}
