/**
 * Imports a content manifest (manifest.ts) into the store: every record and file is checked first
 * and every problem reported; then the manifest becomes a proposal (import-proposal.ts): its sheets
 * as they would be, put on the site through the editing engine, and its other records written as
 * they are, all in one transaction, so a failure leaves the store as it was. Records are keyed by
 * their natural keys (content key, collection key, asset and version, site and record id), so
 * importing the same content twice changes nothing the second time. The content version triggers
 * invalidate every cache when the transaction commits.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { ContentStore } from '../cms/database';
import { LABEL_LANGUAGE, LITERATURE_CONTENT_TYPE } from '../cms/content-types';
import { findSheetType } from '../cms/repositories/content-types';
import { mergedContentType, storedFieldsOf, type ContentType } from '../content-model/definition';
import { findValueProblems, sharedFieldNames, withValuesRead, type ValueProblem } from '../content-model/sheet-values';
import { sheetLimitProblems } from '../sheet/limits';
import { findCollectionIdByKey, listAllCollections, listCollectionContentIds } from '../cms/repositories/collections';
import { findContentIdsByKeys, listAllContents, listStoredContentTypes, listStoredTranslations } from '../cms/repositories/contents';
import { listSeoAliases } from '../cms/repositories/seo-records';
import { listSites } from '../cms/repositories/sites';
import { readStoredBody } from '../cms/stored-json';
import { findOffSiteSheet } from '../cms/repositories/editing';
import { commandLineActor, type Actor } from '../editing/audit';
import { publishedSheet, storedDocument, storedImage } from '../editing/sheet-state';
import { typeChangeProblems } from '../editing/content-types';
import { documentOfPath, referencesOf, sheetOfRecords, sheetSeoOf, type SheetRecords } from '../sheet/body';
import { documentSetOf } from '../sheet/documents';
import type { SheetDocument } from '../sheet/shape';
import { applyProposal } from './import-apply';
import type { AppliedImport, ImportOptions, ImportProposal, ManifestFiles, ProposedFile, ProposedSheet } from './import-proposal';
import { ManifestError, readManifest, siteSlots, urlNameSlot, type KnownRecords, type Manifest, type ManifestSeoRecord } from './manifest';
import { problemLine, problemLines } from '../shared/problems';

export interface ImportProgress {
  onProgress?: (done: number, total: number) => void;
}

export interface ImportSummary extends AppliedImport {
  sites: number;
  contents: number;
  fileAssets: number;
  collections: number;
  seoRecords: number;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function knownRecords(db: ContentStore): Promise<KnownRecords> {
  const [sites, types, contents, collections, aliases] = await Promise.all([
    listSites(db),
    listStoredContentTypes(db),
    listAllContents(db),
    listAllCollections(db),
    listSeoAliases(db),
  ]);
  return {
    siteIds: new Set(sites.map((site) => site.id)),
    contentTypes: new Set(types.map((type) => type.fullyQualifiedName)),
    contentKeys: new Set(contents.map((row) => row.content_key)),
    keyOfContentId: new Map(contents.map((row) => [row.id, row.content_key])),
    keyOfContentUrlName: new Map(contents.map((row) => [urlNameSlot(row.site_id, row.url_name), row.content_key])),
    keyOfCollectionId: new Map(collections.map((row) => [row.id, row.collection_key])),
    siteOfUniqueValue: new Map(sites.flatMap((site) => siteSlots(site).map((value) => [value, site.id] as const))),
    recordOfAlias: new Map(aliases.map((alias) => [urlNameSlot(alias.siteId, alias.urlAlias), alias.recordId])),
  };
}

export interface ManifestWithFiles {
  manifest: Manifest;
  files: ManifestFiles;
}

/** Reads and checks `<folder>/manifest.json` (or the manifest file named) and the files beside it. */
export async function readContentFolder(db: ContentStore, location: string): Promise<ManifestWithFiles> {
  const manifestPath = existsSync(location) && statSync(location).isDirectory() ? join(location, 'manifest.json') : location;
  const folder = resolve(dirname(manifestPath));
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    throw new ManifestError(manifestPath, [`(manifest): cannot be read as JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
  const manifest = readManifest(json, manifestPath, await knownRecords(db));
  const files = new Map<string, Buffer>();
  const problems: string[] = [];
  const referenced = [
    ...manifest.contents.flatMap((content, index) => (content.media ? [{ path: `contents[${index}].media`, ...content.media }] : [])),
    ...manifest.fileAssets.map((asset, index) => ({ path: `fileAssets[${index}]`, ...asset })),
  ];
  for (const { path, file, sha256: expected } of referenced) {
    const absolute = resolve(folder, file);
    if (!absolute.startsWith(folder + sep)) {
      problems.push(`${path}.file: must stay inside the manifest's folder`);
      continue;
    }
    if (!existsSync(absolute)) {
      problems.push(`${path}.file: ${file} does not exist`);
      continue;
    }
    const bytes = readFileSync(absolute);
    if (sha256(bytes) !== expected) problems.push(`${path}.sha256: does not match the bytes of ${file}`);
    files.set(file, bytes);
  }
  if (problems.length > 0) throw new ManifestError(manifestPath, problems);
  return { manifest, files };
}

