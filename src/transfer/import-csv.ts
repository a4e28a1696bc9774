/**
 * CSV import for the simple case: one row per literature sheet (and language) into one collection.
 * The rows become a content manifest (manifest.ts) and go through the same checked, all-or-nothing
 * import as a folder does. A row for a sheet the store has changes only what its cells carry: its
 * other languages, its image and its place in the collection stay. New sheets join the collection
 * at the end. A sheet's topics go into every translation's body, the languages the file leaves
 * out included, and must be topics of the site. Ids and keys derive from the site and each sheet's
 * URL name (or the key the row gives), and unchanged sheets keep their dates, so importing the
 * same file again changes nothing.
 */
import { createHash } from 'node:crypto';
import { CHANNEL_ID_PREFIX, COMMUNITY_ID_PREFIX, IMAGE_CONTENT_TYPE, MANAGED_CONTENT_ID_PREFIX, SITE_ID_PREFIX } from '../shared/constants';
import { contentKeyFromBytes, idFromBytes } from '../shared/ids';
import { urlNameOf } from '../shared/text';
import { fileAssetPath } from '../shared/urls';
import { IMAGE_TYPE, imageReference, LITERATURE_CONTENT_TYPE, LITERATURE_SHEET_TYPE } from '../cms/content-types';
import type { ContentStore } from '../cms/database';
import { listCollectionItemKeys, listCollectionsOfType, listStoredCollectionTranslations } from '../cms/repositories/collections';
import { listContentsByKeys, listContentsByUrlNames, listStoredTranslations, type Content } from '../cms/repositories/contents';
import { listFileAssetVersions, listMediaInfo } from '../cms/repositories/files';
import { listSites } from '../cms/repositories/sites';
import { listTopics } from '../cms/repositories/topics';
import { readStoredBody } from '../cms/stored-json';
import { importManifest, knownRecords, type ImportProgress, type ImportSummary } from './import-content';
import type { ImportOptions, ManifestFiles } from './import-plan';
import {
  ManifestError,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  readManifest,
  type Manifest,
  type ManifestCollection,
  type ManifestContent,
  type ManifestFileAsset,
  type ManifestSite,
  type ManifestTranslation,
} from './manifest';
import { readCsvSheets, type CsvFile, type CsvReadOptions, type CsvSheet } from './csv-sheets';
import { unknownTopicProblems } from './csv-topics';

export interface CsvImportOptions extends ImportOptions, CsvReadOptions {
  /** Key or id of the collection to fill; by default the store's only literature collection. */
  collection?: string;
  /** Title of the collection to create when the store has none. */
  newCollectionTitle?: string;
  platformSitesSegment: string;
  now?: Date;
}

export interface PreparedCsvImport {
  manifest: Manifest;
  files: ManifestFiles;
  collectionKey: string;
  /** Sheets the collection holds and the file does not list: taken off it with removeUnlisted. */
  unlisted: number;
}

