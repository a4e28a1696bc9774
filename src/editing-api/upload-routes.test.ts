/**
 * Uploads over HTTP on a real store (SQLite, or PostgreSQL when TEST_DATABASE_URL names one):
 * PUT /sheets/:id/image and /sheets/:id/document (docs/editing.md, "Uploads"). A checked file lands
 * in the draft with its digest and, for a PDF, a new version the links follow and its text kept
 * for search; a refused file says why and stores nothing; an oversized one is refused while it
 * streams, without the server holding it in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { findDocumentText } from '../cms/repositories/editing';
import { DEMO_CATALOGUE, type CatalogueEntry } from '../demo/catalogue';
import { renderLiteraturePdf } from '../demo/literature-pdf';
import type { SheetState } from '../sheet/shape';
import { UPLOAD_LIMITS } from '../files/uploads';
import { createPreviewLink, PREVIEW_LINK_RENDERS_PER_MINUTE } from './previews';
import { SheetFromPdfSchema } from '../editing-contract/schemas';
import { fileAssetPath, mediaDeliveryPath } from '../shared/urls';

const MEGABYTE = 1024 * 1024;
/**
 * How far the process's resident memory may rise while an oversized upload streams in: a body
 * held whole would be 50 MB. It moves with the allocator and the socket's pace too (5–17 MB seen;
 * 16 MB was passed once under load).
 */
const STREAMING_HEADROOM = 32 * MEGABYTE;
/** Garbage (read buffers already passed on) collected once this much of it may have piled up. */
const GARBAGE_ALLOWANCE = 8 * MEGABYTE;

let test: TestApp;
let editor: StudioClient;
let visitor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  [editor, visitor] = await Promise.all([signInAs(test, 'editor'), signInAs(test, 'visitor')]);
});
afterAll(async () => {
  await test.close();
});

interface SheetAnswer {
  id: string;
  status: string;
  revision: number;
  draft: SheetState;
}

type UploadKind = 'image' | 'document';

