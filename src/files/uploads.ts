/**
 * Checks an uploaded file by its bytes, never its name, before a literature-sheet editor accepts
 * it. The server has already streamed the upload to a temporary file under a byte limit; these
 * functions read that file, decide what it really is, and decode it completely, so that a renamed,
 * damaged or cut-off file is refused with a message the editor can act on.
 */
import { loadSharp } from './sharp';
import { open, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { IMPORT_IMAGE_EXTENSIONS } from '../shared/import-files';
import { PdfRefused, reasonOf, type CheckedDocument } from './pdf-reading';
import { processPdfReader, type PdfReader } from './pdf-reader';

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
export async function checkImportedFile(path: string, name: string, pdfs: PdfReader, signal?: AbortSignal): Promise<void> {
  const claimed = extname(name).toLowerCase();
  const sniffed = await sniffFile(path);
  if (claimed === '.pdf' || sniffed?.mime === 'application/pdf') await checkDocument(path, pdfs, signal);
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

/**
 * Checks a PDF: its size and type here, then the file itself, strictly, in a PDF worker
 * (pdf-reader.ts), within the reader's limits of pages, time and memory.
 */
export async function checkDocument(path: string, pdfs: PdfReader, signal?: AbortSignal): Promise<CheckedDocument> {
  await checkSize(path, UPLOAD_LIMITS.documentBytes, 'document');
  const sniffed = await sniffFile(path);
  if (sniffed?.mime !== 'application/pdf') {
    const what = sniffed ? `This file is ${sniffed.phrase}, not a PDF.` : 'This file is not a PDF (its type could not be recognised).';
    throw new UploadRefused(`${what} Save or export the literature sheet as a PDF and upload that.`);
  }
  try {
    return await pdfs.check(path, signal);
  } catch (error) {
    if (error instanceof PdfRefused) throw new UploadRefused(error.message);
    throw error;
  }
}

/**
 * The text of a document that came in by import (or with the demo), for search: its first pages
 * (pdf-reader.ts), read as far as they can be, never refused; null when it cannot be read at all.
 * Imports check their files their own way (docs/content-format.md); this only keeps what text
 * there is.
 */
export async function documentText(bytes: Uint8Array): Promise<string | null> {
  return processPdfReader().text(bytes);
}
