/**
 * An import in the studio over HTTP, on a real store (SQLite, or PostgreSQL when TEST_DATABASE_URL
 * names one): a CSV with its files or a zip of an export folder, the comparison field by field,
 * apply and undo; refusals (a zip bomb, a file that is not what its name says, a stale comparison,
 * someone else's import) say why and change nothing.
 */
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { csvOf, csvWithFiles, FIRST_SHEET } from '../../tests/helpers/import-files';
import { DEMO_IDS } from '../demo/seed-demo';
import type { ImportComparison } from '../transfer/import-uploads';
import { exportContentFolder } from '../transfer/export-content';
import { problemLine, type Problem } from '../shared/problems';

const collectionUrl = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=100`;

let test: TestApp;
let editor: StudioClient;
let otherEditor: StudioClient;
let folder: string;
beforeAll(async () => {
  test = await createTestApp();
  [editor, otherEditor] = await Promise.all([signInAs(test, 'editor'), signInAs(test, 'editor')]);
  folder = mkdtempSync(join(tmpdir(), 'studio-import-test-'));
});
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

const publicSheets = async () =>
  ((await test.app.inject(collectionUrl)).json() as { items: Array<{ name: string; contentNodes: Record<string, { value?: string }> }> }).items;

/** A multipart/form-data body with one field `file`, as a browser sends it. */
async function sendFile(client: StudioClient, token: string, fileName: string, bytes: Buffer) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), fileName);
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return client.request('POST', `/import-uploads/${token}/files`, payload, { 'content-type': request.headers.get('content-type') ?? '' });
}

async function startImport(client = editor): Promise<string> {
  const started = await client.request('POST', '/import-uploads');
  expect(started.statusCode, started.body).toBe(201);
  return started.json().token as string;
}

async function compare(token: string, body: Record<string, unknown> = {}, client = editor) {
  return client.request('POST', `/import-uploads/${token}/comparison`, body);
}

async function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(entries)) zip.addBuffer(Buffer.from(bytes), name);
  zip.end();
  const path = join(folder, `${Math.random().toString(36).slice(2)}.zip`);
  await pipeline(zip.outputStream, createWriteStream(path));
  return readFileSync(path);
}

const firstSheet = FIRST_SHEET;

/** A CSV alone, as the only file of an import. */
const sendCsv = (client: StudioClient, token: string, rows: string[][]) => sendFile(client, token, 'sheets.csv', Buffer.from(csvOf(rows)));

describe('a CSV with its files', () => {
  it('compares field by field, applies as one import, and the import is undone', async () => {
    const token = await startImport();
    for (const file of await csvWithFiles()) {
      const sent = await sendFile(editor, token, file.name, file.buffer);
      expect(sent.statusCode, sent.body).toBe(200);
    }

    const compared = await compare(token);
    expect(compared.statusCode, compared.body).toBe(200);
    const comparison = compared.json() as ImportComparison;
    expect(comparison).toMatchObject({ source: 'csv', files: ['hfcl4.pdf', 'hfcl4.png', 'sheets.csv'], collectionKey: DEMO_IDS.collectionKey });
    const entries = comparison.plan.entries;
    expect(entries).toContainEqual(expect.objectContaining({ action: 'add', record: 'sheet "Hafnium tetrachloride (HfCl4)" (hafnium-tetrachloride)' }));
    const changed = entries.find((entry) => entry.action === 'change' && entry.record.includes(firstSheet.slug));
    expect(changed?.fields).toContainEqual({ field: 'translations.en_US.description', before: firstSheet.description, after: 'Changed by the studio import.' });
    expect((await publicSheets()).map((sheet) => sheet.name)).not.toContain('Hafnium tetrachloride (HfCl4)');

    const applied = await editor.request('POST', `/import-uploads/${token}/apply`, { digest: comparison.digest });
    expect(applied.statusCode, applied.body).toBe(200);
    const { importId } = applied.json() as { importId: string };
    expect((await publicSheets()).map((sheet) => sheet.name)).toContain('Hafnium tetrachloride (HfCl4)');
    // Applied, the import's files are gone.
    expect((await compare(token)).statusCode).toBe(404);

    const imports = (await editor.request('GET', '/imports')).json() as Array<{ id: string; by: string }>;
    expect(imports[0]).toMatchObject({ id: importId });
    const undone = await editor.request('POST', `/imports/${importId}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ restored: 1, removed: 1 });
    const after = await publicSheets();
    expect(after.map((sheet) => sheet.name)).not.toContain('Hafnium tetrachloride (HfCl4)');
  });

  it('lists every problem of the rows, files the CSV names and nobody chose among them, and writes nothing', async () => {
    const token = await startImport();
    await sendCsv(editor, token, [
      ['title', 'document', 'description'],
      ['A new sheet', 'docs/missing.pdf', ''],
      ['', '', 'A description without a title'],
      // A row of separators only is a blank row, as spreadsheets write them: no problem.
      ['', '', ''],
    ]);
    const compared = await compare(token);
    expect(compared.statusCode).toBe(400);
    const [error] = compared.json() as [{ message: string; problems: Problem[] }];
    expect(error.message).toBe('sheets.csv cannot be imported (2 problems); nothing was changed.');
    expect(error.problems.map(problemLine)).toEqual([
      'line 2, document: missing.pdf is not among the files chosen with the CSV (nor a file the sheet has already)',
      'line 3, title: a new sheet needs a title',
    ]);
  });

  it('refuses a file that is not what its name says, and one an import does not take', async () => {
    const token = await startImport();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const fake = await sendFile(editor, token, 'sheet.pdf', png);
    expect(fake.statusCode).toBe(422);
    expect(fake.json()[0].message).toBe(
      'This file is a PNG image, not a PDF. Save or export the literature sheet as a PDF and upload that. Nothing was stored.',
    );
    const other = await sendFile(editor, token, 'setup.exe', Buffer.from('MZ'));
    expect(other.statusCode).toBe(422);
    expect(other.json()[0].message).toMatch(/setup\.exe is not a CSV, an Excel workbook \(\.xlsx\), a zip, a PDF or an image/);
    const svg = await sendFile(editor, token, 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/>'));
    expect(svg.json()[0].message).toMatch(/^The image is damaged or incomplete/);
    expect((await compare(token)).json()[0].message).toMatch(/Choose the files to import first/);
  });
});

