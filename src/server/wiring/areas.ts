/**
 * The app's areas, each registering its own routes over the shared services: the public pages
 * (literature, topic and sheet pages, and what search engines read), the files (the store's
 * files, resized images, the browser's assets), and the studio (sign-in, its shell, its API).
 */
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { originOf } from '../../api/delivery-context';
import { registerDeliveryApi } from '../../api/register-delivery-api';
import { registerEditingApi } from '../../editing-api/register-editing-api';
import { REVALIDATE } from '../http-cache';
import { registerCmsFiles } from '../routes/cms-files';
import { registerImageResizer } from '../routes/image-resizer';
import { registerPageRoutes } from '../routes/pages';
import { registerSeoFiles } from '../routes/seo-files';
import { registerSessionRoutes } from '../routes/session-routes';
import { registerFavicon, registerStaticAssets } from '../routes/static-assets';
import { registerStudioShell } from '../routes/studio-shell';
import { startScheduler } from '../scheduler';
import { createPageRenderer } from '../ssr/page-renderer';
import { createPageContext } from '../page-context';
import { createPreviewer } from '../page-kinds/preview';
import { literaturePages, topicPages } from '../page-kinds/literature/kind';
import { registerPageKinds } from '../page-kinds/router';
import { sheetPages } from '../page-kinds/sheet/kind';
import type { Services } from './services';

/** The delivery API, its JSON answers kept by the response cache. */
export function registerDelivery(app: FastifyInstance, { config, store, settings, search, respond }: Services): void {
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
        render: async () => {
          const answer = await render();
          return { body: JSON.stringify(answer.body), keys: answer.keys };
        },
      }),
  });
}

/** The store's files, resized images and, when there is a build, the browser's assets. */
export async function registerFiles(app: FastifyInstance, { config, store }: Services, clientDir: string | null): Promise<void> {
  registerCmsFiles(app, store.db, `${config.basePath}/${config.platformSitesSegment}`);
  registerImageResizer(app, store.db, config.basePath, config.platformSitesSegment);
  if (clientDir === null) return;
  await registerStaticAssets(app, join(clientDir, 'assets'), `${config.basePath}/assets/`);
  registerFavicon(app, join(clientDir, 'assets'));
}

/** Sign-in, the studio's shell and its API, the sweep of expired sessions and the publishing schedule. */
export async function registerStudio(app: FastifyInstance, services: Services, clientDir: string | null): Promise<void> {
  const { config, store, settings, assets, sessions, loadPages, announceChange } = services;
  const db = store.db;
  const originOfRequest = (request: FastifyRequest) => originOf(settings, request);
  registerSessionRoutes(app, { db, sessions, basePath: config.basePath, assets, originOf: originOfRequest });
  await registerStudioShell(app, { sessions, db, basePath: config.basePath, studioDir: clientDir === null ? null : join(clientDir, '..', 'studio') });
  await registerEditingApi(app, {
    db,
    sessions,
    basePath: config.basePath,
    platformSitesSegment: config.platformSitesSegment,
    originOf: originOfRequest,
    previewer: createPreviewer({ settings, assets, loadPages, dialect: store.dialect }),
    announceChange,
    uploads: config.uploads.inFlight,
    pdfs: config.uploads.pdf,
    searchReport: { enabled: config.searchReport, flush: () => services.searchReport.flush() },
    cdnPurged: services.purges !== null,
  });
  // Expired sessions are refused as soon as they are presented; this clears the rows left behind.
  const sweep = setInterval(() => void sessions.deleteExpired().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed')), 10 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  startScheduler(app, db, { checkMs: config.scheduleCheckMs, trashDays: config.trashDays, onFired: () => announceChange({ journaled: true }) });
}

/** The literature and topic pages, sheet pages, and robots.txt and the sitemap. */
export function registerPublicPages(app: FastifyInstance, services: Services): void {
  const { store, versions, settings, assets, loadPages, search, respond, pages, pagesVersion, sessions, searchReport } = services;
  const context = createPageContext({ db: store.db, loadPages, prepared: { version: pagesVersion, pages } });
  const renderer = createPageRenderer({ context, settings, assets, search, report: searchReport });
  // After the start's read of the change journal (its readers' own entries move the content version):
  // the pages prepared for the version it left, so the first visitor does not check them again. A
  // store that fails here is asked again by that request.
  app.addHook('onReady', async () => {
    await versions
      .current()
      .then(({ version }) => context.pages(version))
      .catch(() => undefined);
  });
  app.decorate('pageContext', context);
  app.decorate('pageRenderer', renderer);
  const kinds = [literaturePages(context, renderer, pages), topicPages(context, renderer), sheetPages({ settings, context }, assets)];
  registerPageKinds(app, kinds, { settings, versions, respond, sessions });
  registerPageRoutes(app, { versions, settings, context, pages });
  registerSeoFiles(app, { db: store.db, settings, context, pages, respond });
}
