/**
 * What a sheet's own page shows (docs/search.md, "A page per sheet"), read from the read model of
 * what is published (src/published/) in the page's language: its values, documents, topics and
 * related sheets, and its head (canonical, hreflang, robots as the sheet's SEO record says) with
 * `DigitalDocument` structured data. A sheet is on the site while a collection shows it.
 */
import type { DeliverySettings } from '../../../api/delivery-context';
import { LABEL_LANGUAGE } from '../../../cms/content-types';
import { DOCUMENT_KINDS, DOCUMENT_PATH } from '../../../sheet/shape';
import { documentEntriesOf, factsOnly } from '../../../sheet/documents';
import type { CollectionItem } from '../../../shared/delivery-types';
import { scriptSafeJson } from '../../../shared/head-tags';
import { languageTag } from '../../../shared/languages';
import { stripTags } from '../../../shared/text';
import { topicsOfBody } from '../../../shared/topics';
import type { SeoHead } from '../../../site/seo/seo-head';
import type { SheetDocumentLink, SheetPageData, SheetProperty, SheetView } from '../../../site/sheet/sheet-page';
import type { ContentType, Field } from '../../../content-model/definition';
import { offeredFields } from '../../../content-model/sheet-values';
import { displayText, fieldLabel } from '../../../content-model/display';
import type { DigitalDocument, MediaObject, Product, PropertyValue, WithContext } from 'schema-dts';
import { documentKeyOf, sheetItemOf, type PublishedContent } from '../../../published/published-content';
import { movedFrom, relatedSheetIds, sheetAt, sheetsOf, topicsOfSheet } from '../../../published/sheets';
import { alternatesOf, localizedPath, shareCardOf } from '../../ssr/build-seo-head';
import { languageMenu, topicLinkOf, topicsViewOf, type TopicTarget } from '../../ssr/page-links';
import type { PageContext } from '../../page-context';
import { memoKey } from '../../page-context';
import { searchablePage } from '../../pages';
import { sheetPath } from '../../../shared/urls';
import { mapUrlFields } from '../../../shared/links';

/** Related sheets a sheet's page links to, at most. */
const RELATED_SHEETS = 4;

export interface SheetDataSource {
  settings: DeliverySettings;
  /** The site, its pages and topics in a content version, and the memo this kind keeps its own work in. */
  context: PageContext;
}

/** A sheet's topics, and the related sheets they find. */
export interface RelatedSheets {
  topics: string[];
  ids: string[];
}

/** This kind's memo keys beside the page context's, with what they keep. */
const relatedKey = (contentId: string) => memoKey<RelatedSheets>(`related ${contentId}`);

/** A sheet's page, ready to render: its body's data and its head. */
export interface SheetPageParts {
  data: SheetPageData;
  seo: SeoHead;
}

export type SheetLoad = { kind: 'sheet'; parts: SheetPageParts } | { kind: 'moved'; location: string } | { kind: 'not-found' };

/**
 * A sheet's topics as the read model has them, and the related sheets they find: asked once per
 * content version, for the page's render in every language and for its surrogate keys (kind.ts).
 */
export async function relatedSheets(source: SheetDataSource, version: number, siteId: string, contentId: string): Promise<RelatedSheets> {
  const { context } = source;
  return context.memo.read(version, relatedKey(contentId), async () => {
    const topics = await topicsOfSheet(context.db, contentId);
    return { topics, ids: await relatedSheetIds(context.db, siteId, contentId, topics, RELATED_SHEETS) };
  });
}

/**
 * A sheet's page in a language, read from the store in a content version: not found when no
 * collection shows a sheet of that URL name, moved when it is an address a shown sheet had.
 */
