/**
 * An import in the studio (docs/studio.md, "Import"). The files come first, one request each, into
 * a folder of the import's own: a CSV with the documents and images its rows name, or one zip of an
 * export folder (or of a CSV with its files), unpacked within limits (transfer/unzip.ts). Every PDF
 * and image is checked as an upload is. The comparison is then worked out by the same code as
 * `content import --dry-run`; applying reads the folder again and imports only when the comparison
 * is still the one the editor saw, in one transaction, as one undoable import. Cancelling, applying
 * or an hour untouched removes the folder.
 *
 * The folder is named by a hash of the import's token and records whose import it is, so any
 * server process finds it and only its owner can use it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import type { ContentStore } from '../cms/database';
import { importManifest, readContentFolder, type ManifestWithFiles } from '../transfer/import-content';
import { prepareCsvImport } from '../transfer/import-csv';
import { planImport, type ImportPlan } from '../transfer/import-plan';
import { ManifestError } from '../transfer/manifest';
import { unpackZip, ZipRefused } from '../transfer/unzip';
import type { Actor } from './audit';
import { EditingError } from './editable';
import { checkImportedFile, IMPORT_IMAGE_EXTENSIONS, UploadRefused, UPLOAD_LIMITS } from './uploads';

export const IMPORT_UPLOAD_LIMITS = {
  /** How long an import's files wait for it to be applied. */
  lifetimeMs: 60 * 60 * 1000,
  csvBytes: 20 * 1024 * 1024,
  zipBytes: 200 * 1024 * 1024,
  /** Files chosen beside a CSV. */
  files: 500,
} as const;

export type ImportFileKind = 'csv' | 'zip' | 'document' | 'image';

/** What a file's name says it is, and the most it may weigh; null for a file an import does not take. */
export function importFileKind(fileName: string): { kind: ImportFileKind; maxBytes: number } | null {
  const extension = extname(fileName).toLowerCase();
  if (extension === '.csv') return { kind: 'csv', maxBytes: IMPORT_UPLOAD_LIMITS.csvBytes };
  if (extension === '.zip') return { kind: 'zip', maxBytes: IMPORT_UPLOAD_LIMITS.zipBytes };
  if (extension === '.pdf') return { kind: 'document', maxBytes: UPLOAD_LIMITS.documentBytes };
  if (IMPORT_IMAGE_EXTENSIONS.has(extension)) return { kind: 'image', maxBytes: UPLOAD_LIMITS.imageBytes };
  return null;
}

export interface ImportUpload {
  token: string;
  expiresAt: string;
}

export interface ImportOptions {
  /** Key or id of the collection a CSV fills; by default the store's only literature collection. */
  collection?: string;
  removeUnlisted?: boolean;
}

export interface ImportComparison {
  /** What was chosen: a CSV (with files) or an export folder. */
  source: 'csv' | 'folder';
  files: string[];
  plan: ImportPlan;
  /** Names this comparison; applying with it imports only if the store has not changed it since. */
  digest: string;
  /** The collection a CSV fills. */
  collectionKey: string | null;
}

interface Session {
  owner: string;
  createdAt: string;
  expiresAt: string;
  /** Whether the files came as one zip. */
  zipped: boolean;
}

const ROOT = join(tmpdir(), 'literature-imports');
const folderOf = (token: string) => join(ROOT, createHash('sha256').update(token).digest('hex'));
const filesOf = (folder: string) => join(folder, 'files');
const notFound = () => new EditingError('This import is no longer open (it was applied, cancelled, or left for over an hour); start it again.', 'not-found');
const ownerOf = (actor: Actor) => actor.id ?? actor.label;

/** Opens an import for `actor`, and clears imports left over an hour untouched. */
export async function startImportUpload(actor: Actor, now = new Date()): Promise<ImportUpload> {
  await sweepExpired(now);
  const token = randomBytes(24).toString('base64url');
  const folder = folderOf(token);
  await mkdir(filesOf(folder), { recursive: true });
  const expiresAt = new Date(now.getTime() + IMPORT_UPLOAD_LIMITS.lifetimeMs).toISOString();
  await writeSession(folder, { owner: ownerOf(actor), createdAt: now.toISOString(), expiresAt, zipped: false });
  return { token, expiresAt };
}