/** Reads, checks and imports a folder. */
export async function importContentFolder(db: ContentStore, location: string, run: ImportProgress & ImportOptions = {}): Promise<ImportSummary> {
  const { manifest, files } = await readContentFolder(db, location);
  return importManifest(db, manifest, files, run);
}

/** Works out and applies a checked manifest and its files, all or nothing. */
export async function importManifest(
  db: ContentStore,
  manifest: Manifest,
  files: ManifestFiles,
  { onProgress, actor = commandLineActor(), ...options }: ImportProgress & ImportOptions & { actor?: Actor } = {},
): Promise<ImportSummary> {
  const proposal = await proposeManifest(db, manifest, files, options);
  const applied = await applyProposal(db, proposal, { actor, onProgress });
  return {
    ...applied,
    sites: manifest.sites.length,
    contents: manifest.contents.length,
    fileAssets: manifest.fileAssets.length,
    collections: manifest.collections.length,
    seoRecords: manifest.seoRecords.length,
  };
}

/**
 * What importing a manifest would do: each literature sheet it carries as the sheet it would
 * become (its texts in the languages the file carries, the rest as stored; the image content and
 * the document its body refers to, from the file or the store; its SEO record; the collection
 * that lists it; its dates), and the other records as they are.
 */
/**
 * The sheet type once the manifest is in: the store's, with what the manifest brings of it merged
 * over it (content-model/definition.ts mergedContentType: an import never drops a field).
 */
async function sheetTypeOf(db: ContentStore, manifest: Manifest): Promise<ContentType> {
  const stored = await findSheetType(db);
  const brought = manifest.contentTypes.find((type) => type.fullyQualifiedName === LITERATURE_CONTENT_TYPE);
  if (brought === undefined) return stored;
  const read = mergedContentType(stored, brought, LABEL_LANGUAGE);
  // Held to the rules an admin's change is held to: nothing its sheets' values depend on changes.
  const problems = 'problems' in read ? read.problems : typeChangeProblems(stored, read.type);
  if (problems.length > 0) throw new ManifestError(`contentTypes (${LITERATURE_CONTENT_TYPE})`, problemLines(problems));
  return (read as { type: ContentType }).type;
}

