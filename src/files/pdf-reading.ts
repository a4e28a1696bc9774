/**
 * Reading a PDF with pdfjs, strictly, as an upload is checked (uploads.ts): its structure, the
 * text of its first pages, and page 1 as a PNG. Only the PDF workers run this (pdf-worker.ts,
 * started by pdf-reader.ts), never the thread that serves requests: a PDF can hold tens of
 * thousands of pages, and reading one is bounded there in pages, time and memory.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface CheckedDocument {
  mimeType: 'application/pdf';
  pageCount: number;
  /** Pages whose text was read: the first `textPages` (pdf-reader.ts), or all when there are fewer. */
  textPageCount: number;
  /** The PDF metadata Title, trimmed; null if there is none. */
  title: string | null;
  /** The text of the pages read, whitespace collapsed per line, at most MAX_TEXT_LENGTH characters. */
  text: string;
  firstPageText: string;
  /** Page 1 rendered to PNG, PREVIEW_WIDTH pixels wide (narrower if the page is very tall). */
  firstPagePng: Buffer;
  firstPageSize: { width: number; height: number };
}

/** A PDF that will not be accepted; the message says why, for the editor (uploads.ts makes it an UploadRefused). */
export class PdfRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfRefused';
  }
}

const MAX_TEXT_LENGTH = 1_000_000;
const PREVIEW_WIDTH = 800;
/** Bounds the preview canvas of a strip-shaped page, which at 800 px wide could need gigabytes. */
const MAX_PREVIEW_HEIGHT = 8_000;
/** An embedded image larger than an accepted picture (uploads.ts UPLOAD_LIMITS.imageSide squared) is not drawn. */
const MAX_IMAGE_PIXELS = 12_000 ** 2;

/** Checks the file's structure, then reads it: what an upload keeps of a PDF. */
export async function checkPdfBytes(bytes: Uint8Array, textPages: number): Promise<CheckedDocument> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const problem = findStructureProblem(buffer);
  if (problem !== null) throw damagedPdf(problem);
  return readPdf(buffer, textPages);
}

function damagedPdf(reason: string): PdfRefused {
  return new PdfRefused(`The PDF is damaged or incomplete (${reason}); export it again and upload the new file.`);
}

const PDFJS_ROOT = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** pdfjs as a strict reader: no script, no system fonts, and an error instead of a best guess. */
const PDF_OPTIONS = {
  stopAtErrors: true,
  isEvalSupported: false,
  useSystemFonts: false,
  disableFontFace: true,
  enableXfa: false,
  // Local files only: the standard fonts, character maps and decoders shipped with pdfjs-dist.
  standardFontDataUrl: join(PDFJS_ROOT, 'standard_fonts/'),
  cMapUrl: join(PDFJS_ROOT, 'cmaps/'),
  cMapPacked: true,
  wasmUrl: join(PDFJS_ROOT, 'wasm/'),
  iccUrl: join(PDFJS_ROOT, 'iccs/'),
  // An embedded image larger than an accepted picture is not drawn, so it cannot exhaust memory.
  maxImageSize: MAX_IMAGE_PIXELS,
  // Problems reach the editor through the refusal; pdfjs' own warnings would only fill the log.
  verbosity: 0, // VerbosityLevel.ERRORS
};

/** pdfjs is loaded when a PDF is first read: serving pages never pays for it (nor for its globals). */
let pdfjs: Promise<typeof Pdfjs> | undefined;
async function openPdf(options: Parameters<typeof Pdfjs.getDocument>[0]) {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return (await pdfjs).getDocument(options);
}

