/**
 * Reads a CSV of literature sheets (one row per sheet and language; docs/content-format.md, "CSV"),
 * or an Excel workbook's first sheet of the same rows (sheet-table.ts), into checked sheets: every
 * cell is checked and every problem reported as "line N, column: …" (a workbook's row number)
 * before anything else happens. Files the rows name (documents, images) are read and checked here
 * too, so the import that follows cannot fail on them.
 */
import { loadSharp } from '../files/sharp';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, resolve, sep } from 'node:path';
import Type from 'typebox';
import { CONTENT_KEY, SHEET_FIELDS } from '../shared/literature-sheet';
import { checkValue } from '../shared/schema/check';
import { text } from '../shared/schema/fields';
import { linkProblem } from '../shared/links';
import { normalizeText } from '../shared/normalize-text';
import { urlNameOf } from '../shared/url-name';
import { fieldInputOf, readTable, textOf } from './sheet-table';
import { ManifestError } from './manifest';
import { readTopicsCell, type CsvTopics } from './csv-topics';
import { columnKey, SHEET_COLUMNS, type ContentType, type Field } from '../content-model/definition';
import { valueFields } from '../content-model/sheet-values';
import { isEmptyValue } from '../content-model/display';
import { readFieldValue } from '../content-model/values';
import { problemLine } from '../shared/problems';

export const CSV_COLUMNS = SHEET_COLUMNS;
export type Column = (typeof CSV_COLUMNS)[number];

const MAX_FILE_BYTES = 50 * 1024 * 1024;

/**
 * The most rows one import takes (docs/content-format.md, "CSV"): 100,000 take some 40 s and
 * 450 MB on the command line; a file beyond it is refused before any row is checked, to be split.
 */
export const MAX_CSV_ROWS = 100_000;

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  heif: 'image/avif',
};
const DOCUMENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.zip': 'application/zip',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface CsvFile {
  /** As written in the CSV, for messages and file names. */
  path: string;
  fileName: string;
  mimeType: string;
  /** Null when the file was not supplied: the store may have it already (the sheet's own, as an export named it). */
  bytes: Buffer | null;
  /** What to say should the store not have it either: `line 4, document: docs/teos.pdf does not exist`. */
  absent: string;
}

export interface CsvImage extends CsvFile {
  width: number;
  height: number;
}

export interface CsvTranslation {
  line: number;
  language: string;
  /** The row's values of its type's fields per language, read (content-model/values.ts), by field name: the cells it fills. */
  values: Record<string, unknown>;
  title: string;
  description: string;
  /** A link the sheet opens, or null when it opens its document (or nothing). */
  url: string | null;
  document: CsvFile | null;
  imageAlt: string;
}

/** One row's cells, as the schema checks them: texts of a sheet (SHEET_FIELDS) and what ties rows to sheets and files. */
const CsvRowSchema = Type.Object({
  title: SHEET_FIELDS.title,
  description: SHEET_FIELDS.description,
  language: text({ pattern: /^(?:[a-z]{2,3}(?:_[A-Z]{2})?)?$/, errorMessage: '{value} is not a language like en_US or de' }),
  urlName: text({ pattern: /^(?:[A-Za-z0-9][A-Za-z0-9._~-]{0,199})?$/, errorMessage: '{value} may hold only letters, digits and . _ ~ - (up to 200)' }),
  key: text({
    pattern: new RegExp(`^(?:${CONTENT_KEY.source.slice(1, -1)})?$`),
    errorMessage: '{value} is not a content key (MC followed by 26 capital letters or digits)',
  }),
  document: text({ max: 1_000 }),
  url: SHEET_FIELDS.url,
  image: text({ max: 1_000 }),
  imageAlt: SHEET_FIELDS.imageAlt,
  // Its slugs are read and checked on their own (csv-topics.ts): only the cell's size here.
  topics: text({ max: 2_000 }),
});

export interface CsvRead {
  /** The columns the file has: a row changes only what these carry. */
  columns: ReadonlySet<Column>;
  sheets: CsvSheet[];
  /** Problems of the rows, `line N, column: …`: the import adds its own and reports them all. */
  problems: string[];
  /** What a person should know: the file was not UTF-8 and was converted. */
  notes: string[];
}

export interface CsvSheet {
  /** Line of the sheet's first row. */
  line: number;
  /** The content key given in the file, if any. */
  key: string | null;
  urlName: string;
  /** Whether the file gives the URL name (else it was made from the title). */
  urlNameGiven: boolean;
  /** In file order; the first row of a sheet is its primary language unless the site's default is among them. */
  translations: CsvTranslation[];
  image: CsvImage | null;
  /** The topics a row gives (the same on every row that gives any), or null when none does. */
  topics: CsvTopics | null;
  /** The values of its type's shared fields the rows give (the same on every row that gives one), by field name, with the line that first gave it. */
  values: Record<string, { value: unknown; line: number }>;
}

export interface CsvReadOptions {
  /** The sheet type: its fields beyond the sheet's texts are columns of their own, named as the fields are. */
  type: ContentType;
  /**
   * Find the files the rows name by their file name alone, beside the CSV: the studio's upload,
   * where a browser sends files without their folders (`documents/teos.pdf` is `teos.pdf`).
   */
  filesByName?: boolean;
}

