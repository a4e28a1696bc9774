/**
 * The page pipeline: from a page request to its HTML. It owns the site and language lookup, the
 * SEO record, the preload, the head, the render and the document, and one memo per content
 * version (bounded in entries and bytes) for what a render needs, so that rendering a page again
 * (the response cache off or full) asks the store nothing. Routes only parse the request and send
 * what this answers.
 */
import { ALL, cdnKeys } from '../../shared/cdn-keys';
import type { DeliverySettings } from '../../api/delivery-context';
import type { ContentStore } from '../../cms/database';
import { findCollection, localizeCollection } from '../../cms/repositories/collections';
import { findSeoRecord, type SeoRecord } from '../../cms/repositories/seo-records';
import { findPrimarySite, listActiveLanguages, type Site } from '../../cms/repositories/sites';
import { renderPageBody, renderPreloads, type GridPreloads } from '../../site/entry-server';
import { isServerItem } from '../../site/components/grid-items';
import { bootDataOf } from '../../site/page-boot';
import { PAGE_DATA_ELEMENT_ID, serializePageData, type PageData, type PageLanguage } from '../../site/page-data';
import { gridsOf, type PageDefinition } from '../../page-model/page-definition';
import { renderSeoHead } from '../../site/seo/seo-head';
import { pageIn, searchablePage, type LoadedPage } from '../pages';
import { memoKey, VersionedMemo } from '../versioned-memo';
import { pageKey } from '../page-kinds/page-kind';
import { buildSeoHead, localizedPath, type SiteLanguages } from './build-seo-head';
import type { ClientAssets } from './client-assets';
import { pageRoot, writeDocument } from './document';
import { languageTag } from '../../shared/languages';
import { loadPageData, type Logger, type PageDataSource } from './load-page-data';
import type { SheetSearch } from '../../search/sheet-search';
import { listTopics } from '../../cms/repositories/topics';
import { facetName, topicLabel, topicPath, type Topic } from '../../shared/topics';
import { sheetPath } from '../../shared/urls';
import type { SearchReport } from '../../search/search-report';
import { pageText } from '../../site/ui-text';
import type { TopicLink, TopicsView } from '../../site/page-data';
import { NOTHING_SOUGHT, type Finding } from './load-page-data';
import { facetFieldsOf, facetOfChoice, facetsViewOf, readSelection, selectionAddress, type AddressChoices, type FacetField } from './facet-view';
import { facetOfKey, TOPIC_FACET, type Selection } from '../../search/facets';
import type { ContentType } from '../../content-model/definition';
import { findSheetType } from '../../cms/repositories/content-types';
import { LABEL_LANGUAGE } from '../../cms/content-types';

/**
 * What the memo keeps per content version: bounded so request paths cannot grow it without end.
 * A page's entry is about 90 KB (the demo page; each Show More page adds about 40 KB), so 6 MB
 * holds some 60 pages and pagination depths. The response cache keeps the finished pages; this
 * only saves their data's queries when one is rendered again, so it need not hold them all
 * (docs/operations.md, "Memory").
 */
const MEMO_BOUNDS = { maxEntries: 500, maxBytes: 6 * 1024 * 1024 };

export interface PageRendererOptions {
  db: ContentStore;
  settings: DeliverySettings;
  assets: ClientAssets;
  /** The pages as `db` holds them, prepared to render (pages.ts: loadStoredPages). */
  loadPages: (db: ContentStore) => Promise<LoadedPage[]>;
  /** The site's search, for searchable grids (none: they show their collection whatever is asked). */
  search?: SheetSearch;
  /** The pages as prepared at start, for the content version they were read in: the first request need not prepare them again. */
  prepared?: { version: number; pages: LoadedPage[] };
  /** Where each search a visitor makes is counted (search-report.ts). */
  report?: Pick<SearchReport, 'searched'>;
}