async function readPdf(bytes: Buffer, textPages: number): Promise<CheckedDocument> {
  // In Node pdfjs runs its "worker" in this thread; it may take ownership of the data.
  const task = await openPdf({ ...PDF_OPTIONS, data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  try {
    // A PDF that opens without a password but restricts printing or copying (as many suppliers'
    // data sheets do) is read like any other: only one that needs a password to open is refused.
    const pdf = await task.promise;
    const { info } = await pdf.getMetadata();
    const title = 'Title' in info && typeof info.Title === 'string' ? info.Title.trim() : '';
    const pages = await readTexts(pdf, textPages);
    const firstPage = await renderFirstPage(pdf);
    return {
      mimeType: 'application/pdf',
      pageCount: pdf.numPages,
      textPageCount: pages.read,
      title: title === '' ? null : title,
      text: pages.texts.join('\n').slice(0, MAX_TEXT_LENGTH),
      firstPageText: (pages.texts[0] ?? '').slice(0, MAX_TEXT_LENGTH),
      firstPagePng: firstPage.png,
      firstPageSize: { width: firstPage.width, height: firstPage.height },
    };
  } catch (error) {
    if (error instanceof PdfRefused) throw error;
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new PdfRefused('The PDF is protected with a password. Save a copy without a password and upload that.');
    }
    throw damagedPdf(reasonOf(error));
  } finally {
    // Destroying the task also destroys the document and ends its worker.
    await task.destroy();
  }
}

/**
 * The text of the first `limit` pages. Each of them is read, even past the text limit, because
 * with stopAtErrors a page whose content cannot be parsed makes pdfjs throw here, and that refuses
 * the upload; the pages after them are not read at all, so a PDF of 50,000 pages costs what one of
 * `limit` pages does (docs/operations.md, "Uploads and PDFs").
 */
async function readTexts(pdf: PDFDocumentProxy, limit: number): Promise<{ texts: string[]; read: number }> {
  const texts: string[] = [];
  const read = Math.min(pdf.numPages, Math.max(1, limit));
  let length = 0;
  for (let number = 1; number <= read; number++) {
    const page = await pdf.getPage(number);
    try {
      const text = await readPageText(page);
      if (length < MAX_TEXT_LENGTH) texts.push(text);
      length += text.length + 1;
    } finally {
      page.cleanup();
    }
  }
  return { texts, read };
}

async function readPageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  let text = '';
  for (const item of content.items) {
    if ('str' in item) text += item.hasEOL ? `${item.str}\n` : item.str;
  }
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

async function renderFirstPage(pdf: PDFDocumentProxy): Promise<{ png: Buffer; width: number; height: number }> {
  const page = await pdf.getPage(1);
  try {
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: Math.min(PREVIEW_WIDTH / natural.width, MAX_PREVIEW_HEIGHT / natural.height) });
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    // pdfjs is typed against the DOM canvas; in Node it draws on @napi-rs/canvas, its own choice.
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: canvas.getContext('2d') as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return { png: canvas.encodeSync('png'), width: canvas.width, height: canvas.height };
  } finally {
    page.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// PDF structure
//
// pdfjs repairs a PDF without telling: when the cross-reference table (the index of where each
// object starts) is missing, misplaced or wrong, it rebuilds one by scanning the whole file, even
// with stopAtErrors, and a cut-off file then opens with whatever survived. Its only signal is a
// console warning. So before pdfjs sees the file we check what it would have to repair: the file
// ends with `startxref <offset> %%EOF` (ISO 32000-1 §7.5.5), a cross-reference section starts at
// that offset, and every object it lists, in it and the sections it chains to (/Prev, /XRefStm),
// starts where it says (§7.5.4 tables, §7.5.8 streams).

/** Where one object of a cross-reference section starts, or null (free, or in an object stream). */
type XrefEntry = { num: number; at: { offset: number; gen: number } | null };
interface XrefSection {
  entries: XrefEntry[];
  /** Offsets of older sections this one chains to, in the order pdfjs reads them. */
  next: number[];
}

const UNREADABLE_XREF = 'its cross-reference table cannot be read';
const MISPLACED_XREF = 'its cross-reference table is not where the file says';

/** Why pdfjs would have to rebuild this PDF's cross-reference table, or null if it need not. */
function findStructureProblem(bytes: Buffer): string | null {
  // Readers look for the end-of-file marker in the last 1 KiB.
  const tail = bytes.toString('latin1', Math.max(0, bytes.length - 1024));
  const end = /^startxref\s+(\d+)\s+%%EOF/.exec(tail.slice(Math.max(0, tail.lastIndexOf('startxref'))));
  if (!end) return 'the end of the file is missing: it was cut off or not completely saved';

  const located = new Set<number>(); // the newest section wins, as in every reader
  const read = new Set<number>();
  const pending = [Number(end[1])];
  for (let offset = pending.shift(); offset !== undefined; offset = pending.shift()) {
    if (read.has(offset)) continue;
    read.add(offset);
    const section = readXrefSection(bytes, offset);
    if (typeof section === 'string') return section;
    for (const { num, at } of section.entries) {
      if (located.has(num)) continue;
      located.add(num);
      if (at !== null && at.offset > 0 && !isObjectAt(bytes, at.offset, num, at.gen)) {
        return `object ${num} is not where its cross-reference table says`;
      }
    }
    pending.push(...section.next);
  }
  return null;
}

function readXrefSection(bytes: Buffer, offset: number): XrefSection | string {
  if (offset >= bytes.length) return MISPLACED_XREF;
  const start = bytes.toString('latin1', offset, offset + 64);
  const table = /^\s*xref/.exec(start);
  if (table) return readXrefTable(bytes, offset + table[0].length);
  if (/^\s*\d+\s+\d+\s+obj/.test(start)) return readXrefStream(bytes, offset);
  return MISPLACED_XREF;
}

/** A classic table: subsections of "first count", then "offset gen n|f" per object. */
function readXrefTable(bytes: Buffer, from: number): XrefSection | string {
  const trailerAt = bytes.indexOf('trailer', from);
  if (trailerAt < 0) return UNREADABLE_XREF;
  const words = bytes.toString('latin1', from, trailerAt).trim().split(/\s+/).filter(Boolean);
  const entries: XrefEntry[] = [];
  let i = 0;
  while (i < words.length) {
    let first = Number(words[i]);
    const count = Number(words[i + 1]);
    i += 2;
    if (!Number.isInteger(first) || !Number.isInteger(count) || i + count * 3 > words.length) return UNREADABLE_XREF;
    for (let k = 0; k < count; k++, i += 3) {
      const [offset, gen, type] = [Number(words[i]), Number(words[i + 1]), words[i + 2]];
      if (!Number.isInteger(offset) || !Number.isInteger(gen) || (type !== 'n' && type !== 'f')) return UNREADABLE_XREF;
      // A common writer bug numbers the first subsection from 1; pdfjs reads it as 0, so do we.
      if (k === 0 && first === 1 && type === 'f') first = 0;
      entries.push({ num: first + k, at: type === 'n' ? { offset, gen } : null });
    }
  }
  const trailerEnd = bytes.indexOf('startxref', trailerAt);
  const trailer = bytes.toString('latin1', trailerAt, trailerEnd < 0 ? trailerAt + 4096 : trailerEnd);
  return { entries, next: [numberIn(trailer, 'XRefStm'), numberIn(trailer, 'Prev')].filter((n) => n !== null) };
}

/** A cross-reference stream (PDF 1.5): binary rows of /W byte widths, usually deflated. */
function readXrefStream(bytes: Buffer, offset: number): XrefSection | string {
  const streamAt = bytes.indexOf('stream', offset);
  if (streamAt < 0) return UNREADABLE_XREF;
  const dict = bytes.toString('latin1', offset, streamAt);
  if (!/\/Type\s*\/XRef\b/.test(dict)) return MISPLACED_XREF;
  const next = [numberIn(dict, 'Prev')].filter((n) => n !== null);

  const widths = /\/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(dict)?.slice(1).map(Number);
  const size = numberIn(dict, 'Size');
  const index = /\/Index\s*\[([\d\s]*)\]/.exec(dict)?.[1]?.trim().split(/\s+/).map(Number) ?? [0, size ?? NaN];
  if (!widths || index.some((n) => !Number.isInteger(n))) return UNREADABLE_XREF;
  const rows = decodeStreamData(bytes, streamAt, dict);
  if (rows === 'unknown') return { entries: [], next }; // a filter no writer uses here; pdfjs will judge
  if (rows === null) return UNREADABLE_XREF;

  const [typeWidth = 0, offsetWidth = 0, genWidth = 0] = widths;
  const entries: XrefEntry[] = [];
  let pos = 0;
  const field = (width: number): number => {
    let value = 0;
    for (let b = 0; b < width; b++) value = value * 256 + (rows[pos++] ?? 0);
    return value;
  };
  for (let r = 0; r + 1 < index.length; r += 2) {
    const [first = 0, count = 0] = [index[r], index[r + 1]];
    for (let k = 0; k < count; k++) {
      if (pos + typeWidth + offsetWidth + genWidth > rows.length) return UNREADABLE_XREF;
      const type = typeWidth === 0 ? 1 : field(typeWidth);
      const [second, third] = [field(offsetWidth), field(genWidth)];
      if (type > 2) return UNREADABLE_XREF;
      // Type 2 objects sit inside an object stream, which is itself listed (type 1) and checked.
      entries.push({ num: first + k, at: type === 1 ? { offset: second, gen: third } : null });
    }
  }
  return { entries, next };
}

/** The stream's data after its filter and predictor; 'unknown' for ones we do not decode. */
function decodeStreamData(bytes: Buffer, streamAt: number, dict: string): Buffer | 'unknown' | null {
  let start = streamAt + 'stream'.length;
  if (bytes[start] === 0x0d) start++;
  if (bytes[start] === 0x0a) start++;
  // Ending at "endstream" rather than /Length, which may be an indirect reference; inflate stops
  // at the end of its own data, so the line break before "endstream" does no harm.
  const end = bytes.indexOf('endstream', start);
  if (end < 0) return null;
  const filters = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict)?.[1]?.match(/\/\w+/g) ?? [];
  if (filters.length > 1 || (filters.length === 1 && filters[0] !== '/FlateDecode')) return 'unknown';
  let data: Buffer;
  try {
    data = filters.length === 0 ? bytes.subarray(start, end) : inflateSync(bytes.subarray(start, end), { maxOutputLength: 64 * 1024 * 1024 });
  } catch {
    return null;
  }
  const predictor = numberIn(dict, 'Predictor') ?? 1;
  if (predictor === 1) return data;
  if (predictor < 10) return 'unknown';
  return undoPngPredictor(data, numberIn(dict, 'Columns') ?? 1);
}

