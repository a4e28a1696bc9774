/**
 * Checks an uploaded file by its bytes, never its name, before a literature-sheet editor accepts
 * it. The server has already streamed the upload to a temporary file under a byte limit; these
 * functions read that file, decide what it really is, and decode it completely, so that a renamed,
 * damaged or cut-off file is refused with a message the editor can act on.
 */
import { loadSharp } from '../cms/sharp';
import { open, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { IMPORT_IMAGE_EXTENSIONS } from '../shared/import-files';
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export const UPLOAD_LIMITS = { documentBytes: 50 * 1024 * 1024, imageBytes: 20 * 1024 * 1024, imageSide: 12_000 } as const;

/** An upload that will not be accepted; its message is shown to the editor and says what to do. */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRefused';
  }
}

export type UploadKind = 'image' | 'document';

export interface CheckedImage {
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/avif' | 'image/gif' | 'image/svg+xml';
  width: number;
  height: number;
}

export interface CheckedDocument {
  mimeType: 'application/pdf';
  pageCount: number;
  /** The PDF metadata Title, trimmed; null if there is none. */
  title: string | null;
  /** The text of all pages, whitespace collapsed per line, at most MAX_TEXT_LENGTH characters. */
  text: string;
  firstPageText: string;
  /** Page 1 rendered to PNG, PREVIEW_WIDTH pixels wide (narrower if the page is very tall). */
  firstPagePng: Buffer;
}

const MAX_TEXT_LENGTH = 1_000_000;
const PREVIEW_WIDTH = 800;
/** Bounds the preview canvas of a strip-shaped page, which at 800 px wide could need gigabytes. */
const MAX_PREVIEW_HEIGHT = 8_000;
const USE_INSTEAD = 'PNG, JPEG, WebP or AVIF';

// ---------------------------------------------------------------------------------------------
// What a file is

/** What the bytes of a file are: a MIME type and a phrase for messages ("a PNG image"). */
interface Sniffed {
  mime: string;
  phrase: string;
}

/** Names that read better than the generic "a ZIP file" phrase. */
const PHRASES: Record<string, string> = {
  'application/pdf': 'a PDF document',
  'image/jpeg': 'a JPEG image',
  'image/tiff': 'a TIFF image',
  'application/zip': 'a ZIP archive',
  'application/x-cfb': 'an older Microsoft Office document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'a Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'an Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'a PowerPoint presentation',
};

async function sniffFile(path: string): Promise<Sniffed | null> {
  const head = await readHead(path, 4096);
  // file-type leaves SVG (text) unrecognised or calls it XML; SVG matters, since it can carry script.
  if (isSvg(head)) return { mime: 'image/svg+xml', phrase: 'an SVG image' };
  // Loaded when first needed, as the other readers of uploads are: serving pages never pays for them.
  const { fileTypeFromFile } = await import('file-type/node');
  const type = await fileTypeFromFile(path);
  if (type) return { mime: type.mime, phrase: PHRASES[type.mime] ?? phraseFor(type.ext, type.mime) };
  if (isText(head)) return { mime: 'text/plain', phrase: 'a text file' };
  return null;
}

/** What bytes in memory are, as sniffFile says of a file. */
async function sniffBytes(bytes: Buffer): Promise<Sniffed | null> {
  const head = bytes.subarray(0, 4096);
  if (isSvg(head)) return { mime: 'image/svg+xml', phrase: 'an SVG image' };
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  if (type) return { mime: type.mime, phrase: PHRASES[type.mime] ?? phraseFor(type.ext, type.mime) };
  if (isText(head)) return { mime: 'text/plain', phrase: 'a text file' };
  return null;
}

const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const EXCEL = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The types a file of an import from the studio may be declared as (the site serves it as that
 * type), each with what its bytes may be: a browser shows none of them as a page of the site.
 */
const IMPORTED_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['application/pdf'],
  'image/png': ['image/png'],
  'image/jpeg': ['image/jpeg'],
  'image/webp': ['image/webp'],
  'image/avif': ['image/avif'],
  'image/gif': ['image/gif'],
  'image/svg+xml': ['image/svg+xml'],
  'text/plain': ['text/plain'],
  'text/csv': ['text/plain'],
  'application/zip': ['application/zip'],
  'application/msword': ['application/x-cfb'],
  'application/vnd.ms-excel': ['application/x-cfb'],
  [WORD]: [WORD, 'application/zip'],
  [EXCEL]: [EXCEL, 'application/zip'],
};

/**
 * Why a file an import brings cannot be kept as the type it is declared as, or null when it can:
 * the type must be one an import takes, and the bytes must be that type (a manifest could
 * otherwise declare a page with a script as text/html, to be served from the site).
 */
