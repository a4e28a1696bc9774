/**
 * Brings a collection over from any server that speaks the delivery API (the platform, or another
 * Literature Sheets): pages through the collection in each language, fetches its images and the
 * documents its items link to, and imports the lot through the same checks and single transaction
 * as a manifest import.
 */
import { documentEntriesOf } from '../sheet/documents';
import { loadSharp } from '../files/sharp';
import { createHash } from 'node:crypto';
import { CHANNEL_ID_PREFIX, COMMUNITY_ID_PREFIX, IMAGE_CONTENT_TYPE, MEDIA_FIELD } from '../shared/constants';
import { CONTENT_LIMITS, findNestingProblem } from '../shared/content-limits';
import { createDeliveryClient } from '../shared/delivery-client';
import type { CollectionItem, CollectionMetadataResponse, ContentDocument } from '../shared/delivery-types';
import { idFromBytes } from '../shared/ids';
import { urlNameOf } from '../shared/url-name';
import type { ContentStore } from '../cms/database';
import { IMAGE_TYPE } from '../cms/content-types';
import { imageReference } from '../sheet/body';
import { importManifest, knownRecords, type ImportProgress, type ImportSummary, type ManifestWithFiles } from './import-content';
import { MANIFEST_FORMAT, MANIFEST_VERSION, readManifest, type Manifest, type ManifestContent } from './manifest';

export interface MigrationSource {
  /** The site's address on the source server, base path included, e.g. https://example.com/s. */
  baseUrl: string;
  siteId: string;
  collectionKeyOrId: string;
  /** Languages to bring besides the collection's own. */
  languages?: string[];
  fetch?: typeof fetch;
  /** Stops with a message after this many pages of a language, should a server's paging never end. */
  maxPages?: number;
}

export const DEFAULT_MAX_PAGES = 10_000;

const PAGE_SIZE = 250;
const KEYS_PER_CALL = 25;
const FILE_ASSET_URL = /\/c\/file-asset\/([A-Za-z0-9_-]{1,80})\?v=(\d{1,9})$/;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export type MigrationProgress = ImportProgress & { onStage?: (stage: string) => void };

/** Brings the collection over: prepareMigration, then the import. */
export async function migrateFromDeliveryApi(db: ContentStore, source: MigrationSource, progress: MigrationProgress = {}): Promise<ImportSummary> {
  const { manifest, files } = await prepareMigration(db, source, progress);
  progress.onStage?.('Importing');
  return importManifest(db, manifest, files, progress);
}

/** Reads the collection from the source, with its images and documents, into a checked manifest. */
export async function prepareMigration(db: ContentStore, source: MigrationSource, progress: MigrationProgress = {}): Promise<ManifestWithFiles> {
  const reader = sourceReader(source);
  const stage = (text: string) => progress.onStage?.(text);

  stage('Reading the collection');
  const metadata = await reader.client.getCollectionMetadata({
    channelOrSiteId: source.siteId,
    collectionKeyOrId: source.collectionKeyOrId,
    expandMetadata: true,
  });
  const primaryLanguage = metadata.language;
  const languages = [primaryLanguage, ...(source.languages ?? []).filter((language) => language !== primaryLanguage)];
  const { pages, titles } = await readCollection(reader, source, languages, primaryLanguage);
  const primaryItems = pages.get(primaryLanguage) ?? [];

  const files = new Map<string, Buffer>();
  stage('Fetching images');
  const images = await fetchImages(reader, source, primaryItems, files);
  stage('Fetching documents');
  const fileAssets = await fetchDocuments(reader, [...pages.values()].flat(), files);
  const sheets = primaryItems.map((item) => sheetContent(item, pages, languages, primaryLanguage, source.siteId));
  const manifest = readManifest(
    manifestOf(metadata, source.siteId, languages, titles, { contents: [...images, ...sheets], fileAssets, items: primaryItems }),
    source.baseUrl,
    await knownRecords(db),
  );
  return { manifest, files };
}

/** The source's delivery API, and its files fetched by address. */
interface SourceReader {
  client: ReturnType<typeof createDeliveryClient>;
  /** The site's address, without a trailing slash. */
  base: string;
  /** Fetches a file by its address (absolute, or on the source's site), failing on any answer but 2xx. */
  response(url: string): Promise<Response>;
}

function sourceReader(source: MigrationSource): SourceReader {
  const base = source.baseUrl.replace(/\/+$/, '');
  const fetchImpl = source.fetch ?? fetch;
  return {
    client: createDeliveryClient({ basePath: '', fetch: (input, init) => fetchImpl(`${base}${String(input)}`, init) }),
    base,
    async response(url) {
      const absolute = /^https?:\/\//i.test(url) ? url : `${base}${url}`;
      const response = await fetchImpl(absolute);
      if (!response.ok) throw new Error(`${absolute} answered ${response.status} ${response.statusText}`);
      return response;
    },
  };
}