export async function loadSheetPage(source: SheetDataSource, version: number, language: string, urlName: string, origin: string): Promise<SheetLoad> {
  const { settings, context } = source;
  const { db } = context;
  const { basePath } = settings;
  const found = await context.site(version);
  if (found === undefined) return { kind: 'not-found' };
  const { site, languages } = found;
  const published = await sheetAt(db, site.id, language, urlName);
  if (published === undefined) {
    // An address the sheet had: it has moved, in the same language.
    const moved = await movedFrom(db, site.id, urlName);
    return moved === undefined ? { kind: 'not-found' } : { kind: 'moved', location: localizedPath(basePath, sheetPath(moved), language, languages) };
  }
  const item = sheetItemOf(published, settings);

  // Topics link to their pages, which are the searchable page's: without one, there are none.
  const searchable = searchablePage(await context.pages(version));
  const taxonomy = searchable === undefined ? [] : await context.taxonomy(version, site.id);
  const allHref = localizedPath(basePath, searchable?.definition.path ?? '/', language, languages);
  const target = { taxonomy, language, languages, topic: null };
  const sheet = sheetViewOf(published, item, target, basePath);
  sheet.properties = propertiesOf(await context.sheetType(version), item, language);
  // The item's url fields are site URLs (under the base path); the set's entries are read as stored.
  const entries = documentEntriesOf(mapUrlFields(item.body.contentBody, (url) => sitePathOf(url, basePath)) as Record<string, unknown>);
  if (sheet.document !== null) {
    const linked = sitePathOf(textOf(item.body.contentBody.url), basePath);
    const facts = factsOnly(entries.find((entry) => entry.url === linked) ?? {});
    sheet.document = { ...sheet.document, ...facts, language: facts.language ?? documentLanguage(published, linked, sheet.textLanguage) };
  }
  sheet.otherDocuments = otherDocumentsOf(published, entries, sheet.document, basePath, language);
  const related = (await sheetsOf(db, language, (await relatedSheets(source, version, site.id, published.id)).ids)).map((other) => ({
    title: titleOf(sheetItemOf(other, settings)),
    href: localizedPath(basePath, sheetPath(other.urlName), language, languages),
    textLanguage: other.textLanguage,
  }));
  const data: SheetPageData = {
    basePath,
    language,
    languages: languageMenu(sheetPath(urlName), language, languages, basePath),
    topics: taxonomy.length > 0 ? topicsViewOf(target, allHref, basePath) : undefined,
    sheet,
    related,
  };
  // The sheet's SEO record says whether search engines may index it; its canonical and hreflang
  // URLs are its record page's, so this page names its own.
  const path = sheetPath(urlName);
  const ownUrl = `${origin}${localizedPath(basePath, path, language, languages)}`;
  const seo: SeoHead = {
    title: `${sheet.title} – ${site.name}`,
    description: sheet.description,
    canonical: ownUrl,
    robots: published.indexed ? null : 'noindex,nofollow',
    alternates: alternatesOf({ languages, record: null, basePath, origin, path }),
    headTags: [],
    jsonLd: [scriptSafeJson(digitalDocument(sheet, ownUrl, origin, site.name, `${origin}${basePath}/`))],
    share: shareCardOf({ type: 'article', siteName: site.name, language, languages, origin, basePath, images: [sheet.image] }),
  };
  return { kind: 'sheet', parts: { data, seo } };
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const titleOf = (item: CollectionItem) => stripTags(textOf(item.body.contentBody.Title) || item.body.title);

/** A site URL as stored (below the base path): what a document path is matched against. */
const sitePathOf = (url: string, basePath: string) => (basePath !== '' && url.startsWith(`${basePath}/`) ? url.slice(basePath.length) : url);

/** The version of one of this site's documents a site path names, as the sheet's row has it, if it does. */
function documentAt(published: PublishedContent, path: string) {
  const match = DOCUMENT_PATH.exec(path);
  return match === null ? undefined : published.documents[documentKeyOf(decodeURIComponent(match[1] ?? ''), Number(match[2]))];
}

function sheetViewOf(published: PublishedContent, item: CollectionItem, target: TopicTarget, basePath: string): SheetView {
  const body = item.body.contentBody;
  const url = textOf(body.url);
  const image = body.image !== null && typeof body.image === 'object' ? (body.image as Record<string, unknown>) : null;
  const asset = documentAt(published, sitePathOf(url, basePath));
  const topics = topicsOfBody(body).flatMap((slug) => {
    const topic = target.taxonomy.find((candidate) => candidate.slug === slug);
    return topic === undefined ? [] : [topicLinkOf(topic, target, basePath)];
  });
  return {
    title: titleOf(item),
    description: stripTags(textOf(body.description)),
    textLanguage: item.language,
    image:
      image === null || textOf(image.url) === ''
        ? null
        : { url: textOf(image.url), altText: stripTags(textOf(image.altText)), mimeType: textOf(image.mimeType) },
    document:
      asset === undefined ? null : { href: url, byteSize: asset.byteSize, language: item.language, version: asset.version, publishedAt: asset.publishedAt },
    otherDocuments: [],
    link: asset === undefined && url !== '' ? url : null,
    topics,
    properties: [],
  };
}

/**
 * The sheet's values of the fields its type shows on its page, in the type's order, each labelled
 * in the page's language (else the type's label language, else any it has).
 */
function propertiesOf(type: ContentType, item: CollectionItem, language: string): SheetProperty[] {
  const body = item.body.contentBody;
  return offeredFields(type).flatMap((field) => {
    // Numbers as the page's reader writes them, whichever language's text the value comes from.
    const value = field.shows.page ? displayText(field, body[field.name], language) : '';
    if (value === '') return [];
    const label = fieldLabel(field, language, LABEL_LANGUAGE);
    const data = dataOf(field, body[field.name], value);
    return [{ name: field.name, label, value, data, ...(field.perLanguage && item.language !== language ? { language: item.language } : {}) }];
  });
}

/** A value as structured data gives it, whatever the page's language: a number as stored (several as stored, joined), its unit apart. */
function dataOf(field: Field, value: unknown, shown: string): SheetProperty['data'] {
  if (field.kind !== 'number') return { value: shown };
  const numbers = (Array.isArray(value) ? value : [value]).filter((entry) => typeof entry === 'number');
  const stored = numbers.length === 1 ? numbers[0]! : numbers.map(String).join(', ');
  return field.limits.unit === undefined ? { value: stored } : { value: stored, unit: field.limits.unit };
}

/**
 * The language a sheet's document is in: that of the sheet's primary translation when it links the
 * same document (an untranslated document shared by every translation), else the text's.
 */
function documentLanguage(published: PublishedContent, linked: string, textLanguage: string): string {
  const primary = published.links.find((link) => link.language === published.primaryLanguage);
  return primary !== undefined && primary.url === linked ? primary.language : textLanguage;
}

/**
 * The sheet's other current documents, the page's language first, then by language and kind: its
 * set's, then each translation's link to a document of this site that the set does not list (in
 * that translation's language); each once, none withdrawn, never the one shown.
 */
function otherDocumentsOf(
  published: PublishedContent,
  entries: ReturnType<typeof documentEntriesOf>,
  shown: SheetDocumentLink | null,
  basePath: string,
  language: string,
): SheetDocumentLink[] {
  const seen = new Set(shown === null ? [] : [sitePathOf(shown.href, basePath)]);
  const documents: SheetDocumentLink[] = [];
  for (const { url, ...facts } of [...entries, ...published.links]) {
    if (!DOCUMENT_PATH.test(url) || seen.has(url)) continue;
    seen.add(url);
    const asset = documentAt(published, url);
    if (asset === undefined || asset.retired) continue;
    documents.push({
      ...facts,
      href: `${basePath}${url}`,
      byteSize: asset.byteSize,
      language: facts.language ?? language,
      version: asset.version,
      publishedAt: asset.publishedAt,
    });
  }
  const rank = (document: SheetDocumentLink) =>
    [document.language === language ? 0 : 1, document.language, DOCUMENT_KINDS.indexOf(document.kind ?? 'data-sheet')] as const;
  return documents.sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1].localeCompare(y[1]) || x[2] - y[2];
  });
}