/** Reverses the PNG row filters (RFC 2083 §6) of one-byte samples, as xref streams use them. */
function undoPngPredictor(data: Buffer, columns: number): Buffer | null {
  const rows = Math.floor(data.length / (columns + 1));
  const out = Buffer.alloc(rows * columns);
  for (let r = 0; r < rows; r++) {
    const filter = data[r * (columns + 1)];
    for (let c = 0; c < columns; c++) {
      const left = c > 0 ? (out[r * columns + c - 1] ?? 0) : 0;
      const up = r > 0 ? (out[(r - 1) * columns + c] ?? 0) : 0;
      const upLeft = r > 0 && c > 0 ? (out[(r - 1) * columns + c - 1] ?? 0) : 0;
      let prediction: number;
      if (filter === 0) prediction = 0;
      else if (filter === 1) prediction = left;
      else if (filter === 2) prediction = up;
      else if (filter === 3) prediction = (left + up) >> 1;
      else if (filter === 4) prediction = paeth(left, up, upLeft);
      else return null;
      out[r * columns + c] = ((data[r * (columns + 1) + 1 + c] ?? 0) + prediction) & 0xff;
    }
  }
  return out;
}

function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const [dLeft, dUp, dUpLeft] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
  if (dLeft <= dUp && dLeft <= dUpLeft) return left;
  return dUp <= dUpLeft ? up : upLeft;
}

