/**
 * Pages in the editing model: a page's definition (its heading, SEO settings and everything else
 * docs/pages.md describes) has a draft beside the published one in the store's `pages` table.
 * Its name and path do not change (they are how routes and links know it). A page cannot be
 * unpublished or deleted here: taking a page off the site is an operator's change.
 */
import type { ContentStore } from '../cms/database';
import { findStoredPage, savePage } from '../cms/repositories/pages';
import { PageDefinitionSchema, type PageDefinition, type RichTextHeadingDefinition, gridsOf } from '../page-model/page-definition';
import { checkPageDefinition, PageDefinitionError } from '../page-model/validate-page';
import { EditingError, type KindAdapter } from './editable';
import { reviewHeadTags } from '../shared/head-tags';
import { createEditor } from './editor';
import { pageTexts } from '../page-model/page-texts';
import type { TranslatedTexts } from './translation-marks';
import { type Problem } from '../shared/problems';

async function publishedPage(db: ContentStore, name: string): Promise<PageDefinition | null> {
  const row = await findStoredPage(db, name);
  return row === undefined ? null : (JSON.parse(row.definition) as PageDefinition);
}

async function pageProblems(_db: ContentStore, state: PageDefinition): Promise<Problem[]> {
  const problems: Problem[] = [];
  try {
    checkPageDefinition(structuredClone(state), '(page)');
  } catch (error) {
    if (!(error instanceof PageDefinitionError)) throw error;
    problems.push(...error.problems);
  }
  return problems;
}

/** A page's texts: its own, and each language's translations of them (translation-marks.ts). */
export function pageTextsOf(page: PageDefinition): TranslatedTexts {
  return { source: Object.fromEntries(pageTexts(page).map((text) => [text.key, text.text])), translations: page.translations ?? {} };
}

export const PAGE_ADAPTER: KindAdapter<PageDefinition> = {
  kind: 'page',
  auditType: 'page',
  schema: PageDefinitionSchema,
  published: publishedPage,
  putOnSite: (trx, state, _previous, at) => savePage(trx, { name: state.name, path: state.path, definition: JSON.stringify(state), updated_at: at }),
  fixed: ['name', 'path'],
  keepFiles: async () => undefined,
  problems: pageProblems,
  textsOf: pageTextsOf,
  // Its heading says which page it is to an editor; its path alone ("/") does not.
  labelOf: (state) => {
    const heading = headingOf(state)?.settings.text;
    return heading === undefined ? state.path : `${heading} (${state.path})`;
  },
  siteOf: () => '',
};

export const pages = createEditor(PAGE_ADAPTER);

/** The page's heading: its first heading component, where the page's title for people is. */
export function headingOf(page: PageDefinition): RichTextHeadingDefinition | undefined {
  for (const section of page.sections)
    for (const column of section.columns)
      for (const component of column.components) if (component.type === 'richTextHeading') return component as RichTextHeadingDefinition;
  return undefined;
}

/**
 * Whether the page's collection grid (its first) has a search field, and with it the site's topic
 * pages (docs/search.md); null when the page has no grid. A page stored before the setting
 * existed has none written: the default, false.
 */
export function searchableOf(page: PageDefinition): boolean | null {
  const grid = gridsOf(page)[0];
  return grid === undefined ? null : (grid.settings.searchable ?? false);
}

export interface PageSettings {
  heading?: string;
  seo?: Partial<PageDefinition['seo']>;
  /** The first collection grid's `searchable` setting. */
  searchable?: boolean;
}

/** The page with a new heading text, SEO settings and search field; everything else as it was. */
export function withSettings(page: PageDefinition, settings: PageSettings): PageDefinition {
  const next = structuredClone(page);
  if (settings.heading !== undefined) {
    const heading = headingOf(next);
    if (heading === undefined) throw new EditingError(`The page ${page.name} has no heading to change`, 'invalid');
    heading.settings.text = settings.heading;
  }
  if (settings.searchable !== undefined) {
    const grid = gridsOf(next)[0];
    if (grid === undefined) throw new EditingError(`The page ${page.name} has no collection grid to search`, 'invalid');
    grid.settings.searchable = settings.searchable;
  }
  if (settings.seo !== undefined) next.seo = { ...next.seo, ...settings.seo };
  return next;
}

/**
 * The page with a language's texts as given, by key (page-texts.ts); an empty text is no
 * translation (the page's own shows), and a language left without texts has none.
 */
export function withTranslation(page: PageDefinition, language: string, texts: Record<string, string>): PageDefinition {
  const next = structuredClone(page);
  const kept = Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));
  const translations = { ...next.translations };
  if (Object.keys(kept).length === 0) delete translations[language];
  else translations[language] = kept;
  if (Object.keys(translations).length === 0) delete next.translations;
  else next.translations = translations;
  return next;
}

/** Which of a page's custom head tags the site keeps and which it drops, and why (docs/seo.md). */
export function headTagReport(page: PageDefinition, basePath: string) {
  return reviewHeadTags(page.seo.customHeadTags ?? '', basePath);
}
