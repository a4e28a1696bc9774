import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { unpackZip, ZIP_LIMITS, ZipRefused } from './unzip';

let folder: string;
let target: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'unzip-test-'));
  target = join(folder, 'out');
  await mkdir(target);
});
afterEach(() => rm(folder, { recursive: true, force: true }));

/** Writes a zip of the given entries (name → bytes), compressed as a packer would. */
async function zipOf(entries: Record<string, Buffer | string>, options: { mode?: number } = {}): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(entries)) zip.addBuffer(Buffer.from(bytes), name, options.mode ? { mode: options.mode } : {});
  zip.end();
  const path = join(folder, `zip-${Math.random().toString(36).slice(2)}.zip`);
  await pipeline(zip.outputStream, createWriteStream(path));
  return path;
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ZipRefused);
  return (error as Error).message;
};

describe('unpackZip', () => {
  it('unpacks folders and files as they were packed', async () => {
    const path = await zipOf({ 'export/manifest.json': '{"format":1}', 'export/files/a.pdf': '%PDF-1.4 …' });
    expect(await unpackZip(path, target)).toEqual(['export/manifest.json', 'export/files/a.pdf']);
    expect(await readFile(join(target, 'export/files/a.pdf'), 'utf8')).toBe('%PDF-1.4 …');
  });

  it('refuses a zip bomb by its ratio before unpacking anything', async () => {
    const path = await zipOf({ 'big.bin': Buffer.alloc(50 * 1024 * 1024) });
    expect(await refusal(unpackZip(path, target))).toMatch(/big\.bin would unpack from \d+ bytes to 50 MB \(more than 100 times its packed size\)/);
    expect(await readdir(target)).toEqual([]);
  });

  it('lets a small, well-compressed file through (a manifest)', async () => {
    const path = await zipOf({ 'manifest.json': 'a'.repeat(500_000) });
    expect(await unpackZip(path, target)).toEqual(['manifest.json']);
  });

  it('refuses too many entries and too many bytes, from the directory alone', async () => {
    const many = await zipOf(Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`f${index}.txt`, 'x'])));
    expect(await refusal(unpackZip(many, target, { ...ZIP_LIMITS, entries: 5 }))).toMatch(/has 6 entries; at most 5/);
    const large = await zipOf({ 'a.bin': Buffer.alloc(600), 'b.bin': Buffer.alloc(600) });
    expect(await refusal(unpackZip(large, target, { ...ZIP_LIMITS, totalBytes: 1000 }))).toMatch(/unpacks to more than 0 MB/);
    expect(await readdir(target)).toEqual([]);
  });

  it('refuses an entry whose data is longer than the directory says, and leaves nothing behind', async () => {
    const path = await zipOf({ 'first.txt': 'kept?', 'liar.bin': Buffer.alloc(4096, 7) });
    const bytes = await readFile(path);
    // The central directory's "uncompressed size" of liar.bin, made smaller than its data.
    const central = bytes.lastIndexOf(Buffer.from('liar.bin')) - 46;
    expect(bytes.readUInt32LE(central)).toBe(0x02014b50);
    bytes.writeUInt32LE(100, central + 24);
    await writeFile(path, bytes);
    expect(await refusal(unpackZip(path, target))).toMatch(/liar\.bin|damaged/);
    expect(await readdir(target)).toEqual([]);
  });

  it('refuses names that leave the folder, and links', async () => {
    const escaping = await zipOf({ 'ok.txt': 'x', 'zz/evil.txt': 'x' });
    // Packers refuse such names; a hand-made zip has them: zz/evil.txt becomes ../evil.txt.
    const bytes = await readFile(escaping);
    for (let at = bytes.indexOf('zz/evil'); at !== -1; at = bytes.indexOf('zz/evil', at + 1)) bytes.write('..', at);
    await writeFile(escaping, bytes);
    expect(await refusal(unpackZip(escaping, target))).toMatch(/cannot be read|outside/);
    const link = await zipOf({ link: '/etc/passwd' }, { mode: 0o120777 });
    expect(await refusal(unpackZip(link, target))).toMatch(/link is a link/);
  });

  it('leaves out what packers add beside the files (Finder, Windows)', async () => {
    const path = await zipOf({ 'export/manifest.json': '{}', '__MACOSX/export/._manifest.json': 'x', 'export/.DS_Store': 'x', 'export/Thumbs.db': 'x' });
    expect(await unpackZip(path, target)).toEqual(['export/manifest.json']);
  });

  it('refuses an entry larger than a file of an import may be, however well it compresses', async () => {
    const path = await zipOf({ 'big.pdf': randomBytes(3000) });
    expect(await refusal(unpackZip(path, target, { ...ZIP_LIMITS, entryBytes: 2000 }))).toMatch(
      /big\.pdf unpacks to 0 MB; a file in an import may be at most 0 MB/,
    );
  });

  it('refuses a file that is not a zip', async () => {
    const path = join(folder, 'not.zip');
    await writeFile(path, 'title,description\n');
    expect(await refusal(unpackZip(path, target))).toMatch(/not a zip that can be read/);
  });
});
