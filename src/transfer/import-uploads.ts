/**
 * An import in the studio (docs/studio.md, "Import"). The files come first, one request each, into
 * a folder of the import's own: a CSV (or an Excel workbook of the same rows) with the documents
 * and images its rows name, or one zip of an export folder (or of a CSV with its files), unpacked
 * within limits (transfer/unzip.ts). Every PDF and image is checked as an upload is, and every
 * file is kept only as a type its bytes are. The comparison is then worked out by the same code
 * as `content import --dry-run`; applying works it out again under the editing lock and imports
 * only when it is still the one the editor saw, in one transaction, as one undoable import. An
 * editor's import may not change a site or a content type (an admin's may). Cancelling, applying
 * or an hour untouched removes the folder.
 *
 * The folder is named by a hash of the import's token and records whose import it is, so any
 * server process finds it and only its owner can use it; a lock file in it lets one request at a
 * time work on it, whichever process it reaches.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import type { ContentStore } from '../cms/database';
import { proposeManifest, readContentFolder } from './import-content';
import { prepareCsvImport } from './import-csv';
import { planProposal, type ImportPlan } from './import-plan';
import { applyProposal } from './import-apply';
import type { AppliedImport, ImportProposal } from './import-proposal';
import { ManifestError } from './manifest';
import { unpackZip, ZipRefused } from './unzip';
import { otherSpreadsheetAdvice, XLSX_LIMITS } from './xlsx';
import { findImportSource, isTableFile, ZIP_CONTENTS } from './import-zip';
import { IMPORT_IMAGE_EXTENSIONS } from '../shared/import-files';
import type { Actor } from '../editing/audit';
import type { PdfReader } from '../files/pdf-reader';
import { EditingError } from '../editing/editable';
import { checkImportedFile, declaredTypeProblem, UploadRefused, UPLOAD_LIMITS } from '../files/uploads';
import { unplaced } from '../shared/problems';

export const IMPORT_UPLOAD_LIMITS = {
  /** How long an import's files wait, untouched, for it to be applied. */
  lifetimeMs: 60 * 60 * 1000,
  csvBytes: 20 * 1024 * 1024,
  zipBytes: 200 * 1024 * 1024,
  /** Files chosen beside a CSV. */
  files: 500,
  /** Imports one account has open at once; starting another throws the oldest away. */
  openPerAccount: 3,
  /** A lock older than this was left by a request that died: it no longer holds. */
  staleLockMs: 10 * 60 * 1000,
} as const;

/** `csv`: the table of sheets, a CSV or an Excel workbook (.xlsx). */
export type ImportFileKind = 'csv' | 'zip' | 'document' | 'image';

/** Whether a file is the table of sheets: a CSV, or an Excel workbook read as one. */
const isTable = isTableFile;

