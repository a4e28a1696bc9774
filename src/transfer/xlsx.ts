/**
 * Reads the first sheet of an Excel workbook (.xlsx) as the rows of a table (issue 60), with
 * read-excel-file: a cell that is a number stays a number, a date is a date, a text is a text.
 *
 * An .xlsx is a zip of XML files, and the reader holds all of it in memory and makes a row for
 * every row number a sheet names (a cell in row 1,000,000 makes a million). So nothing reaches it
 * unbounded: the file is unpacked by unzip.ts, whose limits hold against a zip bomb, and only its
 * XML goes, packed again by us, to the reader, which runs in a worker thread of its own with a
 * heap limit and a time limit; a sheet beyond either is refused with what to do, and the process
 * goes on. The rows and columns read are bounded too. Workbooks of other kinds (.xls, .ods) are
 * refused saying how to save them.
 */
import { createRequire } from 'node:module';
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import yazl from 'yazl';
import { unpackZip, ZipRefused, type ZipLimits } from './unzip';

export const XLSX_LIMITS = {
  /** The file as uploaded: as large as a CSV may be. */
  fileBytes: 20 * 1024 * 1024,
  /** The zip's limits (unzip.ts): the XML of a sheet of 20,000 rows is some tens of MB. */
  zip: { entries: 1_000, entryBytes: 60 * 1024 * 1024, totalBytes: 80 * 1024 * 1024, ratio: 100, ratioFloorBytes: 1024 * 1024 } satisfies ZipLimits,
  /** Rows and columns of the first sheet, as far as it has data. */
  rows: 20_000,
  columns: 200,
  /** The reader's heap, and how long it may take. */
  heapMb: 256,
  timeoutMs: 60_000,
};

export type XlsxLimits = typeof XLSX_LIMITS;

/** A cell as the reader gives it: empty cells are null. */
export type XlsxCell = string | number | boolean | Date | null;

/** A workbook that will not be read; the message says why and what to do, for the person who sent it. */
export class XlsxRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxRefused';
  }
}

const SAVE_AS = 'save it as an Excel workbook (.xlsx) or as CSV UTF-8, and import that';

/** Spreadsheets an import cannot read, by their file names' endings, and what they are called. */
const OTHER_SPREADSHEETS: Record<string, string> = {
  '.xls': 'an Excel 97–2003 workbook (.xls)',
  '.xlsb': 'an Excel binary workbook (.xlsb)',
  '.xlsm': 'an Excel workbook with macros (.xlsm)',
  '.ods': 'an OpenDocument spreadsheet (.ods)',
  '.fods': 'an OpenDocument spreadsheet (.fods)',
  '.numbers': 'a Numbers spreadsheet',
};

/** What to tell someone who chose a spreadsheet an import cannot read (`.xls`, `.ods`…); null for any other file. */
export function otherSpreadsheetAdvice(fileName: string): string | null {
  const what = OTHER_SPREADSHEETS[extname(fileName).toLowerCase()];
  return what === undefined ? null : `${fileName} is ${what}, which an import cannot read: ${SAVE_AS}.`;
}

/** Whether a file's name says it is an .xlsx. */
export const isXlsx = (fileName: string): boolean => extname(fileName).toLowerCase() === '.xlsx';

/** The first sheet's rows, each without its empty cells at the end; every row, blank ones too, at its index (row N at N - 1). */
export async function readXlsxRows(path: string, limits: XlsxLimits = XLSX_LIMITS): Promise<XlsxCell[][]> {
  await checkFile(path, limits);
  const rows = await readInWorker(await xmlOnly(path, limits), limits);
  const trimmed = rows.map((row) => {
    let end = row.length;
    while (end > 0 && (row[end - 1] === null || row[end - 1] === '')) end--;
    return row.slice(0, end);
  });
  const lastRow = trimmed.findLastIndex((row) => row.length > 0);
  const data = trimmed.slice(0, lastRow + 1);
  if (data.length > limits.rows)
    throw new XlsxRefused(
      `Its first sheet has ${data.length.toLocaleString('en')} rows; an import reads at most ${limits.rows.toLocaleString('en')}. Import it in parts.`,
    );
  const widest = Math.max(0, ...data.map((row) => row.length));
  if (widest > limits.columns)
    throw new XlsxRefused(`Its first sheet has data in ${widest} columns; an import reads at most ${limits.columns}. Delete the columns it does not need.`);
  return data;
}