interface ExportedManifest {
  sites: Array<{ name: string }>;
  contents: Array<{ urlName: string; translations: Array<{ language: string; title: string }> }>;
  fileAssets: Array<{ mimeType: string }>;
}

/** The store exported as `content export` does, changed by `change`, and packed as a zip (with what Finder adds). */
async function exportZip(change: (manifest: ExportedManifest) => void): Promise<Buffer> {
  const exported = mkdtempSync(join(folder, 'export-'));
  await exportContentFolder(test.store.db, exported);
  const manifest = JSON.parse(readFileSync(join(exported, 'manifest.json'), 'utf8')) as ExportedManifest;
  change(manifest);
  writeFileSync(join(exported, 'manifest.json'), JSON.stringify(manifest));
  const entries: Record<string, Buffer> = { '__MACOSX/export/._manifest.json': Buffer.from('resource fork') };
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else entries[`export/${relative(exported, path).split('\\').join('/')}`] = readFileSync(path);
    }
  };
  walk(exported);
  return zipOf(entries);
}

/** An export's zip holds every demo PDF, each checked as an upload (page 1 rendered): slow on a busy machine. */
const ZIP_CHECKS_MS = 90_000;

describe('a zip of an export folder', () => {
  it(
    'is unpacked and compared; a title changed in it shows as a change',
    async () => {
      const zip = await exportZip((manifest) => {
        const sheet = manifest.contents.find((content) => content.urlName === firstSheet.slug)!;
        sheet.translations.find((translation) => translation.language === 'en_US')!.title = 'Retitled in the zip';
      });
      const token = await startImport();
      const sent = await sendFile(editor, token, 'export.zip', zip);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().files).toContain('export/manifest.json');
      const compared = await compare(token);
      expect(compared.statusCode, compared.body).toBe(200);
      const comparison = compared.json() as ImportComparison;
      expect(comparison.source).toBe('folder');
      const changes = comparison.plan.entries.filter((entry) => entry.action === 'change');
      expect(changes).toEqual([
        expect.objectContaining({
          record: expect.stringContaining(firstSheet.slug),
          // Each change once (D7): the title is one field, not its body's Title beside it.
          fields: [expect.objectContaining({ field: 'translations.en_US.title', after: 'Retitled in the zip' })],
        }),
      ]);
      // A zip is imported on its own.
      expect((await sendFile(editor, token, 'more.csv', Buffer.from('title\nx'))).statusCode).toBe(409);
      expect((await editor.request('DELETE', `/import-uploads/${token}`)).statusCode).toBe(204);
      expect((await compare(token)).statusCode).toBe(404);
    },
    ZIP_CHECKS_MS,
  );

  it(
    'keeps no file as a type its bytes are not, nor as a type the site would show as a page',
    async () => {
      const zip = await exportZip((manifest) => {
        manifest.fileAssets[0]!.mimeType = 'text/html';
        manifest.fileAssets[1]!.mimeType = 'text/plain';
      });
      const token = await startImport();
      expect((await sendFile(editor, token, 'export.zip', zip)).statusCode).toBe(200);
      const compared = await compare(token);
      expect(compared.statusCode).toBe(400);
      expect(compared.json()[0].problems.map(problemLine)).toEqual([
        expect.stringMatching(/: is declared as text\/html, which an import from the studio does not take/),
        expect.stringMatching(/: is declared as text\/plain but is a PDF document$/),
      ]);
    },
    ZIP_CHECKS_MS,
  );

  it(
    'changes a site only for an admin',
    async () => {
      const zip = await exportZip((manifest) => {
        manifest.sites[0]!.name = 'Renamed by an import';
      });
      const token = await startImport();
      await sendFile(editor, token, 'export.zip', zip);
      const refused = await compare(token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()[0].problems.map(problemLine)).toEqual([
        expect.stringMatching(/^site "Renamed by an import": an import would change it, which only an admin may do$/),
      ]);

      const admin = await signInAs(test, 'admin');
      const own = await startImport(admin);
      await sendFile(admin, own, 'export.zip', zip);
      const compared = await compare(own, {}, admin);
      expect(compared.statusCode, compared.body).toBe(200);
      expect((compared.json() as ImportComparison).plan.entries).toContainEqual(
        expect.objectContaining({ kind: 'site', action: 'change', fields: [expect.objectContaining({ field: 'name', after: 'Renamed by an import' })] }),
      );
      await admin.request('DELETE', `/import-uploads/${own}`);
    },
    ZIP_CHECKS_MS,
  );

  it('refuses a zip bomb with a clear message, before unpacking it', async () => {
    const token = await startImport();
    const bomb = await zipOf({ 'sheets.csv': 'title\nBomb', 'zeros.pdf': Buffer.alloc(200 * 1024 * 1024) });
    const sent = await sendFile(editor, token, 'content.zip', bomb);
    expect(sent.statusCode).toBe(422);
    expect(sent.json()[0].message).toMatch(
      /^The zip entry zeros\.pdf would unpack from \d+ bytes to 200 MB \(more than 100 times its packed size\); such a zip is not unpacked\. Nothing was stored\.$/,
    );
    expect((await compare(token)).json()[0].message).toMatch(/Choose the files to import first/);
  });
});

