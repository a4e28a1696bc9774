/**
 * CSV import for the simple case: one row per literature sheet (and language) into one collection.
 * Each CSV sheet becomes the sheet it would make of the stored one (import-proposal.ts), and goes
 * through the same checked, all-or-nothing import as a folder does, onto the site through the
 * editing engine. A row for a sheet the store has changes only what its cells carry: its other
 * languages, its image and its place in the collection stay. New sheets join the collection at the
 * end. A sheet's topics are the sheet's, and must be topics of the site. Ids and keys derive from
 * the site and each sheet's URL name (or the key the row gives), and a file is known by its bytes,
 * so importing the same file again (or an export of the store) changes nothing.
 */
import { createHash } from 'node:crypto';
import { factsOfNextRevision } from '../sheet/documents';
import { CHANNEL_ID_PREFIX, COMMUNITY_ID_PREFIX, MANAGED_CONTENT_ID_PREFIX, SITE_ID_PREFIX } from '../shared/constants';
import { contentKeyFromBytes, idFromBytes } from '../shared/ids';
import { checkValue } from '../shared/schema/check';
import { urlNameOf } from '../shared/url-name';
import { fileAssetPath } from '../shared/urls';
import { IMAGE_TYPE, LITERATURE_CONTENT_TYPE, LITERATURE_SHEET_TYPE } from '../cms/content-types';
import type { ContentStore } from '../cms/database';
import { listCollectionItemKeys, listCollectionsOfType, listStoredCollectionTranslations } from '../cms/repositories/collections';
import { listContentsByKeys, listContentsByUrlNames } from '../cms/repositories/contents';
import { findDraft, findOffSiteSheet, findTrashed, type OffSiteSheet } from '../cms/repositories/editing';
import { listFileAssetVersions } from '../cms/repositories/files';
import { listSites } from '../cms/repositories/sites';
import { listTopics } from '../cms/repositories/topics';
import { findSheetType } from '../cms/repositories/content-types';
import { commandLineActor, type Actor } from '../editing/audit';
import { publishedSheet } from '../editing/sheet-state';
import { documentOfPath } from '../sheet/body';
import { SheetStateSchema, type SheetState } from '../sheet/shape';
import { sheetLimitProblems } from '../sheet/limits';
import { knownRecords, type ImportProgress } from './import-content';
import { applyProposal } from './import-apply';
import type { AppliedImport, ImportOptions, ImportProposal, ProposedFile, ProposedSheet } from './import-proposal';
import {
  ManifestError,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type Manifest,
  type ManifestCollection,
  type ManifestFileAsset,
  type ManifestSite,
} from './manifest';
import { fileNameOf, readCsvSheets, type CsvFile, type CsvImage, type CsvReadOptions, type CsvSheet, type CsvTranslation } from './csv-sheets';
import { unknownTopicProblems } from './csv-topics';
import { problemLine, problemLines } from '../shared/problems';

export interface CsvImportOptions extends ImportOptions, Omit<CsvReadOptions, 'type'> {
  /** Key or id of the collection to fill; by default the store's only literature collection. */
  collection?: string;
  /** Title of the collection to create when the store has none. */
  newCollectionTitle?: string;
  platformSitesSegment: string;
  now?: Date;
}

export interface PreparedCsvImport extends ImportProposal {
  collectionKey: string;
  /** Sheets the collection holds and the file does not list: taken off it with removeUnlisted. */
  unlisted: number;
}

