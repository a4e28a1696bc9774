/**
 * Unpacks a zip someone uploaded (an export folder, or a CSV with its files) into a folder, with
 * limits that hold against a zip bomb: the number of entries, the total unpacked size and the ratio
 * of each entry's unpacked to packed size are checked from the zip's directory before a byte is
 * unpacked, and the bytes are counted again as they are unpacked (yauzl refuses an entry whose data
 * is longer than its directory says). Names that leave the folder, links and encrypted entries are
 * refused. Every refusal says what was wrong and leaves nothing unpacked.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export interface ZipLimits {
  entries: number;
  /** Bytes of one entry, unpacked: the largest file an import takes. */
  entryBytes: number;
  /** Bytes of all entries together, unpacked. */
  totalBytes: number;
  /** The most an entry may grow when unpacked (unpacked ÷ packed), for entries above `ratioFloorBytes`. */
  ratio: number;
  /** Small entries (a manifest, a CSV) compress far better than documents do, and cannot hurt. */
  ratioFloorBytes: number;
}

export const ZIP_LIMITS: ZipLimits = { entries: 5_000, entryBytes: 50 * 1024 * 1024, totalBytes: 1024 * 1024 * 1024, ratio: 100, ratioFloorBytes: 1024 * 1024 };

/** What packers add beside the files (macOS Finder's resource forks and folder records, Windows' thumbnails): never content. */
const PACKERS_EXTRAS = /(?:^|\/)(?:__MACOSX\/|\._[^/]*$|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

/** A zip that will not be unpacked; the message says why, for the person who sent it. */
export class ZipRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipRefused';
  }
}

const openZip = promisify<string, yauzl.Options, ZipFile>(yauzl.open);
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Unpacks `zipPath` into `folder` (which must exist and be empty); answers the files' paths, relative, with `/`. */
export async function unpackZip(zipPath: string, folder: string, limits: ZipLimits = ZIP_LIMITS): Promise<string[]> {
  let zip: ZipFile;
  try {
    // Not strict about names: a backslash (older Windows packers) is read as a folder; yauzl still refuses absolute names and "..".
    zip = await openZip(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw new ZipRefused(`The file is not a zip that can be read (${reasonOf(error)}).`);
  }
  try {
    const entries = await readDirectory(zip, limits);
    const root = resolve(folder);
    const written: string[] = [];
    try {
      for (const entry of entries) {
        const target = resolve(root, entry.fileName);
        await mkdir(dirname(target), { recursive: true });
        await pipeline(await openEntry(zip, entry), counted(entry), createWriteStream(target, { flags: 'wx' }));
        written.push(entry.fileName);
      }
    } catch (error) {
      await emptyFolder(root);
      if (error instanceof ZipRefused) throw error;
      // A system error (a full disk) is the server's, not the zip's: it is not put to the editor as damage.
      if (typeof (error as { code?: unknown }).code === 'string') throw error;
      throw new ZipRefused(`The zip is damaged (${reasonOf(error)}); pack the folder again and upload the new zip.`);
    }
    return written;
  } finally {
    zip.close();
  }
}

/** The zip's file entries, every limit checked from the directory alone. */
async function readDirectory(zip: ZipFile, limits: ZipLimits): Promise<Entry[]> {
  if (zip.entryCount > limits.entries) {
    throw new ZipRefused(`The zip has ${zip.entryCount} entries; at most ${limits.entries} are accepted. Import the content in parts.`);
  }
  const entries: Entry[] = [];
  let total = 0;
  const names = new Set<string>();
  await new Promise<void>((done, fail) => {
    zip.on('error', (error: unknown) => fail(error instanceof ZipRefused ? error : new ZipRefused(`The zip cannot be read (${reasonOf(error)}).`)));
    zip.on('end', () => done());
    zip.on('entry', (entry: Entry) => {
      try {
        if (!entry.fileName.endsWith('/') && !PACKERS_EXTRAS.test(entry.fileName)) {
          checkEntry(entry, limits);
          total += entry.uncompressedSize;
          if (total > limits.totalBytes)
            throw new ZipRefused(`The zip unpacks to more than ${megabytes(limits.totalBytes)}, the most accepted. Import the content in parts.`);
          const key = entry.fileName.toLowerCase();
          if (names.has(key)) throw new ZipRefused(`The zip holds ${entry.fileName} twice.`);
          names.add(key);
          entries.push(entry);
        }
        zip.readEntry();
      } catch (error) {
        fail(error);
      }
    });
    zip.readEntry();
  });
  return entries;
}

function checkEntry(entry: Entry, limits: ZipLimits): void {
  const name = entry.fileName;
  // yauzl already refuses absolute names and `..`; this says it plainly, should it ever let one by.
  if (name.split('/').some((part) => part === '..' || part === '') || name.startsWith('/'))
    throw new ZipRefused(`The zip entry ${name} points outside the folder; such a zip is not unpacked.`);
  if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw new ZipRefused(`The zip entry ${name} is a link; a zip with links is not unpacked.`);
  if (entry.isEncrypted()) throw new ZipRefused(`The zip entry ${name} is encrypted; pack the folder without a password.`);
  if (!entry.canDecodeFileData()) throw new ZipRefused(`The zip entry ${name} uses a compression this site cannot read; pack it with the usual "deflate".`);
  const packed = Math.max(entry.compressedSize, 1);
  if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize / packed > limits.ratio) {
    throw new ZipRefused(
      `The zip entry ${name} would unpack from ${packed} bytes to ${megabytes(entry.uncompressedSize)} (more than ${limits.ratio} times its packed size); such a zip is not unpacked.`,
    );
  }
  // After the ratio: a bomb is called a bomb.
  if (entry.uncompressedSize > limits.entryBytes)
    throw new ZipRefused(
      `The zip entry ${name} unpacks to ${megabytes(entry.uncompressedSize)}; a file in an import may be at most ${megabytes(limits.entryBytes)}.`,
    );
}

const openEntry = (zip: ZipFile, entry: Entry) =>
  new Promise<NodeJS.ReadableStream>((done, fail) => zip.openReadStream(entry, (error, stream) => (error ? fail(error) : done(stream))));

/** Stops an entry that unpacks to more than its directory said (yauzl checks this too, after the fact). */
function counted(entry: Entry): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      bytes += chunk.length;
      if (bytes > entry.uncompressedSize) next(new ZipRefused(`The zip entry ${entry.fileName} unpacks to more than it declares.`));
      else next(null, chunk);
    },
  });
}

async function emptyFolder(root: string): Promise<void> {
  for (const name of await readdir(root)) await rm(join(root, name), { recursive: true, force: true });
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.\s*$/, '') || 'unknown error';
}
