/**
 * The editing API's page routes as the Page screen uses them: read the literature page, save its
 * settings as a draft, publish it. The Translations screen reads the page too, for the site's languages.
 */
import { call, type StudioContext } from './api';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';

/** A page as the editing API answers it. */
export type PageView = AnswerOf<typeof editingApi.pages.view>;

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

export const readPage = (context: StudioContext, name: string) => call(context, { operation: editingApi.pages.view, params: { id: name } });

/** The page at the site's root (or the site's first page when none is). */
export async function readHomePage(context: StudioContext): Promise<PageView> {
  const pages = await call(context, { operation: editingApi.pages.list });
  const home = pages.find((page) => page.path === '/') ?? pages[0];
  if (home === undefined) throw new Error('The site has no page yet.');
  return readPage(context, home.name);
}

/** Saves `settings` as the draft, from the revision `view` has; a page without a grid is sent no search field. */
export const saveSettings = (context: StudioContext, view: PageView, settings: Settings) =>
  call(context, {
    operation: editingApi.pages.saveSettings,
    params: { name: view.name },
    body: {
      revision: view.revision,
      heading: settings.heading,
      ...(settings.searchable === null ? {} : { searchable: settings.searchable }),
      seo: { pageTitle: settings.pageTitle, description: settings.description, customHeadTags: settings.customHeadTags },
      // Each of the site's languages, so one emptied of texts is emptied on the server too.
      translations: Object.fromEntries(view.languages.map((language) => [language, settings.translations[language] ?? {}])),
    },
  });

export const publishPage = (context: StudioContext, view: PageView) =>
  call(context, { operation: editingApi.pages.publish, params: { id: view.name }, body: { revision: view.revision } });
