/**
 * A zip to import: an export folder zipped (manifest.json and the files it names), or a CSV of
 * sheets with its documents and images. The studio's import and `content import <file.zip>` both
 * unpack it (unzip.ts, with its limits) and find what it holds the same way; a zip holding neither
 * is refused saying what a zip export holds.
 */
import { open, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { ManifestError } from './manifest';
import { unpackZip, ZipRefused } from './unzip';

/** What an import's files are: an export folder (the one holding manifest.json) or one CSV, by its path among them. */
export interface ImportSource {
  kind: 'folder' | 'csv';
  /** Relative to the files' folder, with `/`; '.' for the folder itself. */
  path: string;
}

/** Whether a file is a table of sheets an import reads: a CSV, or an Excel workbook (.xlsx). */
export const isTableFile = (name: string): boolean => ['.csv', '.xlsx'].includes(extname(name).toLowerCase());

/**
 * Where the import's files (relative paths, with `/`) hold manifest.json or one table (CSV or .xlsx): at their top,
 * or in the one folder they are all in (a zip of a folder); null when neither.
 */
export function findImportSource(names: string[]): ImportSource | null {
  const tops = new Set(names.map((name) => name.split('/')[0]));
  const prefix = tops.size === 1 && names.every((name) => name.includes('/')) ? `${[...tops][0]}/` : '';
  const inside = names.filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length));
  if (inside.includes('manifest.json')) return { kind: 'folder', path: prefix || '.' };
  const csvs = inside.filter((name) => !name.includes('/') && isTableFile(name));
  return csvs.length === 1 ? { kind: 'csv', path: `${prefix}${csvs[0]}` } : null;
}

/** What a zip to import holds, said when it holds neither. */
export const ZIP_CONTENTS =
  'A zip export holds manifest.json with the images and documents it names beside it (files/media/…, files/assets/…), at its top or in one folder: the studio’s Export zip, or `npm run cli -- content export <folder>` with the folder zipped. A zip of a CSV holds the CSV (one) with the documents and images its rows name.';

/** A zip unpacked to import: where its manifest's folder or its CSV is, and removing what was unpacked. */
export interface UnpackedZip extends ImportSource {
  /** The folder holding manifest.json, or the CSV file: absolute. */
  location: string;
  remove(): Promise<void>;
}

/** Whether the file is a zip by its first bytes (a local file header), whatever it is named. */
export async function isZipFile(path: string): Promise<boolean> {
  const file = await open(path, 'r').catch(() => null);
  if (file === null) return false;
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50;
  } catch {
    // A folder cannot be read as a file: it is not a zip.
    return false;
  } finally {
    await file.close();
  }
}

/**
 * Unpacks a zip into a folder of its own and finds what it holds; refused (a ManifestError, nothing
 * left unpacked) when the zip cannot be unpacked or holds no manifest.json and no CSV.
 */
export async function unpackImportZip(zipPath: string): Promise<UnpackedZip> {
  const folder = await mkdtemp(join(tmpdir(), 'literature-import-zip-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    const source = findImportSource(await unpackZip(zipPath, folder));
    if (source === null) throw new ManifestError(zipPath, [`the zip holds no manifest.json and no CSV of sheets. ${ZIP_CONTENTS}`]);
    return { ...source, location: join(folder, source.path), remove };
  } catch (error) {
    await remove();
    if (error instanceof ZipRefused) throw new ManifestError(zipPath, [error.message]);
    throw error;
  }
}
