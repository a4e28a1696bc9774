/**
 * sitemap.xml and robots.txt (issue "SEO"), generated from the content store's languages, the
 * page definitions, the topics and the sheets a collection shows. The sitemap's hreflang
 * alternates are built by the same function as the pages' head tags, so the two always agree. A
 * site with more URLs than one sitemap may hold gets a sitemap index of parts
 * ({basePath}/sitemap.xml?part=N).
 */
import { ALL, cdnKeys, CONTENT_LISTS } from '../../shared/cdn-keys';
import type { FastifyInstance } from 'fastify';
import { originForResponse, type DeliverySettings } from '../../api/delivery-context';
import { REVALIDATE, type CachedResponder } from '../http-cache';
import { searchablePage, type LoadedPage } from '../pages';
import { alternatesOf, localizedPath } from '../ssr/build-seo-head';
import type { PageContext } from '../page-context';
import type { ContentStore } from '../../cms/database';
import { indexedSheetNames } from '../../published/sheets';
import { topicPath } from '../../shared/topics';
import { shareImagePath } from '../../shared/images';
import { sheetPath } from '../../shared/urls';
import type { SiteLanguages } from '../ssr/build-seo-head';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** A part of the sitemap its index does not name. */
class NoSuchPart extends Error {}

/** URLs one sitemap holds at most (the sitemaps protocol allows 50,000). */
export const SITEMAP_URLS = 50_000;

/** A page of the site, listed in every language. */
interface Listed {
  path: string;
}

export interface SeoFilesOptions {
  db: ContentStore;
  settings: DeliverySettings;
  /** The site and its languages come from the page pipeline's memo, as the pages' own do. */
  context: PageContext;
  pages: LoadedPage[];
  respond: CachedResponder;
}

export function registerSeoFiles(app: FastifyInstance, { db, settings, context, pages, respond }: SeoFilesOptions): void {
  const { basePath } = settings;

  /** Everything the sitemap lists: the fixed pages, the topic pages and the sheets' pages, indexable ones only. */
  const listed = async (version: number, siteId: string): Promise<Listed[]> => {
    // Pages with a record parameter have one URL per record; the sitemap lists the fixed ones.
    const fixed = pages.filter((page) => !page.definition.path.includes(':')).map((page) => ({ path: page.definition.path }));
    const searchable = searchablePage(await context.pages(version)) !== undefined;
    const topics = searchable ? (await context.taxonomy(version, siteId)).map((topic) => ({ path: topicPath(topic.slug) })) : [];
    // A sheet whose record keeps it from search engines is not listed; each sheet has a row in the default language.
    const site = await context.site(version);
    const names = site === undefined ? [] : await indexedSheetNames(db, siteId, site.site.default_language);
    const sheets = names.map((urlName) => ({ path: sheetPath(urlName) }));
    return [...fixed, ...topics, ...sheets];
  };

  app.get<{ Querystring: { part?: string } }>(`${basePath}/sitemap.xml`, async (request, reply) => {
    const origin = originForResponse(settings, request, reply);
    const part = request.query.part === undefined ? null : /^[1-9]\d{0,5}$/.test(request.query.part) ? Number(request.query.part) : -1;
    if (part === -1) return reply.callNotFound();
    try {
      return await respond(request, reply, {
        key: `sitemap ${part ?? ''} ${settings.siteUrl === null ? origin : ''}`,
        // Every sheet's page is listed (a change to any content), and every fixed page by its path.
        keys: [CONTENT_LISTS, ...pages.map((page) => cdnKeys.page(page.definition.name)), ALL],
        contentType: 'application/xml; charset=utf-8',
        cacheControl: REVALIDATE,
        render: async (contentVersion) => {
          const site = await context.site(contentVersion);
          if (site === undefined) return urlset([]);
          const { languages } = site;
          const all = await listed(contentVersion, site.site.id);
          // Each listed page is one URL per language.
          const perPart = Math.max(1, Math.floor(SITEMAP_URLS / languages.active.length));
          const parts = Math.ceil(all.length / perPart);
          if (part === null && parts > 1) {
            const locations = Array.from(
              { length: parts },
              (_, index) => `  <sitemap><loc>${xml(`${origin}${basePath}/sitemap.xml?part=${index + 1}`)}</loc></sitemap>`,
            );
            return [
              '<?xml version="1.0" encoding="UTF-8"?>',
              '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
              ...locations,
              '</sitemapindex>',
              '',
            ].join('\n');
          }
          // Only the parts the index names exist: any other is not found, and nothing is cached for it.
          if (part !== null && (parts <= 1 || part > parts)) throw new NoSuchPart();
          const index = part === null ? 0 : part - 1;
          const entries = all.slice(index * perPart, (index + 1) * perPart).flatMap((page) => urlsOf(page, languages, basePath, origin));
          return urlset(entries);
        },
      });
    } catch (error) {
      if (error instanceof NoSuchPart) return reply.callNotFound();
      throw error;
    }
  });

  app.get(`${basePath}/robots.txt`, (request, reply) => {
    const origin = originForResponse(settings, request, reply);
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          // The delivery API and the image resizer are for pages and integrators, not for search
          // results; but for the resizer's one form that shared links' previews are fetched at (the
          // longer rule wins, RFC 9309; listed first for readers that take the first match).
          `Allow: ${basePath}${shareImagePath()}`,
          `Disallow: ${basePath}/services/data/`,
          `Disallow: ${basePath}/cdn-cgi/`,
          `Allow: ${basePath}/`,
          '',
          `Sitemap: ${origin}${basePath}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });
}

/** A listed page's <url> entry in each language, with its alternates. */
function urlsOf(page: Listed, languages: SiteLanguages, basePath: string, origin: string): string[] {
  const alternates = alternatesOf({ languages, record: null, basePath, origin, path: page.path });
  return languages.active.map((language) =>
    [
      '  <url>',
      `    <loc>${xml(`${origin}${localizedPath(basePath, page.path, language, languages)}`)}</loc>`,
      ...alternates.map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${xml(hreflang)}" href="${xml(href)}"/>`),
      '  </url>',
    ].join('\n'),
  );
}

function urlset(entries: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
