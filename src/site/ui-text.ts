/**
 * The few words the components themselves say (labels for assistive technology, paging status),
 * in the languages the site ships. Authored texts come from the page definitions instead.
 */
export interface UiText {
  item(position: number): string;
  loading: string;
  previousPage: string;
  nextPage: string;
  pageStatus(page: number, pages: number): string;
  pages: string;
  languages: string;
}

const ENGLISH: UiText = {
  item: (position) => `Item ${position}`,
  loading: 'Loading…',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageStatus: (page, pages) => `Page ${page} of ${pages}`,
  pages: 'Pages',
  languages: 'Language',
};

const TEXTS: Record<string, UiText> = {
  en: ENGLISH,
  de: {
    item: (position) => `Eintrag ${position}`,
    loading: 'Wird geladen…',
    previousPage: 'Vorherige Seite',
    nextPage: 'Nächste Seite',
    pageStatus: (page, pages) => `Seite ${page} von ${pages}`,
    pages: 'Seiten',
    languages: 'Sprache',
  },
  fr: {
    item: (position) => `Élément ${position}`,
    loading: 'Chargement…',
    previousPage: 'Page précédente',
    nextPage: 'Page suivante',
    pageStatus: (page, pages) => `Page ${page} sur ${pages}`,
    pages: 'Pages',
    languages: 'Langue',
  },
};

/** Texts for a platform language code such as 'de_DE'; English when the language is not shipped. */
export function uiText(language: string): UiText {
  return TEXTS[language.slice(0, 2).toLowerCase()] ?? ENGLISH;
}