/** A page request resolved against the store: which page, in which language, for which record. */
export interface PageTarget {
  loaded: LoadedPage;
  definition: PageDefinition;
  site: Site;
  languages: SiteLanguages;
  language: string;
  /** spec §2.2: the optional recordId route parameter; an empty string when absent. */
  recordId: string;
  record: SeoRecord | null;
  /** On a topic page ({path}/topics/{slug}): the topic; null elsewhere. */
  topic: Topic | null;
  /** The site's topics, for the page's topic links. */
  taxonomy: Topic[];
  /** The sheet type's facet fields, named in the page's language. */
  facetFields: FacetField[];
  /** The facet choices the page shows: a topic page's topic, and what the address chooses. */
  selection: Selection;
  /** The address chooses something beyond the path's topic: a combination (made per request, noindex). */
  chosen: boolean;
}

export type Resolution = { kind: 'page'; target: PageTarget } | { kind: 'not-found' } | { kind: 'no-content' };

export interface SiteContext {
  site: Site;
  languages: SiteLanguages;
}

/** A page's data with what every render of it reuses: the browser's JSON, the head's tags and the cards' markup. */
export interface PreparedPage {
  data: PageData;
  json: string;
  seoHeadHtml: string;
  preloads: GridPreloads;
}

/** An answer's surrogate keys, as the memo keeps them. */
interface AnswerKeys {
  keys: string[];
}

/** A sheet's topics in the search index, and the related sheets they find (page-kinds/sheet). */
export interface RelatedSheets {
  topics: string[];
  ids: string[];
}

type Memoized = SiteContext | SeoRecord | PreparedPage | LoadedPage[] | Topic[] | ContentType | AnswerKeys | RelatedSheets | undefined;

/** Every key of the page memo, with what it keeps: one place to read them, no free strings. */
export const MEMO_KEYS = {
  site: memoKey<SiteContext | undefined>('site'),
  pages: memoKey<LoadedPage[]>('pages'),
  sheetType: memoKey<ContentType>('sheet type'),
  topics: (siteId: string) => memoKey<Topic[]>(`topics ${siteId}`),
  record: (recordId: string) => memoKey<SeoRecord | undefined>(`record ${recordId}`),
  /** A prepared page, by its pageKey (page-kinds/page-kind.ts). */
  page: (key: string) => memoKey<PreparedPage>(key),
  pageAnswerKeys: (pageName: string) => memoKey<AnswerKeys>(`keys ${pageName}`),
  sheetAnswerKeys: (urlName: string) => memoKey<AnswerKeys>(`sheet keys ${urlName}`),
  related: (contentId: string) => memoKey<RelatedSheets>(`related ${contentId}`),
};

const markupLength = (preloads: GridPreloads) =>
  Object.values(preloads).reduce(
    (length, preload) => length + (preload?.items ?? []).reduce((sum, item) => sum + (isServerItem(item) ? item.html.length : 0), 0),
    0,
  );

/**
 * About what a memoized value takes: a prepared page by its JSON and its cards' markup (counted
 * twice: the data they came from is about as large), pages by their styles and definitions.
 */
function sizeOf(value: Memoized): number {
  if (Array.isArray(value))
    return value.reduce((bytes: number, entry: LoadedPage | Topic) => bytes + ('stylesheet' in entry ? entry.stylesheet.css.length * 2 + 64 * 1024 : 512), 0);
  return value !== undefined && 'json' in value ? (value.json.length + value.seoHeadHtml.length + 2 * markupLength(value.preloads)) * 2 : 1024;
}

async function siteLanguagesOf(db: ContentStore, site: Site): Promise<SiteLanguages> {
  const active = await listActiveLanguages(db, site.id);
  return { active: [site.default_language, ...active.filter((language) => language !== site.default_language)], default: site.default_language };
}

