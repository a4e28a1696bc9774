/**
 * A sheet's stored form and its state, one to the other: each language's body as the store keeps
 * it and the delivery API serves it (`Title`, `description`, `url`, `image`, `topics`, and whatever
 * else migrated content brought), its image content, its document and its SEO record. The store's
 * reader (editing/sheet-state.ts), its writer, and an import reading a content manifest all go
 * through these functions, so a sheet read from one form and written to another is the same sheet.
 */
import { CONTENT_KEY } from '../shared/literature-sheet';
import { topicsOfBody } from '../shared/topics';
import { documentEntriesOf, storedDocumentSet } from './documents';
import type { SetDocument, SheetDocument, SheetImage, SheetState, SheetTexts } from './shape';
import { DOCUMENT_PATH } from './shape';

/** Body fields the sheet's texts stand for; anything else is kept in `extra`. */
const NAMED_FIELDS = new Set(['Title', 'description', 'url', 'image', 'topics', 'documents']);

/** How a body refers to its image content (the platform's shape). */
export function imageReference(contentKey: string) {
  return { source: { type: 'imageReference', ref: { contentKey } } };
}

/** The content key of the image a sheet's body refers to, or null. */
export function referencedImageKey(value: unknown): string | null {
  const key = (value as { source?: { ref?: { contentKey?: unknown } } } | undefined)?.source?.ref?.contentKey;
  return typeof key === 'string' && CONTENT_KEY.test(key) ? key : null;
}

/**
 * One language's texts as its stored title and body give them (the image's words come from the
 * image); the values of the shared fields named are the sheet's, not the language's.
 */
export function textsOfBody(title: string, body: Record<string, unknown>, shared: ReadonlySet<string> = new Set()): SheetTexts {
  const extra = Object.fromEntries(Object.entries(body).filter(([name]) => !NAMED_FIELDS.has(name) && !shared.has(name)));
  return {
    title,
    description: typeof body.description === 'string' ? body.description : '',
    url: typeof body.url === 'string' ? body.url : '',
    imageAlt: '',
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

/**
 * One language's body as the store keeps it: the fields the sheet's texts stand for, its shared
 * values, then the language's other values and fields as they came. Neither of the last two can
 * stand in for a field the texts stand for (an `extra.url` is never the sheet's link).
 */
export function bodyOfTexts(state: SheetState, texts: SheetTexts): Record<string, unknown> {
  const values = Object.entries(state.values ?? {}).filter(([name]) => !NAMED_FIELDS.has(name));
  const extra = Object.entries(texts.extra ?? {}).filter(([name]) => !NAMED_FIELDS.has(name) && !(name in (state.values ?? {})));
  const documents = storedDocumentSet(state);
  return {
    Title: texts.title,
    ...(texts.description === '' ? {} : { description: texts.description }),
    ...(texts.url === '' ? {} : { url: texts.url }),
    ...(state.image === null ? {} : { image: imageReference(state.image.contentKey) }),
    ...(state.topics === undefined || state.topics.length === 0 ? {} : { topics: state.topics }),
    ...(documents === null ? {} : { documents }),
    ...Object.fromEntries(values),
    ...Object.fromEntries(extra),
  };
}

/** A sheet's stored translation. */
export interface StoredTranslation {
  language: string;
  title: string;
  body: Record<string, unknown>;
}

/**
 * What the stored translations point at: the image content, by key, the sheet's own document, by
 * its path, and the set's entries (the primary language's list, as every translation has it).
 */
export function referencesOf(
  translations: StoredTranslation[],
  primaryLanguage: string,
): { imageKey: string | null; documentPath: string; documentEntries: ReturnType<typeof documentEntriesOf> } {
  let imageKey: string | null = null;
  for (const translation of translations) imageKey ??= referencedImageKey(translation.body.image);
  // The sheet's document is the file asset its links go to: the primary language's, else any other's.
  const primary = translations.find((translation) => translation.language === primaryLanguage);
  const links = [primary?.body.url, ...translations.map((translation) => translation.body.url)];
  const documentPath = links.find((url): url is string => typeof url === 'string' && DOCUMENT_PATH.test(url)) ?? '';
  const listing = primary ?? translations.find((translation) => Array.isArray(translation.body.documents));
  return { imageKey, documentPath, documentEntries: listing === undefined ? [] : documentEntriesOf(listing.body) };
}

/** A document path's asset and version, or null when it is not one. */
export function documentOfPath(path: string): { assetId: string; version: number } | null {
  const match = DOCUMENT_PATH.exec(path);
  return match === null ? null : { assetId: decodeURIComponent(match[1] ?? ''), version: Number(match[2]) };
}

/** A sheet's SEO fields out of an SEO record as the store or a manifest has it (which carries more). */
export function sheetSeoOf(record: NonNullable<SheetState['seo']>): NonNullable<SheetState['seo']> {
  const { urlAlias, recordName, objectName, fields, hrefLangUrls, canonicalUrl, isSeoIndexed } = record;
  return { urlAlias, recordName, objectName, fields, hrefLangUrls, canonicalUrl, isSeoIndexed };
}

/** Everything a sheet is made of in the store, read or about to be written. */
export interface SheetRecords {
  content: { id: string; contentKey: string; siteId: string; urlName: string; primaryLanguage: string; createdAt: string };
  translations: StoredTranslation[];
  /** The image content and its file, with its alternative text per language; null when it has none (or it cannot be found). */
  image: (Omit<SheetImage, never> & { altTexts: Record<string, string> }) | null;
  document: SheetDocument | null;
  /** The set's other documents, as the store has them. */
  documents: SetDocument[];
  seo: SheetState['seo'];
  collectionId: string | null;
}

/** The sheet its records make; `shared` names the fields its type keeps once for all languages. */
export function sheetOfRecords(records: SheetRecords, shared: ReadonlySet<string>): SheetState {
  const { content } = records;
  const translations: Record<string, SheetTexts> = {};
  let topics: string[] = [];
  let values: Record<string, unknown> = {};
  for (const row of records.translations) {
    // Every translation lists the sheet's topics and shared values; the primary language's are the ones read.
    if (topics.length === 0 || row.language === content.primaryLanguage) topics = topicsOfBody(row.body);
    const own = Object.fromEntries(Object.entries(row.body).filter(([name]) => shared.has(name)));
    if (Object.keys(values).length === 0 || row.language === content.primaryLanguage) values = own;
    translations[row.language] = { ...textsOfBody(row.title, row.body, shared), imageAlt: records.image?.altTexts[row.language] ?? '' };
  }
  const image = records.image === null ? null : (({ altTexts: _altTexts, ...file }) => file)(records.image);
  return {
    id: content.id,
    contentKey: content.contentKey,
    siteId: content.siteId,
    urlName: content.urlName,
    primaryLanguage: content.primaryLanguage,
    createdAt: content.createdAt,
    collectionId: records.collectionId,
    translations,
    image,
    document: records.document,
    ...(records.documents.length > 0 ? { documents: records.documents } : {}),
    ...(topics.length > 0 ? { topics } : {}),
    ...(Object.keys(values).length > 0 ? { values } : {}),
    seo: records.seo,
  };
}
