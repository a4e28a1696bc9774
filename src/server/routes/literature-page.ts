/**
 * The literature page (spec §2.2) at {BASE_PATH}/, rendered on the server with its first pages of
 * cards; `?page=N` shows N pages, which is how Show More works without JavaScript.
 */
import type { FastifyInstance } from 'fastify';
import type { DeliverySettings } from '../../api/delivery-context';
import type { ContentStore } from '../../cms/database';
import { findPrimarySite } from '../../cms/repositories/sites';
import type { DataStore } from '../../site/data/data-store';
import { renderPageBody } from '../../site/entry-server';
import { LITERATURE_PAGE } from '../../site/pages/literature-page';
import { PAGE_DATA_ELEMENT_ID, serializePageData } from '../../site/page-data';
import { REVALIDATE, type CachedResponder } from '../http-cache';
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
}

export function registerLiteraturePage(app: FastifyInstance, { db, store, settings, assets, respond }: PageRouteOptions): void {
  const { basePath } = settings;
  const pagePath = `${basePath}/`;

  if (basePath !== '') {
    // The bare base path and the server root both lead to the page.
    app.get(basePath, (request, reply) => reply.redirect(pagePath + queryOf(request.url), 301));
    app.get('/', (_request, reply) => reply.redirect(pagePath, 302));
  }

  app.get<{ Querystring: { page?: string | string[] } }>(pagePath, async (request, reply) => {
    const site = await findPrimarySite(db);
    if (site === undefined) {
      return reply
        .code(503)
        .header('Cache-Control', 'no-store')
        .header('Retry-After', '60')
        .type('text/html; charset=utf-8')
        .send(
          renderErrorDocument({
            status: 503,
            title: 'No content yet',
            message: 'This site has no content yet. Load some with "npm run cli -- seed".',
            basePath,
          }),
        );
    }
    const pages = readPagesShown(request.query.page);
    // The page is the same for every visitor, so one rendering serves all until content changes.
    return respond(request, reply, {
      key: `page ${pages}`,
      contentType: 'text/html; charset=utf-8',
      cacheControl: REVALIDATE,
      render: async (contentVersion) => {
        const data = await loadPageData({ db, settings, store, contentVersion, log: request.log }, LITERATURE_PAGE, site, pages);
        return renderDocument({
          lang: toBcp47(data.language),
          title: LITERATURE_PAGE.seo.pageTitle,
          description: LITERATURE_PAGE.seo.description,
          basePath,
          assets,
          bodyHtml: renderPageBody(LITERATURE_PAGE, data),
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
