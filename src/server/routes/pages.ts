/**
 * Serves every page definition at {BASE_PATH}{path} in the site's default language and at
 * {BASE_PATH}/{lang}{path} in each other active language (spec §2.4), rendered on the server with
 * its first pages of data and its SEO head. `?page=N` shows N pages of a Show More grid (or the
 * Nth page of a standard one), which is how paging works without JavaScript. Each page's
 * stylesheet is served by content hash.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { originForResponse, type DeliverySettings } from '../../api/delivery-context';
import type { ContentStore } from '../../cms/database';
import { findCollection, localizeCollection } from '../../cms/repositories/collections';
import { findSeoRecord, type SeoRecord } from '../../cms/repositories/seo-records';
import { findPrimarySite, listActiveLanguages, type Site } from '../../cms/repositories/sites';
import type { SessionService } from '../auth/session-service';
import type { DataStore } from '../../site/data/data-store';
import { renderPageBody } from '../../site/entry-server';
import { gridsOf, PAGE_DATA_ELEMENT_ID, serializePageData, type PageData, type PageLanguage } from '../../site/page-data';
import type { PageDefinition } from '../../site/pages/page-definition';
import { renderSeoHead } from '../../site/seo/seo-head';
import type { ContentVersionSource } from '../content-version';
import { IMMUTABLE, REVALIDATE, type CachedResponder } from '../http-cache';
import { VersionedMemo } from '../versioned-memo';
import { pageIn, type LoadedPage } from '../pages';
import { buildSeoHead, localizedPath, type SiteLanguages } from '../ssr/build-seo-head';
import type { ClientAssets } from '../ssr/client-assets';
import { renderDocument, toBcp47 } from '../ssr/document';
import { renderErrorDocument } from '../ssr/error-document';
import { loadPageData, readPagesShown } from '../ssr/load-page-data';

export interface PageRouteOptions {
  db: ContentStore;
  versions: ContentVersionSource;
  /** Opening a page is the visitor's own action: it keeps a signed-in visitor's session alive. */
  sessions: SessionService;
  store: DataStore;
  settings: DeliverySettings;
  assets: ClientAssets;
  respond: CachedResponder;
  pages: LoadedPage[];
}

type PageRequest = FastifyRequest<{ Params: { lang?: string; recordId?: string }; Querystring: { page?: string | string[] } }>;

export async function siteLanguagesOf(db: ContentStore, site: Site): Promise<SiteLanguages> {
  const active = await listActiveLanguages(db, site.id);
  return { active: [site.default_language, ...active.filter((language) => language !== site.default_language)], default: site.default_language };
}

interface SiteContext {
  site: Site;
  languages: SiteLanguages;
}

/** What every page request needs before its cache lookup, worked out once per content version. */
interface PageMemos {
  sites: VersionedMemo<SiteContext | undefined>;
  records: VersionedMemo<SeoRecord | undefined>;
  /** The page's collection description (the fallback meta description), per page and language. */
  descriptions: VersionedMemo<string>;
  /** Each page's finished data and its JSON, so that rendering it again (response cache off or full) is only rendering. */
  pageData: VersionedMemo<{ data: PageData; json: string }>;
}

