/**
 * Checks a page definition read from JSON and fills in the defaults the spec gives. Every problem
 * is reported with its place in the file (e.g. `sections[1].columns[0].width`), all at once, so an
 * operator fixes a file in one go.
 */
import { MESSAGES } from '../../shared/errors';
import { kindOfChannelOrSiteId } from '../../shared/ids';
import { isValidPageReference, type PageReference } from '../../shared/page-references';
import type { ComponentAction } from '../components/component-action';
import {
  ALIGNMENTS,
  COLUMN_PROPORTIONS,
  DEFAULT_HEADING_TAG,
  DEFAULT_TEXT_STYLE,
  FORM_FACTORS,
  GRID_UNITS,
  SPACING_OPTIONS,
  TEXT_STYLES,
} from '../../shared/constants';
import {
  type Alignment,
  type CardSettings,
  type CollectionGridDefinition,
  type ColumnDefinition,
  type ComponentDefinition,
  type FormFactor,
  type PageDefinition,
  type SectionBackground,
  type SectionDefinition,
} from './page-definition';

export class PageDefinitionError extends Error {
  readonly problems: string[];

  constructor(source: string, problems: string[]) {
    super(`${source} is not a valid page definition:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'PageDefinitionError';
    this.problems = problems;
  }
}

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
/** spec §9: the columns' widths in grid units for each proportion. */
export const PROPORTION_WIDTHS: Record<(typeof COLUMN_PROPORTIONS)[number], [number, number]> = { '1:1': [6, 6], '1:5': [2, 10], '1:2': [4, 8], '2:1': [8, 4] };

/** CSS values that page styles may carry: lengths, colours, positions. No url(), no semicolons. */
const CSS_LENGTH = /^(?:0|\d{1,4}(?:\.\d{1,3})?(?:px|rem|em|%))$/;
const CSS_COLOUR = /^(?:#[0-9a-fA-F]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)|transparent)$/;
const CSS_POSITION = /^(?:(?:left|right|top|bottom|center|\d{1,3}%)\s*){1,2}$/;
const CSS_SIZE_OR_REPEAT = /^(?:cover|contain|auto|repeat|no-repeat|repeat-x|repeat-y|space|round)$/;
const IDENTIFIER = /^[a-z][a-z0-9-]{0,63}$/;

export function isCssLength(value: string): boolean {
  return CSS_LENGTH.test(value);
}

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

type Json = Record<string, unknown>;

class Checker {
  readonly problems: string[] = [];

  fail(path: string, message: string): void {
    this.problems.push(`${path}: ${message}`);
  }

  object(path: string, value: unknown): Json {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.fail(path, 'must be an object');
      return {};
    }
    return value as Json;
  }

  array(path: string, value: unknown): unknown[] {
    if (!Array.isArray(value)) {
      this.fail(path, 'must be a list');
      return [];
    }
    return value;
  }

  string(path: string, value: unknown, { pattern, max = 10_000, allowEmpty = true }: { pattern?: RegExp; max?: number; allowEmpty?: boolean } = {}): string {
    if (typeof value !== 'string') {
      this.fail(path, 'must be text');
      return '';
    }
    if (!allowEmpty && value.trim() === '') this.fail(path, 'must not be empty');
    else if (value.length > max) this.fail(path, `must be at most ${max} characters`);
    else if (pattern !== undefined && value !== '' && !pattern.test(value)) this.fail(path, `has an unsupported value ${JSON.stringify(value)}`);
    return value;
  }

  oneOf<T extends string>(path: string, value: unknown, options: readonly T[]): T {
    if (typeof value !== 'string' || !options.includes(value as T)) {
      this.fail(path, `must be one of ${options.join(', ')}`);
      return options[0] as T;
    }
    return value as T;
  }

  boolean(path: string, value: unknown): boolean {
    if (typeof value !== 'boolean') this.fail(path, 'must be true or false');
    return value === true;
  }

  integer(path: string, value: unknown, min: number, max: number): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.fail(path, `must be a whole number from ${min} to ${max}`);
      return min;
    }
    return value;
  }

  number(path: string, value: unknown, min: number, max: number): number {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      this.fail(path, `must be a number from ${min} to ${max}`);
      return min;
    }
    return value;
  }

  reference(path: string, value: unknown): PageReference | null {
    if (value === null || value === undefined) return null;
    const reference = this.object(path, value) as PageReference;
    if (!isValidPageReference(reference)) this.fail(path, 'is not a valid page reference: its type needs attributes it does not have');
    return reference;
  }
}

export function validatePageDefinition(json: unknown, source: string): PageDefinition {
  const check = new Checker();
  const root = check.object('(page)', json);
  const seo = check.object('seo', root.seo);
  const ids = new Set<string>();
  const uniqueId = (path: string, value: unknown) => {
    const id = check.string(path, value, { pattern: IDENTIFIER, allowEmpty: false });
    if (ids.has(id)) check.fail(path, `repeats the id "${id}"`);
    ids.add(id);
    return id;
  };
  const page: PageDefinition = {
    name: check.string('name', root.name, { pattern: IDENTIFIER, allowEmpty: false }),
    path: check.string('path', root.path, { pattern: PAGE_PATH, allowEmpty: false }),
    seo: {
      pageTitle: check.string('seo.pageTitle', seo.pageTitle, { max: 300, allowEmpty: false }),
      description: check.string('seo.description', seo.description ?? '', { max: 1_000 }),
      customHeadTags: check.string('seo.customHeadTags', seo.customHeadTags ?? '', { max: 20_000 }),
    },
    sections: check.array('sections', root.sections).map((value, index) => readSection(check, `sections[${index}]`, value, uniqueId)),
  };
  if (root.translations !== undefined) page.translations = readTranslations(check, root.translations, page);
  if (check.problems.length > 0) throw new PageDefinitionError(source, check.problems);
  return page;
}

/** '/', '/a/b', and either of them ending in '/:recordId' (spec §2.2 route parameter). */
const PAGE_PATH = /^\/(?:[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*)?(?:\/?:recordId)?$/;
const LANGUAGE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;

function readTranslations(check: Checker, value: unknown, page: PageDefinition): Record<string, Record<string, string>> {
  const translations: Record<string, Record<string, string>> = {};
  for (const [language, texts] of Object.entries(check.object('translations', value))) {
    if (!LANGUAGE.test(language)) check.fail(`translations.${language}`, 'must be a language such as de_DE');
    translations[language] = {};
    for (const [key, text] of Object.entries(check.object(`translations.${language}`, texts))) {
      const path = `translations.${language}.${key}`;
      translations[language][key] = check.string(path, text, { max: 20_000 });
      if (typeof translatedValue(page, key) !== 'string') check.fail(path, 'names no text of this page');
    }
  }
  return translations;
}

/** The text a translation key names: 'seo.<field>' or '<componentId>.<setting path>'. */
function translatedValue(page: PageDefinition, key: string): unknown {
  const [head = '', ...rest] = key.split('.');
  if (head === 'seo') return rest.length === 1 ? (page.seo as unknown as Record<string, unknown>)[rest[0] ?? ''] : undefined;
  const component = page.sections.flatMap((section) => section.columns.flatMap((column) => column.components)).find((candidate) => candidate.id === head);
  let value: unknown = component?.settings;
  for (const part of rest) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
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

function readSection(check: Checker, path: string, value: unknown, uniqueId: (path: string, value: unknown) => string): SectionDefinition {
  const json = check.object(path, value);
  const section: SectionDefinition = json.columns === undefined ? newSection('') : { id: '', columns: [] };
  section.id = uniqueId(`${path}.id`, json.id);
  if (json.columns !== undefined) {
    section.columns = check.array(`${path}.columns`, json.columns).map((column, index) => readColumn(check, `${path}.columns[${index}]`, column, uniqueId));
  }
  if (json.direction !== undefined) {
    const direction = check.object(`${path}.direction`, json.direction);
    section.direction = {};
    for (const [size, value] of Object.entries(direction)) {
      const formFactor = check.oneOf(`${path}.direction`, size, FORM_FACTORS);
      section.direction[formFactor] = check.oneOf(`${path}.direction.${size}`, value, ['row', 'column'] as const);
    }
  }
  if (json.proportion !== undefined) {
    section.proportion = check.oneOf(`${path}.proportion`, json.proportion, COLUMN_PROPORTIONS);
    if (section.columns.length !== 2) check.fail(`${path}.proportion`, 'applies only to a section with two columns');
    else {
      const [first, second] = PROPORTION_WIDTHS[section.proportion];
      section.columns[0]!.width = first;
      section.columns[1]!.width = second;
    }
  }
  const total = section.columns.reduce((sum, column) => sum + column.width, 0);
  if (total > GRID_UNITS) check.fail(`${path}.columns`, `take ${total} of the ${GRID_UNITS} grid units`);
  if (json.background !== undefined) section.background = readBackground(check, `${path}.background`, json.background);
  return section;
}

function readBackground(check: Checker, path: string, value: unknown): SectionBackground {
  const json = check.object(path, value);
  const background: SectionBackground = {};
  if (json.url !== undefined) background.url = check.string(`${path}.url`, json.url, { max: 2048 });
  if (json.srcSet !== undefined) {
    const srcSet = check.object(`${path}.srcSet`, json.srcSet);
    background.srcSet = {};
    for (const [size, url] of Object.entries(srcSet))
      background.srcSet[check.oneOf(`${path}.srcSet`, size, FORM_FACTORS)] = check.string(`${path}.srcSet.${size}`, url, { max: 2048 });
  }
  if (background.url === undefined && background.srcSet === undefined) check.fail(path, 'needs a url or a srcSet');
  if (json.altText !== undefined) background.altText = check.string(`${path}.altText`, json.altText, { max: 500 });
  if (json.position !== undefined) background.position = check.string(`${path}.position`, json.position, { pattern: CSS_POSITION });
  if (json.sizeOrRepeat !== undefined) background.sizeOrRepeat = check.string(`${path}.sizeOrRepeat`, json.sizeOrRepeat, { pattern: CSS_SIZE_OR_REPEAT });
  if (json.overlayColour !== undefined) background.overlayColour = check.string(`${path}.overlayColour`, json.overlayColour, { pattern: CSS_COLOUR });
  return background;
}

function readColumn(check: Checker, path: string, value: unknown, uniqueId: (path: string, value: unknown) => string): ColumnDefinition {
  const json = check.object(path, value);
  const column: ColumnDefinition = {
    name: check.string(`${path}.name`, json.name, { max: 100, allowEmpty: false }),
    width: check.integer(`${path}.width`, json.width ?? GRID_UNITS, 1, GRID_UNITS),
    components: check
      .array(`${path}.components`, json.components ?? [])
      .map((component, index) => readComponent(check, `${path}.components[${index}]`, component, uniqueId)),
  };
  if (json.alignment !== undefined) column.alignment = normalizeAlignment(json.alignment);
  if (json.visibleOn !== undefined) {
    column.visibleOn = check
      .array(`${path}.visibleOn`, json.visibleOn)
      .map((size, index) => check.oneOf(`${path}.visibleOn[${index}]`, size, FORM_FACTORS)) as FormFactor[];
  }
  return column;
}

function readComponent(check: Checker, path: string, value: unknown, uniqueId: (path: string, value: unknown) => string): ComponentDefinition {
  const json = check.object(path, value);
  const id = uniqueId(`${path}.id`, json.id);
  const settings = check.object(`${path}.settings`, json.settings);
  const type = check.oneOf(`${path}.type`, json.type, ['richTextHeading', 'richText', 'collectionGrid'] as const);
  switch (type) {
    case 'richTextHeading':
      return {
        type,
        id,
        settings: {
          // spec §9: the default heading tag is h3.
          tag: settings.tag === undefined ? DEFAULT_HEADING_TAG : check.oneOf(`${path}.settings.tag`, settings.tag, HEADING_TAGS),
          bold: settings.bold === undefined ? false : check.boolean(`${path}.settings.bold`, settings.bold),
          fontSize: check.string(`${path}.settings.fontSize`, settings.fontSize ?? '1.25rem', { pattern: CSS_LENGTH, allowEmpty: false }),
          text: check.string(`${path}.settings.text`, settings.text, { max: 1_000, allowEmpty: false }),
          ...(settings.alignment === undefined
            ? {}
            : { alignment: check.oneOf(`${path}.settings.alignment`, settings.alignment, ['left', 'center', 'right'] as const) }),
        },
      };
    case 'richText':
      return { type, id, settings: { html: check.string(`${path}.settings.html`, settings.html, { max: 100_000 }) } };
    case 'collectionGrid':
      return readCollectionGrid(check, path, id, json, settings);
  }
}

function readCollectionGrid(check: Checker, path: string, id: string, json: Json, settings: Json): CollectionGridDefinition {
  const inputProblem = cmsInputProblem(json.input);
  if (inputProblem !== null) check.fail(`${path}.input`, inputProblem);
  const input = (json.input ?? {}) as Json;
  const s = `${path}.settings`;
  const emptyState = check.object(`${s}.emptyState`, settings.emptyState ?? { enabled: false, message: '' });
  const errorState = check.object(`${s}.errorState`, settings.errorState ?? { enabled: false, message: '' });
  const paginator = settings.paginator === null ? null : check.object(`${s}.paginator`, settings.paginator);
  return {
    type: 'collectionGrid',
    id,
    input: {
      channelOrSiteId: typeof input.channelOrSiteId === 'string' ? input.channelOrSiteId : '',
      collectionKeyOrId: check.string(`${path}.input.collectionKeyOrId`, input.collectionKeyOrId, { pattern: /^[A-Za-z0-9]{15,28}$/, allowEmpty: false }),
    },
    settings: {
      pageSize: check.integer(`${s}.pageSize`, settings.pageSize, 1, 250),
      // spec §9: grid constants 1 and 6: from one to six columns.
      columns: check.integer(`${s}.columns`, settings.columns ?? 1, 1, 6),
      spacing: check.oneOf(`${s}.spacing`, settings.spacing ?? 'small', SPACING_OPTIONS),
      centered: check.boolean(`${s}.centered`, settings.centered ?? true),
      widthPercent: check.integer(`${s}.widthPercent`, settings.widthPercent ?? 100, 10, 100),
      showBorder: check.boolean(`${s}.showBorder`, settings.showBorder ?? false),
      preload: check.boolean(`${s}.preload`, settings.preload ?? true),
      autoScroll: check.boolean(`${s}.autoScroll`, settings.autoScroll ?? false),
      ...(settings.sortBy === undefined ? {} : { sortBy: check.string(`${s}.sortBy`, settings.sortBy, { pattern: /^[A-Za-z_][A-Za-z0-9_]{0,79}$/ }) }),
      ...(settings.sortOrder === undefined ? {} : { sortOrder: check.oneOf(`${s}.sortOrder`, settings.sortOrder, ['Ascending', 'Descending'] as const) }),
      emptyState: {
        enabled: check.boolean(`${s}.emptyState.enabled`, emptyState.enabled),
        message: check.string(`${s}.emptyState.message`, emptyState.message ?? '', { max: 500 }),
      },
      errorState: {
        enabled: check.boolean(`${s}.errorState.enabled`, errorState.enabled),
        message: check.string(`${s}.errorState.message`, errorState.message ?? '', { max: 500 }),
        action: readAction(check, `${s}.errorState.action`, errorState.action),
      },
      paginator:
        paginator === null
          ? null
          : {
              variant: check.oneOf(`${s}.paginator.variant`, paginator.variant, ['showmore', 'standard'] as const),
              label: check.string(`${s}.paginator.label`, paginator.label ?? 'Show More', { max: 100, allowEmpty: false }),
              style: check.oneOf(`${s}.paginator.style`, paginator.style ?? 'secondary', ['primary', 'secondary'] as const),
            },
      card: readCard(check, `${s}.card`, settings.card),
    },
  };
}

function readAction(check: Checker, path: string, value: unknown): ComponentAction {
  if (value === undefined) return { type: 'inline' };
  const json = check.object(path, value);
  const type = check.oneOf(`${path}.type`, json.type, ['inline', 'redirect'] as const);
  if (type === 'inline') return { type };
  const target = check.reference(`${path}.target`, json.target);
  if (target === null) check.fail(`${path}.target`, 'is needed to redirect');
  return { type, target: target ?? {} };
}

function readCard(check: Checker, path: string, value: unknown): CardSettings {
  const json = check.object(path, value);
  const primary = check.object(`${path}.primaryButton`, json.primaryButton);
  const secondary = check.object(`${path}.secondaryButton`, json.secondaryButton ?? { label: '', show: false, style: 'secondary', target: null });
  const group = check.object(`${path}.buttonGroup`, json.buttonGroup ?? {});
  return {
    imagePosition: check.oneOf(`${path}.imagePosition`, json.imagePosition ?? 'left', ['left', 'right'] as const),
    imageWidthPercent: check.number(`${path}.imageWidthPercent`, json.imageWidthPercent ?? 33.33, 10, 90),
    imageFit: check.oneOf(`${path}.imageFit`, json.imageFit ?? 'contain', ['contain', 'cover'] as const),
    imagePositionInFrame: check.string(`${path}.imagePositionInFrame`, json.imagePositionInFrame ?? 'center center', { pattern: CSS_POSITION }),
    borderWidth: check.string(`${path}.borderWidth`, json.borderWidth ?? '0', { pattern: CSS_LENGTH }),
    borderColour: check.string(`${path}.borderColour`, json.borderColour ?? 'rgb(0, 0, 0)', { pattern: CSS_COLOUR }),
    borderRadius: check.string(`${path}.borderRadius`, json.borderRadius ?? '0', { pattern: CSS_LENGTH }),
    titleTag: check.oneOf(`${path}.titleTag`, json.titleTag ?? DEFAULT_HEADING_TAG, HEADING_TAGS),
    titleStyle: check.oneOf(`${path}.titleStyle`, json.titleStyle ?? DEFAULT_TEXT_STYLE, TEXT_STYLES),
    descriptionTag: check.oneOf(`${path}.descriptionTag`, json.descriptionTag ?? DEFAULT_HEADING_TAG, HEADING_TAGS),
    descriptionStyle: check.oneOf(`${path}.descriptionStyle`, json.descriptionStyle ?? DEFAULT_TEXT_STYLE, TEXT_STYLES),
    contentWidthPercent: check.integer(`${path}.contentWidthPercent`, json.contentWidthPercent ?? 100, 10, 100),
    contentPadding: check.oneOf(`${path}.contentPadding`, json.contentPadding ?? 'none', SPACING_OPTIONS),
    primaryButton: {
      label: check.string(`${path}.primaryButton.label`, primary.label, { max: 100 }),
      show: check.boolean(`${path}.primaryButton.show`, primary.show),
      style: check.oneOf(`${path}.primaryButton.style`, primary.style ?? 'primary', ['primary', 'secondary'] as const),
    },
    secondaryButton: {
      label: check.string(`${path}.secondaryButton.label`, secondary.label ?? '', { max: 100 }),
      show: check.boolean(`${path}.secondaryButton.show`, secondary.show ?? false),
      style: check.oneOf(`${path}.secondaryButton.style`, secondary.style ?? 'secondary', ['primary', 'secondary'] as const),
      target: check.reference(`${path}.secondaryButton.target`, secondary.target),
    },
    ...(json.detailsHtml === undefined ? {} : { detailsHtml: check.string(`${path}.detailsHtml`, json.detailsHtml, { max: 20_000 }) }),
    buttonGroup: {
      widthPercent: check.integer(`${path}.buttonGroup.widthPercent`, group.widthPercent ?? 50, 10, 100),
      heightPx: check.integer(`${path}.buttonGroup.heightPx`, group.heightPx ?? 50, 20, 200),
      direction: check.oneOf(`${path}.buttonGroup.direction`, group.direction ?? 'row', ['row', 'column'] as const),
      spacing: check.oneOf(`${path}.buttonGroup.spacing`, group.spacing ?? 'space-evenly', ['space-evenly', 'space-between', 'center'] as const),
    },
  };
}