/** Reads and checks the CSV; throws a ManifestError when it cannot be read as a CSV of sheets at all. */
export async function readCsvSheets(csvPath: string, { filesByName = false, type }: CsvReadOptions): Promise<CsvRead> {
  const problems: string[] = [];
  const { rows, note, numbers } = await readTable(csvPath);
  const [header, ...body] = rows;
  if (header === undefined) throw new ManifestError(csvPath, ['the file is empty: it needs a header row (title, description, …) and a row per sheet']);
  if (body.length > MAX_CSV_ROWS) throw new ManifestError(csvPath, [tooManyRows(body.length)]);
  const fields = valueFields(type);
  const { columns, fieldColumns } = readHeader(header.cells.map(textOf), fields, problems);
  if (body.length === 0) problems.push('the file has a header but no sheets');
  if (problems.length > 0) throw new ManifestError(csvPath, problems);

  const folder = resolve(dirname(csvPath));
  const files = new Map<string, Buffer | null>();
  const absence = (at: string, path: string) =>
    filesByName
      ? `${at}: ${fileNameOf(path)} is not among the files chosen with the CSV (nor a file the sheet has already)`
      : `${at}: ${path} does not exist or is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`;
  /** The file's bytes; null (said by the import, unless the store has it) when it is not there. */
  const readFile = (at: string, path: string): Buffer | null | undefined => {
    const absolute = resolve(folder, filesByName ? fileNameOf(path) : path);
    if (!absolute.startsWith(folder + sep)) {
      problems.push(`${at}: ${path} must be inside the CSV file's folder`);
      return undefined;
    }
    if (!files.has(absolute)) {
      if (!existsSync(absolute) || !statSync(absolute).isFile()) files.set(absolute, null);
      else if (statSync(absolute).size > MAX_FILE_BYTES) files.set(absolute, null);
      else files.set(absolute, readFileSync(absolute));
    }
    return files.get(absolute) ?? null;
  };

  const sheets = new Map<string, CsvSheet>();
  for (const row of body) {
    const at = (column: Column) => `line ${row.line}, ${column}`;
    if (row.cells.length > header.cells.length)
      problems.push(`line ${row.line}: has ${row.cells.length} cells but the header has ${header.cells.length} columns`);
    const cell = (column: Column) => {
      const index = columns.get(column);
      // Every text as the store keeps it (docs/content-format.md, "Text").
      return index === undefined ? '' : normalizeText(textOf(row.cells[index]).trim());
    };
    const values = Object.fromEntries(CSV_COLUMNS.map((column) => [column, cell(column)])) as Record<Column, string>;
    // "line 3.language: …" from the schema reads "line 3, language: …" here.
    problems.push(...checkValue(CsvRowSchema, values, `line ${row.line}`).problems.map((problem) => problemLine(problem).replace(/^(line \d+)\./, '$1, ')));
    const { title, description, language, key, urlName: givenUrlName, imageAlt } = values;

    const url = cell('url');
    const documentPath = cell('document');
    if (url !== '' && documentPath !== '') problems.push(`line ${row.line}: give a url or a document, not both`);
    const urlProblem = url === '' ? null : linkProblem(url);
    if (urlProblem !== null) problems.push(`${at('url')}: ${urlProblem}`);
    let document: CsvFile | null = null;
    if (documentPath !== '') {
      const bytes = readFile(at('document'), documentPath);
      if (bytes !== undefined)
        document = {
          path: documentPath,
          fileName: fileNameOf(documentPath),
          mimeType: DOCUMENT_TYPES[extname(documentPath).toLowerCase()] ?? 'application/octet-stream',
          bytes,
          absent: absence(at('document'), documentPath),
        };
    }

    const imagePath = cell('image');
    let image: CsvImage | null = null;
    if (imagePath !== '') {
      const bytes = readFile(at('image'), imagePath);
      if (bytes === null)
        image = { path: imagePath, fileName: fileNameOf(imagePath), mimeType: '', bytes: null, absent: absence(at('image'), imagePath), width: 0, height: 0 };
      else if (bytes !== undefined) image = await readImage(bytes, imagePath, at('image'), problems);
    }

    // Rows of one sheet share its key, or else its URL name; a row with neither is a sheet of its own.
    const groupKey = key !== '' ? `key:${key}` : givenUrlName !== '' ? `name:${givenUrlName}` : `line:${row.line}`;
    let sheet = sheets.get(groupKey);
    if (sheet === undefined) {
      sheet = {
        line: row.line,
        key: key || null,
        urlName: givenUrlName || urlNameOf(title, `sheet-${row.line}`),
        urlNameGiven: givenUrlName !== '',
        translations: [],
        image: null,
        topics: null,
        values: {},
      };
      sheets.set(groupKey, sheet);
    }
    const repeated = sheet.translations.find((translation) => translation.language === language);
    if (repeated !== undefined) problems.push(`${at('language')}: repeats the language ${language || '(default)'} of line ${repeated.line} for the same sheet`);
    if (image !== null) {
      if (
        sheet.image !== null &&
        sheet.image.path !== image.path &&
        !(sheet.image.bytes !== null && image.bytes !== null && sheet.image.bytes.equals(image.bytes))
      )
        problems.push(`${at('image')}: a sheet has one image, and line ${sheet.line} names another`);
      sheet.image ??= image;
    }
    const topics = readTopicsCell(values.topics, row.line, problems);
    if (topics !== null) {
      if (sheet.topics !== null && sheet.topics.slugs.join(';') !== topics.slugs.join(';'))
        problems.push(`${at('topics')}: a sheet has one list of topics, and line ${sheet.topics.line} gives another (give it on one row, or the same on each)`);
      sheet.topics ??= topics;
    }
    const own: Record<string, unknown> = {};
    for (const field of fields) {
      const index = fieldColumns.get(field.name);
      // A workbook's number cell is a number already; any other cell is text, read as the file writes numbers.
      const given = index === undefined ? '' : fieldInputOf(field, row.cells[index]);
      const cell = typeof given === 'number' ? given : normalizeText(given.trim());
      if (cell === '') continue;
      const read = readFieldValue(field, cell, numbers);
      problems.push(...read.problems.map((problem) => `line ${row.line}, ${problemLine(problem)}`));
      if (read.problems.length > 0 || isEmptyValue(read.value)) continue;
      if (field.perLanguage) own[field.name] = read.value;
      else {
        const given = sheet.values[field.name];
        if (given !== undefined && JSON.stringify(given.value) !== JSON.stringify(read.value))
          problems.push(
            `line ${row.line}, ${field.name}: a sheet has one ${field.name}, and line ${given.line} gives another (give it on one row, or the same on each)`,
          );
        sheet.values[field.name] ??= { value: read.value, line: row.line };
      }
    }
    sheet.translations.push({ line: row.line, language, title, description, url: url || null, document, imageAlt, values: own });
  }

  const byUrlName = new Map<string, number>();
  for (const sheet of sheets.values()) {
    const { line } = sheet;
    const first = byUrlName.get(sheet.urlName);
    if (first !== undefined)
      problems.push(`line ${line}: the URL name ${sheet.urlName} is taken by the sheet on line ${first} (give each sheet its own urlName)`);
    else byUrlName.set(sheet.urlName, line);
  }
  return { columns: new Set(columns.keys()), sheets: [...sheets.values()], problems, notes: note === null ? [] : [note] };
}

