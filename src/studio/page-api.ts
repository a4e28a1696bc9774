/** The editing API's page routes as the Page screen uses them: read the literature page, save its settings as a draft, publish it. */
import type { PageDefinition } from '../page-model/page-definition';
import { callApi, type SheetStatus, type StudioContext } from './api';

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
}

/** What the editor sets on the Page screen. */
export interface Settings {
  heading: string;
  searchable: boolean | null;
  pageTitle: string;
  description: string;
  customHeadTags: string;
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
  });

export const publishPage = (context: StudioContext, view: PageView) =>
  callApi<PageView>(context, 'POST', `${pagePath(view.name)}/publish`, { revision: view.revision });
