/**
 * A published content in the one shape the read model keeps it in (docs/decisions/040): a content
 * of a site (a sheet, an image, any type) as a reader in one of the site's languages sees it, with
 * what a sheet's page shows beside its text (the documents it links, whether search engines may
 * index it) and an image's file. Made by content-facts.ts from the write side; read through this
 * room's questions (sheets.ts, contents.ts, listings.ts); turned into the delivery API's wire shapes
 * by `deliveredBodyOf` and `wireItemOf`, the one mapping.
 */
import { resolveUrlFields } from '../shared/links';
import { MEDIA_FIELD } from '../shared/constants';
import type { CollectionItem, ContentBody } from '../shared/delivery-types';
import { mediaDeliveryPath } from '../shared/urls';
import { extendReferences, resolvedImageOf, type PublishedImage } from './images';

/** A version of a document (a file asset) a sheet links. */
export interface PublishedDocument {
  byteSize: number;
  version: number;
  publishedAt: string;
  retired: boolean;
}

/** An image content's file, as its media field and URL show it. */
export interface PublishedMedia {
  fileName: string;
  mimeType: string;
  byteSize: number;
  /** mediaVersionOf its bytes: its URL carries it. */
  version: string;
}

export interface PublishedContent {
  id: string;
  siteId: string;
  /** The page language it is read in. */
  language: string;
  urlName: string;
  contentKey: string;
  contentType: { fullyQualifiedName: string; name: string };
  /** The translation read (the language's, else the site's default language's, else the sheet's primary one). */
  textLanguage: string;
  /** The language of the body's url when it is another translation's (localizeContents). */
  linkLanguage: string | null;
  title: string;
  publishedAt: string;
  /** The translation's body as the delivery API reads it: urls as authored, image references as stored. */
  body: Record<string, unknown>;
  /** The images the body refers to, by content key, in this language. */
  images: Record<string, PublishedImage>;
  /** The documents of this site that the body, its set or any translation links, by `documentKeyOf` (a sheet's; none for other types). */
  documents: Record<string, PublishedDocument>;
  /** Each stored translation's own link (its url as authored, '' for none), by language. */
  links: Array<{ language: string; url: string }>;
  primaryLanguage: string;
  createdAt: string;
  updatedAt: string;
  /** The primary translation's date (null without one): what the content calls' date filters ask. */
  primaryPublishedAt: string | null;
  /** Whether a collection of its site shows it: a sheet then has a page (and topics, related sheets). */
  shown: boolean;
  /** Whether search engines may index its page (its SEO record says; yes without one). */
  indexed: boolean;
  /** An image content's file; null for any other content. */
  media: PublishedMedia | null;
}

/**
 * A content as a reader of `language` sees it, from its rows in that language and the site's
 * default one: a language that shows nothing of its own (the content has no translation in it, and
 * no document for its readers) has no row of its own, and reads the default language's.
 */
export function contentIn(language: string, rows: ReadonlyArray<{ language: string; facts: string }>): PublishedContent | undefined {
  const row = rows.find((candidate) => candidate.language === language) ?? rows[0];
  // The facts as the reader wrote them: JSON.stringify of a PublishedContent (published-reader.ts).
  return row === undefined ? undefined : { ...(JSON.parse(row.facts) as PublishedContent), language };
}

/** How a document's version is named among a sheet's documents. */
export const documentKeyOf = (assetId: string, version: number): string => `${assetId} ${version}`;

/** What a sheet's URLs are made with: the site's base path and the platform's segment of media URLs (settings, not content). */
export interface SiteUrls {
  basePath: string;
  platformSitesSegment: string;
}

/** An image's URL below the base path, at its file's version: cacheable for ever, as a new file gets a new URL. */
export const mediaUrlOf = (content: Pick<PublishedContent, 'contentKey' | 'media'>, segment: string): string | null =>
  content.media === null ? null : mediaDeliveryPath(segment, content.contentKey, content.media.version);

/**
 * The body as the delivery API sends it: an image's file under contentBody["sfdc_cms:media"] with
 * its url (spec §3.3); in any other content, image references extended with the image (spec
 * §3.1). Url fields stay as authored. `segment`: the platform's segment of media URLs (a setting).
 */
export function deliveredBodyOf(content: PublishedContent, segment: string): ContentBody {
  const url = mediaUrlOf(content, segment);
  if (content.media !== null && url !== null) {
    const { fileName, mimeType, byteSize } = content.media;
    return { ...content.body, [MEDIA_FIELD]: { source: { type: 'file', fileName, mimeType, size: byteSize }, url } };
  }
  return extendReferences(content.body, (key) => {
    const image = content.images[key];
    return image === undefined ? undefined : resolvedImageOf(image, segment);
  });
}

/** The content as the delivery API's collection item sends it. */
export function wireItemOf(sheet: PublishedContent, segment: string): CollectionItem {
  const contentBody = deliveredBodyOf(sheet, segment);
  return {
    id: sheet.id,
    name: sheet.title,
    contentType: sheet.contentType,
    language: sheet.textLanguage,
    ...(sheet.linkLanguage === null ? {} : { linkLanguage: sheet.linkLanguage }),
    body: { contentKey: sheet.contentKey, urlName: sheet.urlName, title: sheet.title, publishedDate: sheet.publishedAt, contentBody },
  };
}

/** The same item with every url field a site URL (under the base path): as the grid's card and the sheet page show it. */
export const sheetItemOf = (sheet: PublishedContent, urls: SiteUrls): CollectionItem =>
  resolveUrlFields(wireItemOf(sheet, urls.platformSitesSegment), urls.basePath);