/**
 * Takes one received file (at `path`, moved from there) into the import as `fileName`: a zip is
 * unpacked and replaces nothing (an import is one zip or a CSV with files, never both); a PDF or
 * an image is checked now, so the editor hears at once what is wrong with it.
 */
export async function addImportFile(token: string, actor: Actor, path: string, fileName: string, now = new Date()): Promise<string[]> {
  const folder = folderOf(token);
  const session = await readSession(folder, actor, now);
  const kind = importFileKind(fileName)?.kind;
  const files = filesOf(folder);
  const present = await listFiles(files);
  if (kind === undefined) throw new UploadRefused(`${fileName} is not a CSV, a zip, a PDF or an image; an import takes only those.`);
  if (session.zipped || (kind === 'zip' && present.length > 0))
    throw new EditingError('A zip is imported on its own: start a new import to choose other files.', 'conflict');
  if (kind === 'csv' && present.some((name) => extname(name).toLowerCase() === '.csv' && name !== fileName))
    throw new EditingError('An import takes one CSV: start a new import to choose another.', 'conflict');
  if (kind !== 'zip' && present.length >= IMPORT_UPLOAD_LIMITS.files)
    throw new UploadRefused(`An import takes at most ${IMPORT_UPLOAD_LIMITS.files} files beside its CSV; import the rest in another.`);

  if (kind === 'zip') {
    try {
      await unpackZip(path, files);
    } catch (error) {
      if (error instanceof ZipRefused) throw new UploadRefused(error.message);
      throw error;
    }
    const unpacked = await listFiles(files);
    try {
      for (const name of unpacked) await checkImportedFile(join(files, name), name).catch((error: unknown) => refuseWithin(name, error));
    } catch (error) {
      await rm(files, { recursive: true, force: true });
      await mkdir(files);
      throw error;
    }
    await writeSession(folder, { ...session, zipped: true });
    return unpacked;
  }
  await checkImportedFile(path, fileName);
  await rename(path, join(files, fileName));
  return listFiles(files);
}

function refuseWithin(name: string, error: unknown): never {
  if (error instanceof UploadRefused) throw new UploadRefused(`${name} in the zip: ${error.message}`);
  throw error;
}

/** The comparison of what the import's files would do with the store as it is; nothing is written. */
export async function compareImportUpload(
  db: ContentStore,
  token: string,
  actor: Actor,
  options: ImportOptions & { platformSitesSegment: string },
  now = new Date(),
): Promise<ImportComparison> {
  const folder = folderOf(token);
  const session = await readSession(folder, actor, now);
  return (await prepare(db, folder, session, options)).comparison;
}

/** Applies the import when the store still matches the comparison `digest` named; the folder goes. */
export async function applyImportUpload(
  db: ContentStore,
  token: string,
  actor: Actor,
  options: ImportOptions & { platformSitesSegment: string; digest: string },
  now = new Date(),
): Promise<{ importId: string; comparison: ImportComparison }> {
  const folder = folderOf(token);
  const session = await readSession(folder, actor, now);
  const { prepared, comparison } = await prepare(db, folder, session, options);
  if (comparison.digest !== options.digest)
    throw new EditingError(
      'The content changed since this comparison was made (someone edited or imported meanwhile); look at the new comparison and apply again.',
      'conflict',
    );
  const { importId } = await importManifest(db, prepared.manifest, prepared.files, { actor, removeUnlisted: options.removeUnlisted ?? false });
  await rm(folder, { recursive: true, force: true });
  return { importId, comparison };
}

/** Removes the import's files; an import already gone is not an error. */
export async function cancelImportUpload(token: string, actor: Actor, now = new Date()): Promise<void> {
  const folder = folderOf(token);
  if (!existsSync(folder)) return;
  await readSession(folder, actor, now);
  await rm(folder, { recursive: true, force: true });
}