/** What a file's name says it is, what it is called and the most it may weigh; null for a file an import does not take. */
export function importFileKind(fileName: string): { kind: ImportFileKind; what: string; maxBytes: number } | null {
  const extension = extname(fileName).toLowerCase();
  if (extension === '.csv') return { kind: 'csv', what: 'CSV', maxBytes: IMPORT_UPLOAD_LIMITS.csvBytes };
  if (extension === '.xlsx') return { kind: 'csv', what: 'Excel workbook', maxBytes: XLSX_LIMITS.fileBytes };
  if (extension === '.zip') return { kind: 'zip', what: 'zip', maxBytes: IMPORT_UPLOAD_LIMITS.zipBytes };
  if (extension === '.pdf') return { kind: 'document', what: 'PDF', maxBytes: UPLOAD_LIMITS.documentBytes };
  if (IMPORT_IMAGE_EXTENSIONS.includes(extension)) return { kind: 'image', what: 'image', maxBytes: UPLOAD_LIMITS.imageBytes };
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

/** Who asks: an editor's import may not change a site or a content type. */
export interface Importer {
  actor: Actor;
  admin: boolean;
}

type PrepareOptions = ImportOptions & { platformSitesSegment: string };

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
const expiryFrom = (now: Date) => new Date(now.getTime() + IMPORT_UPLOAD_LIMITS.lifetimeMs).toISOString();

/** Opens an import for `actor`; clears imports left untouched, and the account's oldest beyond its few. */
export async function startImportUpload(actor: Actor, now = new Date()): Promise<ImportUpload> {
  await sweepImportUploads(now);
  const owner = ownerOf(actor);
  const own = (await listSessions()).filter(({ session }) => session.owner === owner).sort((a, b) => a.session.createdAt.localeCompare(b.session.createdAt));
  for (const { folder } of own.slice(0, Math.max(0, own.length - IMPORT_UPLOAD_LIMITS.openPerAccount + 1))) await rm(folder, { recursive: true, force: true });
  const token = randomBytes(24).toString('base64url');
  const folder = folderOf(token);
  await mkdir(filesOf(folder), { recursive: true });
  const expiresAt = expiryFrom(now);
  await writeSession(folder, { owner, createdAt: now.toISOString(), expiresAt, zipped: false });
  return { token, expiresAt };
}

/**
 * Takes one received file (at `path`, moved from there) into the import as `fileName`: a zip is
 * unpacked and replaces nothing (an import is one zip or a CSV with files, never both); a PDF or
 * an image is checked now, so the editor hears at once what is wrong with it.
 */
export async function addImportFile(
  token: string,
  actor: Actor,
  path: string,
  fileName: string,
  { pdfs, signal }: { pdfs: PdfReader; signal?: AbortSignal },
  now = new Date(),
): Promise<string[]> {
  return withImport(token, actor, now, async (folder, session) => {
    const kind = importFileKind(fileName)?.kind;
    const files = filesOf(folder);
    const present = await listFiles(files);
    if (kind === undefined)
      throw new UploadRefused(
        otherSpreadsheetAdvice(fileName) ?? `${fileName} is not a CSV, an Excel workbook (.xlsx), a zip, a PDF or an image; an import takes only those.`,
      );
    if (session.zipped || (kind === 'zip' && present.length > 0))
      throw new EditingError('A zip is imported on its own: start a new import to choose other files.', 'conflict');
    if (kind === 'csv' && present.some((name) => isTable(name) && name !== fileName))
      throw new EditingError('An import takes one CSV or Excel workbook: start a new import to choose another.', 'conflict');
    if (kind !== 'zip' && present.length >= IMPORT_UPLOAD_LIMITS.files)
      throw new UploadRefused(`An import takes at most ${IMPORT_UPLOAD_LIMITS.files} files beside its CSV; import the rest in another.`);
    if (kind !== 'zip') {
      await checkImportedFile(path, fileName, pdfs, signal);
      await rename(path, join(files, fileName));
      return listFiles(files);
    }
    try {
      await unpackZip(path, files);
      const unpacked = await listFiles(files);
      // All checked at once (the PDF reader reads as many at a time as it may); the first refused, in the zip's order, says why.
      const checked = await Promise.allSettled(unpacked.map((name) => checkImportedFile(join(files, name), name, pdfs, signal)));
      const refused = checked.findIndex((outcome) => outcome.status === 'rejected');
      if (refused >= 0) refuseWithin(unpacked[refused]!, (checked[refused] as PromiseRejectedResult).reason);
      await writeSession(folder, { ...session, zipped: true });
      return unpacked;
    } catch (error) {
      // Nothing of a refused zip stays.
      await rm(files, { recursive: true, force: true });
      await mkdir(files);
      if (error instanceof ZipRefused) throw new UploadRefused(error.message);
      throw error;
    }
  });
}

function refuseWithin(name: string, error: unknown): never {
  if (error instanceof UploadRefused) throw new UploadRefused(`${name} in the zip: ${error.message}`);
  throw error;
}

/** The comparison of what the import's files would do with the store as it is; nothing is written. */
export async function compareImportUpload(db: ContentStore, token: string, by: Importer, options: PrepareOptions, now = new Date()): Promise<ImportComparison> {
  return withImport(token, by.actor, now, async (folder, session) => (await prepare(db, folder, session, by, options)).comparison);
}

/**
 * Applies the import when the store still matches the comparison `digest` named: checked before,
 * and again under the editing lock inside the import's transaction. The folder goes.
 */
export async function applyImportUpload(
  db: ContentStore,
  token: string,
  by: Importer,
  options: PrepareOptions & { digest: string },
  now = new Date(),
): Promise<AppliedImport & { comparison: ImportComparison }> {
  const stale = () =>
    new EditingError(
      'The content changed since this comparison was made (someone edited or imported meanwhile); look at the new comparison and apply again.',
      'conflict',
    );
  return withImport(token, by.actor, now, async (folder, session) => {
    const { prepared, comparison } = await prepare(db, folder, session, by, options);
    if (comparison.digest !== options.digest) throw stale();
    const verify = async (trx: ContentStore) => {
      if ((await compare(trx, prepared, comparison.files, comparison.source, comparison.collectionKey, options)).digest !== options.digest) throw stale();
    };
    const applied = await applyProposal(db, prepared, { actor: by.actor, verify });
    await rm(folder, { recursive: true, force: true });
    return { ...applied, comparison };
  });
}

/** Removes the import's files; an import already gone is not an error. */
export async function cancelImportUpload(token: string, actor: Actor, now = new Date()): Promise<void> {
  if (!existsSync(folderOf(token))) return;
  await withImport(token, actor, now, (folder) => rm(folder, { recursive: true, force: true }));
}

/**
 * Runs `work` on the owner's open import, one request at a time (a lock file, so across server
 * processes too); the import's hour starts again.
 */
async function withImport<T>(token: string, actor: Actor, now: Date, work: (folder: string, session: Session) => Promise<T>): Promise<T> {
  const folder = folderOf(token);
  await readSession(folder, actor, now);
  const lock = join(folder, 'lock');
  try {
    await (await open(lock, 'wx')).close();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') throw notFound();
    const held = await stat(lock).catch(() => null);
    if (held !== null && now.getTime() - held.mtimeMs < IMPORT_UPLOAD_LIMITS.staleLockMs)
      throw new EditingError(
        'This import is busy with another request (a file still arriving, or the import being applied); wait for it, then try again.',
        'conflict',
      );
    await (await open(lock, 'w')).close();
  }
  try {
    // Read again under the lock: the request before may have changed it (a zip) or ended it (applied, cancelled).
    const session = await readSession(folder, actor, now);
    await writeSession(folder, { ...session, expiresAt: expiryFrom(now) });
    return await work(folder, session);
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

async function prepare(
  db: ContentStore,
  folder: string,
  session: Session,
  by: Importer,
  options: PrepareOptions,
): Promise<{ prepared: ImportProposal; comparison: ImportComparison }> {
  const files = filesOf(folder);
  const names = await listFiles(files);
  const source = findImportSource(names);
  if (source === null)
    throw new EditingError(
      names.length === 0
        ? 'Choose the files to import first: a CSV with its documents and images, or a zip of an export folder.'
        : `These files hold no CSV, no Excel workbook and no manifest.json: choose a CSV (or .xlsx) with its documents and images, or a zip of an export folder.${session.zipped ? ` ${ZIP_CONTENTS}` : ''}`,
      'invalid',
    );
  const what = source.kind === 'folder' ? 'The export folder' : source.path;
  const refuse = (problems: string[]) =>
    new EditingError(`${what} cannot be imported (${problems.length} problem${problems.length === 1 ? '' : 's'}); nothing was changed.`, 'invalid', {
      problems: unplaced(problems),
    });
  let prepared: ImportProposal & { collectionKey?: string };
  try {
    prepared =
      source.kind === 'folder'
        ? await readContentFolder(db, join(files, source.path)).then(({ manifest, files: read }) =>
            proposeManifest(db, manifest, read, { removeUnlisted: options.removeUnlisted }),
          )
        : await prepareCsvImport(db, join(files, source.path), {
            collection: options.collection,
            removeUnlisted: options.removeUnlisted,
            platformSitesSegment: options.platformSitesSegment,
            filesByName: !session.zipped,
          });
  } catch (error) {
    if (error instanceof ManifestError) throw refuse(error.problems);
    throw error;
  }
  const problems = await typeProblems(prepared);
  if (problems.length > 0) throw refuse(problems);
  const comparison = await compare(db, prepared, names, source.kind, prepared.collectionKey ?? null, options);
  if (!by.admin) {
    const beyond = comparison.plan.entries.filter((entry) => (entry.kind === 'site' || entry.kind === 'content type') && entry.action !== 'keep');
    if (beyond.length > 0)
      throw refuse(beyond.map((entry) => `${entry.record}: an import would ${entry.action === 'add' ? 'add' : 'change'} it, which only an admin may do`));
  }
  return { prepared, comparison };
}

/** Every file is kept as the type the manifest (or the CSV's file name) declares: its bytes must be that type. */
async function typeProblems({ records, files, sheets, blobs }: ImportProposal): Promise<string[]> {
  const declared = [
    ...records.fileAssets.map((asset) => ({ bytes: files.get(asset.file), mimeType: asset.mimeType, name: asset.fileName })),
    ...records.contents.flatMap((content) =>
      content.media === null ? [] : [{ bytes: files.get(content.media.file), mimeType: content.media.mimeType, name: content.media.fileName }],
    ),
    ...sheets.flatMap(({ target }) =>
      [target.image, target.document].flatMap((file) =>
        file === null ? [] : [{ bytes: blobs.get(file.sha256)?.bytes, mimeType: file.mimeType, name: file.fileName }],
      ),
    ),
  ];
  const problems: string[] = [];
  // The same bytes declared the same type are checked once (an export names a document in several places).
  const checked = new Set<string>();
  for (const { bytes, mimeType, name } of declared) {
    const key = bytes === undefined ? '' : `${createHash('sha256').update(bytes).digest('hex')}:${mimeType}`;
    if (bytes === undefined || checked.has(key)) continue;
    checked.add(key);
    const problem = await declaredTypeProblem(bytes, mimeType);
    if (problem !== null) problems.push(`${name}: ${problem}`);
  }
  return problems;
}

async function compare(
  db: ContentStore,
  prepared: ImportProposal,
  files: string[],
  source: 'csv' | 'folder',
  collectionKey: string | null,
  options: ImportOptions,
): Promise<ImportComparison> {
  const plan = await planProposal(db, prepared);
  const digest = createHash('sha256')
    .update(JSON.stringify([plan, options.removeUnlisted ?? false, collectionKey]))
    .digest('hex');
  return { source, files, plan, digest, collectionKey };
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

/** Written whole or not at all (a file renamed into place), so another process never reads half of it. */
async function writeSession(folder: string, session: Session): Promise<void> {
  const partial = join(folder, `session.${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(partial, JSON.stringify(session));
  await rename(partial, join(folder, 'session.json'));
}

/** An import's record, or null when it has none that can be read (being opened, or left by a crash). */
const readRecord = (folder: string): Promise<Session | null> =>
  readFile(join(folder, 'session.json'), 'utf8').then(
    (text) => JSON.parse(text) as Session,
    () => null,
  );

/** Every open import's folder with its record; a folder without a readable record has `session` null. */
async function listSessions(): Promise<Array<{ folder: string; session: Session }>> {
  if (!existsSync(ROOT)) return [];
  const found: Array<{ folder: string; session: Session }> = [];
  for (const name of await readdir(ROOT)) {
    const folder = join(ROOT, name);
    const session = await readRecord(folder);
    if (session !== null) found.push({ folder, session });
  }
  return found;
}

/**
 * Removes the imports left untouched for an hour, and folders a crash left without their record.
 * Each folder is judged by its own record as it is when its turn comes: one another process opened
 * after this sweep began is live, never taken for a leftover.
 */
export async function sweepImportUploads(now = new Date()): Promise<void> {
  if (!existsSync(ROOT)) return;
  for (const name of await readdir(ROOT)) {
    const folder = join(ROOT, name);
    const session = await readRecord(folder);
    if (session !== null) {
      if (Date.parse(session.expiresAt) <= now.getTime()) await rm(folder, { recursive: true, force: true });
      continue;
    }
    // Without a readable record: one being opened this moment, or one a crash left (old).
    // Another process may be sweeping too: a folder gone meanwhile is fine.
    const modified = await stat(folder).then(
      (found) => found.mtimeMs,
      () => null,
    );
    if (modified !== null && now.getTime() - modified > IMPORT_UPLOAD_LIMITS.lifetimeMs) await rm(folder, { recursive: true, force: true });
  }
}
