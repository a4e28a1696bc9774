/**
 * The page data the browser gets (PageBoot, page-data.ts), built on the server from the page's data:
 * each grid's definition as its markup is rendered from, and where its paging stands. The server
 * renders a grid from the same definition, so the HTML and the hydrated grid agree. Kept apart from
 * page-data.ts, which the bootstrap reads, because resolving page references needs their rules,
 * which no script of the browser needs (decision 016).
 */
import { escapeHtml } from '../shared/html';
import { resolvePageReference } from '../shared/page-references';
import { type GridBoot, type GridMarkupDefinition, type PageBoot, type PageData, type SheetPagesLink } from './page-data';
import { gridsOf, type CollectionGridDefinition } from '../page-model/page-definition';
import { gridText } from './ui-text';

/**
 * The grid as its markup is rendered from, on the server and in the browser: not its width (in the
 * page's stylesheet) or whether it preloads (done), of its cards only what shapes their markup, and
 * page references resolved to links. Fields are named one by one, so a new setting does not reach
 * the page until it is placed here (the types insist).
 */
export function markupDefinitionOf(grid: CollectionGridDefinition, basePath: string, sheetPages?: SheetPagesLink): GridMarkupDefinition {
  // Asked on every render of a page, for the same definition (its content version's): made once
  // per base path and page language (the link to a sheet's page is in the language's path).
  const key = `${basePath}\n${sheetPages?.path}\n${sheetPages?.label}`;
  const made = madeFor.get(grid) ?? new Map<string, GridMarkupDefinition>();
  madeFor.set(grid, made);
  const known = made.get(key);
  if (known !== undefined) return known;
  const markup = markupDefinitionFrom(grid, basePath, sheetPages);
  made.set(key, markup);
  return markup;
}

const madeFor = new WeakMap<CollectionGridDefinition, Map<string, GridMarkupDefinition>>();

/**
 * A card's link to its sheet's own page, as details markup the card binds to each item (the URL
 * name into the path, the title for screen readers): the card's code, which the browser downloads
 * too, needs nothing more for it.
 */
const sheetLinkHtml = ({ path, label }: SheetPagesLink) =>
  `<p class="card__sheet"><a href="${escapeHtml(path)}{!ItemUrl.body.urlName}">${escapeHtml(label)}<span class="visually-hidden">: {!Item.body.title}</span></a></p>`;

function markupDefinitionFrom({ id, input, settings }: CollectionGridDefinition, basePath: string, sheetPages?: SheetPagesLink): GridMarkupDefinition {
  const { pageSize, columns, spacing, centered, showBorder, autoScroll, sortBy, sortOrder, emptyState, errorState, paginator, card } = settings;
  const { imagePosition, titleTag, titleStyle, descriptionTag, descriptionStyle, primaryButton, secondaryButton } = card;
  const detailsHtml = [card.detailsHtml ?? '', sheetPages === undefined ? '' : sheetLinkHtml(sheetPages)].join('') || undefined;
  const { target, ...button } = secondaryButton;
  const { action, ...errorDisplay } = errorState;
  return {
    id,
    input,
    settings: {
      pageSize,
      columns,
      spacing,
      centered,
      showBorder,
      autoScroll,
      ...(sortBy === undefined ? {} : { sortBy }),
      ...(sortOrder === undefined ? {} : { sortOrder }),
      emptyState,
      errorState: {
        ...errorDisplay,
        action: action.type === 'redirect' ? { type: 'redirect', href: resolvePageReference(action.target, basePath).href } : { type: 'inline' },
      },
      paginator,
      card: {
        imagePosition,
        titleTag,
        titleStyle,
        descriptionTag,
        descriptionStyle,
        primaryButton,
        secondaryButton: { ...button, link: resolvePageReference(target, basePath) },
        ...(detailsHtml === undefined ? {} : { detailsHtml }),
      },
    },
  };
}

export function bootDataOf(data: Pick<PageData, 'basePath' | 'language' | 'page' | 'collections' | 'cardProperties' | 'sheetPages'>): PageBoot {
  const grids: Record<string, GridBoot> = {};
  for (const grid of gridsOf(data.page)) {
    const preload = data.collections[grid.id] ?? null;
    if (preload === null) {
      grids[grid.id] = { grid: markupDefinitionOf(grid, data.basePath, data.sheetPages), preload: null };
      continue;
    }
    const { items, search, ...paging } = preload;
    const ids = items.map((item) => item.id);
    const byLinks = search !== undefined || data.cardProperties.length > 0;
    grids[grid.id] = {
      grid: markupDefinitionOf(grid, data.basePath, data.sheetPages),
      preload: { ...paging, ids, ...(byLinks ? { pagesByLinks: true } : {}) },
    };
  }
  return {
    basePath: data.basePath,
    language: data.language,
    gridText: gridText(data.language),
    pageName: data.page.name,
    grids,
  };
}
