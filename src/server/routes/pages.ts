/**
 * Serves every page definition at {BASE_PATH}{path} in the site's default language and at
 * {BASE_PATH}/{lang}{path} in each other active language (spec §2.4), rendered on the server with
 * its first pages of data and its SEO head. `?page=N` shows N pages of a Show More grid (or the
 * Nth page of a standard one), which is how paging works without JavaScript; `?q=` shows a
 * searchable grid's results for the query instead of its collection, and {BASE_PATH}/topics/{slug}
 * the searchable page with one topic's sheets (and results within them for `?q=`). Each page's
 * stylesheet is served by content hash.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { originForResponse, type DeliverySettings } from '../../api/delivery-context';
import type { SessionService } from '../../http/session-service';
import type { ContentVersionSource } from '../content-version';
import { IMMUTABLE, REVALIDATE, sendCacheable, type CachedResponder } from '../http-cache';
import { searchablePage, type LoadedPage } from '../pages';
import { renderErrorDocument } from '../ssr/error-document';
import { readPagesShown, readQuery } from '../ssr/load-page-data';
import type { PageRenderer } from '../ssr/page-renderer';
import { topicPath } from '../../shared/topics';
import { gridsOf } from '../../page-model/page-definition';

export interface PageRouteOptions {
  versions: ContentVersionSource;
  /** Opening a page is the visitor's own action: it keeps a signed-in visitor's session alive. */
  sessions: SessionService;
  settings: DeliverySettings;
  renderer: PageRenderer;
  respond: CachedResponder;
  /** The pages when the server started: their paths are routed (a new page needs a restart; a changed one does not). */
  pages: LoadedPage[];
}

type PageRequest = FastifyRequest<{
  Params: { lang?: string; recordId?: string; topic?: string };
  Querystring: { page?: string | string[]; q?: string | string[] };
}>;

export function registerPages(app: FastifyInstance, options: PageRouteOptions): void {
  const { basePath } = options.settings;
  for (const page of options.pages) {
    const handler = (request: PageRequest, reply: FastifyReply) => servePage(request, reply, page.definition.name, options);
    app.get(`${basePath}${page.definition.path}`, handler);
    app.get(`${basePath}/:lang${page.definition.path}`, handler);
  }
  // Topic pages (docs/search.md, "Topics"): the site's searchable page as published now, showing
  // one topic's sheets; none while no page is searchable.
  const topicHandler = async (request: PageRequest, reply: FastifyReply) => {
    const searchable = searchablePage(await options.renderer.pages((await options.versions.current()).version));
    return searchable === undefined ? reply.callNotFound() : servePage(request, reply, searchable.definition.name, options);
  };
  app.get(`${basePath}${topicPath(':topic')}`, topicHandler);
  app.get(`${basePath}/:lang${topicPath(':topic')}`, topicHandler);
  // '/de-DE' leads to the language's home page, '/de-DE/'.
  if (options.pages.some((page) => page.definition.path === '/')) {
    app.get<{ Params: { lang: string } }>(`${basePath}/:lang`, async (request, reply) => {
      const version = await options.versions.current();
      if (!(await options.renderer.isLanguageSegment(version.version, request.params.lang))) return reply.callNotFound();
      return reply.redirect(`${basePath}/${encodeURIComponent(request.params.lang)}/${queryOf(request.url)}`, 301);
    });
  }

  app.get<{ Params: { file: string } }>(`${basePath}/assets/pages/:file`, async (request, reply) => {
    const { version } = await options.versions.current();
    const pages = await options.renderer.pages(version);
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

async function servePage(request: PageRequest, reply: FastifyReply, name: string, options: PageRouteOptions) {
  const { settings, renderer, respond, sessions, versions } = options;
  await noteNavigation(request, sessions);
  const version = await versions.current();
  // The page as published in this version: an edit to it shows on the next request.
  const loaded = (await renderer.pages(version.version)).find((page) => page.definition.name === name);
  if (loaded === undefined) return reply.callNotFound();
  const resolution = await renderer.resolve(version.version, loaded, request.params.lang, request.params.recordId ?? '', request.params.topic);
  if (resolution.kind === 'not-found') return reply.callNotFound();
  if (resolution.kind === 'no-content') {
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
          basePath: settings.basePath,
        }),
      );
  }
  const { target } = resolution;
  const pages = readPagesShown(request.query.page);
  const origin = originForResponse(settings, request, reply);
  const query = readQuery(request.query.q);
  if (query !== '' && gridsOf(target.definition).some((grid) => grid.settings.searchable)) {
    // Search results: made for each request, kept by no cache here (they would push pages out),
    // and not for search engines (docs/search.md).
    const body = await renderer.render(version.version, target, pages, origin, request.log, query);
    reply.header('X-Robots-Tag', 'noindex');
    return sendCacheable(request, reply, { body, contentType: 'text/html; charset=utf-8', cacheControl: REVALIDATE });
  }
  // The page is the same for every visitor, so one rendering serves all until content changes.
  const key = `page ${target.definition.path} ${target.topic?.slug ?? ''} ${target.language} ${target.recordId} ${pages} ${settings.siteUrl === null ? origin : ''}`;
  return respond(request, reply, {
    key,
    contentType: 'text/html; charset=utf-8',
    cacheControl: REVALIDATE,
    version,
    render: (contentVersion) => renderer.render(contentVersion, target, pages, origin, request.log),
  });
}

/**
 * A page the visitor navigated to (not a prefetch or a background request) counts as activity.
 * The page itself stays the same for everyone; only the session row changes.
 */
async function noteNavigation(request: FastifyRequest, sessions: SessionService): Promise<void> {
  if (request.headers['sec-fetch-mode'] !== 'navigate' || request.headers.cookie === undefined) return;
  const lookup = await sessions.read(request);
  if (lookup.state === 'live') await sessions.touch(lookup.session);
}

function queryOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index);
}