export interface CsvImportSummary extends AppliedImport {
  collectionKey: string;
  /** Sheets that were in the collection before and are not any more. */
  removedFromCollection: number;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest();
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Reads, checks and imports a CSV (prepareCsvImport, then applyProposal). */
export async function importCsvFile(
  db: ContentStore,
  csvPath: string,
  options: CsvImportOptions,
  { onProgress, actor = commandLineActor(), bypassReview = false }: ImportProgress & { actor?: Actor; bypassReview?: boolean } = {},
): Promise<CsvImportSummary> {
  const prepared = await prepareCsvImport(db, csvPath, options);
  const applied = await applyProposal(db, prepared, { actor, onProgress, bypassReview });
  return { ...applied, collectionKey: prepared.collectionKey, removedFromCollection: options.removeUnlisted ? prepared.unlisted : 0 };
}

/** Reads and checks a CSV against the store, and works out each sheet as the import would leave it. */
export async function prepareCsvImport(db: ContentStore, csvPath: string, options: CsvImportOptions): Promise<PreparedCsvImport> {
  // Its columns are the sheet type's as the store defines it now.
  const read = await readCsvSheets(csvPath, { ...options, type: await findSheetType(db) });
  const { sheets } = read;
  const now = options.now ?? new Date();
  const target = await findTarget(db, csvPath, options, sheets, now.toISOString());
  const { site, collection } = target;
  const problems = [...read.problems, ...resolveLanguages(sheets, site)];
  const stored = await findStoredSheets(db, site.id, sheets, problems);
  // Topics the site has (none, when the import makes the site): the editing model refuses others too.
  const taxonomy = new Set((await listTopics(db, site.id)).map((topic) => topic.slug));
  problems.push(
    ...unknownTopicProblems(
      sheets.map((sheet) => sheet.topics),
      taxonomy,
    ),
  );

  const files = createSheetFiles(db, options.platformSitesSegment, now);
  const proposed: ProposedSheet[] = [];
  for (const sheet of sheets) {
    const base = stored.get(sheet) ?? null;
    const built = await sheetOfRows(sheet, base, { site: site.id, collectionId: collection.id, now, files, problems });
    if (built === null) continue;
    // A new sheet's id comes from its name: one of that id off the site (renamed since) is not made anew.
    const offSite = base === null ? await offSiteById(db, built.id) : undefined;
    if (offSite !== undefined) problems.push(offSiteProblem(sheet.line, offSite));
    else proposed.push({ id: built.id, base, target: built });
  }
  if (problems.length > 0) throw new ManifestError(csvPath, problems);

  // The collection keeps its sheets where they are; new ones join at the end.
  const previous = (await listCollectionItemKeys(db, collection.id)).map((row) => row.contentKey);
  const listed = new Set(proposed.map((sheet) => sheet.target.contentKey));
  const kept = options.removeUnlisted ? previous.filter((key) => listed.has(key)) : previous;
  const items = [...kept, ...proposed.map((sheet) => sheet.target.contentKey).filter((key) => !previous.includes(key))];
  const unlisted = previous.filter((key) => !listed.has(key));
  if (options.removeUnlisted) {
    for (const row of await listContentsByKeys(db, unlisted)) {
      const base = await publishedSheet(db, row.id);
      if (base !== null && base.collectionId === collection.id) proposed.push({ id: row.id, base, target: { ...base, collectionId: null } });
    }
  }
  const known = await knownRecords(db);
  return {
    records: {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      exportedAt: now.toISOString(),
      sites: target.newSite ? [site] : [],
      contentTypes: [LITERATURE_SHEET_TYPE, IMAGE_TYPE].filter((type) => !known.contentTypes.has(type.fullyQualifiedName)) as Manifest['contentTypes'],
      contents: [],
      fileAssets: files.languageDocuments,
      collections: [{ ...collection, items }],
      seoRecords: [],
    },
    files: files.byPath,
    sheets: proposed,
    blobs: files.blobs,
    removeUnlisted: options.removeUnlisted ?? false,
    notes: read.notes,
    collectionKey: collection.collectionKey,
    unlisted: unlisted.length,
  };
}

interface RowsContext {
  site: string;
  collectionId: string;
  now: Date;
  files: SheetFiles;
  problems: string[];
}

/**
 * The sheet a CSV sheet's rows make of the stored one (or of nothing): only the cells the rows
 * fill change it; its other languages, image, document and place stay. A new sheet's rows take
 * what their own cells leave empty from its first row (the site's default language leads).
 */
async function sheetOfRows(sheet: CsvSheet, base: SheetState | null, context: RowsContext): Promise<SheetState | null> {
  const { files, problems } = context;
  const first = sheet.translations[0]!;
  const key = base?.contentKey ?? sheet.key ?? contentKeyFromBytes(hashOf(`csv-sheet:${context.site}:${sheet.urlName}`));
  let state: SheetState = base ?? {
    id: idFromBytes(MANAGED_CONTENT_ID_PREFIX, hashOf(`csv-id:${key}`)),
    contentKey: key,
    siteId: context.site,
    urlName: sheet.urlName,
    primaryLanguage: first.language,
    createdAt: context.now.toISOString(),
    collectionId: context.collectionId,
    translations: {},
    image: null,
    document: null,
    seo: null,
  };
  state = structuredClone(state);
  if (base !== null && sheet.urlNameGiven) state.urlName = sheet.urlName;
  state.collectionId = context.collectionId;

  // The image first: the rows' alternative texts are about the image they end with.
  if (sheet.image !== null) state = await files.withImage(state, sheet.image, problems);
  // The primary language's row comes first: the sheet's document is its document.
  const rows = [...sheet.translations].sort((a, b) => Number(b.language === state.primaryLanguage) - Number(a.language === state.primaryLanguage));
  const primary = rows.find((row) => row.language === state.primaryLanguage);
  // A new image's words in the primary language come from another row when its own has none.
  const newImage = state.image !== null && state.image.sha256 !== base?.image?.sha256;
  const firstAltText = newImage ? (rows.find((row) => row.imageAlt !== '')?.imageAlt ?? '') : '';
  for (const row of rows) {
    const was = state.translations[row.language];
    const inherited = base === null && row !== first ? state.translations[first.language] : undefined;
    const title = row.title || was?.title || '';
    if (title === '') {
      problems.push(`line ${row.line}, title: ${base === null ? 'a new sheet needs a title' : `a new translation (${row.language}) needs a title`}`);
      continue;
    }
    let url = row.url ?? was?.url ?? inherited?.url ?? '';
    if (row.document !== null) {
      const placed =
        row === primary ? await files.withDocument(state, row.document, problems) : await files.languageDocument(state, row, row.document, problems);
      state = placed.state;
      url = placed.url ?? was?.url ?? '';
    }
    const imageAlt = row.imageAlt || was?.imageAlt || (row === primary ? firstAltText : '');
    const extra = { ...was?.extra, ...row.values };
    state.translations[row.language] = {
      ...(was ?? {}),
      title,
      description: row.description || was?.description || inherited?.description || '',
      url,
      imageAlt,
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
    };
  }
  for (const [name, given] of Object.entries(sheet.values)) state.values = { ...state.values, [name]: given.value };
  if (sheet.topics !== null) {
    if (sheet.topics.slugs.length > 0) state.topics = sheet.topics.slugs;
    else delete state.topics;
  }
  // Words for an image there is not: the site keeps none (and would read them back as none).
  if (state.image === null) for (const texts of Object.values(state.translations)) texts.imageAlt = '';
  if (sheet.image !== null && state.image !== null && (state.translations[state.primaryLanguage]?.imageAlt ?? '') === '')
    problems.push(`line ${sheet.line}, imageAlt: a sheet with an image needs its alternative text (what the image shows)`);
  // Checked as the editing model checks a sheet, once the rows' own problems are out of the way.
  if (problems.length > 0) return null;
  const checked = checkValue<SheetState>(SheetStateSchema, state, `line ${sheet.line}`);
  // …and held to the limits a stored body keeps, as a save is (a body of many long cells can be too large).
  const beyond = checked.problems.length > 0 ? [] : sheetLimitProblems(state).map((problem) => `line ${sheet.line}, ${problemLine(problem)}`);
  if (checked.problems.length > 0 || beyond.length > 0) {
    problems.push(...problemLines(checked.problems), ...beyond);
    return null;
  }
  return state;
}

/** The files a CSV's sheets end with: their bytes (kept by digest), and the documents of a language. */
interface SheetFiles {
  blobs: Map<string, ProposedFile>;
  byPath: Map<string, Buffer>;
  languageDocuments: ManifestFileAsset[];
  withImage(state: SheetState, image: CsvImage, problems: string[]): Promise<SheetState>;
  withDocument(state: SheetState, file: CsvFile, problems: string[]): Promise<{ state: SheetState; url: string | null }>;
  languageDocument(state: SheetState, row: CsvTranslation, file: CsvFile, problems: string[]): Promise<{ state: SheetState; url: string | null }>;
}

/**
 * A file's identity is its bytes within its sheet: the same bytes as the sheet has are no change
 * (the address stays, however the file is named); other bytes become the next version of the
 * sheet's own document, or its image's new file; a sheet without one gets a new one, named after it.
 * A file the CSV names but the import was not given is the sheet's own when the sheet has one by
 * that name (an exported CSV names them so): nothing to upload again.
 */
function createSheetFiles(db: ContentStore, segment: string, now: Date): SheetFiles {
  const blobs = new Map<string, ProposedFile>();
  const byPath = new Map<string, Buffer>();
  const languageDocuments: ManifestFileAsset[] = [];
  /** Versions this import gives out, per asset, beyond what the store has. */
  const planned = new Map<string, number>();

  const nextVersion = async (assetId: string): Promise<number> => {
    const stored = await listFileAssetVersions(db, assetId);
    const next = Math.max(0, ...stored.map((row) => Number(row.version)), planned.get(assetId) ?? 0) + 1;
    planned.set(assetId, next);
    return next;
  };
  /** The version of `assetId` with these bytes, stored or given out by this import, if any. */
  const sameBytes = async (assetId: string, sha256: string): Promise<number | undefined> =>
    (await listFileAssetVersions(db, assetId)).find((row) => row.sha256 === sha256)?.version ??
    languageDocuments.find((asset) => asset.assetId === assetId && asset.sha256 === sha256)?.version;
  const missing = (file: CsvFile, problems: string[]) => problems.push(file.absent);
  const isOwnName = (file: CsvFile, state: SheetState, stored: { fileName: string } | null) =>
    stored !== null && (file.fileName === stored.fileName || fileNameOf(file.path).replace(/\.[^.]+$/, '') === state.urlName);

  return {
    blobs,
    byPath,
    languageDocuments,

    async withImage(state, image, problems) {
      if (image.bytes === null) {
        if (!isOwnName(image, state, state.image)) missing(image, problems);
        return state;
      }
      const sha256 = digest(image.bytes);
      if (state.image?.sha256 === sha256) return state;
      blobs.set(sha256, { bytes: image.bytes, mimeType: image.mimeType, text: null });
      const imageKey = state.image?.contentKey ?? contentKeyFromBytes(hashOf(`csv-image:${state.contentKey}`));
      return {
        ...state,
        image: {
          contentId: state.image?.contentId ?? idFromBytes(MANAGED_CONTENT_ID_PREFIX, hashOf(`csv-id:${imageKey}`)),
          contentKey: imageKey,
          urlName: state.image?.urlName ?? `${state.urlName}-image`.slice(0, 200),
          sha256,
          fileName: image.fileName,
          mimeType: image.mimeType,
          byteSize: image.bytes.length,
          width: image.width,
          height: image.height,
        },
      };
    },

    async withDocument(state, file, problems) {
      const current = state.document;
      const currentUrl = current === null ? null : fileAssetPath(segment, current.assetId, current.version);
      if (file.bytes === null) {
        if (!isOwnName(file, state, current)) missing(file, problems);
        return { state, url: currentUrl };
      }
      const sha256 = digest(file.bytes);
      if (current?.sha256 === sha256) return { state, url: currentUrl };
      const assetId = current?.assetId ?? assetName(`literature-sheet-${state.urlName}`);
      const version = (current === null ? await sameBytes(assetId, sha256) : undefined) ?? (await nextVersion(assetId));
      blobs.set(sha256, { bytes: file.bytes, mimeType: file.mimeType, text: undefined });
      const url = fileAssetPath(segment, assetId, version);
      const next = structuredClone(state);
      const facts = factsOfNextRevision(current);
      next.document = { ...facts, assetId, version, sha256, fileName: file.fileName, mimeType: file.mimeType, byteSize: file.bytes.length };
      // Links that went to the earlier document now go to this one (as an upload does).
      for (const texts of Object.values(next.translations)) if (currentUrl !== null && texts.url === currentUrl) texts.url = url;
      return { state: next, url };
    },

    async languageDocument(state, row, file, problems) {
      const was = state.translations[row.language]?.url ?? '';
      const own = documentOfPath(was);
      const primary = state.document;
      if (file.bytes === null) {
        if (own === null) missing(file, problems);
        return { state, url: own === null ? null : was };
      }
      const sha256 = digest(file.bytes);
      // The sheet's document in this language too.
      if (primary?.sha256 === sha256) return { state, url: fileAssetPath(segment, primary.assetId, primary.version) };
      const ownAsset =
        own !== null && own.assetId !== primary?.assetId ? own.assetId : assetName(`literature-sheet-${state.urlName}-${row.language.toLowerCase()}`);
      const same = await sameBytes(ownAsset, sha256);
      if (same !== undefined) return { state, url: fileAssetPath(segment, ownAsset, same) };
      const version = await nextVersion(ownAsset);
      const path = `csv/assets/${ownAsset}-v${version}`;
      byPath.set(path, file.bytes);
      languageDocuments.push({
        assetId: ownAsset,
        version,
        file: path,
        fileName: file.fileName,
        mimeType: file.mimeType,
        sha256,
        createdAt: now.toISOString(),
      });
      return { state, url: fileAssetPath(segment, ownAsset, version) };
    },
  };
}

/** An asset id from a name: letters, digits, - and _, at most 80. */
const assetName = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 80);