/** Whether "num gen obj" starts at offset, which is what pdfjs checks before it trusts an entry. */
function isObjectAt(bytes: Buffer, offset: number, num: number, gen: number): boolean {
  const header = /^[\0\t\n\f\r ]*(\d+)[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+obj/.exec(bytes.toString('latin1', offset, offset + 48));
  return header !== null && Number(header[1]) === num && Number(header[2]) === gen;
}

/** A direct integer value of a dictionary key (not an indirect reference "n 0 R"). */
function numberIn(dict: string, key: string): number | null {
  const match = new RegExp(`/${key}\\s+(\\d+)(\\s+\\d+\\s+R)?`).exec(dict);
  return match?.[1] !== undefined && match[2] === undefined ? Number(match[1]) : null;
}

export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\.\s*$/, '') || 'unknown error';
}

/**
 * The text of a document that came in by import (or with the demo), for search: the first
 * `textPages` pages, read as far as they can be, never refused; null when it cannot be read at
 * all. Imports check their files their own way (docs/content-format.md); this only keeps what
 * text there is.
 */
export async function readDocumentText(bytes: Uint8Array, textPages: number): Promise<string | null> {
  // pdfjs refuses a Buffer (what arrives from another process), and may take ownership of the data.
  const task = await openPdf({ ...PDF_OPTIONS, stopAtErrors: false, data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  try {
    const text = (await readTexts(await task.promise, textPages)).texts.join('\n').slice(0, MAX_TEXT_LENGTH);
    return text === '' ? null : text;
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}
