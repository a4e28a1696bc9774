/**
 * CSV import for the simple case: one row per literature sheet (and language) into one collection.
 * The rows become a content manifest (manifest.ts) and go through the same checked, all-or-nothing
 * import as a folder does. Ids and keys derive from the site and each sheet's URL name (or the key
 * the row gives), and unchanged sheets keep their dates, so importing the same file again changes
 * nothing.
 */
import { createHash } from 'node:crypto';
import { CHANNEL_ID_PREFIX, COMMUNITY_ID_PREFIX, IMAGE_CONTENT_TYPE, MANAGED_CONTENT_ID_PREFIX, SITE_ID_PREFIX } from '../shared/constants';
import { contentKeyFromBytes, idFromBytes } from '../shared/ids';
import { urlNameOf } from '../shared/text';
import { fileAssetPath } from '../shared/urls';
import { IMAGE_TYPE, imageReference, LITERATURE_CONTENT_TYPE, LITERATURE_SHEET_TYPE } from '../cms/content-types';
import type { ContentStore } from '../cms/database';
import { listCollectionItemKeys, listCollectionsOfType, listStoredCollectionTranslations } from '../cms/repositories/collections';
import { findContentsByKeys, listStoredTranslations } from '../cms/repositories/contents';
import { listFileAssetVersions, listMediaInfo } from '../cms/repositories/files';
import { listSites } from '../cms/repositories/sites';
import { importManifest, knownRecords, type ImportProgress, type ImportSummary } from './import-content';
import {
  ManifestError,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  readManifest,
  urlNameSlot,
  type KnownRecords,
  type ManifestCollection,
  type ManifestContent,
  type ManifestFileAsset,
  type ManifestSite,
} from './manifest';
import { readCsvSheets, type CsvFile, type CsvSheet } from './csv-sheets';

export interface CsvImportOptions {
  /** Key or id of the collection to fill; by default the store's only literature collection. */
  collection?: string;
  /** Title of the collection to create when the store has none. */
  newCollectionTitle?: string;
  /** Keep sheets the CSV does not list in the collection, after the CSV's own. */
  keepOthers?: boolean;
  platformSitesSegment: string;
  now?: Date;
}

