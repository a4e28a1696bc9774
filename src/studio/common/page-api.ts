/**
 * The editing API's page routes as the Page screen uses them: read the literature page, save its
 * settings as a draft, publish it. The Translations screen reads the page too, for the site's languages.
 */
import type { PageDefinition } from '../../page-model/page-definition';
import { callApi, type OutdatedText, type ReviewView, type SheetStatus, type StudioContext } from './api';

export interface PageView {
  name: string;
  label: string;
  status: SheetStatus;
  revision: number;
  draft: PageDefinition;
  heading: string | null;
  /** Whether the page's grid has a search field; null when the page has no grid. */
  searchable: boolean | null;
  updatedBy: string | null;
  review: ReviewView | null;
  release: { id: string; name: string } | null;
  /** The site's language the page's own texts are in, and its other languages. */
  primaryLanguage: string;
  languages: string[];
  /** The texts translators translate, by key, with the page's own. */
  texts: Array<{ key: string; label: string; text: string }>;
  /** Per language, the texts whose own text changed since they were translated or confirmed. */
  outdated: Record<string, OutdatedText[]>;
}

/** What the editor sets on the Page screen. */
export interface Settings {
  heading: string;
  searchable: boolean | null;
  pageTitle: string;
  description: string;
  customHeadTags: string;
  /** The texts in each other language, by key; a text not translated has no key. */
  translations: Record<string, Record<string, string>>;
}

const pagePath = (name: string) => `/pages/${encodeURIComponent(name)}`;

export const readPage = (context: StudioContext, name: string) => callApi<PageView>(context, 'GET', pagePath(name));

/** The page at the site's root (or the site's first page when none is). */
export async function readHomePage(context: StudioContext): Promise<PageView> {
  const pages = await callApi<Array<{ name: string; path: string }>>(context, 'GET', '/pages');
  const home = pages.find((page) => page.path === '/') ?? pages[0];
  if (home === undefined) throw new Error('The site has no page yet.');
  return readPage(context, home.name);
}

/** Saves `settings` as the draft, from the revision `view` has; a page without a grid is sent no search field. */
export const saveSettings = (context: StudioContext, view: PageView, settings: Settings) =>
  callApi<PageView>(context, 'PUT', `${pagePath(view.name)}/settings`, {
    revision: view.revision,
    heading: settings.heading,
    ...(settings.searchable === null ? {} : { searchable: settings.searchable }),
    seo: { pageTitle: settings.pageTitle, description: settings.description, customHeadTags: settings.customHeadTags },
    // Each of the site's languages, so one emptied of texts is emptied on the server too.
    translations: Object.fromEntries(view.languages.map((language) => [language, settings.translations[language] ?? {}])),
  });

export const publishPage = (context: StudioContext, view: PageView) =>
  callApi<PageView>(context, 'POST', `${pagePath(view.name)}/publish`, { revision: view.revision });