async function newSheet(title: string): Promise<SheetAnswer> {
  const response = await editor.request('POST', '/sheets', { title, description: 'Made to take uploads' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function viewSheet(id: string): Promise<SheetAnswer> {
  const response = await editor.request('GET', `/sheets/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A multipart/form-data body with one field `file`, serialised the way a browser would send it. */
async function buildForm(fileName: string, bytes: Buffer, type: string): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const request = new Request('http://upload.test/', { method: 'PUT', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

async function upload(client: StudioClient, id: string, kind: UploadKind, revision: number, fileName: string, bytes: Buffer, type: string) {
  const { payload, contentType } = await buildForm(fileName, bytes, type);
  return client.request('PUT', `/sheets/${id}/${kind}?revision=${revision}`, payload, { 'content-type': contentType });
}

/** A PNG no other test has made: a random colour, so its digest is new to the store. */
function makePng(width = 40, height = 30): Promise<Buffer> {
  const [r = 0, g = 0, b = 0] = randomBytes(3);
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/** A literature-sheet PDF from the demo generator, with its own title and date (so its own digest). */
function makePdf(title: string, generatedAt: Date): Promise<Buffer> {
  const entry: CatalogueEntry = { ...DEMO_CATALOGUE[0]!, title };
  return renderLiteraturePdf(entry, { generatedAt });
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function countBlobs(): Promise<number> {
  const row = await test.store.db
    .selectFrom('blobs')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Runs a refused upload and checks that neither a blob nor a new revision was stored. */
async function expectNothingStored(id: string, send: () => Promise<{ statusCode: number; body: string }>): Promise<{ statusCode: number; message: string }> {
  const [blobsBefore, before] = [await countBlobs(), await viewSheet(id)];
  const response = await send();
  const [{ message }] = JSON.parse(response.body) as [{ message: string }];
  expect(await countBlobs()).toBe(blobsBefore);
  const after = await viewSheet(id);
  expect(after.revision).toBe(before.revision);
  expect(after.draft).toEqual(before.draft);
  return { statusCode: response.statusCode, message };
}

describe('an image upload', () => {
  it('puts a checked PNG in the draft only, and on the media route once the sheet is published', async () => {
    const sheet = await newSheet('Upload image precursor');
    const png = await makePng(40, 30);
    const response = await upload(editor, sheet.id, 'image', sheet.revision, 'photo.png', png, 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    const saved: SheetAnswer = response.json();
    expect(saved).toMatchObject({ status: 'draft', revision: sheet.revision + 1 });
    expect(saved.draft.image).toMatchObject({
      width: 40,
      height: 30,
      mimeType: 'image/png',
      sha256: sha256Of(png),
      byteSize: png.length,
      fileName: 'photo.png',
    });
    const media = mediaDeliveryPath(test.config.platformSitesSegment, saved.draft.image!.contentKey);
    expect((await test.app.inject(media)).statusCode).toBe(404);

    // An image goes on the site with words for those who cannot see it.
    const withoutAlt = await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: saved.revision });
    expect(withoutAlt.statusCode).toBe(400);
    expect(withoutAlt.json()[0].problems).toEqual([
      { field: 'translations.en_US.imageAlt', message: expect.stringMatching(/^the image needs alternative text/) },
    ]);
    const described = await editor.request('PUT', `/sheets/${sheet.id}/translations/en_US`, {
      revision: saved.revision,
      texts: { ...saved.draft.translations.en_US, imageAlt: 'A grey test card' },
    });
    expect(described.statusCode, described.body).toBe(200);
    const published = await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: described.json().revision });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published' });
    const served = await test.app.inject(media);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });
});

describe('a document upload', () => {
  it('keeps a checked PDF as version 1, points the sheet at it and keeps its text; a second PDF becomes version 2', async () => {
    const title = 'Upload Probe Alumina';
    const sheet = await newSheet(title);
    const first = await makePdf(title, new Date('2026-02-01T08:00:00Z'));
    const response = await upload(editor, sheet.id, 'document', sheet.revision, 'sheet.pdf', first, 'application/pdf');
    expect(response.statusCode, response.body).toBe(200);
    const saved: SheetAnswer = response.json();
    expect(saved.status).toBe('draft');
    const document = saved.draft.document!;
    expect(document).toMatchObject({ version: 1, mimeType: 'application/pdf', sha256: sha256Of(first), byteSize: first.length, fileName: 'sheet.pdf' });
    const primary = saved.draft.primaryLanguage;
    expect(saved.draft.translations[primary]?.url).toBe(`/sfsites/c/file-asset/${document.assetId}?v=1`);
    expect(await findDocumentText(test.store.db, document.sha256)).toContain(title);

    const second = await makePdf(title, new Date('2026-02-02T08:00:00Z'));
    expect(sha256Of(second)).not.toBe(sha256Of(first));
    const again = await upload(editor, sheet.id, 'document', saved.revision, 'sheet-2.pdf', second, 'application/pdf');
    expect(again.statusCode, again.body).toBe(200);
    const replaced: SheetAnswer = again.json();
    expect(replaced.draft.document).toMatchObject({ assetId: document.assetId, version: 2, sha256: sha256Of(second), fileName: 'sheet-2.pdf' });
    expect(replaced.draft.translations[primary]?.url).toBe(fileAssetPath(test.config.platformSitesSegment, document.assetId, 2));
    expect(await findDocumentText(test.store.db, sha256Of(second))).toContain(title);
  });
});

describe('a refused upload says why and stores nothing', () => {
  let sheet: SheetAnswer;
  beforeAll(async () => {
    sheet = await newSheet('Upload refusals precursor');
  });

  it('refuses a PNG named sheet.pdf as the document, naming what it is', async () => {
    const png = await makePng();
    const refused = await expectNothingStored(sheet.id, () => upload(editor, sheet.id, 'document', sheet.revision, 'sheet.pdf', png, 'application/pdf'));
    expect(refused.statusCode).toBe(422);
    expect(refused.message).toMatch(/This file is a PNG image, not a PDF/);
    expect(refused.message).toMatch(/Nothing was stored\.$/);
  });

  it('refuses a cut-off PDF as damaged or incomplete', async () => {
    const whole = await makePdf('Upload Probe Truncated', new Date('2026-02-03T08:00:00Z'));
    const half = whole.subarray(0, Math.floor(whole.length / 2));
    const refused = await expectNothingStored(sheet.id, () => upload(editor, sheet.id, 'document', sheet.revision, 'sheet.pdf', half, 'application/pdf'));
    expect(refused.statusCode).toBe(422);
    expect(refused.message).toMatch(/damaged or incomplete/);
  });

  it('refuses an SVG image, which could carry a script', async () => {
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><script>alert(${randomBytes(4).readUInt32BE()})</script><rect width="4" height="3"/></svg>`,
    );
    const refused = await expectNothingStored(sheet.id, () => upload(editor, sheet.id, 'image', sheet.revision, 'drawing.png', svg, 'image/png'));
    expect(refused.statusCode).toBe(422);
    expect(refused.message).toMatch(/SVG images are not accepted/);
  });

  it('refuses an upload from a revision someone has since saved over with 409', async () => {
    const opened = sheet.revision;
    const other = await signInAs(test, 'editor');
    const saved = await upload(other, sheet.id, 'image', opened, 'theirs.png', await makePng(), 'image/png');
    expect(saved.statusCode, saved.body).toBe(200);
    sheet = saved.json();

    const png = await makePng();
    const refused = await expectNothingStored(sheet.id, () => upload(editor, sheet.id, 'image', opened, 'photo.png', png, 'image/png'));
    expect(refused.statusCode).toBe(409);
    expect(refused.message).toMatch(new RegExp(`was changed by ${other.email} since you opened it`));
    // The same file from the current revision is accepted: the refusal was the revision's.
    const accepted = await upload(editor, sheet.id, 'image', sheet.revision, 'photo.png', png, 'image/png');
    expect(accepted.statusCode, accepted.body).toBe(200);
    sheet = accepted.json();
  });

  it('answers 415 to a body that is not multipart', async () => {
    const refused = await expectNothingStored(sheet.id, () =>
      editor.request('PUT', `/sheets/${sheet.id}/image?revision=${sheet.revision}`, { file: 'photo.png' }),
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.message).toMatch(/multipart\/form-data/);
  });

  it('answers a guest 401 and a visitor 403', async () => {
    const png = await makePng();
    const form = await buildForm('photo.png', png, 'image/png');
    const guest = await expectNothingStored(sheet.id, () =>
      test.app.inject({
        method: 'PUT',
        url: `${test.config.basePath}/studio/api/sheets/${sheet.id}/image?revision=${sheet.revision}`,
        headers: { 'content-type': form.contentType },
        payload: form.payload,
      }),
    );
    expect(guest.statusCode).toBe(401);
    const refused = await expectNothingStored(sheet.id, () => upload(visitor, sheet.id, 'image', sheet.revision, 'photo.png', png, 'image/png'));
    expect(refused.statusCode).toBe(403);
    expect(refused.message).toMatch(/your account is a visitor/);
  });

  describe('over the network', () => {
    let origin: string;
    beforeAll(async () => {
      origin = await test.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('refuses a 60 MB document with 413 while it streams in, without holding it in memory', async () => {
      const path = `${test.config.basePath}/studio/api/sheets/${sheet.id}/document?revision=${sheet.revision}`;
      // A warm-up through the same path (2 MB that is not a PDF) so lazily loaded code does not count.
      const warmUp = await streamUpload(editor, origin, path, 2 * MEGABYTE);
      expect(warmUp.statusCode, warmUp.body).toBe(422);

      const limit = UPLOAD_LIMITS.documentBytes;
      const refused = await expectNothingStored(sheet.id, async () => {
        const collectGarbage = exposeGarbageCollector();
        collectGarbage();
        const before = process.memoryUsage();
        let peak = before.rss;
        let collectAt = before.arrayBuffers + GARBAGE_ALLOWANCE;
        const sampler = setInterval(() => {
          const now = process.memoryUsage();
          peak = Math.max(peak, now.rss);
          if (now.arrayBuffers > collectAt) {
            collectGarbage();
            collectAt = process.memoryUsage().arrayBuffers + GARBAGE_ALLOWANCE;
          }
        }, 5);
        try {
          const response = await streamUpload(editor, origin, path, 60 * MEGABYTE);
          peak = Math.max(peak, process.memoryUsage().rss);
          expect(response.bytesSent).toBeGreaterThan(limit);
          expect(peak - before.rss, `RSS rose by ${((peak - before.rss) / MEGABYTE).toFixed(1)} MB`).toBeLessThan(STREAMING_HEADROOM);
          return response;
        } finally {
          clearInterval(sampler);
        }
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.message).toMatch(/larger than 50 MB/);
    });
  });
});

/**
 * Sends a multipart document of `size` bytes made on the fly, respecting back-pressure, and stops
 * sending once the server has answered (it answers before reading a refused body to its end).
 */
function streamUpload(client: StudioClient, origin: string, path: string, size: number): Promise<{ statusCode: number; body: string; bytesSent: number }> {
  const boundary = `----upload-test-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 'x');
  return new Promise((resolve, reject) => {
    let answered = false;
    let bytesSent = 0;
    const request = httpRequest(`${origin}${path}`, {
      method: 'PUT',
      headers: {
        cookie: client.cookie,
        'x-csrf-token': client.csrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    request.on('response', (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), bytesSent });
        request.destroy();
      });
      response.on('error', reject);
    });
    // The server may close the connection on a body it has refused: that is not a failure here.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const send = async () => {
      request.write(head);
      while (bytesSent < size && !answered) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - bytesSent));
        bytesSent += piece.length;
        if (!request.write(piece)) await untilWritable(request);
      }
      if (!answered) request.end(tail);
    };
    send().catch(reject);
  });
}

/** Resolves when the request can take more data, or when the server has answered or hung up. */
function untilWritable(request: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      request.off('drain', go).off('response', go).off('close', go);
      resolve();
    };
    request.on('drain', go).on('response', go).on('close', go);
  });
}

/**
 * V8's gc(), for a memory measurement. V8 frees the 64 KiB socket reads an upload arrives in only
 * when some 25 MB of them have piled up, so without collecting, peak RSS measures V8's pacing, not
 * what the server holds. Vitest does not start workers with --expose-gc; like Jest's leak detector,
 * this turns the flag on and takes gc from a context created after it.
 */
function exposeGarbageCollector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed !== undefined) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('PDFs to sheets', () => {
  async function fromPdf(fileName: string, bytes: Buffer, type = 'application/pdf') {
    const { payload, contentType } = await buildForm(fileName, bytes, type);
    return editor.request('POST', '/sheets/from-pdf', payload, { 'content-type': contentType });
  }

  it('proposes a draft sheet from a PDF: its title, a description, the PDF as its document and page 1 as its image', async () => {
    const pdf = await makePdf('Tantalum pentaethoxide (PET)', new Date('2026-03-01T00:00:00Z'));
    const response = await fromPdf('pet-datasheet.pdf', pdf);
    expect(response.statusCode, response.body).toBe(201);
    const sheet = response.json() as SheetAnswer;
    const en = sheet.draft.translations.en_US!;
    expect(sheet.status).toBe('draft');
    expect(en.title).toBe('Tantalum pentaethoxide (PET)');
    expect(en.description.length).toBeGreaterThan(20);
    expect(en.imageAlt).toBe('First page of the Tantalum pentaethoxide (PET) literature sheet');
    expect(sheet.draft.document).toMatchObject({ version: 1, mimeType: 'application/pdf', sha256: sha256Of(pdf), fileName: 'pet-datasheet.pdf' });
    expect(en.url).toBe(`/sfsites/c/file-asset/${sheet.draft.document!.assetId}?v=1`);
    expect(sheet.draft.image).toMatchObject({ mimeType: 'image/png', width: 800 });
    expect(await findDocumentText(test.store.db, sheet.draft.document!.sha256)).toContain('Tantalum pentaethoxide');
    // What the API's description promises: the view, and how much of the PDF was read.
    expect(response.json()).toMatchObject({ textless: false, pages: { count: 1, textRead: 1 } });
    expect([...Value.Errors(SheetFromPdfSchema, response.json())]).toEqual([]);

    // Ready to publish as proposed: image with alternative text, document linked.
    const published = await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: sheet.revision });
    expect(published.statusCode, published.body).toBe(200);
    expect((await test.app.inject('/?page=10')).body).toContain('Tantalum pentaethoxide (PET)');
  });

  it('proposes a German PDF’s texts as a German sheet, and the site names its PDF German', async () => {
    const entry: CatalogueEntry = {
      ...DEMO_CATALOGUE[0]!,
      title: 'Trimethylaluminium (TMA), Reinheit 6N',
      description:
        'Der klassische Präkursor für die Atomlagenabscheidung: mit Wasser scheidet er Aluminiumoxid Lage für Lage ab, selbstbegrenzend und gleichmäßig.',
      applications: ['Atomlagenabscheidung von Aluminiumoxid mit Wasser oder Ozon für Gate-Dielektrika und Passivierung.'],
      handling: ['Entzündet sich an der Luft von selbst. Nur unter trockenem Stickstoff oder Argon handhaben.', 'Reagiert heftig mit Wasser.'],
      packaging: ['Edelstahl-Bubbler mit Membranventilen, unter Schutzgas gefüllt und verschlossen.'],
    };
    const response = await fromPdf('tma-datenblatt.pdf', await renderLiteraturePdf(entry, { generatedAt: new Date('2026-03-05T00:00:00Z') }));
    expect(response.statusCode, response.body).toBe(201);
    const sheet = response.json() as SheetAnswer;
    expect(sheet.draft.primaryLanguage).toBe('de_DE');
    expect(Object.keys(sheet.draft.translations)).toEqual(['de_DE']);
    expect(sheet.draft.translations.de_DE).toMatchObject({
      title: 'Trimethylaluminium (TMA), Reinheit 6N',
      imageAlt: 'Erste Seite des Datenblatts Trimethylaluminium (TMA), Reinheit 6N',
    });
    // Its address is its title's (issue 60, T10): no random letters.
    expect(sheet.draft.urlName).toBe('trimethylaluminium-tma-reinheit-6n');
    expect((await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: sheet.revision })).statusCode).toBe(200);
    const page = (await test.app.inject(`/de-DE/sheets/${sheet.draft.urlName}`)).body;
    expect(page).toMatch(/hrefLang="de-DE"|hreflang="de-DE"/);
    expect(page).toContain('PDF, ');
    expect(page).toMatch(/PDF, [^<]*, Deutsch/);
  });

  it('makes no second sheet of the same PDF: it names the sheet that has it (D13)', async () => {
    const pdf = await makePdf('Hafnium tetrachloride (HfCl4)', new Date('2026-03-02T00:00:00Z'));
    const first = await fromPdf('hfcl4.pdf', pdf);
    expect(first.statusCode, first.body).toBe(201);
    const again = await fromPdf('hfcl4 (1).pdf', pdf);
    expect(again.statusCode).toBe(409);
    const [error] = again.json() as [{ message: string; sheet: { id: string; label: string } }];
    expect(error.message).toBe('This PDF is already the document of “Hafnium tetrachloride (HfCl4)”: open that sheet to change it.');
    expect(error.sheet).toEqual({ id: (first.json() as SheetAnswer).id, label: 'Hafnium tetrachloride (HfCl4)' });
    // A demo sheet's PDF, published and never edited, is found by the document its link goes to.
    const demo = await test.app.inject(fileAssetPath('sfsites', `literature-sheet-${DEMO_CATALOGUE[1]!.slug}`, 1));
    const demoAgain = await fromPdf('demo.pdf', demo.rawPayload);
    expect(demoAgain.statusCode).toBe(409);
    expect((demoAgain.json() as [{ sheet: { label: string } }])[0].sheet.label).toBe(DEMO_CATALOGUE[1]!.title);
  });

  it('says when a PDF has no text to find it by, as a scan does (D15)', async () => {
    const scan = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument({ size: 'A4', info: { Title: 'SCAN0042' } });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.rect(72, 72, 200, 100).fill('#333333');
      doc.end();
    });
    const made = await fromPdf('SCAN0042.pdf', scan);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ textless: true });
    const withText = await fromPdf('text.pdf', await makePdf('Zirconium tetrachloride (ZrCl4)', new Date('2026-03-03T00:00:00Z')));
    expect(withText.json()).toMatchObject({ textless: false });
  });

  it('refuses what is not a PDF, and stores nothing', async () => {
    const blobsBefore = await countBlobs();
    const refused = await fromPdf('not-really.pdf', await makePng(), 'application/pdf');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()[0].message).toMatch(/PNG image, not a PDF.*Nothing was stored\.$/);
    expect(await countBlobs()).toBe(blobsBefore);
  });
});

describe('a preview of a draft with files the site does not have yet', () => {
  it('shows the draft’s image from the store, to editors in their frames and to anyone with a shared link until it expires', async () => {
    const sheet = await newSheet('Previewed upload precursor');
    const png = await makePng(64, 48);
    const saved = (await upload(editor, sheet.id, 'image', sheet.revision, 'card.png', png, 'image/png')).json() as SheetAnswer;
    const file = `/studio/api/files/${sha256Of(png)}`;

    const preview = await editor.request('GET', `/sheets/${sheet.id}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(preview.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(preview.body).toContain(`src="${file}"`);
    expect(preview.body).not.toContain(mediaDeliveryPath(test.config.platformSitesSegment, saved.draft.image!.contentKey));
    const served = await editor.request('GET', `/files/${sha256Of(png)}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await test.app.inject(file)).statusCode).toBe(401);

    const made = await editor.request('POST', `/sheets/${sheet.id}/preview-links`, {});
    expect(made.statusCode, made.body).toBe(201);
    const { url, expiresAt } = made.json() as { url: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const shared = await test.app.inject(url);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.headers['cache-control']).toBe('no-store');
    expect(shared.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(shared.body).toContain('Previewed upload precursor');
    expect(shared.body).toContain(`src="${url}/files/${sha256Of(png)}"`);
    expect((await test.app.inject(`${url}/files/${sha256Of(png)}`)).rawPayload.equals(png)).toBe(true);
    // Only the draft's own files: another digest the store holds is not served through the link.
    const other = await makePng();
    const elsewhere = await newSheet('Another upload precursor');
    await upload(editor, elsewhere.id, 'image', elsewhere.revision, 'other.png', other, 'image/png');
    expect((await test.app.inject(`${url}/files/${sha256Of(other)}`)).statusCode).toBe(404);

    // Never from a cache: the same link shows the draft as it is now.
    await editor.request('PUT', `/sheets/${sheet.id}/translations/en_US`, {
      revision: saved.revision,
      texts: { ...saved.draft.translations.en_US, title: 'Renamed upload precursor' },
    });
    expect((await test.app.inject(url)).body).toContain('Renamed upload precursor');
    expect((await test.app.inject(`${url.slice(0, -4)}AAAA`)).statusCode).toBe(404);
    expect((await editor.request('POST', `/sheets/${sheet.id}/preview-links`, { hours: 500 })).statusCode).toBe(400);
  });

  it('renders a link’s preview at most 30 times a minute for one address', async () => {
    const sheet = await newSheet('Often previewed precursor');
    const { url } = (await editor.request('POST', `/sheets/${sheet.id}/preview-links`, {})).json() as { url: string };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PREVIEW_LINK_RENDERS_PER_MINUTE; attempt++)
      statuses.push((await test.app.inject({ url, remoteAddress: '192.0.2.7' })).statusCode);
    expect(statuses).toEqual(statuses.map(() => 200));
    const refused = await test.app.inject({ url, remoteAddress: '192.0.2.7' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers an expired link 410, saying so', async () => {
    const sheet = await newSheet('Expired preview precursor');
    const { url } = await createPreviewLink(test.store.db, {
      kind: 'sheet',
      targetId: sheet.id,
      languageSegment: null,
      hours: 24,
      by: editor.email,
      basePath: test.config.basePath,
      now: new Date(Date.now() - 25 * 3_600_000),
    });
    const expired = await test.app.inject({ url, headers: { accept: 'text/html' } });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This preview link has expired');
  });
});
