/**
 * Upload checks on real files in a temporary folder: each file is judged by its bytes, so the
 * names here are chosen to mislead (a PNG called .pdf), and damaged files are made by cutting or
 * editing good ones.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE } from '../demo/catalogue';
import { renderLiteraturePdf } from '../demo/literature-pdf';
import { processPdfReader } from './pdf-reader';
import { checkDocument, checkImage, UPLOAD_LIMITS, UploadRefused } from './uploads';

const pdfs = processPdfReader();

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let directory: string;
let sheet: Buffer;
let count = 0;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'literature-uploads-'));
  sheet = await renderLiteraturePdf(DEMO_CATALOGUE[0]!, { generatedAt: new Date('2024-05-01T00:00:00Z') });
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** Writes bytes to a fresh file under the given (possibly misleading) name and returns its path. */
async function file(name: string, bytes: Buffer | string): Promise<string> {
  const path = join(directory, `${++count}-${name}`);
  await writeFile(path, bytes);
  return path;
}

/** The same bytes on every run (xorshift32), so a test cannot pass or fail by chance. */
function noise(length: number, seed = 2463534242): Buffer {
  const bytes = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

function noiseImage(width: number, height: number): sharp.Sharp {
  return sharp(noise(width * height * 3), { raw: { width, height, channels: 3 } });
}

/**
 * A complete black-and-white PNG of one colour, written chunk by chunk (PNG §5): sharp will not
 * create an image this large, and one bit a pixel of zeros compresses to some 100 KB.
 */
function oneColourPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // one bit a pixel; the zeros after it: greyscale, deflate, the one filter method, no interlace
  // Each row: a filter-type byte (0, none), then one bit a pixel.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

function renderPdf(options: PDFKit.PDFDocumentOptions, pages: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  pages.forEach((text, index) => {
    if (index > 0) doc.addPage();
    doc.font('Helvetica').fontSize(12).text(text, 72, 72);
  });
  doc.end();
  return done;
}

/**
 * A one-page PDF 1.5 indexed by a cross-reference stream (deflated, PNG "Up" rows), the form most
 * modern writers use; pdfkit only writes classic tables. `misplace` moves one object's entry.
 */
function buildXrefStreamPdf(misplace?: number): Buffer {
  const content = 'BT /F1 18 Tf 20 100 Td (Indexed by a cross-reference stream) Tj ET';
  const bodies = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.5\n';
  const offsets = bodies.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset + (misplace === index + 1 ? 1 : 0);
  });
  const xrefAt = pdf.length;
  // Rows of W [1 2 1]: type, offset, generation; object 0 is free, object 6 is this stream.
  const rows = [[0, 0, 0, 255], ...[...offsets, xrefAt].map((offset) => [1, offset >> 8, offset & 0xff, 0])];
  const filtered = rows.flatMap((row, r) => [2, ...row.map((byte, c) => (byte - (rows[r - 1]?.[c] ?? 0)) & 0xff)]);
  const data = deflateSync(Buffer.from(filtered));
  pdf +=
    `6 0 obj\n<< /Type /XRef /Size 7 /W [1 2 1] /Root 1 0 R /Filter /FlateDecode /DecodeParms << /Columns 4 /Predictor 12 >> /Length ${data.length} >>\nstream\n` +
    `${data.toString('latin1')}\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The sheet with one entry of its cross-reference table pointing a byte past its object. */
function misplaceEntry(pdf: Buffer, objectNumber: number): Buffer {
  const text = pdf.toString('latin1');
  const table = text.lastIndexOf('\nxref\n');
  const lines = text.slice(table).split('\n');
  // lines: '', 'xref', '0 N', then one entry per object number.
  const entry = lines[3 + objectNumber]!;
  lines[3 + objectNumber] = `${String(Number(entry.slice(0, 10)) + 1).padStart(10, '0')}${entry.slice(10)}`;
  return Buffer.from(text.slice(0, table) + lines.join('\n'), 'latin1');
}

async function refusal(check: Promise<unknown>): Promise<string> {
  const error = await check.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UploadRefused);
  return (error as UploadRefused).message;
}

describe('checkDocument', () => {
  it('accepts a literature sheet and reads its title, text and first page', async () => {
    const document = await checkDocument(await file('sheet.pdf', sheet), pdfs);

    expect(document).toMatchObject({ mimeType: 'application/pdf', pageCount: 1, title: 'Trimethylaluminum (TMA) - Literature Sheet' });
    expect(document.firstPageText).toContain('Trimethylaluminum (TMA)');
    expect(document.text).toContain('CAS number');
    expect(document.firstPagePng.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const preview = await sharp(document.firstPagePng).metadata();
    expect(preview.format).toBe('png');
    expect(preview.width).toBe(800);
    // A4 is 1:√2.
    expect(preview.height).toBeGreaterThan(1120);
    expect(preview.height).toBeLessThan(1140);
  });

  it('joins the text of every page and collapses whitespace within lines', async () => {
    const pdf = await renderPdf({ info: { Title: '  Two pages  ' } }, ['First    page   text', '  Second  page']);
    const document = await checkDocument(await file('two.pdf', pdf), pdfs);

    expect(document.pageCount).toBe(2);
    expect(document.title).toBe('Two pages');
    expect(document.text).toBe('First page text\nSecond page');
    expect(document.firstPageText).toBe('First page text');
  });

  it('gives a null title when the PDF has none', async () => {
    const document = await checkDocument(await file('stream.pdf', buildXrefStreamPdf()), pdfs);

    expect(document).toMatchObject({ pageCount: 1, title: null, text: 'Indexed by a cross-reference stream' });
  });

  it.each([
    ['cut to half its length', (pdf: Buffer) => pdf.subarray(0, Math.floor(pdf.length / 2)), /end of the file is missing/],
    ['missing its last 10 bytes', (pdf: Buffer) => pdf.subarray(0, pdf.length - 10), /end of the file is missing/],
    [
      'with a wrong startxref',
      (pdf: Buffer) => Buffer.from(pdf.toString('latin1').replace(/startxref\n\d+/, 'startxref\n1234'), 'latin1'),
      /not where the file says/,
    ],
    ['with a wrong table entry', (pdf: Buffer) => misplaceEntry(pdf, 3), /object 3 is not where/],
    [
      'with bytes inserted after the header',
      (pdf: Buffer) => Buffer.concat([pdf.subarray(0, 9), Buffer.from('% added\n'), pdf.subarray(9)]),
      /not where the file says/,
    ],
  ])('refuses the sheet %s, which pdfjs would repair', async (_case, damage, reason) => {
    const message = await refusal(checkDocument(await file('sheet.pdf', damage(sheet)), pdfs));

    expect(message).toMatch(/^The PDF is damaged or incomplete \(/);
    expect(message).toMatch(reason);
    expect(message).toMatch(/export it again and upload the new file\.$/);
  });

  it('refuses a PDF whose cross-reference stream is wrong', async () => {
    const message = await refusal(checkDocument(await file('stream.pdf', buildXrefStreamPdf(4)), pdfs));

    expect(message).toMatch(/damaged or incomplete \(object 4 is not where/);
  });

  it('needs its own check: pdfjs alone opens a cut-off PDF by rebuilding the index', async () => {
    const task = getDocument({ data: new Uint8Array(sheet.subarray(0, sheet.length - 10)), stopAtErrors: true, verbosity: VerbosityLevel.ERRORS });
    try {
      expect((await task.promise).numPages).toBe(1);
    } finally {
      await task.destroy();
    }
  });

  it('refuses a PDF that needs a password to open, and reads one that only restricts printing or copying (D13)', async () => {
    const locked = await renderPdf({ userPassword: 'open sesame', ownerPassword: 'owner' }, ['Secret']);
    const restricted = await renderPdf({ ownerPassword: 'owner', permissions: { printing: 'lowResolution' } }, ['No copying here']);

    expect(await refusal(checkDocument(await file('locked.pdf', locked), pdfs))).toMatch(/protected with a password\. Save a copy without a password/);
    const read = await checkDocument(await file('restricted.pdf', restricted), pdfs);
    expect(read.text).toContain('No copying here');
    expect(read.firstPagePng.length).toBeGreaterThan(0);
  });

  it('names what a non-PDF file is, whatever its name', async () => {
    const png = await noiseImage(20, 20).png().toBuffer();

    expect(await refusal(checkDocument(await file('picture.pdf', png), pdfs))).toBe(
      'This file is a PNG image, not a PDF. Save or export the literature sheet as a PDF and upload that.',
    );
    expect(await refusal(checkDocument(await file('drawing.pdf', '<svg xmlns="http://www.w3.org/2000/svg"/>'), pdfs))).toMatch(
      /^This file is an SVG image, not a PDF/,
    );
    expect(await refusal(checkDocument(await file('notes.pdf', 'Just some notes.\n'), pdfs))).toMatch(/^This file is a text file, not a PDF/);
    expect(await refusal(checkDocument(await file('noise.pdf', noise(4096)), pdfs))).toMatch(/^This file is not a PDF \(its type could not be recognised\)/);
  });

  it('refuses an empty file and one over the size limit', async () => {
    expect(await refusal(checkDocument(await file('empty.pdf', Buffer.alloc(0)), pdfs))).toMatch(/^The file is empty/);
    const oversized = Buffer.concat([sheet, Buffer.alloc(UPLOAD_LIMITS.documentBytes)]);
    expect(await refusal(checkDocument(await file('big.pdf', oversized), pdfs))).toMatch(/the limit is 50 MB/);
  });
});

describe('checkImage', () => {
  it.each([
    ['image/png', (image: sharp.Sharp) => image.png()],
    ['image/jpeg', (image: sharp.Sharp) => image.jpeg()],
    ['image/webp', (image: sharp.Sharp) => image.webp()],
    ['image/avif', (image: sharp.Sharp) => image.avif()],
    ['image/gif', (image: sharp.Sharp) => image.gif()],
  ])('accepts %s with its dimensions', async (mimeType, encode) => {
    const bytes = await encode(noiseImage(120, 80)).toBuffer();

    // The name is wrong on purpose: only the bytes count.
    expect(await checkImage(await file('picture.bin', bytes))).toEqual({ mimeType, width: 120, height: 80 });
  });

  it('gives the size as shown, after the EXIF orientation', async () => {
    const portrait = await noiseImage(120, 80).jpeg().withMetadata({ orientation: 6 }).toBuffer();

    expect(await checkImage(await file('photo.jpg', portrait))).toEqual({ mimeType: 'image/jpeg', width: 80, height: 120 });
  });

  it('refuses an image wider than the limit, stating the limit', async () => {
    const wide = await sharp({ create: { width: 12_001, height: 10, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();

    expect(await refusal(checkImage(await file('wide.png', wide)))).toBe(
      'The image is 12,001 × 10 pixels; each side may be at most 12,000 pixels. Scale it down and upload it again.',
    );
  });

  it("refuses an image beyond sharp's pixel limit by its size, not as damaged", async () => {
    // 900 million pixels: sharp refuses to read even the header of it with its default limit.
    expect(await refusal(checkImage(await file('huge.png', oneColourPng(30_000, 30_000))))).toBe(
      'The image is 30,000 × 30,000 pixels; each side may be at most 12,000 pixels. Scale it down and upload it again.',
    );
  });

  it('refuses SVG, which can carry script', async () => {
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';

    expect(await refusal(checkImage(await file('logo.png', svg)))).toBe(
      'SVG images are not accepted, because they can contain scripts. Save the picture as PNG, JPEG, WebP or AVIF and upload that.',
    );
  });

  it.each([
    ['PNG', (image: sharp.Sharp) => image.png()],
    ['JPEG', (image: sharp.Sharp) => image.jpeg()],
  ])('refuses a truncated %s, whose header alone looks fine', async (_format, encode) => {
    const bytes = await encode(noiseImage(300, 200)).toBuffer();

    expect(await refusal(checkImage(await file('cut.img', bytes.subarray(0, Math.floor(bytes.length / 2)))))).toMatch(
      /^The image is damaged or incomplete \(.+\); export it again and upload the new file\.$/,
    );
  });

  it('refuses an image format it does not accept, and files that are not images', async () => {
    const tiff = await noiseImage(20, 20).tiff().toBuffer();

    expect(await refusal(checkImage(await file('scan.png', tiff)))).toBe(
      'This file is a TIFF image, which is not accepted. Save it as PNG, JPEG, WebP or AVIF and upload that.',
    );
    expect(await refusal(checkImage(await file('sheet.png', sheet)))).toBe(
      'This file is a PDF document, not an image. Upload a PNG, JPEG, WebP or AVIF image.',
    );
    expect(await refusal(checkImage(await file('noise.png', noise(4096))))).toMatch(/^This file is not an image \(its type could not be recognised\)/);
  });
});