export async function proposeManifest(db: ContentStore, manifest: Manifest, files: ManifestFiles, options: ImportOptions = {}): Promise<ImportProposal> {
  const storedIds = await findContentIdsByKeys(
    db,
    manifest.contents.map((content) => content.contentKey),
  );
  const sheetType = await sheetTypeOf(db, manifest);
  const shared = sharedFieldNames(sheetType);
  const contentOfKey = new Map(manifest.contents.map((content) => [content.contentKey, content]));
  const collectionOfKey = new Map<string, string>();
  for (const collection of manifest.collections) {
    const id = (await findCollectionIdByKey(db, collection.collectionKey)) ?? collection.id;
    for (const key of collection.items) if (!collectionOfKey.has(key)) collectionOfKey.set(key, id);
  }
  const blobs = new Map<string, ProposedFile>();
  const usedSeo = new Set<ManifestSeoRecord>();
  const bytesOf = (file: string) => {
    const bytes = files.get(file);
    if (bytes === undefined) throw new ManifestError('(files)', [`${file}: is named but was not supplied`]);
    return bytes;
  };

  const imageOf = async (siteId: string, key: string): Promise<SheetRecords['image']> => {
    const content = contentOfKey.get(key);
    if (content === undefined || content.media === null) return storedImage(db, siteId, key);
    const bytes = bytesOf(content.media.file);
    blobs.set(content.media.sha256, { bytes, mimeType: content.media.mimeType, text: null });
    const altTexts = Object.fromEntries(
      content.translations.flatMap((translation) => (typeof translation.body.altText === 'string' ? [[translation.language, translation.body.altText]] : [])),
    );
    return {
      contentId: storedIds.get(key) ?? content.id,
      contentKey: key,
      urlName: content.urlName,
      sha256: content.media.sha256,
      fileName: content.media.fileName,
      mimeType: content.media.mimeType,
      byteSize: bytes.length,
      width: content.media.width,
      height: content.media.height,
      altTexts,
    };
  };
  const documentOf = async (path: string): Promise<SheetDocument | null> => {
    const linked = documentOfPath(path);
    const asset =
      linked === null ? undefined : manifest.fileAssets.find((candidate) => candidate.assetId === linked.assetId && candidate.version === linked.version);
    if (asset === undefined) return storedDocument(db, path);
    const bytes = bytesOf(asset.file);
    blobs.set(asset.sha256, { bytes, mimeType: asset.mimeType, text: undefined });
    return { assetId: asset.assetId, version: asset.version, sha256: asset.sha256, fileName: asset.fileName, mimeType: asset.mimeType, byteSize: bytes.length };
  };

  const sheets: ProposedSheet[] = [];
  const problems: string[] = [];
  for (const [index, content] of manifest.contents.entries()) {
    if (content.type !== LITERATURE_CONTENT_TYPE) continue;
    if (!storedIds.has(content.contentKey)) {
      const offSite = await findOffSiteSheet(db, content.siteId, { contentKey: content.contentKey, urlName: content.urlName });
      if (offSite !== undefined) {
        problems.push(
          `contents[${index}]: the sheet "${offSite.label}" is ${offSite.inTrash ? 'in the trash: restore it first' : 'not on the site (a draft, or taken off it): publish it in the studio first'}, or leave it out of the file`,
        );
        continue;
      }
    }
    const id = storedIds.get(content.contentKey) ?? content.id;
    const base = storedIds.has(content.contentKey) ? await publishedSheet(db, id) : null;
    // The languages the file does not carry stay as stored.
    const carried = new Set(content.translations.map((translation) => translation.language));
    const kept = base === null ? [] : (await listStoredTranslations(db, [id])).filter((row) => !carried.has(row.language));
    const translations = [
      ...content.translations.map(({ language, title, body }) => ({ language, title, body })),
      ...kept.map((row) => ({
        language: row.language,
        title: row.title,
        body: readStoredBody(row.body, `content ${content.contentKey} (${row.language})`) ?? {},
      })),
    ];
    const { imageKey, documentPath, documentEntries } = referencesOf(translations, content.primaryLanguage);
    const dates = {
      updatedAt: content.updatedAt,
      publishedAt: Object.fromEntries(content.translations.map((translation) => [translation.language, translation.publishedAt])),
    };
    const seo = manifest.seoRecords.find((record) => record.siteId === content.siteId && (record.recordId === content.id || record.recordId === id));
    if (seo !== undefined) usedSeo.add(seo);
    const target = sheetOfRecords(
      {
        content: {
          id,
          contentKey: content.contentKey,
          siteId: content.siteId,
          urlName: content.urlName,
          primaryLanguage: content.primaryLanguage,
          createdAt: base?.createdAt ?? content.createdAt,
        },
        translations,
        image: imageKey === null ? null : await imageOf(content.siteId, imageKey),
        ...(await documentSetOf(documentPath, documentEntries, documentOf)),
        seo: seo === undefined ? (base?.seo ?? null) : sheetSeoOf(seo),
        collectionId: collectionOfKey.get(content.contentKey) ?? base?.collectionId ?? null,
      },
      shared,
    );
    // Its values read as the studio reads them (content-model/values.ts), and held to the limits a save is.
    const read = withValuesRead(sheetType, target, { shared: null });
    problems.push(...valuePlaces(index, content, findValueProblems(sheetType, read, base ?? undefined)));
    problems.push(...sheetLimitProblems(read).map((problem) => `contents[${index}] (content ${content.contentKey}): ${problemLine(problem)}`));
    sheets.push({ id, base, target: read, dates });
  }
  if (problems.length > 0) throw new ManifestError('(manifest)', problems);
  // One at a time: a large collection's sheets spread into push would overflow the stack.
  if (options.removeUnlisted) for (const sheet of await unlistedSheets(db, manifest, sheets)) sheets.push(sheet);

  // Image contents and documents are written as the file has them (other fields, dates), and the
  // sheets that show them find them as they need them.
  return {
    records: {
      ...manifest,
      contentTypes: manifest.contentTypes.map((type) =>
        type.fullyQualifiedName === LITERATURE_CONTENT_TYPE ? { ...type, fields: storedFieldsOf(sheetType, LABEL_LANGUAGE) as typeof type.fields } : type,
      ),
      contents: manifest.contents.filter((content) => content.type !== LITERATURE_CONTENT_TYPE),
      seoRecords: manifest.seoRecords.filter((record) => !usedSeo.has(record)),
    },
    files,
    sheets,
    blobs,
    removeUnlisted: options.removeUnlisted ?? false,
    notes: [],
  };
}