/** Every page of the collection in every language (an item counts as translated when it comes back in that language), and its translated titles. */
async function readCollection({ client, base }: SourceReader, source: MigrationSource, languages: string[], primaryLanguage: string) {
  const pages = new Map<string, CollectionItem[]>();
  const titles = new Map<string, { title: string; metadata: Record<string, unknown> }>();
  const maxPages = source.maxPages ?? DEFAULT_MAX_PAGES;
  for (const language of languages) {
    const items: CollectionItem[] = [];
    for (let pageToken = 0; ; pageToken++) {
      if (pageToken >= maxPages) {
        throw new Error(
          `${base}: the collection's paging did not end after ${maxPages} pages of ${PAGE_SIZE} (${items.length} items read in ${language}); nothing was imported. If it really holds more, raise --max-pages.`,
        );
      }
      const page = await client.getCollectionItems({
        channelOrSiteId: source.siteId,
        collectionKeyOrId: source.collectionKeyOrId,
        language,
        pageSize: PAGE_SIZE,
        pageToken,
      });
      items.push(...page.items);
      // The paging ends at the last page the server names, at an empty page, or at the total it gives.
      if (typeof page.nextPageUrl !== 'string' || page.items.length === 0 || items.length >= page.total) break;
    }
    pages.set(language, items);
    if (language !== primaryLanguage) {
      const translated = await client.getCollectionMetadata({ channelOrSiteId: source.siteId, collectionKeyOrId: source.collectionKeyOrId, language });
      if (translated.language === language) titles.set(language, { title: translated.title, metadata: translated.collectionMetadata });
    }
  }
  return { pages, titles };
}

/** The image contents the items name, with their bytes (into `files`). */
async function fetchImages(reader: SourceReader, source: MigrationSource, items: CollectionItem[], files: Map<string, Buffer>): Promise<ManifestContent[]> {
  const imageKeys = [...new Set(items.flatMap((item) => Object.values(item.body.contentBody).flatMap((value) => imageKeyOf(value) ?? [])))];
  const images: ContentDocument[] = [];
  for (let start = 0; start < imageKeys.length; start += KEYS_PER_CALL) {
    const list = await reader.client.listContents({
      channelOrSiteId: source.siteId,
      contentKeys: imageKeys.slice(start, start + KEYS_PER_CALL),
      includeContentBody: true,
      pageSize: KEYS_PER_CALL,
    });
    images.push(...(list.contents as ContentDocument[]));
  }
  const contents: ManifestContent[] = [];
  for (const image of images) {
    const media = image.contentBody[MEDIA_FIELD] as { url?: string; source?: { fileName?: string; mimeType?: string } } | undefined;
    if (!media?.url) continue;
    const bytes = Buffer.from(await (await reader.response(media.url)).arrayBuffer());
    const info = await (await loadSharp())(bytes, { limitInputPixels: 40_000_000 }).metadata();
    const file = `files/media/${image.contentKey}`;
    files.set(file, bytes);
    contents.push({
      id: image.managedContentId,
      contentKey: image.contentKey,
      siteId: source.siteId,
      type: IMAGE_CONTENT_TYPE,
      urlName: image.urlName,
      primaryLanguage: image.language,
      createdAt: image.publishedDate,
      updatedAt: image.publishedDate,
      translations: [
        {
          language: image.language,
          title: image.title,
          body: { title: image.contentBody.title ?? image.title, altText: image.contentBody.altText ?? '' },
          publishedAt: image.publishedDate,
        },
      ],
      media: {
        file,
        fileName: media.source?.fileName ?? `${image.contentKey}`,
        mimeType: media.source?.mimeType ?? `image/${info.format === 'svg' ? 'svg+xml' : info.format}`,
        sha256: sha256(bytes),
        width: info.width ?? 1,
        height: info.height ?? 1,
      },
    });
  }
  return contents;
}

/** The documents every language's link and every document of each sheet's set (sheet/documents.ts) go to, with their bytes (into `files`). */
async function fetchDocuments(reader: SourceReader, items: CollectionItem[], files: Map<string, Buffer>): Promise<Manifest['fileAssets']> {
  const fileAssets: Manifest['fileAssets'] = [];
  const linked = items.flatMap((item) => {
    const body = item.body.contentBody;
    return [typeof body.url === 'string' ? body.url : '', ...documentEntriesOf(body).map((entry) => entry.url)].map((url) => ({ url, item }));
  });
  for (const { url, item } of linked) {
    const match = FILE_ASSET_URL.exec(url);
    if (match === null || fileAssets.some((asset) => asset.assetId === match[1] && asset.version === Number(match[2]))) continue;
    const response = await reader.response(url);
    const bytes = Buffer.from(await response.arrayBuffer());
    const file = `files/assets/${match[1]}-v${match[2]}`;
    files.set(file, bytes);
    const disposition = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    fileAssets.push({
      assetId: match[1] ?? '',
      version: Number(match[2]),
      file,
      fileName: disposition ?? `${match[1]}`,
      mimeType: response.headers.get('content-type')?.split(';')[0] ?? 'application/octet-stream',
      sha256: sha256(bytes),
      createdAt: item.body.publishedDate,
    });
  }
  return fileAssets;
}

