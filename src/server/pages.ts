/**
 * Page definitions: read and checked from PAGES_DIR (every problem named with its place in the
 * file), kept in the store, and prepared to render: rich text sanitised with tokens resolved, the
 * stylesheet built and named by content hash. The store is their source (docs/decisions/014):
 * PAGES_DIR only seeds a store that has none, at the first start; after that pages change through
 * the editing model, with drafts and publishing, and every process sees the change on its next request.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentStore } from '../cms/database';
import { insertMissingPages, listStoredPages } from '../cms/repositories/pages';
import { mediaTokenKeys, resolveContentTokens } from '../shared/rich-text';
import { sanitizeHtml } from '../shared/sanitize-html';
import { filterOrDrop } from './ssr/filter-or-drop';
import type { Logger } from './ssr/load-page-data';
import { gridsOf, type PageDefinition } from '../page-model/page-definition';
import { buildPageStyles } from '../site/pages/page-styles';
import { checkPageDefinition, localizePage, PageDefinitionError } from '../page-model/validate-page';
import { problemAt } from '../shared/problems';

export interface LoadedPage {
  definition: PageDefinition;
  /** The page in each language it has translations for, ready to render. */
  translated: Record<string, PageDefinition>;
  /** The page's stylesheet, served at {basePath}/assets/pages/{fileName}. */
  stylesheet: { fileName: string; css: string };
}

/** The site's searchable page (a grid with a search field): its topic pages are its too (docs/search.md). */
export function searchablePage(pages: LoadedPage[]): LoadedPage | undefined {
  return pages.find((page) => gridsOf(page.definition).some((grid) => grid.settings.searchable));
}

/** The page to render for a language: its translation, or the page as written. */
export function pageIn(page: LoadedPage, language: string): PageDefinition {
  return page.translated[language] ?? page.definition;
}

export interface PageLoadSettings {
  basePath: string;
  platformSitesSegment: string;
  /** Image URLs for `{!cmsMedia.…}` tokens, by content key. */
  resolveImageUrls: (contentKeys: string[]) => Promise<Map<string, string>>;
  /** Where rich text dropped because the sanitiser failed on it is reported. */
  log: Logger;
}

/** The checked page definitions of a folder (PAGES_DIR); a bad file throws with every problem named. */
export function readPageFolder(directory: string): PageDefinition[] {
  let files: string[];
  try {
    files = readdirSync(directory)
      .filter((file) => file.endsWith('.json'))
      .sort();
  } catch {
    throw new PageDefinitionError(directory, [problemAt(null, 'the folder of page definitions (PAGES_DIR) cannot be read')]);
  }
  if (files.length === 0) throw new PageDefinitionError(directory, [problemAt(null, 'holds no page definition (*.json)')]);
  const pages = files.map((file) => {
    const source = join(directory, file);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(source, 'utf8'));
    } catch (error) {
      throw new PageDefinitionError(source, [problemAt(null, `is not valid JSON (${error instanceof Error ? error.message : String(error)})`)]);
    }
    return checkPageDefinition(json, source);
  });
  const clashes = findDuplicates(pages.map((page) => page.path));
  if (clashes.length > 0)
    throw new PageDefinitionError(
      directory,
      clashes.map((path) => problemAt(null, `more than one page is served at path ${path}`)),
    );
  return pages;
}

/**
 * At the first start, the store takes its pages from PAGES_DIR; once it holds any, the folder is
 * not read. Answers how many pages it took (0: the store had its own).
 */
export async function seedPagesIfEmpty(db: ContentStore, directory: string): Promise<number> {
  if ((await listStoredPages(db)).length > 0) return 0;
  const pages = readPageFolder(directory);
  const at = new Date().toISOString();
  await db.transaction().execute((trx) =>
    insertMissingPages(
      trx,
      pages.map((page) => ({ name: page.name, path: page.path, definition: JSON.stringify(page), updated_at: at })),
    ),
  );
  return pages.length;
}

/**
 * The store's pages, checked and prepared to render. A page that fails (changed in the store by
 * hand) is left out and named in `problems`; the others are served.
 */
export async function loadStoredPages(db: ContentStore, settings: PageLoadSettings): Promise<{ pages: LoadedPage[]; problems: Error[] }> {
  const pages: LoadedPage[] = [];
  const problems: Error[] = [];
  for (const row of await listStoredPages(db)) {
    try {
      pages.push(await preparePage(checkPageDefinition(JSON.parse(row.definition), `page "${row.name}" in the store`), settings));
    } catch (error) {
      problems.push(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return { pages, problems };
}

/** A checked page made ready to render in each of its languages, with its stylesheet. */
export async function preparePage(validated: PageDefinition, settings: PageLoadSettings): Promise<LoadedPage> {
  const definition = await prepareRichText(validated, settings);
  const translated: Record<string, PageDefinition> = {};
  for (const language of Object.keys(validated.translations ?? {})) {
    translated[language] = await prepareRichText(localizePage(validated, language), settings);
  }
  // Styles come from the page as written: translations change texts, never styles.
  const css = buildPageStyles(definition, settings.basePath);
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
  return { definition, translated, stylesheet: { fileName: `${definition.name}-${hash}.css`, css } };
}

/** Rich text is sanitised once, here, so neither the server render nor the browser needs a parser. */
async function prepareRichText(page: PageDefinition, settings: PageLoadSettings): Promise<PageDefinition> {
  const components = page.sections.flatMap((section) => section.columns.flatMap((column) => column.components));
  const htmls = components.flatMap((component) =>
    component.type === 'richText' ? [component.settings.html] : component.type === 'collectionGrid' ? [component.settings.card.detailsHtml ?? ''] : [],
  );
  const imageUrls = await settings.resolveImageUrls([...new Set(htmls.flatMap(mediaTokenKeys))]);
  const context = { basePath: settings.basePath, platformSitesSegment: settings.platformSitesSegment, imageUrls };
  const clean = (html: string) =>
    filterOrDrop(
      `rich text of page "${page.name}"`,
      () => sanitizeHtml(resolveContentTokens(html, context), { basePath: settings.basePath }),
      '',
      settings.log,
    );
  return {
    ...page,
    sections: page.sections.map((section) => ({
      ...section,
      columns: section.columns.map((column) => ({
        ...column,
        components: column.components.map((component) => {
          if (component.type === 'richText') return { ...component, settings: { html: clean(component.settings.html) } };
          const details = component.type === 'collectionGrid' ? component.settings.card.detailsHtml : undefined;
          if (component.type !== 'collectionGrid' || details === undefined) return component;
          // {!Item.field} tokens survive sanitising as text, and are bound per item when rendered.
          return { ...component, settings: { ...component.settings, card: { ...component.settings.card, detailsHtml: clean(details) } } };
        }),
      })),
    })),
  };
}

function findDuplicates(values: string[]): string[] {
  return [...new Set(values.filter((value, index) => values.indexOf(value) !== index))];
}
