/**
 * CSV as spreadsheets really write it, read with csv-parse: UTF-8 with or without a byte-order mark
 * (Excel's "CSV UTF-8" writes one), UTF-16 with or without one (Excel's "Unicode Text" has it;
 * some tools leave it out), or Windows-1252 (what older Excel writes as "CSV"), converted and said
 * so (UTF-32 is refused, named); `,`, `;` (Excel in German, French, …) or tab as the separator,
 * told from the header row or from a `sep=;` line; CRLF, LF or CR line ends; fields quoted only
 * where needed or everywhere, with separators, quotes ("") and line breaks inside quoted fields.
 * Every row keeps the line it starts on, for messages.
 */
import { parse, CsvError } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { stringify } from 'csv-stringify/sync';

export interface CsvRow {
  /** 1-based line on which the row starts. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

/** What a file's bytes were read as, and what a person should know about it. */
export interface DecodedCsv {
  text: string;
  encoding: 'UTF-8' | 'UTF-16' | 'Windows-1252';
  /** Said with the comparison when the file was converted; null when it was UTF-8. */
  note: string | null;
}

export const SAVE_AS_UTF8 = 'In Excel: File › Save As › "CSV UTF-8 (Comma delimited)"; in LibreOffice: Save As › Text CSV, character set "Unicode (UTF-8)".';

/**
 * The file's text. UTF-16 is read by its byte-order mark, or without one by where its NUL bytes
 * fall; UTF-32 is refused, named, with how to save the file. Bytes that are not UTF-8 are read as
 * Windows-1252 when every byte means a character there (its five unassigned bytes never occur in
 * real text); otherwise the file is refused with how to save it.
 */
export function decodeCsv(bytes: Uint8Array): DecodedCsv {
  const wide = wideEncodingOf(bytes);
  if (wide?.unitBytes === 4)
    throw new CsvSyntaxError(
      1,
      `the file is UTF-32 (${wide.littleEndian ? 'little' : 'big'}-endian) text, which an import does not read: save it as CSV UTF-8 and choose it again. ${SAVE_AS_UTF8}`,
    );
  if (wide !== null)
    return { text: new TextDecoder(wide.littleEndian ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(wide.markBytes)), encoding: 'UTF-16', note: null };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'UTF-8', note: null };
  } catch {
    if (bytes.some((byte) => UNASSIGNED_1252.has(byte)))
      throw new CsvSyntaxError(1, `the file is not UTF-8 text, nor Windows-1252: save it as CSV UTF-8 and choose it again. ${SAVE_AS_UTF8}`);
    return {
      // Node's TextDecoder reads "windows-1252" as Latin-1 (0x80 would not be €): iconv-lite reads it as Excel wrote it.
      text: iconv.decode(Buffer.from(bytes), 'windows-1252'),
      encoding: 'Windows-1252',
      note: `The CSV was not saved as UTF-8; it was read as Windows-1252 (Western European). Check accented letters in the comparison; to be sure, save it as CSV UTF-8. ${SAVE_AS_UTF8}`,
    };
  }
}

interface WideEncoding {
  /** 2 for UTF-16, 4 for UTF-32. */
  unitBytes: 2 | 4;
  littleEndian: boolean;
  /** The byte-order mark's bytes at the start, or 0. */
  markBytes: number;
}

const startsWith = (bytes: Uint8Array, mark: number[]) => mark.every((byte, index) => bytes[index] === byte);

/**
 * UTF-16 or UTF-32 by its byte-order mark (UTF-32 LE's begins as UTF-16 LE's does: looked for
 * first), else by where NUL bytes fall in the first 4 KB: a CSV's header is mostly ASCII, which
 * UTF-16 writes with a NUL beside each character (before it, big-endian) and UTF-32 with three,
 * while UTF-8 and Windows-1252 text has none. Null for any other text.
 */
function wideEncodingOf(bytes: Uint8Array): WideEncoding | null {
  if (startsWith(bytes, [0xff, 0xfe, 0, 0])) return { unitBytes: 4, littleEndian: true, markBytes: 4 };
  if (startsWith(bytes, [0, 0, 0xfe, 0xff])) return { unitBytes: 4, littleEndian: false, markBytes: 4 };
  if (startsWith(bytes, [0xff, 0xfe])) return { unitBytes: 2, littleEndian: true, markBytes: 2 };
  if (startsWith(bytes, [0xfe, 0xff])) return { unitBytes: 2, littleEndian: false, markBytes: 2 };
  // NUL bytes by their place in each group of four.
  const zeros = [0, 0, 0, 0];
  const groups = Math.floor(Math.min(bytes.length, 4096) / 4);
  for (let index = 0; index < groups * 4; index++) if (bytes[index] === 0) zeros[index % 4]!++;
  const [first, second, third, fourth] = zeros as [number, number, number, number];
  const mostly = (count: number) => count >= groups * 0.9;
  const hardly = (count: number) => count <= groups * 0.1;
  if (groups === 0 || first + second + third + fourth === 0) return null;
  if (mostly(third) && mostly(fourth) && hardly(first)) return { unitBytes: 4, littleEndian: true, markBytes: 0 };
  if (mostly(first) && mostly(second) && hardly(fourth)) return { unitBytes: 4, littleEndian: false, markBytes: 0 };
  // At least a quarter of the characters ASCII, and hardly a NUL where a character's low byte is.
  if (second + fourth >= groups * 0.5 && hardly(first + third)) return { unitBytes: 2, littleEndian: true, markBytes: 0 };
  if (first + third >= groups * 0.5 && hardly(second + fourth)) return { unitBytes: 2, littleEndian: false, markBytes: 0 };
  return null;
}

