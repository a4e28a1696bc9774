/**
 * The SEO assistant on the server (spec §2.4, §3.5, §5.4): fills the page's title, description
 * and custom head tags from its record, adds hreflang alternates when the site has more than one
 * language, a canonical link, robots when the record is not indexed, and structured data about
 * the page and the literature sheets it shows.
 */
import type { SeoRecord } from '../../cms/repositories/seo-records';
import type { CollectionItem } from '../../shared/delivery-types';
import { filterHeadTags, scriptSafeJson } from '../../shared/head-tags';
import { classifyLink, isImageDataUri, resolveLink } from '../../shared/links';
import { fillSeoTemplate } from '../../shared/seo-templates';
import { decodeEntities, stripTags } from '../../shared/text';
import type { PageDefinition } from '../../page-model/page-definition';
import type { SeoHead, ShareCard } from '../../site/seo/seo-head';
import { isSiteImageUrl, shareImageUrl } from '../../shared/images';
import { languageTag } from '../../shared/languages';
import { filterOrDrop } from './filter-or-drop';
import type { Logger } from './load-page-data';

export interface SiteLanguages {
  /** Active languages, the default first. */
  active: string[];
  default: string;
}

/** The path of a page in a language: the default language has no segment (spec §2.4). */
export function localizedPath(basePath: string, path: string, language: string, languages: SiteLanguages): string {
  const segment = language === languages.default ? '' : `/${languageTag(language)}`;
  return `${basePath}${segment}${path}`;
}

export interface SeoHeadInput {
  page: PageDefinition;
  /** The page's path below the base path and language, record id filled in. */
  path: string;
  language: string;
  languages: SiteLanguages;
  record: SeoRecord | null;
  /** spec §2.2 leaves the literature page's description empty; the collection's is used instead. */
  fallbackDescription: string;
  origin: string;
  basePath: string;
  siteName: string;
  /** A topic page: the topic's name (its title leads the page's) and its description. */
  topic?: { label: string; description: string };
  /** The items the page shows, for structured data. */
  items: CollectionItem[];
  total: number;
  /** Where a field dropped because its filter failed is reported. */
  log: Logger;
}

export function buildSeoHead(input: SeoHeadInput): SeoHead {
  const { page, record, language, languages, origin, basePath } = input;
  const absolute = (path: string) => `${origin}${path}`;
  const ownUrl = absolute(localizedPath(basePath, input.path, language, languages));
  // The filled description is markup with quotes escaped (spec §5.4); the tag needs its text.
  const pageTitle = stripTags(fillSeoTemplate(page.seo.pageTitle, record, 'title'));
  const title = input.topic === undefined ? pageTitle : `${input.topic.label} – ${pageTitle}`;
  const description =
    input.topic?.description ?? (decodeEntities(stripTags(fillSeoTemplate(page.seo.description, record, 'description'))).trim() || input.fallbackDescription);

  return {
    title,
    description,
    canonical: canonicalOf(record, basePath, origin) ?? ownUrl,
    robots: record !== null && !record.isSeoIndexed ? 'noindex,nofollow' : null,
    alternates: alternatesOf(input),
    headTags: filterOrDrop(
      `the custom head tags of page "${page.name}"${record === null ? '' : ` for record ${JSON.stringify(record.recordId)}`}`,
      () => filterHeadTags(fillSeoTemplate(page.seo.customHeadTags, record, 'headTags'), basePath),
      [],
      input.log,
    ),
    jsonLd: [scriptSafeJson(structuredData(input, title, description, ownUrl))],
    share: shareCardOf({ ...input, type: 'website', images: input.items.map((item) => item.body.contentBody.image) }),
  };
}

export interface ShareCardInput extends Pick<SeoHeadInput, 'siteName' | 'language' | 'languages' | 'origin' | 'basePath'> {
  type: ShareCard['type'];
  /** Images the page shows, as stored (`{ url, altText, mimeType }`): the first the resizer can make a JPEG of is shown. */
  images: unknown[];
}

