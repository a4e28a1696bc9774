/**
 * The editing API under {basePath}/studio/api (docs/editing.md): separate from the public delivery
 * API, for the studio. Every route checks the session's role on the server (guard.ts); answers are
 * never cached (no-store, and the front cache keeps only public answers).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContentStore } from '../cms/database';
import { journaledChanges } from '../cms/change-context';
import type { SessionService } from '../http/session-service';
import type { Previewer } from './previewer';
import { processPdfReader, type PdfLimits } from '../files/pdf-reader';
import { registerAdminRoutes } from './admin-routes';
import { registerContentTypeRoutes } from './content-type-routes';
import type { EditingContext } from './editable-routes';
import { createGuard } from './guard';
import { registerPreviewLinkRoutes, sendStoredFile } from './previews';
import { editingOpenApiDocument } from './openapi';
import { registerSheetRoutes } from './sheet-routes';
import { registerSiteRoutes } from './site-routes';
import { createUploadGate, type UploadGateLimits } from './upload-gate';
import { registerFileUploads } from './uploaded-file';
import { registerSheetFromPdfRoute } from './sheet-from-pdf-route';
import { registerUploadRoutes } from './upload-routes';
import { registerImportRoutes } from './import-routes';
import { registerExportRoutes } from './export-routes';
import { registerTranslationRoutes } from './translation-routes';
import { registerReleaseRoutes } from './release-routes';
import { registerWebhookRoutes } from './webhook-routes';
import { registerSearchReportRoutes, type SearchReportRoutesOptions } from './search-report-routes';
import { collectRoutes, leftOut, on } from './route-contract';
import { editingApi } from '../editing-contract/operations';
import { refuseDeepBody } from './requests';

export interface EditingApiOptions {
  db: ContentStore;
  sessions: SessionService;
  basePath: string;
  platformSitesSegment: string;
  /** The site's origin as browsers send it in Origin headers. */
  originOf: (request: FastifyRequest) => string;
  previewer: Previewer;
  /** Called after a change was made and before it is answered (other workers learn of it). */
  /** After a change: `journaled` when it changed what the site serves (the journal moved), which the readers read before it is answered. */
  announceChange: (change: { journaled: boolean }) => Promise<void>;
  /** Uploads in flight at once, and the PDF workers' limits (docs/operations.md, "Uploads and PDFs"). */
  uploads: UploadGateLimits;
  pdfs: PdfLimits;
  /** Whether searches are counted, and a write of this process's counts so far (search/search-report.ts). */
  searchReport: SearchReportRoutesOptions['report'];
  /** Whether a CDN is purged on changes (the studio says when its purges fail). */
  cdnPurged: boolean;
}

export async function registerEditingApi(app: FastifyInstance, options: EditingApiOptions): Promise<void> {
  const root = `${options.basePath}/studio/api`;
  const guard = createGuard(options);
  const routes: EditingContext = {
    db: options.db,
    root,
    guard,
    previewer: options.previewer,
    originOf: options.originOf,
    basePath: options.basePath,
    platformSitesSegment: options.platformSitesSegment,
    previews: new Map(),
    uploads: createUploadGate(options.uploads),
    pdfs: processPdfReader(options.pdfs),
  };
  // In a scope of its own, so that its hook runs for its routes only, never for a public page.
  await app.register(async (scope) => {
    // How many of this process's changes had journaled when a request began: one that journaled
    // nothing (a draft's save) is answered without waiting for the journal's readers, whatever
    // another process (a command-line import) journals meanwhile.
    const journaledBefore = new WeakMap<object, number>();
    scope.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') journaledBefore.set(request, journaledChanges());
    });
    scope.addHook('onSend', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
      await options.announceChange({ journaled: journaledChanges() !== (journaledBefore.get(request) ?? -1) });
    });
    // Before any handler reads a body: nothing below may walk one nested without end. Only JSON
    // is parsed into nested values (an upload's parts are read by its handler, as a stream).
    scope.addHook('preValidation', async (request) => {
      if (/json/i.test(request.headers['content-type'] ?? '')) refuseDeepBody(request.body);
    });
    // Before any route: the document is built from the routes as registered, each by its contract.
    const registered = collectRoutes(scope, root);
    await registerFileUploads(scope);
    registerSheetRoutes(scope, routes);
    registerUploadRoutes(scope, routes);
    registerSheetFromPdfRoute(scope, routes);
    registerImportRoutes(scope, routes);
    registerExportRoutes(scope, routes);
    registerTranslationRoutes(scope, routes);
    registerReleaseRoutes(scope, routes);
    registerSiteRoutes(scope, routes);
    registerAdminRoutes(scope, routes);
    registerContentTypeRoutes(scope, routes);
    registerWebhookRoutes(scope, routes, { cdnPurged: options.cdnPurged });
    registerSearchReportRoutes(scope, { db: options.db, root, guard, report: options.searchReport });
    // A draft's files by digest, for the studio's image previews and its preview frames.
    on(scope, routes, editingApi.files.get, async (_received, request, reply) => {
      return sendStoredFile(reply, options.db, request.params.sha256, 'private, max-age=31536000, immutable');
    });
    registerPreviewLinkRoutes(scope, { db: options.db, basePath: options.basePath, sources: routes.previews });
    let document = '';
    scope.get(`${root}/openapi.json`, leftOut('the document itself'), async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(document),
    );
    // Once every route is registered; a route without a contract stops the app from starting.
    scope.addHook('onReady', async () => {
      document = JSON.stringify(editingOpenApiDocument(options.basePath, root, registered, options.sessions.cookieName));
    });
  });
}
