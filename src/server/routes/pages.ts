/**
 * Serves every page definition at {BASE_PATH}{path}, rendered on the server with its first pages
 * of data; `?page=N` shows N pages of a Show More grid (or the Nth page of a standard one), which
 * is how paging works without JavaScript. Each page's stylesheet is served by content hash.
 */
import type { FastifyInstance } from 'fastify';
import type { DeliverySettings } from '../../api/delivery-context';
import type { ContentStore } from '../../cms/database';
import { findPrimarySite } from '../../cms/repositories/sites';
import type { DataStore } from '../../site/data/data-store';
import { renderPageBody } from '../../site/entry-server';
import { PAGE_DATA_ELEMENT_ID, serializePageData } from '../../site/page-data';
import { IMMUTABLE, REVALIDATE, type CachedResponder } from '../http-cache';
import type { LoadedPage } from '../pages';
import type { ClientAssets } from '../ssr/client-assets';
import { renderDocument, toBcp47 } from '../ssr/document';
import { renderErrorDocument } from '../ssr/error-document';
import { loadPageData, readPagesShown } from '../ssr/load-page-data';

export interface PageRouteOptions {
  db: ContentStore;
  store: DataStore;
  settings: DeliverySettings;
  assets: ClientAssets;
  respond: CachedResponder;
  pages: LoadedPage[];
}

export function registerPages(app: FastifyInstance, options: PageRouteOptions): void {
  const { basePath } = options.settings;
  for (const page of options.pages) registerPage(app, page, options);

  app.get<{ Params: { file: string } }>(`${basePath}/assets/pages/:file`, (request, reply) => {
    const page = options.pages.find((candidate) => candidate.stylesheet.fileName === request.params.file);
    if (page === undefined) return reply.callNotFound();
    return reply.header('Cache-Control', IMMUTABLE).type('text/css; charset=utf-8').send(page.stylesheet.css);
  });

  if (basePath !== '') {
    // The bare base path and the server root both lead to the site.
    app.get(basePath, (request, reply) => reply.redirect(`${basePath}/${queryOf(request.url)}`, 301));
    app.get('/', (_request, reply) => reply.redirect(`${basePath}/`, 302));
  }
}

function registerPage(app: FastifyInstance, page: LoadedPage, { db, store, settings, assets, respond }: PageRouteOptions): void {
  const { basePath } = settings;
  const { definition } = page;
  const pageAssets = { ...assets, styles: [...assets.styles, `assets/pages/${page.stylesheet.fileName}`] };

  app.get<{ Querystring: { page?: string | string[] } }>(`${basePath}${definition.path}`, async (request, reply) => {
    const site = await findPrimarySite(db);
    if (site === undefined) {
      return reply
        .code(503)
        .header('Cache-Control', 'no-store')
        .header('Retry-After', '60')
        .type('text/html; charset=utf-8')
        .send(renderErrorDocument({ status: 503, title: 'No content yet', message: 'This site has no content yet. Load some with "npm run cli -- seed".', basePath }));
    }
    const pages = readPagesShown(request.query.page);
    // The page is the same for every visitor, so one rendering serves all until content changes.
    return respond(request, reply, {
      key: `page ${definition.path} ${pages}`,
      contentType: 'text/html; charset=utf-8',
      cacheControl: REVALIDATE,
      render: async (contentVersion) => {
        const data = await loadPageData({ db, settings, store, contentVersion, log: request.log }, definition, site, pages);
        return renderDocument({
          lang: toBcp47(data.language),
          title: definition.seo.pageTitle,
          description: definition.seo.description,
          basePath,
          assets: pageAssets,
          bodyHtml: await renderPageBody(data),
          pageDataJson: serializePageData(data),
          pageDataElementId: PAGE_DATA_ELEMENT_ID,
        });
      },
    });
  });
}

function queryOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index);
}