async function prepare(
  db: ContentStore,
  folder: string,
  session: Session,
  options: ImportOptions & { platformSitesSegment: string },
): Promise<{ prepared: ManifestWithFiles; comparison: ImportComparison }> {
  const files = filesOf(folder);
  const names = await listFiles(files);
  const source = findSource(names);
  if (source === null)
    throw new EditingError(
      names.length === 0
        ? 'Choose the files to import first: a CSV with its documents and images, or a zip of an export folder.'
        : `These files hold no CSV and no manifest.json: choose a CSV with its documents and images, or a zip of an export folder.`,
      'invalid',
    );
  try {
    if (source.kind === 'folder') {
      const prepared = await readContentFolder(db, join(files, source.path));
      return { prepared, comparison: await compare(db, prepared, names, 'folder', null, options) };
    }
    const prepared = await prepareCsvImport(db, join(files, source.path), {
      collection: options.collection,
      removeUnlisted: options.removeUnlisted,
      platformSitesSegment: options.platformSitesSegment,
      filesByName: !session.zipped,
    });
    return { prepared, comparison: await compare(db, prepared, names, 'csv', prepared.collectionKey, options) };
  } catch (error) {
    if (error instanceof ManifestError) {
      const what = source.kind === 'folder' ? 'The export folder' : source.path;
      throw new EditingError(
        `${what} cannot be imported (${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}); nothing was changed.`,
        'invalid',
        {
          problems: error.problems,
        },
      );
    }
    throw error;
  }
}

async function compare(
  db: ContentStore,
  prepared: ManifestWithFiles,
  files: string[],
  source: 'csv' | 'folder',
  collectionKey: string | null,
  options: ImportOptions,
): Promise<ImportComparison> {
  const plan = await planImport(db, prepared.manifest, prepared.files, { removeUnlisted: options.removeUnlisted ?? false });
  const digest = createHash('sha256')
    .update(JSON.stringify([plan, options.removeUnlisted ?? false, collectionKey]))
    .digest('hex');
  return { source, files, plan, digest, collectionKey };
}

/**
 * Where the content is: a manifest.json (an export folder) or one CSV, at the top or in the one
 * folder the zip holds.
 */
function findSource(names: string[]): { kind: 'folder' | 'csv'; path: string } | null {
  const tops = new Set(names.map((name) => name.split('/')[0]));
  const prefix = tops.size === 1 && names.every((name) => name.includes('/')) ? `${[...tops][0]}/` : '';
  const inside = names.filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length));
  if (inside.includes('manifest.json')) return { kind: 'folder', path: prefix || '.' };
  const csvs = inside.filter((name) => !name.includes('/') && extname(name).toLowerCase() === '.csv');
  return csvs.length === 1 ? { kind: 'csv', path: `${prefix}${csvs[0]}` } : null;
}

/** Files under `folder`, relative, with `/`. */
async function listFiles(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

async function readSession(folder: string, actor: Actor, now: Date): Promise<Session> {
  let session: Session;
  try {
    session = JSON.parse(await readFile(join(folder, 'session.json'), 'utf8')) as Session;
  } catch {
    throw notFound();
  }
  // Someone else's import is as good as none: its token says nothing about whether it exists.
  if (session.owner !== ownerOf(actor)) throw notFound();
  if (Date.parse(session.expiresAt) <= now.getTime()) {
    await rm(folder, { recursive: true, force: true });
    throw notFound();
  }
  return session;
}

const writeSession = (folder: string, session: Session) => writeFile(join(folder, 'session.json'), JSON.stringify(session));

async function sweepExpired(now: Date): Promise<void> {
  if (!existsSync(ROOT)) return;
  for (const name of await readdir(ROOT)) {
    const folder = join(ROOT, name);
    const expired = await readFile(join(folder, 'session.json'), 'utf8')
      .then((text) => Date.parse((JSON.parse(text) as Session).expiresAt) <= now.getTime())
      // A folder without its record is left from a crash: gone once it is older than an import lives.
      .catch(async () => now.getTime() - (await stat(folder)).mtimeMs > IMPORT_UPLOAD_LIMITS.lifetimeMs);
    if (expired) await rm(folder, { recursive: true, force: true });
  }
}