export interface CsvImportSummary extends ImportSummary {
  collectionKey: string;
  /** Sheets that were in the collection before and are not any more. */
  removedFromCollection: number;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A stored sheet (or image) with its translations, bodies read. */
interface StoredContent {
  row: Content;
  translations: Map<string, { title: string; body: Record<string, unknown>; publishedAt: string }>;
}

/** Reads, checks and imports a CSV (prepareCsvImport, then importManifest). */
export async function importCsvFile(db: ContentStore, csvPath: string, options: CsvImportOptions, progress: ImportProgress = {}): Promise<CsvImportSummary> {
  const prepared = await prepareCsvImport(db, csvPath, options);
  const summary = await importManifest(db, prepared.manifest, prepared.files, { ...progress, removeUnlisted: options.removeUnlisted });
  return { ...summary, collectionKey: prepared.collectionKey, removedFromCollection: options.removeUnlisted ? prepared.unlisted : 0 };
}

/** Reads and checks a CSV against the store, and makes the manifest an import would write. */
export async function prepareCsvImport(db: ContentStore, csvPath: string, options: CsvImportOptions): Promise<PreparedCsvImport> {
  const read = await readCsvSheets(csvPath, options);
  const { sheets } = read;
  const now = (options.now ?? new Date()).toISOString();
  const target = await findTarget(db, csvPath, options, sheets, now);
  const { site, collection } = target;
  const problems = [...read.problems, ...resolveLanguages(sheets, site)];
  const stored = await findStoredSheets(db, site.id, sheets, problems);
  // Topics the site has (none, when the import makes the site): the editing model refuses others too.
  const taxonomy = new Set((await listTopics(db, site.id)).map((topic) => topic.slug));
  const givenTopics = sheets.map((sheet) => sheet.topics);
  problems.push(...unknownTopicProblems(givenTopics, taxonomy));

  const files = new Map<string, Buffer>();
  const contents: ManifestContent[] = [];
  const fileAssets: ManifestFileAsset[] = [];
  const assetUrls = new Map<string, string>();
  const sheetKeys: string[] = [];

  /** The document's asset: the stored version when the bytes are the same, else the next version. */
  const documentUrl = async (document: CsvFile, urlName: string, languageSuffix: string): Promise<string> => {
    const digest = sha256(document.bytes);
    const base = `literature-sheet-${urlName}${languageSuffix ? `-${languageSuffix.toLowerCase()}` : ''}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 80);
    const known = assetUrls.get(`${base}:${digest}`);
    if (known !== undefined) return known;
    const versions = await listFileAssetVersions(db, base);
    const same = versions.find((row) => row.sha256 === digest);
    const planned = fileAssets.filter((asset) => asset.assetId === base).length;
    const version = same?.version ?? (versions[0]?.version ?? 0) + 1 + planned;
    if (same === undefined) {
      const file = `csv/assets/${base}-v${version}`;
      files.set(file, document.bytes);
      fileAssets.push({ assetId: base, version, file, fileName: document.fileName, mimeType: document.mimeType, sha256: digest, createdAt: now });
    }
    const url = fileAssetPath(options.platformSitesSegment, base, version);
    assetUrls.set(`${base}:${digest}`, url);
    return url;
  };

  for (const sheet of sheets) {
    const existing = stored.get(sheet);
    const sheetKey = existing?.row.content_key ?? sheet.key ?? contentKeyFromBytes(hashOf(`csv-sheet:${site.id}:${sheet.urlName}`));
    const urlName = existing !== undefined && !sheet.urlNameGiven ? existing.row.url_name : sheet.urlName;
    sheetKeys.push(sheetKey);
    const primaryRow = sheet.translations[0]!;
    const storedPrimary = existing?.translations.get(existing.row.primary_language);
    const firstAltText = sheet.translations.find((translation) => translation.imageAlt !== '')?.imageAlt ?? '';

    // The image: the sheet's own image content when it has one, else a new one for a new file.
    const storedImageKey = imageKeyOf(storedPrimary?.body.image);
    if (sheet.image !== null && storedImageKey === null && firstAltText === '') {
      problems.push(`line ${sheet.line}, imageAlt: a sheet with an image needs its alternative text (what the image shows)`);
    }
    const imageKey = storedImageKey ?? (sheet.image !== null ? contentKeyFromBytes(hashOf(`csv-image:${sheetKey}`)) : null);
    if (imageKey !== null && (sheet.image !== null || firstAltText !== '')) {
      const image = await imageContent(db, { sheet, imageKey, urlName, site, now, files, existing: storedImageKey !== null });
      if (image !== null) contents.push(image);
    }

    const translations: ManifestTranslation[] = [];
    for (const row of sheet.translations) {
      const was = existing?.translations.get(row.language);
      const base = was ?? storedPrimary;
      const title = row.title || was?.title || '';
      if (title === '') {
        problems.push(`line ${row.line}, title: ${existing === undefined ? 'a new sheet needs a title' : `a new translation (${row.language}) needs a title`}`);
        continue;
      }
      const inherited = existing === undefined ? primaryRow : undefined;
      const document = row.document ?? (row.url === null && existing === undefined ? (inherited?.document ?? null) : null);
      // A translation's own document gets an asset of its own; the same bytes share the primary's.
      const ownDocument = document !== null && primaryRow.document !== null && !document.bytes.equals(primaryRow.document.bytes);
      const url = document !== null ? await documentUrl(document, urlName, ownDocument ? row.language : '') : (row.url ?? inherited?.url ?? null);
      const body: Record<string, unknown> = { ...(base?.body ?? {}), Title: title };
      // A new sheet's empty cells take its first row's; a stored sheet's keep what is stored.
      if (inherited !== undefined) body.description = row.description || inherited.description;
      else if (row.description !== '') body.description = row.description;
      if (url !== null) body.url = url;
      if (imageKey !== null && (sheet.image !== null || storedImageKey !== null)) body.image = imageReference(imageKey);
      if (sheet.topics !== null) body.topics = sheet.topics.slugs;
      const unchanged = was !== undefined && was.title === title && JSON.stringify(was.body) === JSON.stringify(body);
      translations.push({ language: row.language, title, body, publishedAt: unchanged ? was.publishedAt : now });
    }
    // Every translation lists the sheet's topics (editing/sheet-state.ts): the stored languages the
    // file has no row for take the new ones too, or the sheet would have two lists.
    if (sheet.topics !== null && existing !== undefined) {
      for (const [language, was] of existing.translations) {
        if (sheet.translations.some((row) => row.language === language)) continue;
        const body = { ...was.body, topics: sheet.topics.slugs };
        if (JSON.stringify(body) !== JSON.stringify(was.body)) translations.push({ language, title: was.title, body, publishedAt: now });
      }
    }
    const changed = existing === undefined || translations.some((translation) => translation.publishedAt === now);
    contents.push({
      id: existing?.row.id ?? idFromBytes(MANAGED_CONTENT_ID_PREFIX, hashOf(`csv-id:${sheetKey}`)),
      contentKey: sheetKey,
      siteId: site.id,
      type: LITERATURE_CONTENT_TYPE,
      urlName,
      primaryLanguage: existing?.row.primary_language ?? primaryRow.language,
      createdAt: existing?.row.created_at ?? now,
      updatedAt: changed || existing === undefined ? now : existing.row.updated_at,
      translations,
      media: null,
    });
  }
  if (problems.length > 0) throw new ManifestError(csvPath, problems);

  // The collection keeps its sheets where they are; new ones join at the end.
  const previous = (await listCollectionItemKeys(db, collection.id)).map((row) => row.contentKey);
  const listed = new Set(sheetKeys);
  const kept = options.removeUnlisted ? previous.filter((key) => listed.has(key)) : previous;
  const items = [...kept, ...sheetKeys.filter((key) => !previous.includes(key))];
  const known = await knownRecords(db);
  const manifest = readManifest(
    {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      exportedAt: now,
      sites: target.newSite ? [site] : [],
      contentTypes: [LITERATURE_SHEET_TYPE, IMAGE_TYPE].filter((type) => !known.contentTypes.has(type.fullyQualifiedName)),
      contents,
      fileAssets,
      collections: [{ ...collection, items }],
      seoRecords: [],
    },
    csvPath,
    known,
  );
  return { manifest, files, collectionKey: collection.collectionKey, unlisted: previous.filter((key) => !listed.has(key)).length };
}

/** The image content key a sheet's body refers to, if any. */
function imageKeyOf(value: unknown): string | null {
  const key = (value as { source?: { ref?: { contentKey?: unknown } } } | undefined)?.source?.ref?.contentKey;
  return typeof key === 'string' ? key : null;
}

interface ImageInput {
  sheet: CsvSheet;
  imageKey: string;
  urlName: string;
  site: ManifestSite;
  now: string;
  files: Map<string, Buffer>;
  /** Whether the sheet already has this image content (then only what the rows carry changes). */
  existing: boolean;
}

/** The sheet's image content: a new file, new alternative texts, or both. */
async function imageContent(db: ContentStore, { sheet, imageKey, urlName, site, now, files, existing }: ImageInput): Promise<ManifestContent | null> {
  const [row] = existing ? await listContentsByKeys(db, [imageKey]) : [];
  const stored = row === undefined ? undefined : await readTranslations(db, row);
  const firstAltText = sheet.translations.find((translation) => translation.imageAlt !== '')?.imageAlt ?? '';
  const primary = sheet.translations[0]!;
  const translations = sheet.translations
    .filter((translation) => translation.imageAlt !== '' || (stored === undefined && translation === primary))
    .map((translation) => {
      const was = stored?.translations.get(translation.language);
      const title = was?.title ?? `${translation.title || urlName} image`;
      const body = { ...(was?.body ?? {}), title, altText: translation.imageAlt || firstAltText };
      const unchanged = was !== undefined && JSON.stringify(was.body) === JSON.stringify(body);
      return { language: translation.language, title, body, publishedAt: unchanged ? was.publishedAt : now };
    });
  if (sheet.image === null && translations.length === 0) return null;
  let media: ManifestContent['media'] = null;
  if (sheet.image !== null) {
    const file = `csv/media/${imageKey}`;
    files.set(file, sheet.image.bytes);
    media = {
      file,
      fileName: sheet.image.fileName,
      mimeType: sheet.image.mimeType,
      sha256: sha256(sheet.image.bytes),
      width: sheet.image.width,
      height: sheet.image.height,
    };
  }
  const storedMedia = row === undefined ? undefined : (await listMediaInfo(db, [row.id]))[0];
  const unchanged =
    row !== undefined && translations.every((translation) => translation.publishedAt !== now) && (media === null || media.sha256 === storedMedia?.sha256);
  return {
    id: row?.id ?? idFromBytes(MANAGED_CONTENT_ID_PREFIX, hashOf(`csv-id:${imageKey}`)),
    contentKey: imageKey,
    siteId: site.id,
    type: IMAGE_CONTENT_TYPE,
    urlName: row?.url_name ?? `${urlName}-image`.slice(0, 200),
    primaryLanguage: row?.primary_language ?? primary.language,
    createdAt: row?.created_at ?? now,
    updatedAt: unchanged ? row.updated_at : now,
    translations,
    media,
  };
}

async function readTranslations(db: ContentStore, row: Content): Promise<StoredContent> {
  const translations = new Map<string, { title: string; body: Record<string, unknown>; publishedAt: string }>();
  for (const translation of await listStoredTranslations(db, [row.id])) {
    const body = readStoredBody(translation.body, `content ${row.content_key} (${translation.language})`);
    if (body !== null) translations.set(translation.language, { title: translation.title, body, publishedAt: translation.published_at });
  }
  return { row, translations };
}

/**
 * The stored sheet each CSV sheet updates: the one with its key, else the one with its URL name in
 * the site. A URL name another kind of content has, or a key and a URL name of two different
 * sheets, is a problem.
 */
async function findStoredSheets(db: ContentStore, siteId: string, sheets: CsvSheet[], problems: string[]): Promise<Map<CsvSheet, StoredContent>> {
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
  const found = new Map<CsvSheet, StoredContent>();
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
    if (row === undefined) continue;
    if (row.content_type !== LITERATURE_CONTENT_TYPE) {
      problems.push(
        `line ${sheet.line}, urlName: ${sheet.urlName} is the URL name of a ${row.content_type} content, not of a literature sheet: give this sheet another urlName`,
      );
      continue;
    }
    found.set(sheet, await readTranslations(db, row));
  }
  return found;
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
