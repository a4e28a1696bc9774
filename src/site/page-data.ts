/**
 * What a page is rendered from (PageData, on the server) and the part of it the browser needs
 * (PageBoot, built in page-boot.ts): only what the markup does not already carry, so the HTML does
 * not say it twice. The boot data is sent once, as JSON in a non-executable script element.
 */
import type { CollectionItem } from '../shared/delivery-types';
import type { ResolvedLink } from '../shared/links';
import type { ButtonSettings, CardSettings, CollectionGridDefinition, PageDefinition } from '../page-model/page-definition';
import type { SeoHead } from './seo/seo-head';
import type { GridText } from './grid-text';
import type { CardProperty } from '../content-model/display';
import type { PassagePart } from '../shared/passage';

/** A language the page is available in, for the language menu. */
export interface PageLanguage {
  language: string;
  /** The language's own name for itself, e.g. 'Deutsch (Deutschland)'. */
  label: string;
  href: string;
  current: boolean;
}

export interface CollectionPreload {
  items: CollectionItem[];
  total: number;
  pageSize: number;
  /** Zero-based token of the first page shown (non-zero for a standard paginator's later pages). */
  pageToken: number;
  /** Zero-based token of the next page, or null when everything is shown. */
  nextPageToken: number | null;
  previousPageToken: number | null;
  /** Search results rather than the collection: the query, and each item's passage by id. */
  /** What a search found (`address`: where its pages are, `page=N` appended): its passages by item id; `more` when more sheets matched than `total`, which are all that is listed. */
  search?: { query: string; address: string; passages: Record<string, PassagePart[]>; more?: boolean };
  /**
   * The collection cannot be shown (it does not exist, or the grid names it wrongly): the grid shows
   * its error state from the server's markup on, for crawlers and visitors without script too.
   */
  failed?: true;
}

/** A link to a topic's page (docs/search.md, "Topics"). */
export interface TopicLink {
  slug: string;
  /** The topic's name in the page's language. */
  label: string;
  href: string;
  current: boolean;
}

/** The topics a searchable grid's page offers, facet by facet, and the one it shows (on a topic page). */
export interface TopicsView {
  facets: Array<{ facet: string; label: string; topics: TopicLink[] }>;
  current: TopicLink | null;
  /** The searchable page itself, every sheet: where "show all" leads. */
  allHref: string;
}

/** A facet's choice as a link (docs/search.md, "Facets"): choosing it, or (chosen) leaving it. */
export interface FacetChoiceLink {
  /** Its key (`topic:ald`, `form:liquid`): which choice it is, whatever its words. */
  key: string;
  label: string;
  /** The sheets choosing it would give; `atLeast` when counted from the first listed matches of more. */
  count: number;
  atLeast: boolean;
  href: string;
  chosen: boolean;
  /** A combination of choices (noindex): crawlers need not follow it. */
  combination: boolean;
}

/** The facets of a searchable grid's page with their choices and counts (server-rendered only). */
export interface FacetsView {
  facets: Array<{ facet: string; label: string; choices: FacetChoiceLink[] }>;
  /** How many choices are made (a topic page's topic too). */
  chosen: number;
  /** The disclosure starts open: the address chose something beyond a topic page's topic. */
  open: boolean;
  /** Where the search form sends its query: the selection's page (its first topic's, or the page itself). */
  action: string;
  /** The choices as the search form keeps them when it is sent (`topic` → slugs, a field → values). */
  kept: Array<{ name: string; value: string }>;
}

export interface PageData {
  basePath: string;
  platformSitesSegment: string;
  siteId: string;
  language: string;
  /** The page definition, as loaded (rich text already sanitised). */
  page: PageDefinition;
  /** Preloaded collections by grid component id; null where the grid loads in the browser. */
  collections: Record<string, CollectionPreload | null>;
  /** The languages the page is in; empty when the site has one. */
  languages: PageLanguage[];
  /** The SEO assistant's tags, kept in step in the browser. */
  seo: SeoHead;
  /** A page with a searchable grid: the site's topics (server-rendered only; never in the boot data). */
  topics?: TopicsView;
  /** A page with a searchable grid: its facets' choices with counts (server-rendered only; never in the boot data). */
  facets?: FacetsView;
  /** The fields of the sheet type its cards show beside their description (content-model/), labelled in the page's language. */
  cardProperties: CardProperty[];
  /** Where cards link to their sheet's own page; none on a page that is not the site's. */
  sheetPages?: SheetPagesLink;
}

/** Where the sheets' own pages are in the page's language (`/de-DE/sheets/`), and what a card's link there says. */
export interface SheetPagesLink {
  path: string;
  label: string;
}

/**
 * A grid's preloaded pages as the browser gets them: the cards are in the markup, so only their
 * ids (to drop an item paging brings again) and where paging stands.
 */
export type GridPreloadBoot = Omit<CollectionPreload, 'items' | 'search'> & {
  ids: string[];
  /**
   * The grid pages by its links, each page the server's (the grid's code never takes it over):
   * search results, whose next page is the search's; cards that show values of the type's fields,
   * which only the server renders (card-values.tsx).
   */
  pagesByLinks?: true;
};

/**
 * The card settings that shape a card's markup; the rest are in the page's stylesheet (page-styles.ts).
 * The secondary button's target comes resolved to its link (spec §3.7, §5.2), the same for every
 * card, so that the browser needs none of the page-reference rules.
 */
export type CardMarkupSettings = Pick<
  CardSettings,
  'imagePosition' | 'titleTag' | 'titleStyle' | 'descriptionTag' | 'descriptionStyle' | 'primaryButton' | 'detailsHtml'
> & {
  secondaryButton: Omit<ButtonSettings, 'target'> & { link: ResolvedLink };
};

type GridSettings = CollectionGridDefinition['settings'];

/** What a grid does when its load fails (spec §9 actions), a redirect's target resolved to its href ('' when invalid). */
export type GridErrorAction = { type: 'inline' } | { type: 'redirect'; href: string };

/** A grid definition as far as rendering its markup needs it (sizes are in the page's stylesheet). */
export interface GridMarkupDefinition {
  id: string;
  input: CollectionGridDefinition['input'];
  settings: Omit<GridSettings, 'widthPercent' | 'preload' | 'searchable' | 'card' | 'errorState'> & {
    card: CardMarkupSettings;
    errorState: Omit<GridSettings['errorState'], 'action'> & { action: GridErrorAction };
  };
}

/** What a grid needs in the browser to go on from the server's markup. */
export interface GridBoot {
  grid: GridMarkupDefinition;
  preload: GridPreloadBoot | null;
}

/** The page's data in the browser (see the module comment). */
export interface PageBoot {
  basePath: string;
  language: string;
  gridText: GridText;
  /** The page's name, for the page data layer. */
  pageName: string;
  grids: Record<string, GridBoot>;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * JSON safe inside <script>: '<' is escaped so that no string can close the element, and U+2028/9
 * are escaped for older parsers.
 */
export function serializePageData(data: PageBoot): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The paginator variants grids use, to load before rendering. */
export function paginatorVariantsOf(grids: Array<{ settings: Pick<GridMarkupDefinition['settings'], 'paginator'> }>) {
  return grids.flatMap((grid) => (grid.settings.paginator ? [grid.settings.paginator.variant] : []));
}
