/**
 * What the app's areas share, made once at start: the delivery settings, the browser's built
 * assets, the cached responder, search, the pages (a page the store cannot render stops the start,
 * naming its problems), sessions, and the notices that tell the other workers of a change.
 */
import { cloudflareTarget } from '../../cdn/cloudflare';
import { fastlyTarget } from '../../cdn/fastly';
import { createPurgeSender, everyTarget, type PurgeSender, type PurgeTarget } from '../../cdn/sender';
import { varnishTarget } from '../../cdn/varnish';
import { createWebhookSender, type WebhookSender } from '../../webhooks/sender';
import { followJournal, type JournalFollower } from '../journal-follower';
import type { FastifyInstance } from 'fastify';
import { mediaVersionOf } from '../../published/images';
import type { DeliverySettings } from '../../api/delivery-context';
import type { ContentStore, OpenStore } from '../../cms/database';
import { listMediaInfoByKeys } from '../../cms/repositories/files';
import { SessionService } from '../../http/session-service';
import { createSheetSearch, type SheetSearch } from '../../search/sheet-search';
import { createSearchReport, type SearchReport } from '../../search/search-report';
import { withBasePath } from '../../shared/links';
import { mediaDeliveryPath } from '../../shared/urls';
import { listenForChangeNotices } from '../change-notices';
import type { AppConfig } from '../config';
import type { ContentVersionSource } from '../content-version';
import { createCachedResponder, type CachedResponder } from '../http-cache';
import { loadStoredPages, seedPagesIfEmpty, type LoadedPage } from '../pages';
import { ResponseCache } from '../response-cache';
import { NO_CLIENT_ASSETS, readClientAssets, type ClientAssets } from '../ssr/client-assets';
import { responseCacheShare } from './responses';

/** How long a change's answer waits for the CDN's purge, at most. */
const PURGE_WAIT_MS = 2000;
/**
 * How long a change's answer waits for the journal's readers, at most: a publish is read in
 * milliseconds and searchable when answered; a studio import of thousands of sheets is answered
 * while its reading goes on (its sheets searchable within seconds).
 */
const JOURNAL_WAIT_MS = 3000;

/** Settles when `work` does, or after `ms`, whichever is first: the work goes on either way. */
const atMost = (work: Promise<unknown>, ms: number) => Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

export interface Services {
  config: AppConfig;
  store: OpenStore;
  versions: ContentVersionSource;
  settings: DeliverySettings;
  assets: ClientAssets;
  respond: CachedResponder;
  search: SheetSearch;
  /** The pages as the store held them at start. */
  pages: LoadedPage[];
  /** The content version they were read in (or one before it). */
  pagesVersion: number;
  /** The pages as a store (or a transaction of a draft) holds them now; one that cannot be served is left out and logged. */
  loadPages: (db: ContentStore) => Promise<LoadedPage[]>;
  sessions: SessionService;
  /**
   * After a change: the journal's readers read it (the search index, the purge outbox, the webhooks'
   * deliveries), the other workers are told (change-notices.ts), and the CDN; settled once they
   * know, or a moment passed. Starts sending the change's webhook deliveries, without waiting for them.
   */
  announceChange: (change: { journaled: boolean }) => Promise<void>;
  /** The change journal's readers in this process (journal-follower.ts). */
  journal: JournalFollower;
  /** Purges the CDN by key (CDN_VARNISH_URLS); null when nothing is to be purged. */
  purges: PurgeSender | null;
  /** Sends the webhooks' deliveries (webhooks/sender.ts). */
  webhooks: WebhookSender;
  /** What visitors search for and open from the results, counted for the studio (search-report.ts). */
  searchReport: SearchReport;
}

export interface ServiceOptions {
  config: AppConfig;
  store: OpenStore;
  versions: ContentVersionSource;
  /** The built browser bundle (dist/client); null serves pages without scripts or styles. */
  clientDir: string | null;
  /** The clock sessions are timed by; tests move it. */
  now?: () => number;
}

export async function prepareServices(app: FastifyInstance, { config, store, versions, clientDir, now }: ServiceOptions): Promise<Services> {
  const settings: DeliverySettings = { basePath: config.basePath, platformSitesSegment: config.platformSitesSegment, siteUrl: config.siteUrl };
  // Its share of RESPONSE_CACHE_MB, the front cache the rest: together they never hold more.
  const respond = createCachedResponder(
    versions,
    new ResponseCache({ maxEntries: config.responseCacheEntries, maxBytes: responseCacheShare(config.responseCacheBytes) }),
  );
  // The store holds the pages; PAGES_DIR seeds a store that has none (docs/decisions/014).
  await seedPagesIfEmpty(store.db, config.pagesDir);
  const loadAndCheckPages = (db: ContentStore) =>
    loadStoredPages(db, {
      basePath: config.basePath,
      platformSitesSegment: config.platformSitesSegment,
      log: app.log,
      resolveImageUrls: async (keys) =>
        new Map(
          (await listMediaInfoByKeys(db, keys)).map((file) => [
            file.content_key,
            withBasePath(config.basePath, mediaDeliveryPath(config.platformSitesSegment, file.content_key, mediaVersionOf(file))),
          ]),
        ),
    });
  // Read first: the pages read after it are at least as new as it says.
  const pagesVersion = (await versions.current()).version;
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
    ...(now ? { now } : {}),
  });
  // A change made here is seen by the other workers before it is answered (change-notices.ts).
  const notices = listenForChangeNotices(() => versions.forget());
  const searchReport = createSearchReport(store.db, {
    enabled: config.searchReport,
    onError: (error) => app.log.warn({ err: error }, 'search counts could not be written; these are dropped'),
  });
  // Written before the store closes (it closes after the app).
  app.addHook('onClose', () => searchReport.close());
  const targets = purgeTargetsOf(config.cdn);
  const purges = targets.length === 0 ? null : createPurgeSender(store, everyTarget(targets), app.log);
  const webhooks = createWebhookSender(store, { log: app.log });
  const journal = followJournal(app, store, { everyMs: config.journalCheckMs });
  return {
    config,
    store,
    versions,
    settings,
    assets: clientDir === null ? NO_CLIENT_ASSETS : readClientAssets(clientDir),
    respond,
    search: createSheetSearch(store),
    pages,
    pagesVersion,
    loadPages,
    sessions,
    announceChange: async ({ journaled }) => {
      // A change to what the site serves is read (searchable, purged) before it is answered; a draft's save has nothing to read.
      if (journaled) await atMost(journal.catchUp(), JOURNAL_WAIT_MS);
      await notices.announce();
      // A receiver's slowness never slows the change's answer.
      void webhooks.run();
      // The editor's next look through the CDN is fresh, unless the CDN is slow to answer.
      if (purges !== null) await atMost(purges.run(), PURGE_WAIT_MS);
    },
    journal,
    purges,
    webhooks,
    searchReport,
  };
}

/** The CDNs the operator named, each purged on every change. */
function purgeTargetsOf(cdn: AppConfig['cdn']): PurgeTarget[] {
  const soft = cdn.softPurge;
  return [
    ...(cdn.varnishUrls.length > 0 ? [varnishTarget(cdn.varnishUrls, { soft })] : []),
    ...(cdn.fastly === null ? [] : [fastlyTarget({ ...cdn.fastly, soft })]),
    ...(cdn.cloudflare === null ? [] : [cloudflareTarget(cdn.cloudflare)]),
  ];
}