/** The file's size, and its first bytes: an .xlsx is a zip; an .xls (an OLE2 file) or an .ods is said to be what it is. */
async function checkFile(path: string, limits: XlsxLimits): Promise<void> {
  const { size } = await stat(path);
  if (size > limits.fileBytes) throw new XlsxRefused(`It is larger than ${limits.fileBytes / 1024 / 1024} MB, the most an import reads.`);
  const handle = await open(path, 'r');
  const head = Buffer.alloc(96);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))
    throw new XlsxRefused(`It is an Excel 97–2003 workbook (.xls), though named .xlsx: ${SAVE_AS}.`);
  if (head.includes('application/vnd.oasis.opendocument')) throw new XlsxRefused(`It is an OpenDocument spreadsheet (.ods), though named .xlsx: ${SAVE_AS}.`);
  if (!head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) throw new XlsxRefused(`It is not an Excel workbook: ${SAVE_AS}.`);
}

/** The workbook's XML files (all the reader reads), unpacked within limits and packed again, so that the reader unpacks only what was checked. */
async function xmlOnly(path: string, limits: XlsxLimits): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'literature-xlsx-'));
  try {
    let names: string[];
    try {
      names = await unpackZip(path, folder, limits.zip);
    } catch (error) {
      if (error instanceof ZipRefused) throw new XlsxRefused(`It cannot be read as an Excel workbook: ${error.message}`);
      throw error;
    }
    const zip = new yazl.ZipFile();
    for (const name of names.filter((entry) => /\.(?:xml|rels)$/i.test(entry))) zip.addBuffer(await readFile(join(folder, name)), name, { compress: false });
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The reader's code: plain JavaScript, so that the worker needs no build step. It answers the first
 * sheet's rows, or the reader's error.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readSheet } = require(workerData.reader);
readSheet(Buffer.from(workerData.zip), 1).then(
  (rows) => parentPort.postMessage({ rows }),
  (error) => parentPort.postMessage({ error: { code: error && error.code, message: String((error && error.message) || error) } }),
);
`;

/** The reader's CommonJS build, which the worker requires. */
const READER = createRequire(import.meta.url).resolve('read-excel-file/node');

type WorkerAnswer = { rows: XlsxCell[][] } | { error: { code?: string; message: string } };

/** Runs the reader on the zip in a worker thread with a heap limit and a time limit. */
function readInWorker(zip: Buffer, limits: XlsxLimits): Promise<XlsxCell[][]> {
  const bytes = new Uint8Array(zip);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { reader: READER, zip: bytes },
    transferList: [bytes.buffer],
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  return new Promise<XlsxCell[][]>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new XlsxRefused(`Reading it took longer than ${limits.timeoutMs / 1000} s, the most an import allows: ${SAVE_AS} with fewer rows.`));
    }, limits.timeoutMs);
    const settle = () => clearTimeout(timer);
    worker.once('message', (answer: WorkerAnswer) => {
      settle();
      void worker.terminate();
      if ('rows' in answer) resolve(answer.rows);
      else reject(new XlsxRefused(refusalOf(answer.error)));
    });
    worker.once('error', (error: Error & { code?: string }) => {
      settle();
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new XlsxRefused(
              `Reading it needs more than the ${limits.heapMb} MB an import allows: its first sheet reaches far beyond its data (formatted rows or columns far down or right), or is too large. Delete the empty rows and columns below and right of the data, or ${SAVE_AS}.`,
            )
          : error,
      );
    });
    worker.once('exit', () => {
      settle();
      reject(new XlsxRefused('It could not be read.'));
    });
  });
}

/** The reader's error in words: what is wrong with the file, and what to do. */
function refusalOf({ code, message }: { code?: string; message: string }): string {
  if (code === 'XLS_FILE_NOT_SUPPORTED') return `It is an Excel 97–2003 workbook (.xls): ${SAVE_AS}.`;
  if (code !== undefined) return `It is not an Excel workbook that can be read (${code}): ${SAVE_AS}.`;
  return `It is not an Excel workbook that can be read (${message}): ${SAVE_AS}.`;
}
