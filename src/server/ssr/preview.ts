/**
 * A draft rendered by the page pipeline that serves visitors, not a look-alike: the caller applies
 * the draft inside a transaction it rolls back (editing/editable.ts, preview), and this renders a
 * page from that transaction with a renderer of its own, so nothing of the draft reaches the
 * public memo or caches.
 */
import { listPlacesOfContent } from '../../cms/repositories/collections';
import type { Previewer } from '../../editing-api/previewer';
import { MAX_PRELOADED_PAGES } from './load-page-data';
import { createPageRenderer, type PageRendererOptions } from './page-renderer';
import { gridsOf } from '../../page-model/page-definition';

export function createPreviewer(options: Omit<PageRendererOptions, 'db'>): Previewer {
  return async (db, request, log) => {
    // One render from one transaction: a renderer of its own, so no memo outlives it.
    const renderer = createPageRenderer({ ...options, db });
    const pages = await renderer.pages(0);
    const page =
      request.pageName === undefined
        ? (pages.find((candidate) => candidate.definition.path === '/') ?? pages[0])
        : pages.find((candidate) => candidate.definition.name === request.pageName);
    if (page === undefined) return null;
    const resolution = await renderer.resolve(0, page, request.languageSegment, '');
    if (resolution.kind !== 'page') return null;
    let pagesShown = 1;
    const grid = gridsOf(resolution.target.definition)[0];
    if (request.contentId !== undefined && grid !== undefined) {
      const [place] = await listPlacesOfContent(db, request.contentId);
      if (place !== undefined) pagesShown = Math.min(MAX_PRELOADED_PAGES, Math.floor(place.position / grid.settings.pageSize) + 1);
    }
    return renderer.render(0, resolution.target, pagesShown, request.origin, log);
  };
}
