/**
 * A literature sheet as the editing model sees it: one JSON document holding its texts in every
 * language, its image, its document and its SEO fields. The public tables are the published state;
 * this module reads a sheet out of them (publishedSheet), writes one into them (putOnSite) and takes
 * one off them (takeOffSite), always inside the caller's transaction. Files are named by digest:
 * their bytes are kept in the blobs table, so every version can be put back with its files.
 */
import Type, { type Static } from 'typebox';
import type { ContentStore } from '../cms/database';
import { IMAGE_CONTENT_TYPE } from '../shared/constants';
import { imageReference, LITERATURE_CONTENT_TYPE } from '../cms/content-types';
import { listPlacesOfContent, placeInCollection, removeFromCollections } from '../cms/repositories/collections';
import {
  deleteContent,
  deleteTranslationsExcept,
  findContentById,
  findContentsByKeys,
  isMentionedByOtherContent,
  listStoredTranslations,
  saveContent,
} from '../cms/repositories/contents';
import { findBlob, hasBlob, keepFileAssetBytes, keepMediaBytes } from '../cms/repositories/editing';
import { deleteFileAsset, findFileAssetInfo, findMediaInfo, saveFileAsset, saveMedia } from '../cms/repositories/files';
import { deleteSeoRecord, findStoredSeoRecord, saveSeoRecord } from '../cms/repositories/seo-records';
import { SHEET_FIELDS, CONTENT_KEY } from '../shared/literature-sheet';
import { text, wholeNumber } from '../shared/schema/fields';
import { readStoredBody } from '../cms/stored-json';
import { SheetTopicsSchema, topicsOfBody } from '../shared/topics';

