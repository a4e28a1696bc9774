/**
 * Server entry: renders a page to HTML. The server owns the document around it (server/ssr).
 * A grid's preloaded cards are rendered to markup on their own (renderPreloads), so that a caller
 * can render them once per content version and reuse them in every render of the page.
 */
import { cardValuesView } from './components/card-values';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { ReactElement } from 'react';
import { Card } from './components/card';
import { SearchPassage } from './components/search-passage';
import type { GridPreload } from './components/collection-grid';
import { toGridItems } from './components/grid-items';
import { loadPaginators } from './components/paginators';
import { PageLayout } from './layout/page-layout';
import { markupDefinitionOf } from './page-boot';
import { fillIn } from './grid-text';
import { paginatorVariantsOf, type PageData } from './page-data';
import { gridText } from './ui-text';
import { SheetPage, type SheetPageData } from './sheet/sheet-page';
import { gridsOf } from '../page-model/page-definition';

/**
 * The same text as one flat string, for text kept long (a page's cards' markup, cached for its
 * content version). Text built piece by piece, as React's renderers build their output with
 * `+=`, is a tree in V8: every piece and every join is a string of its own, and a card's 1.5 KB
 * of markup took about 11 KB so (docs/operations.md, "Memory"). A JSON round trip copies it into
 * one string, lone surrogates included (an encoding's round trip would replace them), and, unlike
 * reading a character that is then unused, it is not work an optimiser may leave out.
 */
export const flatText = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/** Each grid's preloaded pages with their cards as markup, by grid id; null where a grid loads in the browser. */
export type GridPreloads = Record<string, GridPreload | null>;

/** `kept`: the markup is kept for the content version (a page's memo), so each card's is made one string. */
export function renderPreloads(data: PageData, kept = false): GridPreloads {
  const text = gridText(data.language);
  const values = cardValuesView(data.cardProperties, data.language);
  const preloads: GridPreloads = {};
  for (const grid of gridsOf(data.page)) {
    const preload = data.collections[grid.id] ?? null;
    if (preload === null) {
      preloads[grid.id] = null;
      continue;
    }
    const { card } = markupDefinitionOf(grid, data.basePath, data.sheetPages).settings;
    // Markup rendered for one answer is copied into the page once anyway; markup kept is reused by every render.
    const markupOf = (element: ReactElement) => (kept ? flatText(renderToStaticMarkup(element)) : renderToStaticMarkup(element));
    const items = toGridItems(preload.items, preload.pageToken * preload.pageSize).map((item) => ({
      key: item.key,
      id: item.id,
      index: item.index,
      html: markupOf(
        <Card item={item} settings={card} basePath={data.basePath} label={fillIn(text.item, { position: item.index + 1 })} language={data.language}>
          {values?.(item.data.body.contentBody)}
          <SearchPassage parts={preload.search?.passages[item.id]} />
        </Card>,
      ),
    }));
    preloads[grid.id] = { ...preload, items };
  }
  return preloads;
}

export async function renderPageBody(data: PageData, preloads: GridPreloads = renderPreloads(data)): Promise<string> {
  await loadPaginators(paginatorVariantsOf(gridsOf(data.page)));
  return renderToString(<PageLayout data={data} preloads={preloads} />);
}

/** A sheet’s own page (server/page-kinds/sheet/kind.ts): markup only, it has no script. */
export function renderSheetPageBody(data: SheetPageData): string {
  return renderToStaticMarkup(<SheetPage data={data} />);
}