/**
 * The stored sheet each CSV sheet updates: the one with its key, else the one with its URL name in
 * the site. A URL name another kind of content has, or a key and a URL name of two different
 * sheets, is a problem.
 */
async function findStoredSheets(db: ContentStore, siteId: string, sheets: CsvSheet[], problems: string[]): Promise<Map<CsvSheet, SheetState>> {
  const byKey = new Map(
    (
      await listContentsByKeys(
        db,
        sheets.flatMap((sheet) => (sheet.key === null ? [] : [sheet.key])),
      )
    ).map((row) => [row.content_key, row]),
  );
  const byName = new Map(
    (
      await listContentsByUrlNames(
        db,
        siteId,
        sheets.map((sheet) => sheet.urlName),
      )
    ).map((row) => [row.url_name, row]),
  );
  const found = new Map<CsvSheet, SheetState>();
  const lineOf = new Map<string, number>();
  for (const sheet of sheets) {
    const keyed = sheet.key === null ? undefined : byKey.get(sheet.key);
    const named = byName.get(sheet.urlName);
    if (keyed !== undefined && keyed.site_id !== siteId) {
      problems.push(`line ${sheet.line}, key: ${sheet.key} is a content of another site`);
      continue;
    }
    if (named !== undefined && (keyed !== undefined || sheet.key !== null) && named.content_key !== sheet.key && sheet.urlNameGiven) {
      problems.push(
        `line ${sheet.line}, urlName: ${sheet.urlName} is the URL name of another content in the store (${named.content_key}): give this sheet another urlName, or that content's key`,
      );
      continue;
    }
    const row = keyed ?? (sheet.key === null ? named : undefined);
    if (row === undefined) {
      const offSite = await findOffSiteSheet(db, siteId, { ...(sheet.key === null ? {} : { contentKey: sheet.key }), urlName: sheet.urlName });
      if (offSite !== undefined) problems.push(offSiteProblem(sheet.line, offSite));
      continue;
    }
    if (row.content_type !== LITERATURE_CONTENT_TYPE) {
      problems.push(
        `line ${sheet.line}, urlName: ${sheet.urlName} is the URL name of a ${row.content_type} content, not of a literature sheet: give this sheet another urlName`,
      );
      continue;
    }
    const first = lineOf.get(row.id);
    if (first !== undefined) {
      problems.push(`line ${sheet.line}: is the same sheet as line ${first} (by its key or its urlName): give a sheet's rows the same key and urlName`);
      continue;
    }
    lineOf.set(row.id, sheet.line);
    const state = await publishedSheet(db, row.id);
    if (state !== null) found.set(sheet, state);
  }
  return found;
}