/** What a link to a page shows where it is shared (Open Graph, Twitter Card). */
export function shareCardOf({ type, siteName, language, languages, origin, basePath, images }: ShareCardInput): ShareCard {
  const fields = (image: unknown) => (image !== null && typeof image === 'object' ? (image as Record<string, unknown>) : {});
  // A raster file of this site: the resizer makes no JPEG of a vector image, a data URI or another host's file.
  const shareable = images
    .map(fields)
    .find(({ url, mimeType }) => typeof url === 'string' && isSiteImageUrl(url) && !isImageDataUri(url) && mimeType !== 'image/svg+xml');
  return {
    type,
    siteName,
    locale: language,
    alternateLocales: languages.active.filter((other) => other !== language),
    image:
      shareable === undefined
        ? null
        : {
            url: `${origin}${shareImageUrl(shareable.url as string, basePath)}`,
            alt: typeof shareable.altText === 'string' ? stripTags(shareable.altText) : '',
          },
  };
}

/**
 * An authored URL for the head or structured data: an https: URL as it is, a site path made
 * absolute; anything else (a bare #fragment, mailto:, an invalid link) is null.
 */
function absoluteUrlOf(value: unknown, basePath: string, origin: string): string | null {
  if (typeof value !== 'string') return null;
  const kind = classifyLink(value);
  if (kind === 'absolute') return value;
  return kind === 'relative' ? `${origin}${resolveLink(value, basePath).href}` : null;
}

function canonicalOf(record: SeoRecord | null, basePath: string, origin: string): string | null {
  return record === null ? null : absoluteUrlOf(record.canonicalUrl, basePath, origin);
}

/**
 * spec §2.4: only with more than one active language; a non-default language gets a '/{lang}'
 * segment, the default none, and the default is also the 'x-default'. A record's own hreflang
 * URLs (keyed with '_', e.g. de_DE) take the place of the computed ones.
 */
export function alternatesOf(input: Pick<SeoHeadInput, 'languages' | 'record' | 'basePath' | 'origin' | 'path'>): SeoHead['alternates'] {
  const { languages, record, basePath, origin, path } = input;
  if (languages.active.length <= 1) return [];
  const hrefFor = (language: string) =>
    absoluteUrlOf(record?.hrefLangUrls[language.replace('-', '_')], basePath, origin) ?? `${origin}${localizedPath(basePath, path, language, languages)}`;
  const alternates = languages.active.map((language) => ({ hreflang: languageTag(language), href: hrefFor(language) }));
  return [...alternates, { hreflang: 'x-default', href: hrefFor(languages.default) }];
}

/** schema.org: the page is a collection of literature sheets, each a PDF document. */
function structuredData(input: SeoHeadInput, title: string, description: string, url: string): Record<string, unknown> {
  const absolute = (href: unknown) => absoluteUrlOf(href, input.basePath, input.origin) ?? undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: title,
    ...(description ? { description } : {}),
    url,
    inLanguage: languageTag(input.language),
    isPartOf: { '@type': 'WebSite', name: input.siteName, url: `${input.origin}${input.basePath}/` },
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: input.total,
      itemListElement: input.items.map((item, index) => {
        const body = item.body.contentBody;
        const image = body.image !== null && typeof body.image === 'object' ? (body.image as Record<string, unknown>) : {};
        return {
          '@type': 'ListItem',
          position: index + 1,
          item: {
            '@type': 'DigitalDocument',
            name: stripTags(typeof body.Title === 'string' ? body.Title : item.body.title),
            ...(typeof body.description === 'string' ? { description: stripTags(body.description) } : {}),
            ...(absolute(body.url) ? { url: absolute(body.url), encodingFormat: 'application/pdf' } : {}),
            ...(absolute(image.url) ? { image: absolute(image.url) } : {}),
          },
        };
      }),
    },
  };
}