/**
 * A sheet's value problems at their places in the manifest: the body of the language the value is
 * read from (a shared value, the primary language's), as the file's other problems are named.
 */
function valuePlaces(index: number, content: Manifest['contents'][number], found: ValueProblem[]): string[] {
  return found.map(({ language, problem }) => {
    const from = language ?? content.primaryLanguage;
    const position = content.translations.findIndex((translation) => translation.language === from);
    const record = `(content ${content.contentKey}, ${from})`;
    return position < 0
      ? `contents[${index}] ${record}: ${problemLine(problem)}`
      : `contents[${index}].translations[${position}].body.${problemLine(problem)} ${record}`;
  });
}

/** The sheets a collection holds and the file does not list, taken off it (they stay in the store). */
async function unlistedSheets(db: ContentStore, manifest: Manifest, proposed: ProposedSheet[]): Promise<ProposedSheet[]> {
  const taken: ProposedSheet[] = [];
  for (const collection of manifest.collections) {
    const id = await findCollectionIdByKey(db, collection.collectionKey);
    if (id === undefined) continue;
    const listed = new Set(collection.items);
    for (const contentId of await listCollectionContentIds(db, id)) {
      if (proposed.some((sheet) => sheet.id === contentId) || taken.some((sheet) => sheet.id === contentId)) continue;
      const base = await publishedSheet(db, contentId);
      if (base === null || listed.has(base.contentKey) || base.collectionId !== id) continue;
      taken.push({ id: contentId, base, target: { ...base, collectionId: null } });
    }
  }
  return taken;
}
