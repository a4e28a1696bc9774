/**
 * A draft rendered by the page pipeline that serves visitors, not a look-alike: the caller applies
 * the draft inside a transaction it rolls back (editing/editable.ts, preview), and this renders a
 * page of any kind from that transaction, with a renderer of its own, so nothing of the draft
 * reaches the public memo or caches. A sheet shows on the page that lists it (as many grid pages
 * as reach it) or on its own page. A preview at an address (a release's) is any page of any kind
 * at its public path, found by the routes the public router serves, with the site's search over
 * the draft: its entries are brought up to date inside the same transaction, and rolled back with it.
 */
import FindMyWay from 'find-my-way';
import { listPlacesOfContent } from '../../cms/repositories/collections';
import { findContentById } from '../../cms/repositories/contents';
import { createSheetSearch, type SheetSearch } from '../../search/sheet-search';
import { searchIndexReader } from '../../search/index-reader';
import { applyPending } from '../../cms/journal-readers';
import { publishedReader } from '../../published/published-reader';
import type { Previewer, PreviewAddress, PreviewRequest } from '../../editing-api/previewer';
import { gridsOf } from '../../page-model/page-definition';
import type { ContentStore } from '../../cms/database';
import type { Dialect } from '../../cms/dialect';
import type { Logger } from '../ssr/load-page-data';
import { MAX_PRELOADED_PAGES, readAddressChoices, readPagesShown, readQuery } from './page-kind';
import { createPageRenderer, type PageRendererOptions } from '../ssr/page-renderer';
import { createPageContext, type PageContext, type PageContextOptions } from '../page-context';
import { literaturePages, topicPages } from './literature/kind';
import type { PageAsk, PageKind } from './page-kind';
import { sheetPages } from './sheet/kind';

/**
 * The renderer's settings. Everything a preview reads, it reads from the draft's transaction (the
 * site's search included): a read of the store outside it would wait for the transaction to end.
 */
export type PreviewerOptions = Pick<PageRendererOptions, 'settings' | 'assets'> & Pick<PageContextOptions, 'loadPages'> & { dialect: Dialect };

/** Drafts are rendered in no content version of the public pipeline's: its memo is the preview's own. */
const DRAFT_VERSION = 0;

export function createPreviewer(options: PreviewerOptions): Previewer {
  const { settings, assets, loadPages, dialect } = options;
  return async (db, request, log) => {
    if (request.address !== undefined) return previewAt(db, request.address, request.origin, log);
    const context = createPageContext({ db, loadPages });
    const renderer = createPageRenderer({ context, settings, assets });
    const ask: PageAsk = { params: { lang: request.languageSegment }, pagesShown: 1, query: '', choices: {}, origin: request.origin, log };
    const shown = request.pageKind === 'sheet' ? await sheetAsk(db, request, ask) : await pageAsk(db, context, request, ask);
    if (shown === null) return null;
    // Pages read the read model of what is published: brought up to date with the draft here, and rolled back with it.
    await applyPending(db, publishedReader, dialect);
    const kind: PageKind = request.pageKind === 'sheet' ? sheetPages({ settings, context }, assets) : literaturePages(context, renderer, []);
    return renderIn(kind, shown);
  };

  /** The page of whichever kind serves `address` publicly, searched as visitors search. */
  async function previewAt(db: ContentStore, address: PreviewAddress, origin: string, log: Logger): Promise<string | null> {
    const search = await draftSearch(db, dialect);
    const context = createPageContext({ db, loadPages });
    const renderer = createPageRenderer({ context, settings, assets, search });
    const kinds = [
      literaturePages(context, renderer, await context.pages(DRAFT_VERSION)),
      topicPages(context, renderer),
      sheetPages({ settings, context }, assets),
    ];
    const found = routerOf(kinds).find('GET', address.path);
    if (found === null) return null;
    const { kind, fixed } = found.store as RouteStore;
    const params = { ...(found.params as Record<string, string | undefined>), ...fixed };
    const { query } = address;
    return renderIn(kind, { params, pagesShown: readPagesShown(query.page), query: readQuery(query.q), choices: readAddressChoices(query), origin, log });
  }
}

async function renderIn(kind: PageKind, ask: PageAsk): Promise<string | null> {
  const resolution = await kind.resolve(DRAFT_VERSION, ask);
  if (resolution.kind !== 'page') return null;
  const rendered = await resolution.page.render(DRAFT_VERSION);
  return rendered.kind === 'html' ? rendered.html : null;
}

/** The site's search over the draft's transaction, its entries (and the read model, which they follow) brought up to date there first. */
async function draftSearch(db: ContentStore, dialect: Dialect): Promise<SheetSearch> {
  await applyPending(db, publishedReader, dialect);
  await applyPending(db, searchIndexReader, dialect);
  return createSheetSearch({ db, dialect, changeToken: () => 'preview' });
}

interface RouteStore {
  kind: PageKind;
  fixed: Record<string, string>;
}

/** The kinds' routes as the public router (page-kinds/router.ts) serves them, below the base path. */
function routerOf(kinds: PageKind[]) {
  const router = FindMyWay();
  for (const kind of kinds)
    for (const route of kind.routes) {
      const store: RouteStore = { kind, fixed: route.fixed ?? {} };
      router.on('GET', route.path, () => undefined, store);
      router.on('GET', `/:lang${route.path}`, () => undefined, store);
    }
  return router;
}

/** The sheet's own page, at its URL name in the draft. */
async function sheetAsk(db: ContentStore, request: PreviewRequest, ask: PageAsk): Promise<PageAsk | null> {
  const content = request.contentId === undefined ? undefined : await findContentById(db, request.contentId);
  return content === undefined ? null : { ...ask, params: { ...ask.params, urlName: content.url_name } };
}

/** The page asked for (by default the home page, or the first), with enough of its grid's pages to show the sheet. */
async function pageAsk(db: ContentStore, context: PageContext, request: PreviewRequest, ask: PageAsk): Promise<PageAsk | null> {
  const pages = await context.pages(DRAFT_VERSION);
  const page =
    request.pageName === undefined
      ? (pages.find((candidate) => candidate.definition.path === '/') ?? pages[0])
      : pages.find((candidate) => candidate.definition.name === request.pageName);
  if (page === undefined) return null;
  let pagesShown = 1;
  const grid = gridsOf(page.definition)[0];
  if (request.contentId !== undefined && grid !== undefined) {
    const [place] = await listPlacesOfContent(db, request.contentId);
    if (place !== undefined) pagesShown = Math.min(MAX_PRELOADED_PAGES, Math.floor(place.position / grid.settings.pageSize) + 1);
  }
  return { ...ask, params: { ...ask.params, page: page.definition.name }, pagesShown };
}
