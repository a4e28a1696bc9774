/**
 * Builds the Fastify app: delivery API, CMS files, static assets and the literature page. It never
 * listens; main.ts runs the process and tests call `app.inject()`.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { ContentVersionSource } from './content-version';
import { FrontCache } from './front-cache';
import { addVaryByEncoding, registerCompression } from './compression';
import { registerSecurityHeaders } from '../http/security-headers';
import { requestIdOf } from './request-id';
import Fastify, { type FastifyInstance } from 'fastify';
import { AccessLog, frontAccessLine, logDestination, requestLogSerializers } from './access-log';
import { registerDeliveryApi } from '../api/register-delivery-api';
import { originOf, type DeliverySettings } from '../api/delivery-context';
import type { OpenStore } from '../cms/database';
import { skippedRecords, type SkippedRecord } from '../cms/stored-json';
import type { AppConfig } from './config';
import { ApiError, ERROR_CODES } from '../shared/errors';
import { createClientErrorHandler, createErrorResponder, registerErrorHandlers } from './errors';
import { REVALIDATE, createCachedResponder, publicCacheControl } from './http-cache';
import { registerHealth, type Lifecycle } from './routes/health';
import { ResponseCache } from './response-cache';
import { registerCmsFiles } from './routes/cms-files';
import { registerImageResizer } from './routes/image-resizer';
import { registerPages } from './routes/pages';
import { createPageRenderer } from './ssr/page-renderer';
import { createSheetPages } from './ssr/sheet-page';
import { registerSheetPages } from './routes/sheet-pages';
import { createSheetSearch } from '../search/sheet-search';
import { createPreviewer } from './ssr/preview';
import { registerSessionRoutes } from './routes/session-routes';
import { registerStudioShell } from './routes/studio-shell';
import { SessionService } from '../http/session-service';
import { registerSeoFiles } from './routes/seo-files';
import { startScheduler } from './scheduler';
import { listenForChangeNotices } from './change-notices';
import { registerEditingApi } from '../editing-api/register-editing-api';
import { loadStoredPages, seedPagesIfEmpty } from './pages';
import type { ContentStore } from '../cms/database';
import { mediaUrlOf } from '../api/content-resolution';
import { listMediaInfoByKeys } from '../cms/repositories/files';
import { withBasePath } from '../shared/links';
import { registerFavicon, registerStaticAssets } from './routes/static-assets';
import { NO_CLIENT_ASSETS, readClientAssets } from './ssr/client-assets';

/**
 * The response cache's part of the finished answers' memory (RESPONSE_CACHE_MB), a quarter: the
 * front cache answers every repeat it can, with the answer's compressed forms beside it, and takes
 * the rest. The response cache answers what the front cache does not (a signed-in visitor, an
 * answer whose compressed forms are still being made) and shares one rendering among concurrent
 * requests. They often keep the same body (the front cache the very Buffer this one answers), so
 * together they hold less than the sum; the sum is the bound (docs/operations.md, "Memory").
 */
export const responseCacheShare = (bytes: number) => Math.floor(bytes / 4);

