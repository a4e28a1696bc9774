/**
 * sitemap.xml and robots.txt (issue "SEO"), generated from the content store's languages and the
 * page definitions. The sitemap's hreflang alternates are built by the same function as the pages'
 * head tags, so the two always agree.
 */
import type { FastifyInstance } from 'fastify';
import { originForResponse, type DeliverySettings } from '../../api/delivery-context';
import { REVALIDATE, type CachedResponder } from '../http-cache';
import type { LoadedPage } from '../pages';
import { alternatesOf, localizedPath } from '../ssr/build-seo-head';
import type { PageRenderer } from '../ssr/page-renderer';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

export interface SeoFilesOptions {
  settings: DeliverySettings;
  /** The site and its languages come from the page pipeline's memo, as the pages' own do. */
  renderer: PageRenderer;
  pages: LoadedPage[];
  respond: CachedResponder;
}

export function registerSeoFiles(app: FastifyInstance, { settings, renderer, pages, respond }: SeoFilesOptions): void {
  const { basePath } = settings;

  app.get(`${basePath}/sitemap.xml`, async (request, reply) => {
    const origin = originForResponse(settings, request, reply);
    return respond(request, reply, {
      key: `sitemap ${settings.siteUrl === null ? origin : ''}`,
      contentType: 'application/xml; charset=utf-8',
      cacheControl: REVALIDATE,
      render: async (contentVersion) => {
        const languages = (await renderer.site(contentVersion))?.languages;
        const urls: string[] = [];
        // Pages with a record parameter have one URL per record; the sitemap lists the fixed ones.
        for (const page of pages.filter((candidate) => !candidate.definition.path.includes(':'))) {
          for (const language of languages?.active ?? []) {
            const alternates = alternatesOf({ languages: languages!, record: null, basePath, origin, path: page.definition.path });
            urls.push(
              [
                '  <url>',
                `    <loc>${xml(`${origin}${localizedPath(basePath, page.definition.path, language, languages!)}`)}</loc>`,
                ...alternates.map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${xml(hreflang)}" href="${xml(href)}"/>`),
                '  </url>',
              ].join('\n'),
            );
          }
        }
        return [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
          ...urls,
          '</urlset>',
          '',
        ].join('\n');
      },
    });
  });

  app.get(`${basePath}/robots.txt`, (request, reply) => {
    const origin = originForResponse(settings, request, reply);
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          // The delivery API and the image resizer are for pages and integrators, not for search results.
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
