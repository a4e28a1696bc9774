/**
 * Builds the Fastify app: a short list of its areas, each registering itself (wiring/). It never
 * listens; main.ts runs the process and tests call `app.inject()`.
 */
import { PURGE_CHECK_MS, startSender } from './outbox-senders';
import type { FastifyInstance } from 'fastify';
import type { OpenStore } from '../cms/database';
import type { AppConfig } from './config';
import { ContentVersionSource } from './content-version';
import { createErrorResponder } from './errors';
import { registerHealth, type Lifecycle } from './routes/health';
import { registerDelivery, registerFiles, registerPublicPages, registerStudio } from './wiring/areas';
import { createFastify } from './wiring/fastify';
import { registerFrontCache, registerResponseRules } from './wiring/responses';
import { prepareServices } from './wiring/services';
import { reportStoreTrouble } from './wiring/store-trouble';

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
  const lifecycle = options.lifecycle ?? { draining: false };
  const errors = createErrorResponder(config.basePath);
  // The server's handler asks the front cache first (made below: it needs the app's logger, and no
  // request comes before the app listens); a result opened from a results page is counted however it is answered.
  const app = createFastify(config, errors, (request, response) => {
    if (request.method === 'GET') services.searchReport.opened(request.url ?? '', request.headers.referer, request.headers.host);
    return front.serve(request, response);
  });
  registerResponseRules(app, config, errors, lifecycle);
  const versions = new ContentVersionSource(store);
  const front = await registerFrontCache(app, config, versions, lifecycle);
  reportStoreTrouble(app, store);
  registerHealth(app, store, config.basePath, lifecycle, () => services.purges?.status() ?? null);

  const services = await prepareServices(app, { config, store, versions, clientDir, ...(options.now ? { now: options.now } : {}) });
  registerDelivery(app, services);
  await registerFiles(app, services, clientDir);
  await registerStudio(app, services, clientDir);
  registerPublicPages(app, services);
  startSender(app, services.purges, { everyMs: PURGE_CHECK_MS, atStartAndClose: true });
  // Timed work, as the scheduler's: deliveries made elsewhere go out within SCHEDULE_CHECK_MS.
  startSender(app, services.webhooks, { everyMs: config.scheduleCheckMs, atStartAndClose: false });
  return app;
}