const count = (n: number) => n.toLocaleString('en-US');

/** What to do with a file of more rows than one import takes. */
function tooManyRows(rows: number): string {
  return `the file has ${count(rows)} rows of sheets; one import takes at most ${count(MAX_CSV_ROWS)}. Split it into files of at most ${count(MAX_CSV_ROWS)} rows, each starting with the header row (the rows of one sheet's languages in the same file), and import them one after another`;
}

/** Where each column is: the sheet's own (CSV_COLUMNS), and the type's fields by their names. */
function readHeader(names: string[], fields: Field[], problems: string[]): { columns: Map<Column, number>; fieldColumns: Map<string, number> } {
  const normalise = columnKey;
  const known = new Map<string, { column: Column } | { field: string }>([
    ...fields.map((field) => [normalise(field.name), { field: field.name }] as const),
    ...CSV_COLUMNS.map((column) => [normalise(column), { column }] as const),
  ]);
  const columns = new Map<Column, number>();
  const fieldColumns = new Map<string, number>();
  names.forEach((name, index) => {
    const found = known.get(normalise(name));
    const [kept, key] = found === undefined ? [undefined, ''] : 'column' in found ? [columns, found.column] : [fieldColumns, found.field];
    if (kept === undefined)
      problems.push(`line 1: unknown column "${name}" (the columns are ${[...CSV_COLUMNS, ...fields.map((field) => field.name)].join(', ')})`);
    else if (kept.has(key as Column)) problems.push(`line 1: the column ${key} appears twice`);
    else kept.set(key as Column, index);
  });
  if (!columns.has('title') && !columns.has('urlName') && !columns.has('key'))
    problems.push('line 1: the header needs a title, urlName or key column, to say which sheet each row is');
  return { columns, fieldColumns };
}

async function readImage(bytes: Buffer, path: string, at: string, problems: string[]): Promise<CsvImage | null> {
  try {
    const info = await (await loadSharp())(bytes, { limitInputPixels: 40_000_000 }).metadata();
    const mimeType = info.format === undefined ? undefined : IMAGE_TYPES[info.format];
    if (mimeType === undefined || info.width === undefined || info.height === undefined) {
      problems.push(`${at}: ${path} is not a PNG, JPEG, WebP, AVIF, GIF or SVG image`);
      return null;
    }
    return { path, fileName: fileNameOf(path), mimeType, bytes, absent: at, width: info.width, height: info.height };
  } catch {
    problems.push(`${at}: ${path} is not an image that can be read`);
    return null;
  }
}

export function fileNameOf(path: string): string {
  return path.split(/[/\\]/).pop()?.slice(0, 255) || 'file';
}