/**
 * schema.org: the sheet is a document, on this page, part of the site; its PDF is also the
 * document's encoding (a MediaObject, which has a size), and what it is about is a product with the sheet's
 * properties (CAS numbers, formula, purity…). Typed by schema-dts: a property schema.org does not
 * give a type fails the type check.
 */
function digitalDocument(sheet: SheetView, pageUrl: string, origin: string, siteName: string, siteUrl: string): WithContext<DigitalDocument> {
  const absolute = (href: string) => (href.startsWith('/') ? `${origin}${href}` : href);
  const { document } = sheet;
  const encoding: MediaObject | undefined =
    document === null
      ? undefined
      : {
          '@type': 'MediaObject',
          contentUrl: absolute(document.href),
          encodingFormat: 'application/pdf',
          contentSize: `${document.byteSize} B`,
          inLanguage: languageTag(document.language),
        };
  const productCode = sheet.properties.find((property) => property.name === 'productCode')?.value;
  const about: Product = {
    '@type': 'Product',
    name: sheet.title,
    productID: productCode,
    additionalProperty: sheet.properties.map((property): PropertyValue => ({
      '@type': 'PropertyValue',
      propertyID: property.name,
      name: property.label,
      value: property.data.value,
      unitText: property.data.unit,
    })),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'DigitalDocument',
    name: sheet.title,
    description: sheet.description === '' ? undefined : sheet.description,
    // The document is the PDF (this page is its mainEntityOfPage), or the page when it has none.
    url: document === null ? pageUrl : absolute(document.href),
    encodingFormat: document === null ? undefined : 'application/pdf',
    encoding,
    inLanguage: languageTag(document?.language ?? sheet.textLanguage),
    mainEntityOfPage: pageUrl,
    image: sheet.image === null ? undefined : absolute(sheet.image.url),
    keywords: sheet.topics.length === 0 ? undefined : sheet.topics.map((topic) => topic.label).join(', '),
    about: sheet.properties.length === 0 ? undefined : about,
    isPartOf: { '@type': 'WebSite', name: siteName, url: siteUrl },
  };
}
