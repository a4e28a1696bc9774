/**
 * A literature sheet (sheet/shape.ts) in the public tables, which are the published state: this
 * module reads a sheet out of them (publishedSheet), writes one into them (putOnSite) and takes one
 * off them (takeOffSite), always inside the caller's transaction, through the one mapping between a
 * sheet and its stored records (sheet/body.ts). Files are named by digest:
 * their bytes are kept in the blobs table, so every version can be put back with its files.
 */
import type { ContentStore } from '../cms/database';
import { IMAGE_CONTENT_TYPE } from '../shared/constants';
import { LITERATURE_CONTENT_TYPE } from '../cms/content-types';
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
import { deleteFileAsset, deleteFileAssetVersionsAfter, findFileAssetInfo, findMediaInfo, saveFileAsset, saveMedia } from '../cms/repositories/files';
import { deleteSeoRecord, findStoredSeoRecord, saveSeoRecord } from '../cms/repositories/seo-records';
import { readStoredBody } from '../cms/stored-json';
import { canonicalJson } from '../shared/merge';
import { findSheetType } from '../cms/repositories/content-types';
import { moveAddress } from '../cms/repositories/old-addresses';
import { sharedFieldNames } from '../content-model/sheet-values';
import { bodyOfTexts, documentOfPath, referencesOf, sheetOfRecords, sheetSeoOf, type SheetRecords } from '../sheet/body';
import { documentSetOf, documentsOf } from '../sheet/documents';
import type { SheetDocument, SheetImage, SheetState } from '../sheet/shape';
import type { SiteDates } from './editable';

/** The sheet as it is on the site now, or null when it is not published. */
export async function publishedSheet(db: ContentStore, id: string): Promise<SheetState | null> {
  const content = await findContentById(db, id);
  if (content === undefined || content.content_type !== LITERATURE_CONTENT_TYPE) return null;
  const translations = (await listStoredTranslations(db, [id])).map((row) => ({
    language: row.language,
    title: row.title,
    body: readStoredBody(row.body, `content ${content.content_key} (${row.language})`) ?? {},
  }));
  const { imageKey, documentPath, documentEntries } = referencesOf(translations, content.primary_language);
  const { document, documents } = await documentSetOf(documentPath, documentEntries, (path) => storedDocument(db, path));
  const [place] = await listPlacesOfContent(db, id);
  const seo = await findStoredSeoRecord(db, content.site_id, id);
  return sheetOfRecords(
    {
      content: {
        id,
        contentKey: content.content_key,
        siteId: content.site_id,
        urlName: content.url_name,
        primaryLanguage: content.primary_language,
        createdAt: content.created_at,
      },
      translations,
      image: imageKey === null ? null : await storedImage(db, content.site_id, imageKey),
      document,
      documents,
      seo: seo === undefined ? null : sheetSeoOf(seo),
      collectionId: place?.collectionId ?? null,
    },
    sharedFieldNames(await findSheetType(db)),
  );
}

/** The dates the site shows for a sheet (its last change, each language's publication); none when it is not on the site. */
export async function siteDatesOf(db: ContentStore, id: string): Promise<SiteDates | undefined> {
  const content = await findContentById(db, id);
  if (content === undefined) return undefined;
  const translations = await listStoredTranslations(db, [id]);
  return { updatedAt: content.updated_at, publishedAt: Object.fromEntries(translations.map((row) => [row.language, row.published_at])) };
}

/** An image content as the store has it, with its alternative text per language; null when it or its file is not there. */
export async function storedImage(db: ContentStore, siteId: string, contentKey: string): Promise<SheetRecords['image']> {
  const [content] = await findContentsByKeys(db, siteId, [contentKey]);
  if (content === undefined) return null;
  const media = await findMediaInfo(db, content.id);
  if (media === undefined) return null;
  // The image's alternative text is the sheet's, per language.
  const altTexts: Record<string, string> = {};
  for (const row of await listStoredTranslations(db, [content.id])) {
    const alt = readStoredBody(row.body, `content ${contentKey} (${row.language})`)?.altText;
    if (typeof alt === 'string') altTexts[row.language] = alt;
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
    altTexts,
  };
}

/** The document a link goes to, as the store has it; null when the link is not to a stored document. */
export async function storedDocument(db: ContentStore, path: string): Promise<SheetDocument | null> {
  const linked = documentOfPath(path);
  if (linked === null) return null;
  const asset = await findFileAssetInfo(db, linked.assetId, linked.version);
  if (asset === undefined) return null;
  return {
    assetId: linked.assetId,
    version: Number(asset.version),
    sha256: asset.sha256,
    fileName: asset.file_name,
    mimeType: asset.mime_type,
    byteSize: Number(asset.byte_size),
  };
}

/** Copies the sheet's published image and documents into the blobs, so that versions keep them. */
export async function keepSheetFiles(trx: ContentStore, state: SheetState): Promise<void> {
  if (state.image !== null && !(await hasBlob(trx, state.image.sha256))) await keepMediaBytes(trx, state.image.contentId);
  for (const document of documentsOf(state)) if (!(await hasBlob(trx, document.sha256))) await keepFileAssetBytes(trx, document.assetId);
}

async function bytesOf(db: ContentStore, sha256: string, what: string): Promise<Buffer> {
  const blob = await findBlob(db, sha256);
  if (blob === undefined) throw new Error(`The bytes of ${what} (${sha256.slice(0, 12)}…) are not in the store`);
  return blob.bytes;
}

