/**
 * The literature page and its topic pages, from a request to their HTML: the page resolved in
 * its language (with its SEO record, topic and facet choices), its data and preload, the head, the
 * render and the document. What every page kind reads per content version (the site, its pages,
 * topics, the sheet type) comes from the page context (../page-context.ts), whose memo keeps this
 * kind's prepared pages too, so that rendering a page again (the response cache off or full) asks
 * the store nothing. Routes only parse the request and send what this answers.
 */
import { ALL, cdnKeys } from '../../shared/cdn-keys';
import type { DeliverySettings } from '../../api/delivery-context';
import type { ContentStore } from '../../cms/database';
import { findCollection, localizeCollection } from '../../cms/repositories/collections';
import type { SeoRecord } from '../../cms/repositories/seo-records';
import type { Site } from '../../cms/repositories/sites';
import { renderPageBody, renderPreloads, type GridPreloads } from '../../site/entry-server';
import { isServerItem } from '../../site/components/grid-items';
import { bootDataOf } from '../../site/page-boot';
import { PAGE_DATA_ELEMENT_ID, serializePageData, type PageData } from '../../site/page-data';
import { gridsOf, type PageDefinition } from '../../page-model/page-definition';
import { renderSeoHead } from '../../site/seo/seo-head';
import { pageIn, searchablePage, type LoadedPage } from '../pages';
import { memoKey } from '../page-context';
import type { PageContext } from '../page-context';
import { languageMenu, languageOf, topicsViewOf } from './page-links';
import { pageKey } from '../page-kinds/page-kind';
import { buildSeoHead, localizedPath, type SiteLanguages } from './build-seo-head';
import type { ClientAssets } from './client-assets';
import { pageRoot, writeDocument } from './document';
import { languageTag } from '../../shared/languages';
import { loadPageData, type Logger, type PageDataSource } from './load-page-data';
import type { SheetSearch } from '../../search/sheet-search';
import { topicLabel, topicPath, type Topic } from '../../shared/topics';
import { sheetPath } from '../../shared/urls';
import type { SearchReport } from '../../search/search-report';
import { pageText } from '../../site/ui-text';
import { NOTHING_SOUGHT, type Finding } from './load-page-data';
import { facetFieldsOf, facetOfChoice, facetsViewOf, readSelection, selectionAddress, type FacetField } from './facet-view';
import type { AddressChoices } from '../page-kinds/page-kind';
import { facetOfKey, TOPIC_FACET, type Selection } from '../../search/facets';
import { LABEL_LANGUAGE } from '../../cms/content-types';

export interface PageRendererOptions {
  /** What every page kind reads per content version, and the memo this one keeps its pages in. */
  context: PageContext;
  settings: DeliverySettings;
  assets: ClientAssets;
  /** The site's search, for searchable grids (none: they show their collection whatever is asked). */
  search?: SheetSearch;
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

/** A page's data with what every render of it reuses: the browser's JSON, the head's tags and the cards' markup. */
export interface PreparedPage {
  data: PageData;
  json: string;
  seoHeadHtml: string;
  preloads: GridPreloads;
  /** About what it takes in memory, for the memo's bound: its JSON and its cards' markup, counted twice (the data they came from is about as large). */
  memoryBytes: number;
}

/** An answer's surrogate keys, as the memo keeps them. */
interface AnswerKeys {
  keys: string[];
}

/** This kind's memo keys, with what they keep. */
const KEYS = {
  /** A prepared page, by its pageKey (page-kinds/page-kind.ts). */
  page: (key: string) => memoKey<PreparedPage>(key),
  answerKeys: (pageName: string) => memoKey<AnswerKeys>(`keys ${pageName}`),
};

const markupLength = (preloads: GridPreloads) =>
  Object.values(preloads).reduce(
    (length, preload) => length + (preload?.items ?? []).reduce((sum, item) => sum + (isServerItem(item) ? item.html.length : 0), 0),
    0,
  );

export function createPageRenderer({ context, settings, assets, search, report }: PageRendererOptions) {
  const { basePath } = settings;
  const { db, memo } = context;

  const sourceOf = (origin: string, log: Logger): PageDataSource => ({ db, settings, origin, log, ...(search ? { search } : {}) });

  /** What a page (or a topic page) is rendered from, with what every render of it reuses; once per content version. */
  const prepare = (version: number, target: PageTarget, pagesShown: number, origin: string, log: Logger): Promise<PreparedPage> => {
    const key = pageKey(target.topic === null ? 'literature' : 'topic', targetKey(target), target.language, pagesShown, origin);
    return memo.read(version, KEYS.page(key), async () => {
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

  return {
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
      const site = await context.site(version);
      if (site === undefined) return { kind: 'no-content' };
      const language = languageOf(languageSegment, site.languages);
      if (language === null) return { kind: 'not-found' };
      const record = recordId === '' ? null : await context.seoRecord(version, site.site.id, recordId);
      if (record === undefined) return { kind: 'not-found' };
      const searchable = searchablePage([loaded]) !== undefined;
      const taxonomy = searchable ? await context.taxonomy(version, site.site.id) : [];
      const topic = topicSlug === undefined ? null : taxonomy.find((candidate) => candidate.slug === topicSlug);
      if (topic === undefined) return { kind: 'not-found' };
      const facetFields = searchable && search !== undefined ? facetFieldsOf(await context.sheetType(version), language, LABEL_LANGUAGE) : [];
      const { selection, chosen } = readSelection(choices, taxonomy, facetFields, topic);
      return {
        kind: 'page',
        target: { loaded, definition: pageIn(loaded, language), ...site, language, recordId, record, topic, taxonomy, facetFields, selection, chosen },
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
      const found = await memo.read(version, KEYS.answerKeys(target.definition.name), async () => {
        const collections = await Promise.all(gridsOf(target.definition).map((grid) => findCollection(db, target.site.id, grid.input.collectionKeyOrId)));
        const shown = collections.flatMap((collection) => (collection === undefined ? [] : [cdnKeys.collection(collection.id)]));
        return { keys: [cdnKeys.page(target.definition.name), ...shown, ALL] };
      });
      return found.keys;
    },
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;

/** Which page a target is, language apart: its path, and its topic or record when it has one. */
export const targetKey = (target: PageTarget) => `${target.definition.path} ${target.topic?.slug ?? ''} ${target.recordId}`;

/** What every render of a page reuses: the browser's JSON, the head's tags and the cards' markup (`kept` by the memo, or for one answer). */
function preparedFrom(data: PageData, kept = false): PreparedPage {
  const json = serializePageData(bootDataOf(data));
  const seoHeadHtml = renderSeoHead(data.seo);
  const preloads = renderPreloads(data, kept);
  return { data, json, seoHeadHtml, preloads, memoryBytes: (json.length + seoHeadHtml.length + 2 * markupLength(preloads)) * 2 };
}

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