export function registerPages(app: FastifyInstance, options: PageRouteOptions): void {
  const { basePath } = options.settings;
  const memos: PageMemos = { sites: new VersionedMemo(), records: new VersionedMemo(), descriptions: new VersionedMemo(), pageData: new VersionedMemo(200) };
  for (const page of options.pages) {
    const handler = (request: PageRequest, reply: FastifyReply) => servePage(request, reply, page, options, memos);
    app.get(`${basePath}${page.definition.path}`, handler);
    app.get(`${basePath}/:lang${page.definition.path}`, handler);
  }
  // '/de-DE' leads to the language's home page, '/de-DE/'.
  if (options.pages.some((page) => page.definition.path === '/')) {
    app.get<{ Params: { lang: string } }>(`${basePath}/:lang`, async (request, reply) => {
      const site = await findPrimarySite(options.db);
      const languages = site === undefined ? null : await siteLanguagesOf(options.db, site);
      if (languages === null || languageOf(request.params.lang, languages) === null || request.params.lang === undefined) return reply.callNotFound();
      return reply.redirect(`${basePath}/${encodeURIComponent(request.params.lang)}/${queryOf(request.url)}`, 301);
    });
  }

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

async function servePage(request: PageRequest, reply: FastifyReply, loaded: LoadedPage, options: PageRouteOptions, memos: PageMemos) {
  const { db, store, settings, assets, respond, sessions, versions } = options;
  await noteNavigation(request, sessions);
  const { basePath } = settings;
  const version = await versions.current();
  const context = await memos.sites.get(version.version, 'site', async () => {
    const found = await findPrimarySite(db);
    return found === undefined ? undefined : { site: found, languages: await siteLanguagesOf(db, found) };
  });
  if (context === undefined) {
    return reply
      .code(503)
      .header('Cache-Control', 'no-store')
      .header('Retry-After', '60')
      .type('text/html; charset=utf-8')
      .send(
        renderErrorDocument({ status: 503, title: 'No content yet', message: 'This site has no content yet. Load some with "npm run cli -- seed".', basePath }),
      );
  }
  const { site, languages } = context;
  const language = languageOf(request.params.lang, languages);
  if (language === null) return reply.callNotFound();

  const definition = pageIn(loaded, language);
  // spec §2.2: the optional recordId route parameter; an empty string when absent.
  const recordId = request.params.recordId ?? '';
  const record = recordId === '' ? null : await memos.records.get(version.version, recordId, () => findSeoRecord(db, site.id, recordId));
  if (recordId !== '' && record === undefined) return reply.callNotFound();

  const pages = readPagesShown(request.query.page);
  const origin = originForResponse(settings, request, reply);
  // The page is the same for every visitor, so one rendering serves all until content changes.
  const key = `page ${definition.path} ${language} ${recordId} ${pages} ${settings.siteUrl === null ? origin : ''}`;
  return respond(request, reply, {
    key,
    contentType: 'text/html; charset=utf-8',
    cacheControl: REVALIDATE,
    version,
    render: async (contentVersion) => {
      const { data, json } = await memos.pageData.get(contentVersion, key, async () => {
        const loadedData = await loadPageData({ db, settings, store, contentVersion, origin, log: request.log }, definition, site, language, pages);
        const path = definition.path.replace(/:recordId$/, encodeURIComponent(recordId));
        const firstGrid = gridsOf(definition)[0];
        const preload = firstGrid === undefined ? null : loadedData.collections[firstGrid.id];
        const data: PageData = {
          ...loadedData,
          languages: languageMenu(path, language, languages, basePath),
          seo: buildSeoHead({
            page: definition,
            path,
            language,
            languages,
            record: record ?? null,
            fallbackDescription: await memos.descriptions.get(contentVersion, `${definition.path} ${language}`, () =>
              collectionDescription(db, site, definition, language),
            ),
            origin,
            basePath,
            siteName: site.name,
            items: preload?.items ?? [],
            total: preload?.total ?? 0,
          }),
        };
        return { data, json: serializePageData(data) };
      });
      return renderDocument({
        lang: toBcp47(language),
        seoHeadHtml: renderSeoHead(data.seo),
        basePath,
        assets: { ...assets, styles: [...assets.styles, `assets/pages/${loaded.stylesheet.fileName}`] },
        bodyHtml: await renderPageBody(data),
        pageDataJson: json,
        pageDataElementId: PAGE_DATA_ELEMENT_ID,
      });
    },
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

/** The language a '/{lang}' segment names: an active language other than the default. */
function languageOf(segment: string | undefined, languages: SiteLanguages): string | null {
  if (segment === undefined) return languages.default;
  const language = languages.active.find((candidate) => candidate !== languages.default && toBcp47(candidate) === segment);
  return language ?? null;
}

function languageMenu(path: string, current: string, languages: SiteLanguages, basePath: string): PageLanguage[] {
  if (languages.active.length <= 1) return [];
  return languages.active.map((language) => ({
    language,
    label: nativeLanguageName(language),
    href: localizedPath(basePath, path, language, languages),
    current: language === current,
  }));
}

const nativeNames = new Map<string, string>();
/** A language's name in that language ("Deutsch"), capitalised; worked out once per language. */
function nativeLanguageName(language: string): string {
  let name = nativeNames.get(language);
  if (name === undefined) {
    const tag = toBcp47(language);
    const label = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
    name = label.charAt(0).toLocaleUpperCase(tag) + label.slice(1);
    // Bounded by the languages sites use; a few hundred at most.
    if (nativeNames.size < 500) nativeNames.set(language, name);
  }
  return name;
}

/** spec §2.2: the literature page has no description; its collection's describes it instead. */
async function collectionDescription(db: ContentStore, site: Site, page: PageDefinition, language: string): Promise<string> {
  const grid = gridsOf(page)[0];
  if (grid === undefined) return '';
  const collection = await findCollection(db, site.id, grid.input.collectionKeyOrId);
  if (collection === undefined) return '';
  const { metadata } = await localizeCollection(db, collection, [language, site.default_language]);
  return typeof metadata.description === 'string' ? metadata.description : '';
}

function queryOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index);
}