export async function declaredTypeProblem(bytes: Buffer, declared: string): Promise<string | null> {
  const accepted = IMPORTED_TYPES[declared];
  if (accepted === undefined)
    return `is declared as ${declared}, which an import from the studio does not take (PDF, PNG, JPEG, WebP, AVIF, GIF, SVG, text, CSV, ZIP, Word and Excel)`;
  const sniffed = await sniffBytes(bytes);
  if (sniffed === null || !accepted.includes(sniffed.mime))
    return `is declared as ${declared} but is ${sniffed?.phrase ?? 'of a type that could not be recognised'}`;
  return null;
}

/** "an MP4 video", "a TIFF image": the article follows how the letters are said. */
function phraseFor(ext: string, mime: string): string {
  const name = ext.toUpperCase();
  const kind = mime.startsWith('image/') ? 'image' : mime.startsWith('video/') ? 'video' : mime.startsWith('audio/') ? 'audio file' : 'file';
  return `${/^[AEFHILMNORSX]/.test(name) ? 'an' : 'a'} ${name} ${kind}`;
}

async function readHead(path: string, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(length), position: 0 });
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function isSvg(head: Buffer): boolean {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('<') && /<svg[\s>/]/i.test(text);
}

function isText(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  try {
    // `stream` lets the last character be cut off by the 4 KiB window without counting as an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Refuses an empty or oversized file; the server's streaming limit should make the latter rare. */
async function checkSize(path: string, limit: number, noun: string): Promise<void> {
  const { size } = await stat(path);
  if (size === 0) throw new UploadRefused('The file is empty. Choose the file again and upload it.');
  if (size > limit) {
    throw new UploadRefused(`The ${noun} is ${formatMegabytes(size)}; the limit is ${formatMegabytes(limit)}. Make it smaller and upload it again.`);
  }
}

const formatMegabytes = (bytes: number): string => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;

/**
 * Checks a file that came with an import in the studio (docs/studio.md, "Import") as an upload of
 * its kind, by what its name claims and by what its bytes are: a PDF as a document, an image (SVG
 * included, as the content format has it) as an image. Other files (a CSV, a manifest, a Word document an export
 * carries) are left to the import's own checks.
 */
export async function checkImportedFile(path: string, name: string): Promise<void> {
  const claimed = extname(name).toLowerCase();
  const sniffed = await sniffFile(path);
  if (claimed === '.pdf' || sniffed?.mime === 'application/pdf') await checkDocument(path);
  else if (IMPORT_IMAGE_EXTENSIONS.includes(claimed) || sniffed?.mime.startsWith('image/')) await checkImage(path, { svg: true });
}

// ---------------------------------------------------------------------------------------------
// Images

const IMAGE_TYPES: Record<string, CheckedImage['mimeType']> = {
  'image/png': 'image/png',
  // An animated PNG is still a PNG to every reader that does not animate it.
  'image/apng': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/webp': 'image/webp',
  'image/avif': 'image/avif',
  'image/gif': 'image/gif',
};

/**
 * Checks an image by its bytes. An editor's upload refuses SVG, which can carry scripts; an import
 * (`svg: true`) takes it, as the content format does, decoded in full by sharp like any image: the
 * site serves every stored SVG under a policy that runs no script (server/routes/cms-files.ts).
 */
export async function checkImage(path: string, { svg = false }: { svg?: boolean } = {}): Promise<CheckedImage> {
  await checkSize(path, UPLOAD_LIMITS.imageBytes, 'image');
  const sniffed = await sniffFile(path);
  if (sniffed?.mime === 'image/svg+xml' && !svg) {
    throw new UploadRefused(`SVG images are not accepted, because they can contain scripts. Save the picture as ${USE_INSTEAD} and upload that.`);
  }
  const mimeType = sniffed?.mime === 'image/svg+xml' ? 'image/svg+xml' : sniffed ? IMAGE_TYPES[sniffed.mime] : undefined;
  if (mimeType === undefined) {
    if (sniffed?.mime.startsWith('image/')) {
      throw new UploadRefused(`This file is ${sniffed.phrase}, which is not accepted. Save it as ${USE_INSTEAD} and upload that.`);
    }
    const what = sniffed ? `This file is ${sniffed.phrase}, not an image.` : 'This file is not an image (its type could not be recognised).';
    throw new UploadRefused(`${what} Upload a ${USE_INSTEAD} image.`);
  }

  // The header alone gives the size, so an oversized image is refused before any decoding. The
  // size is the one shown, after the EXIF orientation turns a portrait photo upright. Reading the
  // header decodes no pixels, so sharp's own pixel limit is lifted for it: with the limit, an image
  // beyond it (30,000 × 30,000) failed here and was called damaged instead of too large.
  const sharp = await loadSharp();
  const { width, height } = await sharp(path, { limitInputPixels: false })
    .metadata()
    .then((metadata) => metadata.autoOrient)
    .catch((error: unknown) => {
      throw damagedImage(error);
    });
  const { imageSide } = UPLOAD_LIMITS;
  if (width > imageSide || height > imageSide) {
    throw new UploadRefused(
      `The image is ${width.toLocaleString('en')} × ${height.toLocaleString('en')} pixels; each side may be at most ${imageSide.toLocaleString('en')} pixels. Scale it down and upload it again.`,
    );
  }

  // Reading every pixel (of every frame) is what finds a truncated or corrupt image: the header
  // of a cut-off file is intact. stats() streams through the image instead of holding it whole.
  try {
    await sharp(path, { pages: -1, limitInputPixels: imageSide ** 2, failOn: 'warning' }).stats();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new UploadRefused(
        `The image has more than ${imageSide ** 2 / 1e6} million pixels in all its frames together. Use fewer or smaller frames and upload it again.`,
      );
    }
    throw damagedImage(error);
  }
  return { mimeType, width, height };
}

function damagedImage(error: unknown): UploadRefused {
  return new UploadRefused(`The image is damaged or incomplete (${reasonOf(error)}); export it again and upload the new file.`);
}

// ---------------------------------------------------------------------------------------------
// Documents

export async function checkDocument(path: string): Promise<CheckedDocument> {
  await checkSize(path, UPLOAD_LIMITS.documentBytes, 'document');
  const sniffed = await sniffFile(path);
  if (sniffed?.mime !== 'application/pdf') {
    const what = sniffed ? `This file is ${sniffed.phrase}, not a PDF.` : 'This file is not a PDF (its type could not be recognised).';
    throw new UploadRefused(`${what} Save or export the literature sheet as a PDF and upload that.`);
  }
  const bytes = await readFile(path);
  const problem = findStructureProblem(bytes);
  if (problem !== null) throw damagedPdf(problem);
  return readPdf(bytes);
}

function damagedPdf(reason: string): UploadRefused {
  return new UploadRefused(`The PDF is damaged or incomplete (${reason}); export it again and upload the new file.`);
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
  maxImageSize: UPLOAD_LIMITS.imageSide ** 2,
  // Problems reach the editor through the refusal; pdfjs' own warnings would only fill the log.
  verbosity: 0, // VerbosityLevel.ERRORS
};

/** pdfjs is loaded when a PDF is first read: serving pages never pays for it (nor for its globals). */
let pdfjs: Promise<typeof Pdfjs> | undefined;
async function openPdf(options: Parameters<typeof Pdfjs.getDocument>[0]) {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return (await pdfjs).getDocument(options);
}

async function readPdf(bytes: Buffer): Promise<CheckedDocument> {
  // In Node pdfjs runs its "worker" in this thread; it may take ownership of the data.
  const task = await openPdf({ ...PDF_OPTIONS, data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  try {
    // A PDF that opens without a password but restricts printing or copying (as many suppliers'
    // data sheets do) is read like any other: only one that needs a password to open is refused.
    const pdf = await task.promise;
    const { info } = await pdf.getMetadata();
    const title = 'Title' in info && typeof info.Title === 'string' ? info.Title.trim() : '';
    const pages = await readAllText(pdf);
    return {
      mimeType: 'application/pdf',
      pageCount: pdf.numPages,
      title: title === '' ? null : title,
      text: pages.join('\n').slice(0, MAX_TEXT_LENGTH),
      firstPageText: (pages[0] ?? '').slice(0, MAX_TEXT_LENGTH),
      firstPagePng: await renderFirstPage(pdf),
    };
  } catch (error) {
    if (error instanceof UploadRefused) throw error;
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new UploadRefused('The PDF is protected with a password. Save a copy without a password and upload that.');
    }
    throw damagedPdf(reasonOf(error));
  } finally {
    // Destroying the task also destroys the document and ends its worker.
    await task.destroy();
  }
}

/**
 * The text of each page. Every page is read, even past the text limit, because with stopAtErrors
 * a page whose content cannot be parsed makes pdfjs throw here, and that refuses the upload.
 */
async function readAllText(pdf: PDFDocumentProxy): Promise<string[]> {
  const pages: string[] = [];
  let length = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    try {
      const text = await readPageText(page);
      if (length < MAX_TEXT_LENGTH) pages.push(text);
      length += text.length + 1;
    } finally {
      page.cleanup();
    }
  }
  return pages;
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

async function renderFirstPage(pdf: PDFDocumentProxy): Promise<Buffer> {
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
    return await canvas.encode('png');
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

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\.\s*$/, '') || 'unknown error';
}

/**
 * The text of a document that came in by import (or with the demo), for search: read as far as it
 * can be, never refused; null when it cannot be read at all. Imports check their files their own
 * way (docs/content-format.md); this only keeps what text there is.
 */
export async function documentText(bytes: Buffer): Promise<string | null> {
  const task = await openPdf({ ...PDF_OPTIONS, stopAtErrors: false, data: new Uint8Array(Buffer.from(bytes)) });
  try {
    const text = (await readAllText(await task.promise)).join('\n').slice(0, MAX_TEXT_LENGTH);
    return text === '' ? null : text;
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}
