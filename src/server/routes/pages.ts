/**
 * The site's routes beside its pages (page-kinds/router.ts serves those): '/{lang}' to the
 * language's home page, each page definition's stylesheet by content hash, and the bare base path
 * to the site.
 */
import type { FastifyInstance } from 'fastify';
import type { DeliverySettings } from '../../api/delivery-context';
import type { ContentVersionSource } from '../content-version';
import { IMMUTABLE } from '../http-cache';
import type { LoadedPage } from '../pages';
import type { PageContext } from '../page-context';

export interface PageRouteOptions {
  versions: ContentVersionSource;
  settings: DeliverySettings;
  context: PageContext;
  /** The pages when the server started. */
  pages: LoadedPage[];
}

export function registerPageRoutes(app: FastifyInstance, options: PageRouteOptions): void {
  const { basePath } = options.settings;
  // '/de-DE' leads to the language's home page, '/de-DE/'.
  if (options.pages.some((page) => page.definition.path === '/')) {
    app.get<{ Params: { lang: string } }>(`${basePath}/:lang`, async (request, reply) => {
      const version = await options.versions.current();
      if (!(await options.context.isLanguageSegment(version.version, request.params.lang))) return reply.callNotFound();
      return reply.redirect(`${basePath}/${encodeURIComponent(request.params.lang)}/${queryOf(request.url)}`, 301);
    });
  }

  app.get<{ Params: { file: string } }>(`${basePath}/assets/pages/:file`, async (request, reply) => {
    const { version } = await options.versions.current();
    const pages = await options.context.pages(version);
    const page = pages.find((candidate) => candidate.stylesheet.fileName === request.params.file);
    if (page !== undefined) return reply.header('Cache-Control', IMMUTABLE).type('text/css; charset=utf-8').send(page.stylesheet.css);
    // A page published since the HTML that asks (cached, or on its way) has a new name for its
    // styles: that page gets the current ones, for now only, rather than none.
    const renamed = pages.find(
      (candidate) =>
        request.params.file.startsWith(`${candidate.definition.name}-`) &&
        /^[0-9a-f]{10}\.css$/.test(request.params.file.slice(candidate.definition.name.length + 1)),
    );
    if (renamed === undefined) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(renamed.stylesheet.css);
  });

  if (basePath !== '') {
    // The bare base path and the server root both lead to the site.
    app.get(basePath, (request, reply) => reply.redirect(`${basePath}/${queryOf(request.url)}`, 301));
    app.get('/', (_request, reply) => reply.redirect(`${basePath}/`, 302));
  }
}

function queryOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index);
}