export function createPageRenderer({ db, settings, assets, loadPages, search, prepared, report }: PageRendererOptions) {
  const { basePath } = settings;
  const memo = new VersionedMemo<Memoized>(MEMO_BOUNDS, sizeOf);
  if (prepared !== undefined) memo.keep(prepared.version, MEMO_KEYS.pages, prepared.pages);

  const siteContext = (version: number) =>
    memo.read(version, MEMO_KEYS.site, async () => {
      const site = await findPrimarySite(db);
      return site === undefined ? undefined : { site, languages: await siteLanguagesOf(db, site) };
    });

  const sourceOf = (origin: string, log: Logger): PageDataSource => ({ db, settings, origin, log, ...(search ? { search } : {}) });

  /** What a page (or a topic page) is rendered from, with what every render of it reuses; once per content version. */
  const prepare = (version: number, target: PageTarget, pagesShown: number, origin: string, log: Logger): Promise<PreparedPage> => {
    const key = pageKey(target.topic === null ? 'literature' : 'topic', targetKey(target), target.language, pagesShown, origin);
    return memo.read(version, MEMO_KEYS.page(key), async () => {
      // The cards are rendered once per content version; each render of the page reuses them.
      const finding = { ...NOTHING_SOUGHT, selection: target.selection };
      return preparedFrom(await pageDataOf(sourceOf(origin, log), target, pagesShown, finding), true);
    });
  };

  /**
   * A page of search results, or of a combination of facet choices: made for each request, never
   * kept (queries and combinations are without number), and not for search engines.
   */
  const prepareResults = async (target: PageTarget, pagesShown: number, origin: string, log: Logger, query: string): Promise<PreparedPage> => {
    const data = await pageDataOf(sourceOf(origin, log), target, pagesShown, { query, selection: target.selection });
    if (report !== undefined && query !== '') reportSearch(report, data, target.site.id, query);
    return preparedFrom({ ...data, seo: { ...data.seo, robots: 'noindex' } });
  };

  /** The site's topics as published in a content version. */
  const taxonomyOf = (version: number, siteId: string) => memo.read(version, MEMO_KEYS.topics(siteId), () => listTopics(db, siteId));

  /** The sheet type as published in a content version. */
  const sheetTypeOf = (version: number) => memo.read(version, MEMO_KEYS.sheetType, () => findSheetType(db));

  return {
    memo,

    /** The site's pages as published in a content version, prepared to render. */
    pages: (version: number) => memo.read(version, MEMO_KEYS.pages, () => loadPages(db)),

    /**
     * Which page a request names, in which language, for which record and (a topic page) which
     * topic; before any cache lookup.
     */
    async resolve(
      version: number,
      loaded: LoadedPage,
      languageSegment: string | undefined,
      recordId: string,
      topicSlug?: string,
      choices: AddressChoices = {},
    ): Promise<Resolution> {
      const context = await siteContext(version);
      if (context === undefined) return { kind: 'no-content' };
      const language = languageOf(languageSegment, context.languages);
      if (language === null) return { kind: 'not-found' };
      const record = recordId === '' ? null : await memo.read(version, MEMO_KEYS.record(recordId), () => findSeoRecord(db, context.site.id, recordId));
      if (record === undefined) return { kind: 'not-found' };
      const searchable = searchablePage([loaded]) !== undefined;
      const taxonomy = searchable ? await taxonomyOf(version, context.site.id) : [];
      const topic = topicSlug === undefined ? null : taxonomy.find((candidate) => candidate.slug === topicSlug);
      if (topic === undefined) return { kind: 'not-found' };
      const facetFields = searchable && search !== undefined ? facetFieldsOf(await sheetTypeOf(version), language, LABEL_LANGUAGE) : [];
      const { selection, chosen } = readSelection(choices, taxonomy, facetFields, topic);
      return {
        kind: 'page',
        target: { loaded, definition: pageIn(loaded, language), ...context, language, recordId, record, topic, taxonomy, facetFields, selection, chosen },
      };
    },

    prepare,

    /**
     * The page's HTML for a content version, `pagesShown` pages of its grids (of a searchable
     * grid's results for `query` and the target's selection), absolute URLs on `origin`;
     * `perRequest` (a query or a combination of choices): made now, kept by no cache, noindex.
     */
    async render(version: number, target: PageTarget, pagesShown: number, origin: string, log: Logger, query = '', perRequest = query !== ''): Promise<string> {
      const { data, json, seoHeadHtml, preloads } = perRequest
        ? await prepareResults(target, pagesShown, origin, log, query)
        : await prepare(version, target, pagesShown, origin, log);
      return writeDocument({
        lang: languageTag(target.language),
        headHtml: seoHeadHtml,
        basePath,
        assets: { ...assets, styles: [...assets.styles, `assets/pages/${target.loaded.stylesheet.fileName}`] },
        bodyHtml: pageRoot(await renderPageBody(data, preloads)),
        pageData: { elementId: PAGE_DATA_ELEMENT_ID, json },
      });
    },

    /**
     * What a page (or one of its topic pages) shows, as surrogate keys: the page, each grid's
     * collection (any change to a sheet in it queues its key), and the site.
     */
    async keysOf(version: number, target: PageTarget): Promise<string[]> {
      const found = await memo.read(version, MEMO_KEYS.pageAnswerKeys(target.definition.name), async () => {
        const collections = await Promise.all(gridsOf(target.definition).map((grid) => findCollection(db, target.site.id, grid.input.collectionKeyOrId)));
        const shown = collections.flatMap((collection) => (collection === undefined ? [] : [cdnKeys.collection(collection.id)]));
        return { keys: [cdnKeys.page(target.definition.name), ...shown, ALL] };
      });
      return found.keys;
    },

    /** The site and its languages, default first, for routes that list pages (the sitemap). */
    site: siteContext,

    /** The site's topics as published in a content version. */
    taxonomy: taxonomyOf,

    /** Which language a '/{lang}' segment names (the default when there is none); null when none. */
    languageOf,

    /** Whether a bare '/{lang}' segment names one of the site's languages other than the default. */
    async isLanguageSegment(version: number, segment: string): Promise<boolean> {
      const context = await siteContext(version);
      return context !== undefined && languageOf(segment, context.languages) !== null;
    },
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;

/** Which page a target is, language apart: its path, and its topic or record when it has one. */
export const targetKey = (target: PageTarget) => `${target.definition.path} ${target.topic?.slug ?? ''} ${target.recordId}`;

/** What every render of a page reuses: the browser's JSON, the head's tags and the cards' markup (`kept` by the memo, or for one answer). */
const preparedFrom = (data: PageData, kept = false): PreparedPage => ({
  data,
  json: serializePageData(bootDataOf(data)),
  seoHeadHtml: renderSeoHead(data.seo),
  preloads: renderPreloads(data, kept),
});

async function pageDataOf(source: PageDataSource, target: PageTarget, pagesShown: number, finding: Finding): Promise<PageData> {
  const { db, settings, origin } = source;
  const { definition, site, language, languages, recordId, record, topic } = target;
  const { basePath } = settings;
  const pagePath = definition.path.replace(/:recordId$/, encodeURIComponent(recordId));
  const place = { pagePath, language, languages, basePath };
  const { href } = selectionAddress(finding.selection, finding.query, target.taxonomy, place);
  const address = `${href}${href.includes('?') ? '&' : '?'}`;
  const searchable = gridsOf(definition).some((grid) => grid.settings.searchable);
  // The counts are asked beside the cards (on PostgreSQL, on another connection at once).
  const counting =
    searchable && source.search !== undefined && (target.taxonomy.length > 0 || target.facetFields.length > 0)
      ? source.search.facets({ siteId: site.id, language, ...finding, facetOf: facetOfChoice(target.taxonomy) })
      : undefined;
  // Observed now, so that a failure of the cards' first is not also an unhandled one of the counts'.
  counting?.catch(() => undefined);
  const loaded = await loadPageData(source, definition, site, language, pagesShown, { ...finding, address });
  const counts = await counting;
  const facets =
    counts === undefined ? undefined : facetsViewOf(counts, { ...finding, taxonomy: target.taxonomy, fields: target.facetFields, open: target.chosen }, place);
  // A topic page is the searchable page at a path of its own, its grid showing the topic's sheets.
  const path = topic === null ? pagePath : topicPath(topic.slug);
  const firstGrid = gridsOf(definition)[0];
  const preload = firstGrid === undefined ? null : loaded.collections[firstGrid.id];
  const text = pageText(language);
  const topicName = topic === null ? null : topicLabel(topic, [language, languages.default]);
  return {
    ...loaded,
    ...(facets === undefined ? {} : { facets }),
    languages: languageMenu(menuPathOf(target, finding, path, pagePath), language, languages, basePath),
    sheetPages: { path: localizedPath(basePath, sheetPath(''), language, languages), label: text.sheetDetails },
    ...(target.taxonomy.length > 0 ? { topics: topicsViewOf(target, localizedPath(basePath, pagePath, language, languages), basePath) } : {}),
    seo: buildSeoHead({
      ...(topicName === null ? {} : { topic: { label: topicName, description: text.topicDescription(preload?.total ?? 0, topicName, preload?.search?.more) } }),
      page: definition,
      path,
      language,
      languages,
      record,
      fallbackDescription: await collectionDescription(db, site, definition, language),
      origin,
      basePath,
      siteName: site.name,
      items: preload?.items ?? [],
      total: preload?.total ?? 0,
      log: source.log,
    }),
  };
}

/**
 * Where the language menu leads from a page of a query or choices: the same query and topics in
 * the other language (a field's values are written in each language, so they stay behind); from
 * any other page, its path.
 */
function menuPathOf(target: PageTarget, finding: Finding, path: string, pagePath: string): string {
  if (finding.query === '' && !target.chosen) return path;
  const topics = finding.selection.filter((group) => group.keys.every((key) => facetOfKey(key) === TOPIC_FACET));
  const unlocalized = { pagePath, language: target.languages.default, languages: target.languages, basePath: '' };
  return selectionAddress(topics, finding.query, target.taxonomy, unlocalized).href;
}

/** Counts a search and the results it showed, with the addresses their cards link to (the document, the sheet's page). */
function reportSearch(report: Pick<SearchReport, 'searched'>, data: PageData, siteId: string, query: string): void {
  const results = Object.values(data.collections).find((preload) => preload?.search !== undefined);
  if (results === undefined || results === null) return;
  const shown = results.items.map((item) => ({
    contentId: item.id,
    hrefs: [
      ...(typeof item.body.contentBody.url === 'string' && item.body.contentBody.url !== '' ? [item.body.contentBody.url] : []),
      ...(data.sheetPages === undefined ? [] : [`${data.sheetPages.path}${encodeURIComponent(item.body.urlName)}`]),
    ],
  }));
  report.searched({ siteId, language: data.language, query, found: results.total, shown });
}

/** What topic links are made for: the site's topics, the page's language, and the topic a topic page shows. */
export type TopicTarget = Pick<PageTarget, 'taxonomy' | 'language' | 'languages' | 'topic'>;

/** A link to a topic's page in the page's language, named in it (or its fallback's). */
export function topicLinkOf(topic: Topic, target: TopicTarget, basePath: string): TopicLink {
  const { language, languages } = target;
  return {
    slug: topic.slug,
    label: topicLabel(topic, [language, languages.default]),
    href: localizedPath(basePath, topicPath(topic.slug), language, languages),
    current: topic.slug === target.topic?.slug,
  };
}

/** The site's topics as links to their pages in the page's language, facet by facet. */
export function topicsViewOf(target: TopicTarget, allHref: string, basePath: string): TopicsView {
  const { taxonomy, topic: current } = target;
  const text = pageText(target.language);
  const facets = [...new Set(taxonomy.map((topic) => topic.facet))].map((facet) => ({
    facet,
    label: text.facets[facet] ?? facetName(facet),
    topics: taxonomy.filter((topic) => topic.facet === facet).map((topic) => topicLinkOf(topic, target, basePath)),
  }));
  return { facets, current: current === null ? null : topicLinkOf(current, target, basePath), allHref };
}

/** The language a '/{lang}' segment names: an active language other than the default. */
export function languageOf(segment: string | undefined, languages: SiteLanguages): string | null {
  if (segment === undefined) return languages.default;
  const language = languages.active.find((candidate) => candidate !== languages.default && languageTag(candidate) === segment);
  return language ?? null;
}

export function languageMenu(path: string, current: string, languages: SiteLanguages, basePath: string): PageLanguage[] {
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
    const tag = languageTag(language);
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's page pipeline (app.ts); the benchmark's harness renders from the data it prepares. */
    pageRenderer: PageRenderer;
  }
}