/**
 * Writes a sheet into the public tables as `state` says: the sheet and each of its translations
 * (languages it no longer has are removed), its image content and file, its documents' versions
 * (each served up to the version the sheet has, none past it: an undo of the publish that brought a
 * new revision serves exactly what was served before it, the old revision current again) and its
 * SEO record; it joins its collection's end (or `position`) when it is not in it. What `previous`
 * had and `state` no longer has (an image, a document) is taken off unless another sheet uses it.
 */
export async function putOnSite(trx: ContentStore, state: SheetState, previous: SheetState | null, at: string, dates?: SiteDates): Promise<void> {
  const languages = Object.keys(state.translations);
  if (state.image !== null) await putImageOnSite(trx, state, state.image, at);
  for (const document of documentsOf(state)) {
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
    await deleteFileAssetVersionsAfter(trx, document.assetId, document.version);
  }
  // A translation that stays as it was keeps its date: only what changed is published anew.
  const stored = new Map((await listStoredTranslations(trx, [state.id])).map((row) => [row.language, row]));
  await saveContent(trx, {
    id: state.id,
    contentKey: state.contentKey,
    siteId: state.siteId,
    type: LITERATURE_CONTENT_TYPE,
    urlName: state.urlName,
    primaryLanguage: state.primaryLanguage,
    createdAt: state.createdAt,
    updatedAt: dates?.updatedAt ?? at,
    translations: Object.entries(state.translations).map(([language, texts]) => {
      const body = bodyOfTexts(state, texts);
      const was = stored.get(language);
      const same =
        was !== undefined &&
        was.title === texts.title &&
        canonicalJson(readStoredBody(was.body, `content ${state.contentKey} (${language})`)) === canonicalJson(body);
      return { language, title: texts.title, body, publishedAt: dates?.publishedAt[language] ?? (same ? was.published_at : at) };
    }),
  });
  await deleteTranslationsExcept(trx, state.id, languages);
  // The address it leaves answers 301 with the new one, forever (server/page-kinds/sheet/kind.ts).
  await moveAddress(trx, { siteId: state.siteId, contentId: state.id, from: previous?.urlName ?? state.urlName, to: state.urlName, at });
  if (state.seo === null) await deleteSeoRecord(trx, state.siteId, state.id);
  else await saveSeoRecord(trx, state.siteId, { recordId: state.id, ...state.seo });
  if (previous !== null && previous.collectionId !== state.collectionId) await removeFromCollections(trx, state.id);
  if (state.collectionId !== null) await placeInCollection(trx, state.collectionId, state.id);
  if (previous !== null) await releaseFiles(trx, previous, state);
}

/**
 * The sheet's image content and file. It has a translation where the sheet gives its image
 * alternative text (and in the primary language): elsewhere a reader falls back to the primary
 * language's, not to an empty one. A translation that already says what the sheet says stays as
 * it is (with whatever else its body holds, and its date); a new one is titled after the sheet.
 */
async function putImageOnSite(trx: ContentStore, state: SheetState, image: SheetImage, at: string): Promise<void> {
  const described = Object.entries(state.translations).filter(([language, texts]) => language === state.primaryLanguage || texts.imageAlt !== '');
  const stored = new Map((await listStoredTranslations(trx, [image.contentId])).map((row) => [row.language, row]));
  const translations = described.flatMap(([language, texts]) => {
    const was = stored.get(language);
    const body = was === undefined ? null : readStoredBody(was.body, `content ${image.contentKey} (${language})`);
    if (was !== undefined && body !== null && body.altText === texts.imageAlt) return [];
    const title = was?.title ?? `${texts.title} image`;
    return [{ language, title, body: { ...body, title, altText: texts.imageAlt }, publishedAt: at }];
  });
  const content = await findContentById(trx, image.contentId);
  const same =
    content !== undefined && content.url_name === image.urlName && content.primary_language === state.primaryLanguage && content.site_id === state.siteId;
  if (!same || translations.length > 0)
    await saveContent(trx, {
      id: image.contentId,
      contentKey: image.contentKey,
      siteId: state.siteId,
      type: IMAGE_CONTENT_TYPE,
      urlName: image.urlName,
      primaryLanguage: state.primaryLanguage,
      createdAt: at,
      updatedAt: at,
      translations,
    });
  await deleteTranslationsExcept(
    trx,
    image.contentId,
    described.map(([language]) => language),
  );
  const media = await findMediaInfo(trx, image.contentId);
  if (media?.sha256 !== image.sha256) {
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

/** Takes a sheet off the site: out of its collection, with its SEO record, image and document unless shared. */
export async function takeOffSite(trx: ContentStore, state: SheetState): Promise<void> {
  await removeFromCollections(trx, state.id);
  await deleteSeoRecord(trx, state.siteId, state.id);
  await deleteContent(trx, state.id);
  await releaseFiles(trx, state, null);
}

/** Removes the image and documents `previous` used and `next` does not, unless another content uses them. */
async function releaseFiles(trx: ContentStore, previous: SheetState, next: SheetState | null): Promise<void> {
  const image = previous.image;
  if (image !== null && image.contentId !== next?.image?.contentId && !(await isMentionedByOtherContent(trx, image.contentKey, previous.id))) {
    await saveMedia(trx, image.contentId, null);
    await deleteContent(trx, image.contentId);
  }
  // A document a link of the sheet still goes to stays, as a document another content links does.
  const links = next === null ? [] : Object.values(next.translations).map((texts) => documentOfPath(texts.url)?.assetId);
  const kept = new Set([...(next === null ? [] : documentsOf(next)).map((document) => document.assetId), ...links]);
  for (const document of documentsOf(previous)) {
    if (kept.has(document.assetId) || (await isMentionedByOtherContent(trx, `/file-asset/${encodeURIComponent(document.assetId)}?`, previous.id))) continue;
    await deleteFileAsset(trx, document.assetId);
  }
}