const ID = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;
const LANGUAGE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;
const DIGEST = /^[0-9a-f]{64}$/;
/** A document's path as sheets link to it: /{segment}/c/file-asset/{assetId}?v={version}. */
export const DOCUMENT_PATH = /^\/[^/]+\/c\/file-asset\/([^/?#]+)\?v=(\d+)$/;

const FileSchema = {
  sha256: text({ pattern: DIGEST }),
  fileName: text({ pattern: /^[^/\\]{1,255}$/ }),
  mimeType: text({ pattern: /^[a-z]+\/[a-z0-9.+-]+$/ }),
  byteSize: wholeNumber(0, 1_000_000_000),
};

export const SheetTextsSchema = Type.Object({
  title: SHEET_FIELDS.title,
  description: SHEET_FIELDS.description,
  url: SHEET_FIELDS.url,
  imageAlt: SHEET_FIELDS.imageAlt,
  /** Body fields the sheet type does not name (migrated content): kept as they came. */
  extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export const SheetImageSchema = Type.Object({
  ...FileSchema,
  /** The image content the sheet refers to. */
  contentId: text({ pattern: ID }),
  contentKey: text({ pattern: CONTENT_KEY }),
  urlName: text({ pattern: NAME }),
  width: wholeNumber(1, 100_000),
  height: wholeNumber(1, 100_000),
});

export const SheetDocumentSchema = Type.Object({
  ...FileSchema,
  assetId: text({ pattern: /^[A-Za-z0-9_-]{1,80}$/ }),
  version: wholeNumber(1, 999_999_999),
});

export const SheetSeoSchema = Type.Object({
  urlAlias: Type.Union([text({ pattern: NAME }), Type.Null()]),
  recordName: text({ max: 1000 }),
  objectName: text({ max: 200 }),
  fields: Type.Record(Type.String(), Type.String()),
  hrefLangUrls: Type.Record(Type.String(), text({ max: 2048 })),
  canonicalUrl: Type.Union([text({ max: 2048 }), Type.Null()]),
  isSeoIndexed: Type.Boolean(),
});

export const SheetStateSchema = Type.Object({
  id: text({ pattern: ID }),
  contentKey: text({ pattern: CONTENT_KEY }),
  siteId: text({ pattern: ID }),
  urlName: text({ pattern: NAME }),
  primaryLanguage: text({ pattern: LANGUAGE }),
  createdAt: text({ max: 40 }),
  /** The collection it is shown in; a sheet put on the site joins its end. */
  collectionId: Type.Union([text({ pattern: ID }), Type.Null()]),
  // Keys that are not languages are refused (a patterned key alone lets them through, unchecked).
  translations: Type.Record(text({ pattern: LANGUAGE }), SheetTextsSchema, { propertyNames: { pattern: LANGUAGE.source } }),
  image: Type.Union([SheetImageSchema, Type.Null()]),
  document: Type.Union([SheetDocumentSchema, Type.Null()]),
  seo: Type.Union([SheetSeoSchema, Type.Null()]),
  /** The slugs of the site's topics it is about (absent in states kept before topics). */
  topics: Type.Optional(SheetTopicsSchema),
});

export type SheetTexts = Static<typeof SheetTextsSchema>;
export type SheetImage = Static<typeof SheetImageSchema>;
export type SheetDocument = Static<typeof SheetDocumentSchema>;
export type SheetState = Static<typeof SheetStateSchema>;

/** Body fields the sheet's texts stand for; anything else is kept in `extra`. */
const NAMED_FIELDS = new Set(['Title', 'description', 'url', 'image', 'topics']);

/** The sheet as it is on the site now, or null when it is not published. */
export async function publishedSheet(db: ContentStore, id: string): Promise<SheetState | null> {
  const content = await findContentById(db, id);
  if (content === undefined || content.content_type !== LITERATURE_CONTENT_TYPE) return null;
  const translations: Record<string, SheetTexts> = {};
  let imageKey: string | null = null;
  let topics: string[] = [];
  for (const row of await listStoredTranslations(db, [id])) {
    const body = readStoredBody(row.body, `content ${content.content_key} (${row.language})`) ?? {};
    // Every translation lists the sheet's topics; the primary language's is the one read.
    if (topics.length === 0 || row.language === content.primary_language) topics = topicsOfBody(body);
    const extra = Object.fromEntries(Object.entries(body).filter(([name]) => !NAMED_FIELDS.has(name)));
    translations[row.language] = {
      title: row.title,
      description: typeof body.description === 'string' ? body.description : '',
      url: typeof body.url === 'string' ? body.url : '',
      imageAlt: '',
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
    };
    imageKey ??= referencedImageKey(body.image);
  }
  const image = imageKey === null ? null : await publishedImage(db, content.site_id, imageKey, translations);
  // The sheet's document is the file asset its links go to: the primary language's, else any other's.
  const links = [translations[content.primary_language]?.url ?? '', ...Object.values(translations).map((texts) => texts.url)];
  const documentUrl = links.find((url) => DOCUMENT_PATH.test(url)) ?? '';
  const [place] = await listPlacesOfContent(db, id);
  const seo = await findStoredSeoRecord(db, content.site_id, id);
  return {
    id,
    contentKey: content.content_key,
    siteId: content.site_id,
    urlName: content.url_name,
    primaryLanguage: content.primary_language,
    createdAt: content.created_at,
    collectionId: place?.collectionId ?? null,
    translations,
    image,
    document: await publishedDocument(db, documentUrl),
    ...(topics.length > 0 ? { topics } : {}),
    seo:
      seo === undefined
        ? null
        : {
            urlAlias: seo.urlAlias,
            recordName: seo.recordName,
            objectName: seo.objectName,
            fields: seo.fields,
            hrefLangUrls: seo.hrefLangUrls,
            canonicalUrl: seo.canonicalUrl,
            isSeoIndexed: seo.isSeoIndexed,
          },
  };
}

/** The content key of the image a sheet's body refers to, or null. */
export function referencedImageKey(value: unknown): string | null {
  const key = (value as { source?: { ref?: { contentKey?: unknown } } } | undefined)?.source?.ref?.contentKey;
  return typeof key === 'string' && CONTENT_KEY.test(key) ? key : null;
}

async function publishedImage(db: ContentStore, siteId: string, contentKey: string, translations: Record<string, SheetTexts>): Promise<SheetImage | null> {
  const [content] = await findContentsByKeys(db, siteId, [contentKey]);
  if (content === undefined) return null;
  const media = await findMediaInfo(db, content.id);
  if (media === undefined) return null;
  // The image's alternative text is the sheet's, per language.
  for (const row of await listStoredTranslations(db, [content.id])) {
    const alt = readStoredBody(row.body, `content ${contentKey} (${row.language})`)?.altText;
    const texts = translations[row.language];
    if (texts !== undefined && typeof alt === 'string') texts.imageAlt = alt;
  }
  return {
    contentId: content.id,
    contentKey,
    urlName: content.url_name,
    sha256: media.sha256,
    fileName: media.file_name,
    mimeType: media.mime_type,
    byteSize: Number(media.byte_size),
    width: Number(media.width),
    height: Number(media.height),
  };
}

async function publishedDocument(db: ContentStore, url: string): Promise<SheetDocument | null> {
  const match = DOCUMENT_PATH.exec(url);
  if (match === null) return null;
  const assetId = decodeURIComponent(match[1] ?? '');
  const asset = await findFileAssetInfo(db, assetId, Number(match[2]));
  if (asset === undefined) return null;
  return {
    assetId,
    version: Number(asset.version),
    sha256: asset.sha256,
    fileName: asset.file_name,
    mimeType: asset.mime_type,
    byteSize: Number(asset.byte_size),
  };
}

/** Copies the sheet's published image and document into the blobs, so that versions keep them. */
export async function keepSheetFiles(trx: ContentStore, state: SheetState): Promise<void> {
  if (state.image !== null && !(await hasBlob(trx, state.image.sha256))) await keepMediaBytes(trx, state.image.contentId);
  if (state.document !== null && !(await hasBlob(trx, state.document.sha256))) await keepFileAssetBytes(trx, state.document.assetId);
}

async function bytesOf(db: ContentStore, sha256: string, what: string): Promise<Buffer> {
  const blob = await findBlob(db, sha256);
  if (blob === undefined) throw new Error(`The bytes of ${what} (${sha256.slice(0, 12)}…) are not in the store`);
  return blob.bytes;
}

/**
 * Writes a sheet into the public tables as `state` says: the sheet and each of its translations
 * (languages it no longer has are removed), its image content and file, its document version and
 * its SEO record; it joins its collection's end (or `position`) when it is not in it. What
 * `previous` had and `state` no longer has (an image, a document) is taken off unless another
 * sheet uses it.
 */
export async function putOnSite(trx: ContentStore, state: SheetState, previous: SheetState | null, at: string, position?: number): Promise<void> {
  const languages = Object.keys(state.translations);
  if (state.image !== null) {
    const image = state.image;
    // The image has a translation where the sheet gives it alternative text (and in the primary
    // language): elsewhere a reader falls back to the primary language's, not to an empty one.
    const described = Object.entries(state.translations).filter(([language, texts]) => language === state.primaryLanguage || texts.imageAlt !== '');
    await saveContent(trx, {
      id: image.contentId,
      contentKey: image.contentKey,
      siteId: state.siteId,
      type: IMAGE_CONTENT_TYPE,
      urlName: image.urlName,
      primaryLanguage: state.primaryLanguage,
      createdAt: at,
      updatedAt: at,
      translations: described.map(([language, texts]) => ({
        language,
        title: `${texts.title} image`,
        body: { title: `${texts.title} image`, altText: texts.imageAlt },
        publishedAt: at,
      })),
    });
    await deleteTranslationsExcept(
      trx,
      image.contentId,
      described.map(([language]) => language),
    );
    const stored = await findMediaInfo(trx, image.contentId);
    if (stored?.sha256 !== image.sha256) {
      const bytes = await bytesOf(trx, image.sha256, `the image ${image.fileName}`);
      await saveMedia(trx, image.contentId, {
        fileName: image.fileName,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        bytes,
        createdAt: at,
      });
    }
  }
  if (state.document !== null) {
    const document = state.document;
    const stored = await findFileAssetInfo(trx, document.assetId, document.version);
    if (stored?.sha256 !== document.sha256) {
      const bytes = await bytesOf(trx, document.sha256, `the document ${document.fileName}`);
      await saveFileAsset(trx, {
        assetId: document.assetId,
        version: document.version,
        fileName: document.fileName,
        mimeType: document.mimeType,
        bytes,
        createdAt: at,
      });
    }
  }
  await saveContent(trx, {
    id: state.id,
    contentKey: state.contentKey,
    siteId: state.siteId,
    type: LITERATURE_CONTENT_TYPE,
    urlName: state.urlName,
    primaryLanguage: state.primaryLanguage,
    createdAt: state.createdAt,
    updatedAt: at,
    translations: Object.entries(state.translations).map(([language, texts]) => ({
      language,
      title: texts.title,
      body: {
        ...texts.extra,
        Title: texts.title,
        ...(texts.description === '' ? {} : { description: texts.description }),
        ...(texts.url === '' ? {} : { url: texts.url }),
        ...(state.image === null ? {} : { image: imageReference(state.image.contentKey) }),
        ...(state.topics === undefined || state.topics.length === 0 ? {} : { topics: state.topics }),
      },
      publishedAt: at,
    })),
  });
  await deleteTranslationsExcept(trx, state.id, languages);
  if (state.seo === null) await deleteSeoRecord(trx, state.siteId, state.id);
  else await saveSeoRecord(trx, state.siteId, { recordId: state.id, ...state.seo });
  if (previous !== null && previous.collectionId !== state.collectionId) await removeFromCollections(trx, state.id);
  if (state.collectionId !== null) await placeInCollection(trx, state.collectionId, state.id, position);
  if (previous !== null) await releaseFiles(trx, previous, state);
}

/** Takes a sheet off the site: out of its collection, with its SEO record, image and document unless shared. */
export async function takeOffSite(trx: ContentStore, state: SheetState): Promise<void> {
  await removeFromCollections(trx, state.id);
  await deleteSeoRecord(trx, state.siteId, state.id);
  await deleteContent(trx, state.id);
  await releaseFiles(trx, state, null);
}

/** Removes the image and document `previous` used and `next` does not, unless another content uses them. */
async function releaseFiles(trx: ContentStore, previous: SheetState, next: SheetState | null): Promise<void> {
  const image = previous.image;
  if (image !== null && image.contentId !== next?.image?.contentId && !(await isMentionedByOtherContent(trx, image.contentKey, previous.id))) {
    await saveMedia(trx, image.contentId, null);
    await deleteContent(trx, image.contentId);
  }
  const document = previous.document;
  if (
    document !== null &&
    document.assetId !== next?.document?.assetId &&
    !(await isMentionedByOtherContent(trx, `/file-asset/${encodeURIComponent(document.assetId)}?`, previous.id))
  ) {
    await deleteFileAsset(trx, document.assetId);
  }
}