const UNASSIGNED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
const SEPARATORS = [',', ';', '\t'] as const;

/**
 * The separator a file uses: a `sep=` line's, else the one its header row (outside quotes) has most
 * of; a header with none of them is a single column, read with commas.
 */
export function sniffSeparator(text: string): { separator: string; skipFirstLine: boolean } {
  const hint = /^\uFEFF?sep=(.)(?:\r\n|\n|\r)/i.exec(text);
  if (hint !== null) return { separator: hint[1]!, skipFirstLine: true };
  const counts = new Map<string, number>(SEPARATORS.map((separator) => [separator, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return { separator: best![1] > 0 ? best![0] : ',', skipFirstLine: false };
}

export function parseCsv(text: string): CsvRow[] {
  const { separator, skipFirstLine } = sniffSeparator(text);
  const body = Buffer.from(text.replace(/^\uFEFF/, ''), 'utf8');
  let records: Array<{ record: string[]; info: { bytes: number } }>;
  try {
    records = parse(body, {
      delimiter: separator,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      from_line: skipFirstLine ? 2 : 1,
      info: true,
    }) as unknown as Array<{ record: string[]; info: { bytes: number } }>;
  } catch (error) {
    if (error instanceof CsvError) throw syntaxError(error, text, separator);
    throw error;
  }
  // Each row starts where the one before ended, past any blank lines.
  const lineStarts = linesOf(body);
  let end = skipFirstLine ? (lineStarts[1] ?? body.length) : 0;
  const rows = records.map(({ record, info }) => {
    let start = end;
    while (start < body.length && (body[start] === 0x0d || body[start] === 0x0a)) start++;
    end = info.bytes;
    return { line: lineAt(lineStarts, start), fields: record };
  });
  // A row of separators only (";;;", as Excel writes a formatted blank row) is a blank line too.
  return rows.filter((row) => row.fields.some((field) => field.trim() !== ''));
}

/** The byte offsets where each line starts (a CRLF is one line end). */
function linesOf(body: Buffer): number[] {
  const starts = [0];
  for (let index = 0; index < body.length; index++) {
    const byte = body[index];
    if (byte === 0x0d && body[index + 1] === 0x0a) continue;
    if (byte === 0x0a || byte === 0x0d) starts.push(index + 1);
  }
  return starts;
}

function lineAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

function syntaxError(error: CsvError, text: string, separator: string): CsvSyntaxError {
  const line = Number((error as CsvError & { lines?: number }).lines) || 1;
  switch (error.code) {
    case 'CSV_INVALID_CLOSING_QUOTE':
      return new CsvSyntaxError(line, 'text after a closing quote (a quote inside a quoted field is written "")');
    case 'CSV_QUOTE_NOT_CLOSED':
      return new CsvSyntaxError(openingQuoteLine(text, separator), 'a quoted field is never closed');
    default:
      return new CsvSyntaxError(line, error.message.replace(/ at line \d+.*$/, ''));
  }
}

/** Cells quoted beyond csv-stringify's own rule: a line break of either kind, a space at either end. */
const QUOTED = /^\s|\s$|[\r\n]/;

/** The line of the quote that opens the field a file leaves open (csv-parse names the file's last line). */
function openingQuoteLine(text: string, separator: string): number {
  let line = 1;
  let opened = 1;
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') index++;
      else if (char === '"') quoted = false;
    } else if (char === '"' && (index === 0 || [separator, '\n', '\r', '\uFEFF'].includes(text[index - 1]!))) {
      quoted = true;
      opened = line;
    }
    if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line++;
  }
  return opened;
}

/**
 * A CSV file for the rows: comma-separated, quoted where needed (and where a cell starts or ends
 * with a space, which spreadsheets would trim), CRLF line ends, with the byte-order mark Excel
 * needs to open UTF-8 as UTF-8.
 */
export function formatCsv(rows: string[][]): string {
  return `\uFEFF${stringify(rows, { record_delimiter: 'windows', quoted_match: QUOTED })}`;
}

/** One CSV line for the fields, without a line end, for tests and messages. */
export function formatCsvRow(fields: string[]): string {
  return stringify([fields], { record_delimiter: 'unix', quoted_match: QUOTED }).replace(/\n$/, '');
}
