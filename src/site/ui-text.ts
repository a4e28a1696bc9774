/**
 * The few words the components themselves say (labels for assistive technology, paging status),
 * in the languages the site ships. Authored texts come from the page definitions instead. Only the
 * server reads these tables: a page sends its grids' words in its own language with its boot data
 * (page-data.ts), so the browser never downloads the other languages.
 */
import type { GridText } from './grid-text';

/** The words of the page around its grids: the skip link and the language menu. */
export interface PageText {
  languages: string;
  skipToContent: string;
}

const GRID_TEXTS: Record<string, GridText> = {
  en: {
    item: 'Item {position}',
    loading: 'Loading…',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    pageStatus: 'Page {page} of {pages}',
    pages: 'Pages',
  },
  de: {
    item: 'Eintrag {position}',
    loading: 'Wird geladen…',
    previousPage: 'Vorherige Seite',
    nextPage: 'Nächste Seite',
    pageStatus: 'Seite {page} von {pages}',
    pages: 'Seiten',
  },
  fr: {
    item: 'Élément {position}',
    loading: 'Chargement…',
    previousPage: 'Page précédente',
    nextPage: 'Page suivante',
    pageStatus: 'Page {page} sur {pages}',
    pages: 'Pages',
  },
};

const PAGE_TEXTS: Record<string, PageText> = {
  en: { languages: 'Language', skipToContent: 'Skip to content' },
  de: { languages: 'Sprache', skipToContent: 'Zum Inhalt springen' },
  fr: { languages: 'Langue', skipToContent: 'Aller au contenu' },
};

/** The entry of a table for a platform language code such as 'de_DE'; English when the language is not shipped. */
const textIn = <T>(table: Record<string, T>, language: string): T => table[language.slice(0, 2).toLowerCase()] ?? table.en!;

export const gridText = (language: string): GridText => textIn(GRID_TEXTS, language);

export const pageText = (language: string): PageText => textIn(PAGE_TEXTS, language);
