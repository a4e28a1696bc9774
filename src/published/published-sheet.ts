/**
 * A published sheet in the one shape the read model keeps it in (docs/decisions/040): a sheet a
 * collection of its site shows, as a reader in one of the site's languages sees it, with what its
 * page shows beside its text (the documents it links, whether search engines may index it). Made
 * by sheet-facts.ts from the write side; read through this room's questions (sheets.ts); turned
 * into the delivery API's item by `sheetItemOf`, the one wire mapping.
 */
import { resolveUrlFields } from '../shared/links';
import type { CollectionItem } from '../shared/delivery-types';
import { extendReferences, resolvedImageOf, type PublishedImage } from './images';

/** A version of a document (a file asset) a sheet links. */
export interface PublishedDocument {
  byteSize: number;
  version: number;
  publishedAt: string;
  retired: boolean;
}

export interface PublishedSheet {
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
  /** The documents of this site that the body, its set or any translation links, by `documentKeyOf`. */
  documents: Record<string, PublishedDocument>;
  /** Each stored translation's own link (its url as authored, '' for none), by language. */
  links: Array<{ language: string; url: string }>;
  primaryLanguage: string;
  /** Whether search engines may index its page (its SEO record says; yes without one). */
  indexed: boolean;
}

/**
 * A sheet as a reader of `language` sees it, from its rows in that language and the site's default
 * one: a language that shows nothing of its own (the sheet has no translation in it, and no
 * document for its readers) has no row of its own, and reads the default language's.
 */
export function sheetIn(language: string, rows: ReadonlyArray<{ language: string; facts: string }>): PublishedSheet | undefined {
  const row = rows.find((candidate) => candidate.language === language) ?? rows[0];
  // The facts as the reader wrote them: JSON.stringify of a PublishedSheet (published-reader.ts).
  return row === undefined ? undefined : { ...(JSON.parse(row.facts) as PublishedSheet), language };
}

/** How a document's version is named among a sheet's documents. */
export const documentKeyOf = (assetId: string, version: number): string => `${assetId} ${version}`;

/** What a sheet's URLs are made with: the site's base path and the platform's segment of media URLs (settings, not content). */
export interface SiteUrls {
  basePath: string;
  platformSitesSegment: string;
}

/**
 * The sheet as the delivery API's collection item sends it: image references extended with the
 * image, url fields as authored (a reader makes them site URLs, spec §3.1). `segment`: the
 * platform's segment of media URLs (a setting).
 */
export function wireItemOf(sheet: PublishedSheet, segment: string): CollectionItem {
  const contentBody = extendReferences(sheet.body, (key) => {
    const image = sheet.images[key];
    return image === undefined ? undefined : resolvedImageOf(image, segment);
  });
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
export const sheetItemOf = (sheet: PublishedSheet, urls: SiteUrls): CollectionItem =>
  resolveUrlFields(wireItemOf(sheet, urls.platformSitesSegment), urls.basePath);
