/**
 * The site's page definitions (the literature page and any other), each at its own path, and
 * topic pages: the searchable page at {path}/topics/{slug}, its grid showing one topic's sheets
 * (docs/search.md, "Topics"). A searchable page asked `?q=`, or a combination of facet choices
 * (`?topic=hafnium`), shows what the search finds, made per request. Rendered by the page renderer (ssr/page-renderer.ts).
 */
import { gridsOf } from '../../../page-model/page-definition';
import { topicPath } from '../../../shared/topics';
import { searchablePage, type LoadedPage } from '../../pages';
import { targetKey, type PageRenderer } from '../../ssr/page-renderer';
import type { PageContext } from '../../page-context';
import type { PageAsk, PageKind, Resolution } from '../page-kind';

/** Each page definition at its path (`pages`: those when the server started; a new page needs a restart, a changed one does not). */
export function literaturePages(context: PageContext, renderer: PageRenderer, pages: LoadedPage[]): PageKind {
  return {
    name: 'literature',
    routes: pages.map((page) => ({ path: page.definition.path, fixed: { page: page.definition.name } })),
    async resolve(version, ask) {
      // The page as published in this version: an edit to it shows on the next request.
      const loaded = (await context.pages(version)).find((page) => page.definition.name === ask.params.page);
      return loaded === undefined ? { kind: 'not-found' } : resolveDefinition(renderer, version, loaded, ask);
    },
  };
}

/** The searchable page as published now, showing one topic's sheets; none while no page is searchable. */
export function topicPages(context: PageContext, renderer: PageRenderer): PageKind {
  return {
    name: 'topic',
    routes: [{ path: topicPath(':topic') }],
    async resolve(version, ask) {
      const searchable = searchablePage(await context.pages(version));
      return searchable === undefined ? { kind: 'not-found' } : resolveDefinition(renderer, version, searchable, ask);
    },
  };
}

async function resolveDefinition(renderer: PageRenderer, version: number, loaded: LoadedPage, ask: PageAsk): Promise<Resolution> {
  const { params, pagesShown, origin, log, query, choices } = ask;
  const resolution = await renderer.resolve(version, loaded, params.lang, params.recordId ?? '', params.topic, choices);
  if (resolution.kind !== 'page') return resolution;
  const { target } = resolution;
  // A query or a combination of facet choices: made per request.
  const searched = (query !== '' || target.chosen) && gridsOf(target.definition).some((grid) => grid.settings.searchable);
  return {
    kind: 'page',
    page: {
      key: targetKey(target),
      language: target.language,
      ...(searched ? { perRequest: true } : {}),
      render: async (contentVersion) => ({
        kind: 'html',
        html: await renderer.render(contentVersion, target, pagesShown, origin, log, searched ? query : '', searched),
      }),
      keys: (contentVersion) => renderer.keysOf(contentVersion, target),
    },
  };
}