/** A sheet of this id off the site: a draft (never published, or taken off) or in the trash. */
async function offSiteById(db: ContentStore, id: string): Promise<OffSiteSheet | undefined> {
  const draft = await findDraft(db, 'sheet', id);
  if (draft !== undefined) return { targetId: id, label: draft.label, inTrash: false };
  const trashed = await findTrashed(db, 'sheet', id);
  return trashed === undefined ? undefined : { targetId: id, label: trashed.label, inTrash: true };
}

/** A row for a sheet that is not on the site: an import changes what the site shows, and makes no second sheet of its name. */
export function offSiteProblem(line: number, sheet: OffSiteSheet): string {
  return sheet.inTrash
    ? `line ${line}: the sheet "${sheet.label}" is in the trash: restore it first (Trash and imports), or give this row another urlName`
    : `line ${line}: the sheet "${sheet.label}" is not on the site (a draft, or taken off it): publish it in the studio first, or give this row another urlName`;
}

/** Languages: an empty cell is the site's default; every language must be one the site has. */
function resolveLanguages(sheets: CsvSheet[], site: ManifestSite): string[] {
  const problems: string[] = [];
  const languages = new Set(site.languages.map((entry) => entry.language));
  for (const sheet of sheets) {
    const seen = new Map<string, number>();
    for (const translation of sheet.translations) {
      translation.language ||= site.defaultLanguage;
      if (!languages.has(translation.language))
        problems.push(`line ${translation.line}, language: ${translation.language} is not one of the site's languages (${[...languages].join(', ')})`);
      const first = seen.get(translation.language);
      if (first !== undefined)
        problems.push(`line ${translation.line}, language: repeats the language ${translation.language} of line ${first} for the same sheet`);
      seen.set(translation.language, translation.line);
    }
    // The site's default language leads when a sheet has it.
    sheet.translations.sort((a, b) => Number(b.language === site.defaultLanguage) - Number(a.language === site.defaultLanguage));
  }
  return problems;
}

