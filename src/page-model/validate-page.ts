/**
 * Checks a page definition read from JSON against its schemas (page-definition.ts), fills in the
 * defaults the spec gives, and checks what a schema cannot say: unique ids, the grid's width, a
 * proportion's widths, the spec's messages for CMS inputs (§5.5, §8), page references (§3.7) and
 * translation keys. Every problem is reported with its place in the file (e.g.
 * `sections[1].columns[0].width`), all at once, so an operator fixes a file in one go.
 */
import { findNestingProblem, limitProblem } from '../shared/content-limits';
import { MESSAGES } from '../shared/errors';
import { normalizeTexts } from '../shared/normalize-text';
import { kindOfChannelOrSiteId } from '../shared/ids';
import { isValidPageReference } from '../shared/page-references';
import { checkValue } from '../shared/schema/check';
import { textAt } from './page-texts';
import type { COLUMN_PROPORTIONS } from '../shared/constants';
import { ALIGNMENTS, GRID_UNITS } from '../shared/constants';
import {
  COMPONENT_SCHEMAS,
  PageDefinitionSchema,
  type Alignment,
  type ComponentDefinition,
  type PageDefinition,
  type SectionDefinition,
} from './page-definition';
import { problemAt, problemLine, type Problem } from '../shared/problems';

export class PageDefinitionError extends Error {
  readonly problems: Problem[];

  constructor(source: string, problems: Problem[]) {
    super(`${source} is not a valid page definition:\n${problems.map((problem) => `  - ${problemLine(problem)}`).join('\n')}`);
    this.name = 'PageDefinitionError';
    this.problems = problems;
  }
}

/** spec §9: the columns' widths in grid units for each proportion. */
export const PROPORTION_WIDTHS: Record<(typeof COLUMN_PROPORTIONS)[number], [number, number]> = { '1:1': [6, 6], '1:5': [2, 10], '1:2': [4, 8], '2:1': [8, 4] };
const LANGUAGE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;

/** spec §5.6: block alignment top/left/bottom/right/center; anything else falls back to center. */
export function normalizeAlignment(value: unknown): Alignment {
  return (ALIGNMENTS as readonly string[]).includes(value as string) ? (value as Alignment) : 'center';
}

/** spec §2.1: a new section has one column, 'Column 1', 12 units wide. */
export function newSection(id: string): SectionDefinition {
  return { id, columns: [{ name: 'Column 1', width: GRID_UNITS, components: [] }] };
}

/** spec §5.5, §8: a component that reads CMS data needs input parameters with a site or channel id. */
export function cmsInputProblem(input: unknown): string | null {
  if (input === null || typeof input !== 'object') return MESSAGES.INPUT_PARAMETERS_REQUIRED;
  const { channelOrSiteId } = input as { channelOrSiteId?: unknown };
  if (typeof channelOrSiteId !== 'string' || channelOrSiteId.trim() === '') return MESSAGES.CHANNEL_OR_SITE_ID_EMPTY;
  if (kindOfChannelOrSiteId(channelOrSiteId) === null) return MESSAGES.CHANNEL_OR_SITE_ID_PREFIX;
  return null;
}

/**
 * A page definition as any input must be to be served: held to the content limits (nesting, text
 * length), normalised like every other input, and validated. Used for PAGES_DIR, the store and the
 * editing model alike, so nothing an editor saves can be a page the site cannot load.
 */
export function checkPageDefinition(json: unknown, source: string): PageDefinition {
  const tooDeep = findNestingProblem(json);
  if (tooDeep !== null) throw new PageDefinitionError(source, [limitProblem('(page)', tooDeep)]);
  return validatePageDefinition(normalizeTexts(json), source);
}

export function validatePageDefinition(json: unknown, source: string): PageDefinition {
  const checked = checkValue<PageDefinition>(PageDefinitionSchema, json, '(page)');
  const problems = [...checked.problems];
  const page = checked.value;
  // Components are checked even when the page has other problems, so that all are reported at once.
  if (Array.isArray(page.sections)) {
    page.sections.forEach((section, index) => problems.push(...completeSection(section, `sections[${index}]`)));
    problems.push(...repeatedIds(page));
  }
  if (problems.length === 0 && page.translations !== undefined) problems.push(...translationProblems(page));
  if (problems.length > 0) throw new PageDefinitionError(source, problems);
  return page;
}

