/**
 * A page kind: one sort of public page (the literature page and the site's other page
 * definitions, topic pages, sheet pages, and whatever comes next). It names its routes, resolves a
 * request to one page, and renders that page for a content version; the router
 * (page-kinds/router.ts) does the rest for every kind alike: languages in the path, the caches,
 * not found, moved, the answer. docs/architecture.md, "The page pipeline", walks through the
 * sheet page as the example.
 */
import type { Logger } from '../ssr/load-page-data';

/** Visitors without JavaScript can page this far; past it they see the last of these pages. */
export const MAX_PRELOADED_PAGES = 100;

/** What an address may choose, read as it is: each parameter's values (a repeated parameter's each). */
export type AddressChoices = Readonly<Record<string, string[]>>;

/** Values of one parameter, and parameters, looked at: past these an address chooses nothing more. */
const MAX_VALUES = 20;
const MAX_PARAMETERS = 10;
const MAX_VALUE_LENGTH = 200;

/** The parameters of a request's query string that may be choices (all but the page's own `q` and `page`). */
export function readAddressChoices(query: unknown): AddressChoices {
  if (typeof query !== 'object' || query === null) return {};
  const choices: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(query).slice(0, MAX_PARAMETERS + 2)) {
    if (name === 'q' || name === 'page') continue;
    const values = (Array.isArray(value) ? value : [value]).filter((entry): entry is string => typeof entry === 'string');
    const kept = values.map((entry) => entry.trim().slice(0, MAX_VALUE_LENGTH)).filter((entry) => entry !== '');
    if (kept.length > 0) choices[name] = [...new Set(kept)].slice(0, MAX_VALUES);
  }
  return choices;
}

/** Characters of a query looked at, at most (search-query.ts looks at its first words). */
export const MAX_QUERY_LENGTH = 200;

/** The `q` query parameter: what the visitor searched for, trimmed; '' when absent or not text. */
export function readQuery(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, MAX_QUERY_LENGTH) : '';
}

/** The `page` query parameter: how many pages the visitor asked to see (1 when absent or bad). */
export function readPagesShown(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,4}$/.test(value)) return 1;
  return Math.min(MAX_PRELOADED_PAGES, Math.max(1, Number(value)));
}

/** What a request asks of a page kind, read from its URL. */
export interface PageAsk {
  /** The route's parameters: `lang` (a '/{lang}' segment, absent for the default language) and the kind's own. */
  params: Readonly<Record<string, string | undefined>>;
  /** `?page=N`: how many pages of a grid to show (1 when absent). */
  pagesShown: number;
  /** `?q=`: what the visitor searched for ('' when nothing). */
  query: string;
  /** The query string's other parameters, which may choose facets (`topic=ald`, `form=liquid`). */
  choices: AddressChoices;
  /** The site's origin for absolute URLs (SITE_URL, or the request's). */
  origin: string;
  log: Logger;
}

/** One page, found: what identifies it, and how it is made. */
export interface ResolvedPage {
  /** Which page of its kind, language apart: a page's path, a topic's slug, a sheet's URL name. */
  key: string;
  language: string;
  /**
   * Made for this request alone (search results): kept by no cache, since queries are without
   * number, and kept from search engines.
   */
  perRequest?: boolean;
  /** The page in a content version; it may be gone (or have moved) in that version. */
  render(version: number): Promise<Rendered>;
  /** What it shows in a content version, as surrogate keys (src/shared/cdn-keys.ts), for a CDN to purge it by. */
  keys(version: number): Promise<readonly string[]>;
}

export type Rendered = { kind: 'html'; html: string } | { kind: 'not-found' } | { kind: 'moved'; location: string };

export type Resolution = { kind: 'page'; page: ResolvedPage } | { kind: 'not-found' } | { kind: 'no-content' };

/** A route of a kind, below the base path in the default language; `fixed` adds parameters of its own. */
export interface PageRoute {
  path: string;
  fixed?: Record<string, string>;
}

export interface PageKind {
  /** Its name in cache keys and logs: 'literature', 'topic', 'sheet'. */
  name: string;
  /** Its routes; each is served in every other language at '/{lang}' + path too. */
  routes: PageRoute[];
  /** Which page a request names in a content version, before any cache is asked. */
  resolve(version: number, ask: PageAsk): Promise<Resolution>;
}

/**
 * The one key every cache of a page uses (the response cache's and the page memo's; the front
 * cache keys by URL in front of them): its kind, its key in that kind, its language, how many of
 * its grid pages, and the origin its absolute URLs are on. The content version is the caches'
 * other half of the key.
 */
export function pageKey(kind: string, key: string, language: string, pagesShown: number, origin: string): string {
  return `${kind} ${key} ${language} ${pagesShown} ${origin}`;
}