describe('an import is its owner’s, and applies only what was compared', () => {
  it('answers someone else 404, and a stale comparison 409 with nothing written', async () => {
    const token = await startImport();
    await sendCsv(editor, token, [
      ['title', 'urlName', 'description'],
      [firstSheet.title, firstSheet.slug, 'First wording'],
    ]);
    expect((await compare(token, {}, otherEditor)).statusCode).toBe(404);
    expect((await otherEditor.request('DELETE', `/import-uploads/${token}`)).statusCode).toBe(404);
    const comparison = (await compare(token)).json() as ImportComparison;

    // Meanwhile the store changes what the comparison said.
    const second = await startImport(otherEditor);
    await sendCsv(otherEditor, second, [
      ['title', 'urlName', 'description'],
      [firstSheet.title, firstSheet.slug, 'Second wording'],
    ]);
    const theirs = (await compare(second, {}, otherEditor)).json() as ImportComparison;
    expect((await otherEditor.request('POST', `/import-uploads/${second}/apply`, { digest: theirs.digest })).statusCode).toBe(200);

    const stale = await editor.request('POST', `/import-uploads/${token}/apply`, { digest: comparison.digest });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()[0].message).toMatch(/changed since this comparison was made/);
    const fresh = (await compare(token)).json() as ImportComparison;
    expect(fresh.plan.entries.find((entry) => entry.action === 'change')?.fields).toContainEqual(
      expect.objectContaining({ before: 'Second wording', after: 'First wording' }),
    );
  });

  it('is not for visitors', async () => {
    const visitor = await signInAs(test, 'visitor');
    expect((await visitor.request('POST', '/import-uploads')).statusCode).toBe(403);
  });
});
