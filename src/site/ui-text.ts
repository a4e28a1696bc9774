/**
 * The few words the components themselves say (labels for assistive technology, paging status),
 * in the languages the site ships. Authored texts come from the page definitions instead. Only the
 * server reads these tables: a page sends its grids' words in its own language with its boot data
 * (page-data.ts), so the browser never downloads the other languages.
 */
import type { GridText } from './grid-text';
import type { DocumentKind } from '../sheet/shape';

/** The words of the page around its grids: the skip link, the language menu and the search field. */
export interface PageText {
  languages: string;
  skipToContent: string;
  search: string;
  searchButton: string;
  /** How many sheets match a query (one or more). */
  found(count: number, query: string): string;
  /** More sheets match a query than the `count` listed. */
  foundMore(count: number, query: string): string;
  nothingFound(query: string): string;
  showAll: string;
  /** A card's link to its sheet's own page. */
  sheetDetails: string;
  topics: string;
  /** The name of a facet of topics; a facet without one is named by its slug. */
  facets: Record<string, string>;
  /** The facet choices' disclosure, and what a chosen one (and the disclosure, with their number) says to screen readers. */
  filters: string;
  chosen: string;
  /** How many sheets a topic page lists. */
  aboutTopic(count: number, topic: string, more?: boolean): string;
  /** A topic page's description for search engines. */
  topicDescription(count: number, topic: string, more?: boolean): string;
  /** On a sheet's page: the document, its size, its language, the topics, the related sheets. */
  document: string;
  /** A sheet's link when it is not a document of this site. */
  openSheet: string;
  related: string;
  /** The name of a sheet page's list of properties (CAS number, formula…), for screen readers. */
  properties: string;
  /** The heading of a sheet page's other documents (other languages, safety data sheets…). */
  moreDocuments: string;
  /** A document's version and the day it was published. */
  documentVersion: (version: number, date: string) => string;
  /** A document's revision as its editor named it and dated it (either may be missing). */
  documentRevision: (revision: string | undefined, date: string | undefined) => string;
  /** What a document is, by its kind. */
  documentKinds: Record<DocumentKind, string>;
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
  en: {
    languages: 'Language',
    skipToContent: 'Skip to content',
    search: 'Search the sheets',
    searchButton: 'Search',
    found: (count, query) => (count === 1 ? `1 sheet matches “${query}”` : `${count.toLocaleString('en')} sheets match “${query}”`),
    foundMore: (count, query) => `More than ${count.toLocaleString('en')} sheets match “${query}”; the first ${count.toLocaleString('en')} are listed`,
    nothingFound: (query) => `No sheet matches “${query}”.`,
    showAll: 'Show all sheets',
    sheetDetails: 'Details',
    topics: 'Topics',
    facets: { process: 'Process', kind: 'Kind', element: 'Element' },
    filters: 'Filter',
    chosen: 'chosen',
    aboutTopic: (count, topic, more) =>
      more
        ? `More than ${count.toLocaleString('en')} sheets about ${topic}; the first ${count.toLocaleString('en')} are listed`
        : count === 1
          ? `1 sheet about ${topic}`
          : `${count.toLocaleString('en')} sheets about ${topic}`,
    topicDescription: (count, topic, more) =>
      `${more ? `More than ${count.toLocaleString('en')} literature sheets` : count === 1 ? '1 literature sheet' : `${count.toLocaleString('en')} literature sheets`} about ${topic}, each with its document.`,
    document: 'Data sheet (PDF)',
    openSheet: 'Open the data sheet',
    related: 'Related sheets',
    properties: 'Properties',
    moreDocuments: 'More documents',
    documentVersion: (version, date) => `version ${version} of ${date}`,
    documentRevision: (revision, date) =>
      revision === undefined ? `revised ${date}` : date === undefined ? `revision ${revision}` : `revision ${revision} of ${date}`,
    documentKinds: {
      'data-sheet': 'Data sheet',
      'safety-data-sheet': 'Safety data sheet',
      brochure: 'Brochure',
      certificate: 'Certificate',
      other: 'Document',
    },
  },
  de: {
    languages: 'Sprache',
    skipToContent: 'Zum Inhalt springen',
    search: 'Datenblätter durchsuchen',
    searchButton: 'Suchen',
    found: (count, query) => (count === 1 ? `1 Datenblatt passt zu „${query}“` : `${count.toLocaleString('de')} Datenblätter passen zu „${query}“`),
    foundMore: (count, query) =>
      `Mehr als ${count.toLocaleString('de')} Datenblätter passen zu „${query}“; die ersten ${count.toLocaleString('de')} sind aufgeführt`,
    nothingFound: (query) => `Kein Datenblatt passt zu „${query}“.`,
    showAll: 'Alle Datenblätter zeigen',
    sheetDetails: 'Details',
    topics: 'Themen',
    facets: { process: 'Verfahren', kind: 'Art', element: 'Element' },
    filters: 'Filtern',
    chosen: 'ausgewählt',
    aboutTopic: (count, topic, more) =>
      more
        ? `Mehr als ${count.toLocaleString('de')} Datenblätter zu ${topic}; die ersten ${count.toLocaleString('de')} sind aufgeführt`
        : count === 1
          ? `1 Datenblatt zu ${topic}`
          : `${count.toLocaleString('de')} Datenblätter zu ${topic}`,
    topicDescription: (count, topic, more) =>
      `${more ? `Mehr als ${count.toLocaleString('de')} Datenblätter` : count === 1 ? '1 Datenblatt' : `${count.toLocaleString('de')} Datenblätter`} zu ${topic}, jeweils mit Dokument.`,
    document: 'Datenblatt (PDF)',
    openSheet: 'Datenblatt öffnen',
    related: 'Verwandte Datenblätter',
    properties: 'Eigenschaften',
    moreDocuments: 'Weitere Dokumente',
    documentVersion: (version, date) => `Version ${version} vom ${date}`,
    documentRevision: (revision, date) =>
      revision === undefined ? `überarbeitet am ${date}` : date === undefined ? `Revision ${revision}` : `Revision ${revision} vom ${date}`,
    documentKinds: {
      'data-sheet': 'Datenblatt',
      'safety-data-sheet': 'Sicherheitsdatenblatt',
      brochure: 'Broschüre',
      certificate: 'Zertifikat',
      other: 'Dokument',
    },
  },
  fr: {
    languages: 'Langue',
    skipToContent: 'Aller au contenu',
    search: 'Rechercher dans les fiches',
    searchButton: 'Rechercher',
    found: (count, query) => (count === 1 ? `1 fiche correspond à « ${query} »` : `${count.toLocaleString('fr')} fiches correspondent à « ${query} »`),
    foundMore: (count, query) =>
      `Plus de ${count.toLocaleString('fr')} fiches correspondent à « ${query} » ; les ${count.toLocaleString('fr')} premières sont affichées`,
    nothingFound: (query) => `Aucune fiche ne correspond à « ${query} ».`,
    showAll: 'Afficher toutes les fiches',
    sheetDetails: 'Détails',
    topics: 'Thèmes',
    facets: { process: 'Procédé', kind: 'Type', element: 'Élément' },
    filters: 'Filtrer',
    chosen: 'choisi',
    aboutTopic: (count, topic, more) =>
      more
        ? `Plus de ${count.toLocaleString('fr')} fiches sur ${topic} ; les ${count.toLocaleString('fr')} premières sont affichées`
        : count === 1
          ? `1 fiche sur ${topic}`
          : `${count.toLocaleString('fr')} fiches sur ${topic}`,
    topicDescription: (count, topic, more) =>
      `${more ? `Plus de ${count.toLocaleString('fr')} fiches techniques` : count === 1 ? '1 fiche technique' : `${count.toLocaleString('fr')} fiches techniques`} sur ${topic}, chacune avec son document.`,
    document: 'Fiche technique (PDF)',
    openSheet: 'Ouvrir la fiche technique',
    related: 'Fiches associées',
    properties: 'Propriétés',
    moreDocuments: 'Autres documents',
    documentVersion: (version, date) => `version ${version} du ${date}`,
    documentRevision: (revision, date) =>
      revision === undefined ? `révisé le ${date}` : date === undefined ? `révision ${revision}` : `révision ${revision} du ${date}`,
    documentKinds: {
      'data-sheet': 'Fiche technique',
      'safety-data-sheet': 'Fiche de données de sécurité',
      brochure: 'Brochure',
      certificate: 'Certificat',
      other: 'Document',
    },
  },
};

/** The entry of a table for a platform language code such as 'de_DE'; English when the language is not shipped. */
const textIn = <T>(table: Record<string, T>, language: string): T => table[language.slice(0, 2).toLowerCase()] ?? table.en!;

export const gridText = (language: string): GridText => textIn(GRID_TEXTS, language);

export const pageText = (language: string): PageText => textIn(PAGE_TEXTS, language);
