/**
 * One router for every page kind: each kind's routes at {BASE_PATH}{path} in the site's default
 * language and at {BASE_PATH}/{lang}{path} in the others (spec §2.4). A request is resolved by its
 * kind, then answered from the caches (front cache, response cache, keyed by pageKey) or rendered;
 * a page gone in the version being rendered is not found, one that moved answers 301.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { originForResponse, type DeliverySettings } from '../../api/delivery-context';
import type { SessionService } from '../../http/session-service';
import type { ContentVersionSource } from '../content-version';
import { REVALIDATE, sendCacheable, type CachedResponder } from '../http-cache';
import { renderErrorDocument } from '../ssr/error-document';
import { readAddressChoices, readPagesShown, readQuery } from './page-kind';
import { pageKey, type PageAsk, type PageKind, type Rendered } from './page-kind';

export interface PageRouterOptions {
  settings: DeliverySettings;
  versions: ContentVersionSource;
  respond: CachedResponder;
  /** Opening a page is the visitor's own action: it keeps a signed-in visitor's session alive. */
  sessions: SessionService;
}

type PageRequest = FastifyRequest<{
  Params: Record<string, string | undefined>;
  Querystring: { page?: string | string[]; q?: string | string[] };
}>;

/** A page not there in the version being rendered: nothing is cached for it. */
class NotRendered extends Error {
  constructor(readonly outcome: Exclude<Rendered, { kind: 'html' }>) {
    super(outcome.kind);
  }
}

export function registerPageKinds(app: FastifyInstance, kinds: PageKind[], options: PageRouterOptions): void {
  const { basePath } = options.settings;
  for (const kind of kinds) {
    for (const route of kind.routes) {
      const handler = (request: PageRequest, reply: FastifyReply) => servePage(request, reply, kind, { ...request.params, ...route.fixed }, options);
      app.get(`${basePath}${route.path}`, handler);
      app.get(`${basePath}/:lang${route.path}`, handler);
    }
  }
}

async function servePage(request: PageRequest, reply: FastifyReply, kind: PageKind, params: PageAsk['params'], options: PageRouterOptions) {
  const { settings, respond, sessions, versions } = options;
  await noteNavigation(request, sessions);
  const version = await versions.current();
  const ask: PageAsk = {
    params,
    pagesShown: readPagesShown(request.query.page),
    query: readQuery(request.query.q),
    choices: readAddressChoices(request.query),
    origin: originForResponse(settings, request, reply),
    log: request.log,
  };
  const resolution = await kind.resolve(version.version, ask);
  if (resolution.kind === 'not-found') return reply.callNotFound();
  if (resolution.kind === 'no-content') return noContent(reply, settings.basePath);
  const { page } = resolution;
  try {
    if (page.perRequest === true) {
      reply.header('X-Robots-Tag', 'noindex');
      return sendCacheable(request, reply, {
        body: htmlOf(await page.render(version.version)),
        contentType: 'text/html; charset=utf-8',
        cacheControl: REVALIDATE,
        keys: await page.keys(version.version),
      });
    }
    // The page is the same for every visitor, so one rendering serves all until content changes.
    return await respond(request, reply, {
      key: pageKey(kind.name, page.key, page.language, ask.pagesShown, ask.origin),
      contentType: 'text/html; charset=utf-8',
      cacheControl: REVALIDATE,
      keys: await page.keys(version.version),
      version,
      render: async (contentVersion) => htmlOf(await page.render(contentVersion)),
    });
  } catch (error) {
    if (!(error instanceof NotRendered)) throw error;
    if (error.outcome.kind === 'not-found') return reply.callNotFound();
    // Moved for good, but asked again each time: the page may take this address back.
    return reply.header('cache-control', 'no-cache').redirect(error.outcome.location, 301);
  }
}

function htmlOf(rendered: Rendered): string {
  if (rendered.kind !== 'html') throw new NotRendered(rendered);
  return rendered.html;
}

function noContent(reply: FastifyReply, basePath: string) {
  return reply
    .code(503)
    .header('Cache-Control', 'no-store')
    .header('Retry-After', '60')
    .type('text/html; charset=utf-8')
    .send(
      renderErrorDocument({ status: 503, title: 'No content yet', message: 'This site has no content yet. Load some with "npm run cli -- seed".', basePath }),
    );
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