/** Checks each component against its own schema, then what a section's schema cannot say. */
function completeSection(section: SectionDefinition, path: string): Problem[] {
  const problems: Problem[] = [];
  if (section === null || typeof section !== 'object' || !Array.isArray(section.columns)) return problems;
  section.columns.forEach((column, index) => {
    const at = `${path}.columns[${index}]`;
    if (column === null || typeof column !== 'object' || !Array.isArray(column.components)) return;
    if (column.alignment !== undefined) column.alignment = normalizeAlignment(column.alignment);
    column.components = column.components.map((component, position) => {
      const place = `${at}.components[${position}]`;
      if (component === null || typeof component !== 'object' || !(component.type in COMPONENT_SCHEMAS)) return component;
      const checked = checkValue<ComponentDefinition>(COMPONENT_SCHEMAS[component.type], component, place);
      // The spec's own messages for a CMS component's input (§5.5, §8), in place of the schema's.
      const inputProblem = component.type === 'collectionGrid' ? cmsInputProblem((component as { input?: unknown }).input) : null;
      if (inputProblem !== null) problems.push(problemAt(`${place}.input`, inputProblem));
      else problems.push(...checked.problems);
      if (checked.problems.length === 0 && checked.value.type === 'collectionGrid') problems.push(...gridProblems(checked.value, place));
      return checked.value;
    });
  });
  if (section.proportion !== undefined) {
    const [first, second] = PROPORTION_WIDTHS[section.proportion];
    if (section.columns.length !== 2 || section.columns[0] === undefined || section.columns[1] === undefined)
      problems.push(problemAt(`${path}.proportion`, 'applies only to a section with two columns'));
    else {
      section.columns[0].width = first;
      section.columns[1].width = second;
    }
  }
  // Only widths the schema accepted add up (a wrong one is reported already).
  const widths = section.columns.map((column) => column?.width);
  const total = widths.reduce<number>((sum, width) => sum + (Number.isInteger(width) && width >= 1 && width <= GRID_UNITS ? width : 0), 0);
  if (total > GRID_UNITS) problems.push(problemAt(`${path}.columns`, `take ${total} of the ${GRID_UNITS} grid units`));
  const background = section.background;
  if (background !== undefined && background.url === undefined && background.srcSet === undefined)
    problems.push(problemAt(`${path}.background`, 'needs a url or a srcSet'));
  return problems;
}

function gridProblems(grid: Extract<ComponentDefinition, { type: 'collectionGrid' }>, path: string): Problem[] {
  const problems: Problem[] = [];
  const { action } = grid.settings.errorState;
  if (action.type === 'redirect' && action.target === undefined) problems.push(problemAt(`${path}.settings.errorState.action.target`, 'is needed to redirect'));
  const references: Array<[string, unknown]> = [
    [`${path}.settings.errorState.action.target`, action.type === 'redirect' ? action.target : null],
    [`${path}.settings.card.secondaryButton.target`, grid.settings.card.secondaryButton.target],
  ];
  for (const [place, reference] of references) {
    if (reference !== null && reference !== undefined && !isValidPageReference(reference as Parameters<typeof isValidPageReference>[0])) {
      problems.push(problemAt(place, 'is not a valid page reference: its type needs attributes it does not have'));
    }
  }
  return problems;
}

/** Section and component ids are unique in a page, in document order. */
function repeatedIds(page: PageDefinition): Problem[] {
  const seen = new Set<string>();
  const problems: Problem[] = [];
  const note = (place: string, id: unknown) => {
    if (typeof id !== 'string') return;
    if (seen.has(id)) problems.push(problemAt(place, `repeats the id "${id}"`));
    seen.add(id);
  };
  const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
  page.sections.forEach((section, index) => {
    note(`sections[${index}].id`, section?.id);
    list(section?.columns).forEach((column, columnIndex) =>
      list(column?.components).forEach((component, position) => note(`sections[${index}].columns[${columnIndex}].components[${position}].id`, component?.id)),
    );
  });
  return problems;
}

function translationProblems(page: PageDefinition): Problem[] {
  const problems: Problem[] = [];
  for (const [language, texts] of Object.entries(page.translations ?? {})) {
    if (!LANGUAGE.test(language)) problems.push(problemAt(`translations.${language}`, 'must be a language such as de_DE'));
    for (const key of Object.keys(texts)) {
      if (typeof textAt(page, key) !== 'string') problems.push(problemAt(`translations.${language}.${key}`, 'names no text of this page'));
    }
  }
  return problems;
}

/**
 * The page in another language: its translated texts put in place of the default ones. A language
 * without translations gets the page as it is.
 */
export function localizePage(page: PageDefinition, language: string): PageDefinition {
  const texts = page.translations?.[language];
  if (texts === undefined) return page;
  const localized = JSON.parse(JSON.stringify(page)) as PageDefinition;
  for (const [key, text] of Object.entries(texts)) {
    const [head = '', ...rest] = key.split('.');
    const last = rest.pop();
    if (last === undefined) continue;
    let target: unknown =
      head === 'seo'
        ? localized.seo
        : localized.sections.flatMap((section) => section.columns.flatMap((column) => column.components)).find((candidate) => candidate.id === head)?.settings;
    for (const part of rest) target = target !== null && typeof target === 'object' ? (target as Record<string, unknown>)[part] : undefined;
    if (target !== null && typeof target === 'object') (target as Record<string, unknown>)[last] = text;
  }
  return localized;
}