export interface AppOptions {
  config: AppConfig;
  store: OpenStore;
  /** The built browser bundle (dist/client); null serves pages without scripts or styles. */
  clientDir: string | null;
  /** The clock sessions are timed by; tests move it. */
  now?: () => number;
  /** Shared with the process: set when it starts shutting down. */
  lifecycle?: Lifecycle;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, store, clientDir } = options;
  const errors = createErrorResponder(config.basePath);
  const lifecycle = options.lifecycle ?? { draining: false };
  // Made once the app (and its logger) exists; the server's handler asks it first.
  const frontCache: { current?: FrontCache } = {};
  const app = Fastify({
    serverFactory: (handler) => {
      const server = createServer((request, response) => frontCache.current?.serve(request, response) || handler(request, response));
      // What Fastify gives a server it makes itself: keep-alive longer than common proxies' (60 s).
      server.keepAliveTimeout = 72_000;
      return server;
    },
    logger: {
      level: config.logLevel,
      // Lines are written by a background writer, never while a response waits (flushed when the process exits).
      stream: logDestination(),
      serializers: requestLogSerializers,
    },
    logController: new AccessLog(),
    // A proxy's request id is kept (to follow a request across systems); otherwise a fresh one.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers),
    // While draining, requests on open connections are still answered (with Connection: close).
    return503OnClosing: false,
    trustProxy: false,
    routerOptions: { maxParamLength: 200 },
    // Malformed URLs and bodies are refused before routing; answer them like every other error.
    frameworkErrors: (error, request, reply) => errors.onError(error, request, reply),
    // …and so are requests Node's parser refuses before Fastify sees them (431, 400, 408).
    clientErrorHandler: createClientErrorHandler(config.basePath),
  });

  registerSecurityHeaders(app);

  registerErrorHandlers(app, errors);
  const publicPolicy = publicCacheControl(config.cdn);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Routes say "public, revalidate"; the CDN windows are the operator's to set.
    if (reply.getHeader('Cache-Control') === REVALIDATE) reply.header('Cache-Control', publicPolicy);
    // A draining process tells keep-alive clients to go elsewhere for their next request.
    if (lifecycle.draining) reply.header('Connection', 'close');
  });
  const versions = new ContentVersionSource(store);
  const front = new FrontCache({
    versions,
    maxEntries: config.responseCacheEntries,
    maxBytes: config.responseCacheBytes - responseCacheShare(config.responseCacheBytes),
    keyByHost: config.siteUrl === null,
    isDraining: () => lifecycle.draining,
    log: app.log,
    accessLine: frontAccessLine(app.log),
  });
  // In this order: Vary set, the plain answer captured, then compressed on its way out.
  addVaryByEncoding(app);
  app.addHook('onSend', async (request, reply, payload) => front.capture(request, reply, payload));
  await registerCompression(app);
  frontCache.current = front;
  app.decorate('frontCache', front);
  store.breaker.onChange = (available, error) => {
    if (available) app.log.warn('the content store answers again');
    else app.log.error({ err: error }, 'the content store does not answer: serving cached responses, 503 for the rest');
  };
  store.breaker.onWriteChange = (failure) => {
    if (failure === null) app.log.warn('writes to the content store work again');
    else app.log.error({ reason: failure }, 'writes to the content store fail; reads are still served');
  };
  // A stored record beyond the content limits is left out of answers; the operator hears of it once.
  const onSkipped = (skipped: SkippedRecord) => app.log.warn(skipped, 'a stored record breaks the content limits and is left out of answers');
  skippedRecords.on('skipped', onSkipped);
  app.addHook('onClose', async () => void skippedRecords.off('skipped', onSkipped));
  registerHealth(app, store, config.basePath, lifecycle);
  // No page or file address contains NUL; refusing it here keeps it away from every store query.
  // (The delivery API checks its parameters itself, with the catalogue's messages.)
  const apiRoot = `${config.basePath}/services/data/`;
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url) && !request.url.startsWith(apiRoot)) throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, 'The address is not valid.');
  });

  const settings: DeliverySettings = {
    basePath: config.basePath,
    platformSitesSegment: config.platformSitesSegment,
    siteUrl: config.siteUrl,
  };
  const assets = clientDir === null ? NO_CLIENT_ASSETS : readClientAssets(clientDir);

  // Its share of RESPONSE_CACHE_MB, the front cache the rest: together they never hold more.
  const respond = createCachedResponder(
    versions,
    new ResponseCache({ maxEntries: config.responseCacheEntries, maxBytes: responseCacheShare(config.responseCacheBytes) }),
  );
  const search = createSheetSearch(store);
  registerDeliveryApi(app, {
    db: store.db,
    settings,
    search,
    respondJson: (request, reply, render) =>
      respond(request, reply, {
        // Without SITE_URL, absolute URLs come from the Host header, so the host is part of the key.
        key: `${config.siteUrl === null ? request.host : ''} ${request.url}`,
        contentType: 'application/json; charset=utf-8',
        cacheControl: REVALIDATE,
        render: async () => JSON.stringify(await render()),
      }),
  });
  registerCmsFiles(app, store.db, `${config.basePath}/${config.platformSitesSegment}`);
  registerImageResizer(app, store.db, config.basePath, config.platformSitesSegment);
  if (clientDir !== null) {
    await registerStaticAssets(app, join(clientDir, 'assets'), `${config.basePath}/assets/`);
    registerFavicon(app, join(clientDir, 'assets'));
  }
  // The store holds the pages; PAGES_DIR seeds a store that has none (docs/decisions/014).
  await seedPagesIfEmpty(store.db, config.pagesDir);
  const loadAndCheckPages = (db: ContentStore) =>
    loadStoredPages(db, {
      basePath: config.basePath,
      platformSitesSegment: config.platformSitesSegment,
      log: app.log,
      resolveImageUrls: async (keys) =>
        new Map(
          (await listMediaInfoByKeys(db, keys)).map((file) => [file.content_key, withBasePath(config.basePath, mediaUrlOf(settings, file.content_key, file))]),
        ),
    });
  // A page the store cannot render stops the start with its problems named…
  const { pages, problems } = await loadAndCheckPages(store.db);
  if (problems.length > 0) throw problems[0];
  // …and once serving, is left out (the others stay up) and logged.
  const loadPages = async (db: ContentStore) => {
    const loaded = await loadAndCheckPages(db);
    for (const problem of loaded.problems) app.log.error({ err: problem }, 'a page in the store cannot be served; the others are');
    return loaded.pages;
  };
  const sessions = new SessionService(store.db, {
    idleMs: config.session.idleSeconds * 1000,
    absoluteMs: config.session.absoluteSeconds * 1000,
    secureCookie: config.session.secureCookie,
    ...(options.now ? { now: options.now } : {}),
  });
  // A change made here is seen by the other workers before it is answered (change-notices.ts).
  const notices = listenForChangeNotices(() => versions.forget());
  registerSessionRoutes(app, { db: store.db, sessions, basePath: config.basePath, assets, originOf: (request) => originOf(settings, request) });
  await registerStudioShell(app, { sessions, db: store.db, basePath: config.basePath, studioDir: clientDir === null ? null : join(clientDir, '..', 'studio') });
  await registerEditingApi(app, {
    db: store.db,
    sessions,
    basePath: config.basePath,
    platformSitesSegment: config.platformSitesSegment,
    originOf: (request) => originOf(settings, request),
    previewer: createPreviewer({ settings, assets, loadPages }),
    announceChange: () => notices.announce(),
    uploads: config.uploads.inFlight,
    pdfs: config.uploads.pdf,
  });
  // Expired sessions are refused as soon as they are presented; this clears the rows left behind.
  const sweep = setInterval(() => void sessions.deleteExpired().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed')), 10 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  startScheduler(app, store.db, { checkMs: config.scheduleCheckMs, trashDays: config.trashDays, onFired: () => notices.announce() });

  const renderer = createPageRenderer({ db: store.db, settings, assets, loadPages, search });
  app.decorate('pageRenderer', renderer);
  registerPages(app, { versions, settings, renderer, respond, pages, sessions });
  const sheetPages = createSheetPages({ db: store.db, settings, assets, renderer, search });
  registerSheetPages(app, { settings, sheetPages, respond });
  registerSeoFiles(app, { db: store.db, settings, renderer, pages, respond });

  return app;
}