interface Target {
  site: ManifestSite;
  newSite: boolean;
  collection: Omit<ManifestCollection, 'items'>;
}

/** The collection named, the store's only literature collection, or a new one (with a site when there is none). */
async function findTarget(db: ContentStore, csvPath: string, options: CsvImportOptions, sheets: CsvSheet[], now: string): Promise<Target> {
  const found = await listCollectionsOfType(db, LITERATURE_CONTENT_TYPE, options.collection);
  if (options.collection !== undefined && found.length === 0)
    throw new ManifestError(csvPath, [`--collection: there is no literature collection ${options.collection} in the store`]);
  if (found.length > 1) throw new ManifestError(csvPath, ['the store has several literature collections: name one with --collection <key or id>']);

  const existing = found[0];
  if (existing !== undefined) {
    const site = await readSite(db, existing.site_id);
    const translations = await listStoredCollectionTranslations(db, existing.id);
    return {
      site,
      newSite: false,
      collection: {
        id: existing.id,
        collectionKey: existing.collection_key,
        siteId: existing.site_id,
        itemType: existing.item_type,
        urlName: existing.url_name,
        title: existing.title,
        metadata: JSON.parse(existing.metadata) as Record<string, unknown>,
        primaryLanguage: existing.primary_language,
        publishedAt: existing.published_at,
        translations: translations.map((row) => ({ language: row.language, title: row.title, metadata: JSON.parse(row.metadata) as Record<string, unknown> })),
      },
    };
  }

  const sites = await listSites(db);
  if (sites.length > 1)
    throw new ManifestError(csvPath, ['the store has several sites and no literature collection: create one with a content manifest (docs/content-format.md)']);
  const title = options.newCollectionTitle ?? 'Literature Sheets';
  const site = sites[0] ?? newSite(sheets, now);
  const seed = `csv-collection:${site.id}:${title}`;
  return {
    site,
    newSite: sites[0] === undefined,
    collection: {
      id: idFromBytes(MANAGED_CONTENT_ID_PREFIX, hashOf(`${seed}:id`)),
      collectionKey: contentKeyFromBytes(hashOf(seed)),
      siteId: site.id,
      itemType: LITERATURE_CONTENT_TYPE,
      urlName: urlNameOf(title, 'literature'),
      title,
      metadata: {},
      primaryLanguage: site.defaultLanguage,
      publishedAt: now,
      translations: [],
    },
  };
}

async function readSite(db: ContentStore, siteId: string): Promise<ManifestSite> {
  const site = (await listSites(db)).find((candidate) => candidate.id === siteId);
  if (site === undefined) throw new Error(`The site ${siteId} of the collection is not in the store`);
  return site;
}

/** An empty store: a site whose languages are the CSV's, the first row's language first. */
function newSite(sheets: CsvSheet[], now: string): ManifestSite {
  const given = sheets.flatMap((sheet) => sheet.translations.map((translation) => translation.language)).filter(Boolean);
  const languages = [...new Set(given.length > 0 ? given : ['en_US'])];
  const defaultLanguage = languages[0]!;
  return {
    id: idFromBytes(SITE_ID_PREFIX, hashOf('csv-site')),
    name: 'Literature Sheets',
    urlName: 'literature-sheets',
    channelId: idFromBytes(CHANNEL_ID_PREFIX, hashOf('csv-site:channel')),
    communityId: idFromBytes(COMMUNITY_ID_PREFIX, hashOf('csv-site:community')),
    defaultLanguage,
    languages: languages.map((language) => ({ language, active: true })),
    createdAt: now,
  };
}
