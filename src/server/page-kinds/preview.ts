/**
 * A draft rendered by the page pipeline that serves visitors, not a look-alike: the caller applies
 * the draft inside a transaction it rolls back (editing/editable.ts, preview), and this renders a
 * page of any kind from that transaction, with a renderer of its own, so nothing of the draft
 * reaches the public memo or caches. A sheet shows on the page that lists it (as many grid pages
 * as reach it) or on its own page.
 */
import { listPlacesOfContent } from '../../cms/repositories/collections';
import { findContentById } from '../../cms/repositories/contents';
import { relatedIn } from '../../search/sheet-search';
import type { Previewer, PreviewRequest } from '../../editing-api/previewer';
import { gridsOf } from '../../page-model/page-definition';
import type { ContentStore } from '../../cms/database';
import { MAX_PRELOADED_PAGES } from '../ssr/load-page-data';
import { createPageRenderer, type PageRenderer, type PageRendererOptions } from '../ssr/page-renderer';
import { literaturePages } from './literature/kind';
import type { PageAsk, PageKind } from './page-kind';
import { sheetPages } from './sheet/kind';

/**
 * The renderer's settings. Everything a preview reads, it reads from the draft's transaction (the
 * site's search included): a read of the store outside it would wait for the transaction to end.
 */
export type PreviewerOptions = Pick<PageRendererOptions, 'settings' | 'assets' | 'loadPages'>;

/** Drafts are rendered in no content version of the public pipeline's: its memo is the preview's own. */
const DRAFT_VERSION = 0;

export function createPreviewer(options: PreviewerOptions): Previewer {
  return async (db, request, log) => {
    const renderer = createPageRenderer({ ...options, db });
    const ask: PageAsk = { params: { lang: request.languageSegment }, pagesShown: 1, query: '', choices: {}, origin: request.origin, log };
    const shown = request.pageKind === 'sheet' ? await sheetAsk(db, request, ask) : await pageAsk(db, renderer, request, ask);
    if (shown === null) return null;
    const kind: PageKind =
      request.pageKind === 'sheet'
        ? sheetPages({ db, settings: options.settings, renderer, search: relatedIn(db) }, options.assets)
        : literaturePages(renderer, []);
    const resolution = await kind.resolve(DRAFT_VERSION, shown);
    if (resolution.kind !== 'page') return null;
    const rendered = await resolution.page.render(DRAFT_VERSION);
    return rendered.kind === 'html' ? rendered.html : null;
  };
}

/** The sheet's own page, at its URL name in the draft. */
async function sheetAsk(db: ContentStore, request: PreviewRequest, ask: PageAsk): Promise<PageAsk | null> {
  const content = request.contentId === undefined ? undefined : await findContentById(db, request.contentId);
  return content === undefined ? null : { ...ask, params: { ...ask.params, urlName: content.url_name } };
}

/** The page asked for (by default the home page, or the first), with enough of its grid's pages to show the sheet. */
async function pageAsk(db: ContentStore, renderer: PageRenderer, request: PreviewRequest, ask: PageAsk): Promise<PageAsk | null> {
  const pages = await renderer.pages(DRAFT_VERSION);
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