export interface CsvImportSummary extends ImportSummary {
  collectionKey: string;
  /** Sheets that were in the collection before and are not any more. */
  removedFromCollection: number;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const canonical = (value: unknown) => JSON.stringify(value);

export async function importCsvFile(db: ContentStore, csvPath: string, options: CsvImportOptions, progress: ImportProgress = {}): Promise<CsvImportSummary> {
  const sheets = await readCsvSheets(csvPath);
  const now = (options.now ?? new Date()).toISOString();
  const target = await findTarget(db, csvPath, options, sheets, now);
  const { site, collection } = target;
  const stored = await knownRecords(db);
  const keyOf = (sheet: CsvSheet) => sheet.key ?? contentKeyFromBytes(hashOf(`csv-sheet:${site.id}:${sheet.urlName}`));
  const problems = [...resolveLanguages(sheets, site), ...urlNameClashes(sheets, site.id, keyOf, stored)];
  if (problems.length > 0) throw new ManifestError(csvPath, problems);

  const files = new Map<string, Buffer>();
  const contents: ManifestContent[] = [];
  const fileAssets: ManifestFileAsset[] = [];
  const assetIds = new Map<string, string>();
  const sheetKeys: string[] = [];

  for (const sheet of sheets) {
    const sheetKey = keyOf(sheet);
    sheetKeys.push(sheetKey);
    const primary = sheet.translations[0]!;
    const firstAltText = sheet.translations.find((translation) => translation.imageAlt !== '')?.imageAlt ?? '';
    let imageKey: string | null = null;
    if (sheet.image !== null) {
      imageKey = contentKeyFromBytes(hashOf(`csv-image:${sheetKey}`));
      const file = `csv/media/${imageKey}`;
      files.set(file, sheet.image.bytes);
      const translations = sheet.translations
        .filter((translation) => translation === primary || translation.imageAlt !== '')
        .map((translation) => {
          const title = `${translation.title} image`;
          return { language: translation.language, title, body: { title, altText: translation.imageAlt || firstAltText }, publishedAt: now };
        });
      contents.push(
        await withStoredDates(db, {
          id: idFromBytes(MANAGED_CONTENT_ID_PREFIX, hashOf(`csv-id:${imageKey}`)),
          contentKey: imageKey,
          siteId: site.id,
          type: IMAGE_CONTENT_TYPE,
          urlName: `${sheet.urlName}-image`.slice(0, 200),
          primaryLanguage: primary.language,
          createdAt: now,
          updatedAt: now,
          translations,
          media: {
            file,
            fileName: sheet.image.fileName,
            mimeType: sheet.image.mimeType,
            sha256: sha256(sheet.image.bytes),
            width: sheet.image.width,
            height: sheet.image.height,
          },
        }),
      );
    }

    const translations = [];
    for (const translation of sheet.translations) {
      // Empty cells of a translation take the primary row's: one document or link for every language unless a row says otherwise.
      const document = translation.document ?? (translation.url === null ? primary.document : null);
      // A translation's own document gets an asset of its own; the same bytes share the primary's.
      const ownDocument = document !== null && primary.document !== null && !document.bytes.equals(primary.document.bytes);
      const url = document !== null ? await documentUrl(document, sheet, ownDocument ? translation.language : '') : (translation.url ?? primary.url);
      const body: Record<string, unknown> = { Title: translation.title, description: translation.description || primary.description };
      if (url !== null) body.url = url;
      if (imageKey !== null) body.image = imageReference(imageKey);
      translations.push({ language: translation.language, title: translation.title, body, publishedAt: now });
    }
    contents.push(
      await withStoredDates(db, {
        id: idFromBytes(MANAGED_CONTENT_ID_PREFIX, hashOf(`csv-id:${sheetKey}`)),
        contentKey: sheetKey,
        siteId: site.id,
        type: LITERATURE_CONTENT_TYPE,
        urlName: sheet.urlName,
        primaryLanguage: primary.language,
        createdAt: now,
        updatedAt: now,
        translations,
        media: null,
      }),
    );
  }

  /** The document's asset: the stored version when the bytes are the same, else the next version. */
  async function documentUrl(document: CsvFile, sheet: CsvSheet, languageSuffix: string): Promise<string> {
    const digest = sha256(document.bytes);
    const base = `literature-sheet-${sheet.urlName}${languageSuffix ? `-${languageSuffix.toLowerCase()}` : ''}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 80);
    const known = assetIds.get(`${base}:${digest}`);
    if (known !== undefined) return known;
    const stored = await listFileAssetVersions(db, base);
    const same = stored.find((row) => row.sha256 === digest);
    const planned = fileAssets.filter((asset) => asset.assetId === base).length;
    const version = same?.version ?? (stored[0]?.version ?? 0) + 1 + planned;
    if (same === undefined) {
      const file = `csv/assets/${base}-v${version}`;
      files.set(file, document.bytes);
      fileAssets.push({ assetId: base, version, file, fileName: document.fileName, mimeType: document.mimeType, sha256: digest, createdAt: now });
    }
    const url = fileAssetPath(options.platformSitesSegment, base, version);
    assetIds.set(`${base}:${digest}`, url);
    return url;
  }

  const previous = await listCollectionItemKeys(db, collection.id);
  const listed = new Set(sheetKeys);
  const others = previous.map((row) => row.contentKey).filter((key) => !listed.has(key));
  const items = options.keepOthers ? [...sheetKeys, ...others] : sheetKeys;

  const manifest = readManifest(
    {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      exportedAt: now,
      sites: target.newSite ? [site] : [],
      contentTypes: [LITERATURE_SHEET_TYPE, IMAGE_TYPE].filter((type) => !stored.contentTypes.has(type.fullyQualifiedName)),
      contents,
      fileAssets,
      collections: [{ ...collection, items }],
      seoRecords: [],
    },
    csvPath,
    stored,
  );
  const summary = await importManifest(db, manifest, files, progress);
  return { ...summary, collectionKey: collection.collectionKey, removedFromCollection: options.keepOthers ? 0 : others.length };
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

/** A sheet may not take the URL name of another content of the site. */
function urlNameClashes(sheets: CsvSheet[], siteId: string, keyOf: (sheet: CsvSheet) => string, stored: KnownRecords): string[] {
  return sheets.flatMap((sheet) => {
    const owner = stored.keyOfContentUrlName.get(urlNameSlot(siteId, sheet.urlName));
    return owner === undefined || owner === keyOf(sheet)
      ? []
      : [
          `line ${sheet.line}, urlName: ${sheet.urlName} is the URL name of another content in the store (${owner}): give this sheet another urlName, or that content's key`,
        ];
  });
}

/** A content that is already stored with the same data keeps its dates, so a re-import changes nothing. */
async function withStoredDates(db: ContentStore, content: ManifestContent): Promise<ManifestContent> {
  const [stored] = await findContentsByKeys(db, content.siteId, [content.contentKey]);
  if (stored === undefined) return content;
  const [rows, media] = await Promise.all([listStoredTranslations(db, [stored.id]), listMediaInfo(db, [stored.id])]);
  const sameTranslations =
    rows.length === content.translations.length &&
    rows.every((row) => {
      const given = content.translations.find((translation) => translation.language === row.language);
      // Compared as stored text: the stored body is never parsed and written out again (it may be of any depth).
      return given !== undefined && given.title === row.title && canonical(given.body) === row.body;
    });
  const sameMedia = (media[0]?.sha256 ?? null) === (content.media?.sha256 ?? null);
  if (!sameTranslations || !sameMedia) return { ...content, createdAt: stored.created_at };
  const publishedAt = new Map(rows.map((row) => [row.language, row.published_at]));
  return {
    ...content,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
    translations: content.translations.map((translation) => ({
      ...translation,
      publishedAt: publishedAt.get(translation.language) ?? translation.publishedAt,
    })),
  };
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