/** A sheet of the collection, with each language the source has a translation of it in. */
function sheetContent(
  item: CollectionItem,
  pages: Map<string, CollectionItem[]>,
  languages: string[],
  primaryLanguage: string,
  siteId: string,
): ManifestContent {
  const translations = languages.flatMap((language) => {
    const translated = pages.get(language)?.find((candidate) => candidate.id === item.id);
    // The source fell back to its default for this item: there is no translation to bring.
    if (translated === undefined || (language !== primaryLanguage && isSameBody(translated.body, item.body))) return [];
    return [{ language, title: translated.body.title, body: asStored(translated.body.contentBody), publishedAt: translated.body.publishedDate }];
  });
  return {
    id: item.id,
    contentKey: item.body.contentKey,
    siteId,
    type: item.contentType.fullyQualifiedName,
    urlName: item.body.urlName,
    primaryLanguage,
    createdAt: item.body.publishedDate,
    updatedAt: item.body.publishedDate,
    translations,
    media: null,
  };
}

/** The manifest of the site, its content type, contents, documents and the collection, as read. */
function manifestOf(
  metadata: CollectionMetadataResponse,
  siteId: string,
  languages: string[],
  titles: Map<string, { title: string; metadata: Record<string, unknown> }>,
  read: { contents: ManifestContent[]; fileAssets: Manifest['fileAssets']; items: CollectionItem[] },
): unknown {
  const primaryLanguage = metadata.language;
  const channel = metadata.channelSummary;
  const itemType = metadata.collectionType.fullyQualifiedName;
  const seed = (label: string) => createHash('sha256').update(`${siteId}:${label}`).digest();
  return {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    exportedAt: new Date().toISOString(),
    sites: [
      {
        id: siteId,
        name: channel.name,
        urlName: urlNameOf(channel.name, 'site'),
        channelId: channel.id?.startsWith(CHANNEL_ID_PREFIX) ? channel.id : idFromBytes(CHANNEL_ID_PREFIX, seed('channel')),
        communityId: idFromBytes(COMMUNITY_ID_PREFIX, seed('community')),
        defaultLanguage: primaryLanguage,
        languages: languages.map((language) => ({ language, active: true })),
        createdAt: metadata.publishedDate,
      },
    ],
    contentTypes: [
      {
        fullyQualifiedName: itemType,
        name: metadata.collectionType.name,
        fields: Object.fromEntries(Object.entries(metadata.schema).map(([name, field]) => [name, { label: field.label, nodeType: field.nodeType }])),
      },
      IMAGE_TYPE,
    ],
    contents: read.contents,
    fileAssets: read.fileAssets,
    collections: [
      {
        id: metadata.id,
        collectionKey: metadata.collectionKey,
        siteId,
        itemType,
        urlName: metadata.urlName,
        title: metadata.title,
        metadata: metadata.collectionMetadata,
        primaryLanguage,
        publishedAt: metadata.publishedDate,
        translations: [...titles].map(([language, text]) => ({ language, ...text })),
        items: read.items.map((item) => item.body.contentKey),
      },
    ],
    seoRecords: [],
  };
}

/** The content key an image field refers to: resolved ({contentKey, url}) or a bare reference. */
function imageKeyOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const record = value as { contentKey?: unknown; source?: { ref?: { contentKey?: unknown } } };
  const key = record.source?.ref?.contentKey ?? record.contentKey;
  return typeof key === 'string' && /^MC[A-Z0-9]{26}$/.test(key) ? key : undefined;
}

/** A delivered body as it is stored: resolved image fields go back to bare references. */
function asStored(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) => {
      const key = imageKeyOf(value);
      return [field, key === undefined ? value : imageReference(key)];
    }),
  );
}

/**
 * Whether two delivered items carry the same body. One beyond the content limits is never the
 * same (and is not written out, which would exhaust the stack): the manifest check names it.
 */
function isSameBody(one: unknown, other: unknown): boolean {
  const depth = CONTENT_LIMITS.depth + 2;
  if (findNestingProblem(one, depth) !== null || findNestingProblem(other, depth) !== null) return false;
  return JSON.stringify(one) === JSON.stringify(other);
}
