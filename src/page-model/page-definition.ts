/**
 * A page as data (DESIGN "server-rendered React site"; spec §2.1): sections hold columns on a
 * 12-unit grid, columns hold configured components. One schema per part (TypeBox), and the types
 * the site uses are read off the schemas. Operators change a page by editing its JSON file in
 * PAGES_DIR; validate-page.ts checks it against these schemas when the server starts, fills in
 * the defaults the spec gives, and checks what a schema cannot say (unique ids, grid widths).
 */
import Type, { type Static } from 'typebox';
import type { ALIGNMENTS } from '../shared/constants';
import { COLUMN_PROPORTIONS, DEFAULT_HEADING_TAG, DEFAULT_TEXT_STYLE, FORM_FACTORS, GRID_UNITS, SPACING_OPTIONS, TEXT_STYLES } from '../shared/constants';
import type { PageReference } from '../shared/page-references';
import { flag, number, oneOf, text, wholeNumber } from '../shared/schema/fields';
import type { ComponentAction } from './component-action';

/** CSS values that page styles may carry: lengths, colours, positions. No url(), no semicolons. */
const CSS_LENGTH = /^(?:0|\d{1,4}(?:\.\d{1,3})?(?:px|rem|em|%))$/;
const CSS_COLOUR = /^(?:#[0-9a-fA-F]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)|transparent)$/;
const CSS_POSITION = /^(?:(?:left|right|top|bottom|center|\d{1,3}%)\s*){1,2}$/;
const CSS_SIZE_OR_REPEAT = /^(?:cover|contain|auto|repeat|no-repeat|repeat-x|repeat-y|space|round)$/;
export const IDENTIFIER = /^[a-z][a-z0-9-]{0,63}$/;
/** '/', '/a/b', and either of them ending in '/:recordId' (spec §2.2 route parameter). */
const PAGE_PATH = /^\/(?:[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*)?(?:\/?:recordId)?$/;

export const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
const BUTTON_STYLES = ['primary', 'secondary'] as const;
const DIRECTIONS = ['row', 'column'] as const;

/** A page reference (spec §3.7), checked for its type's attributes by validate-page.ts. */
const Reference = Type.Unsafe<PageReference>(Type.Object({}));

/** Screen sizes (spec §2.1, §9): small = mobile, medium = tablet, large = desktop. */
export type FormFactor = (typeof FORM_FACTORS)[number];
/** spec §5.6: block alignment; anything else falls back to center. */
export type Alignment = (typeof ALIGNMENTS)[number];
export type Spacing = (typeof SPACING_OPTIONS)[number];

const perFormFactor = <T extends Parameters<typeof Type.Optional>[0]>(value: T) =>
  Type.Object({ small: Type.Optional(value), medium: Type.Optional(value), large: Type.Optional(value) }, { additionalProperties: false });

export const SectionBackgroundSchema = Type.Object({
  /** A single image, or one per form factor (spec §3.3 "Section background image"). */
  url: Type.Optional(text({ max: 2048 })),
  srcSet: Type.Optional(perFormFactor(text({ max: 2048 }))),
  altText: Type.Optional(text({ max: 500 })),
  /** CSS background-position, e.g. 'center center' or '50% 20%'. */
  position: Type.Optional(text({ pattern: CSS_POSITION })),
  /** CSS background-size or -repeat keyword: 'cover', 'contain', 'repeat', 'no-repeat', … */
  sizeOrRepeat: Type.Optional(text({ pattern: CSS_SIZE_OR_REPEAT })),
  /** An overlay colour over the image, e.g. '#000000' or 'rgba(0, 0, 0, 0.4)'. */
  overlayColour: Type.Optional(text({ pattern: CSS_COLOUR })),
});

export const RichTextHeadingSchema = Type.Object({
  type: Type.Literal('richTextHeading'),
  id: text({ pattern: IDENTIFIER }),
  settings: Type.Object({
    // spec §9: the default heading tag is h3.
    tag: oneOf(HEADING_TAGS, { default: DEFAULT_HEADING_TAG }),
    bold: flag({ default: false }),
    fontSize: text({ pattern: CSS_LENGTH, default: '1.25rem' }),
    text: text({ max: 1_000, required: true }),
    alignment: Type.Optional(oneOf(['left', 'center', 'right'] as const)),
  }),
});
export type RichTextHeadingDefinition = Static<typeof RichTextHeadingSchema>;

export const RichTextSchema = Type.Object({
  type: Type.Literal('richText'),
  id: text({ pattern: IDENTIFIER }),
  /** HTML, sanitised when the page is loaded (spec §5.3 tokens are resolved then too). */
  settings: Type.Object({ html: text({ max: 100_000 }) }),
});
export type RichTextDefinition = Static<typeof RichTextSchema>;

const ButtonSchema = Type.Object({
  label: text({ max: 100 }),
  show: flag(),
  style: oneOf(BUTTON_STYLES, { default: 'primary' }),
});

export const CardSettingsSchema = Type.Object({
  imagePosition: oneOf(['left', 'right'] as const, { default: 'left' }),
  /** Share of the card's width the image takes, in percent. */
  imageWidthPercent: number(10, 90, { default: 33.33 }),
  imageFit: oneOf(['contain', 'cover'] as const, { default: 'contain' }),
  imagePositionInFrame: text({ pattern: CSS_POSITION, default: 'center center' }),
  borderWidth: text({ pattern: CSS_LENGTH, default: '0' }),
  borderColour: text({ pattern: CSS_COLOUR, default: 'rgb(0, 0, 0)' }),
  borderRadius: text({ pattern: CSS_LENGTH, default: '0' }),
  titleTag: oneOf(HEADING_TAGS, { default: DEFAULT_HEADING_TAG }),
  titleStyle: oneOf(TEXT_STYLES, { default: DEFAULT_TEXT_STYLE }),
  descriptionTag: oneOf(HEADING_TAGS, { default: DEFAULT_HEADING_TAG }),
  descriptionStyle: oneOf(TEXT_STYLES, { default: DEFAULT_TEXT_STYLE }),
  contentWidthPercent: wholeNumber(10, 100, { default: 100 }),
  contentPadding: oneOf(SPACING_OPTIONS, { default: 'none' }),
  /** The primary button goes to the item's url; the secondary to its own target. */
  primaryButton: ButtonSchema,
  secondaryButton: Type.Object(
    {
      label: text({ max: 100, default: '' }),
      show: flag({ default: false }),
      style: oneOf(BUTTON_STYLES, { default: 'secondary' }),
      target: Type.Union([Reference, Type.Null()], { default: null }),
    },
    { default: {} },
  ),
  /** Optional rich text under the description, with `{!Item.field}` bound to each item (spec §5.3). */
  detailsHtml: Type.Optional(text({ max: 20_000 })),
  buttonGroup: Type.Object(
    {
      widthPercent: wholeNumber(10, 100, { default: 50 }),
      heightPx: wholeNumber(20, 200, { default: 50 }),
      direction: oneOf(DIRECTIONS, { default: 'row' }),
      spacing: oneOf(['space-evenly', 'space-between', 'center'] as const, { default: 'space-evenly' }),
    },
    { default: {} },
  ),
});
export type CardSettings = Static<typeof CardSettingsSchema>;
export type ButtonSettings = CardSettings['secondaryButton'];

export const PaginatorSchema = Type.Object({
  variant: oneOf(['showmore', 'standard'] as const),
  label: text({ max: 100, required: true, default: 'Show More' }),
  style: oneOf(BUTTON_STYLES, { default: 'secondary' }),
});
export type PaginatorSettings = Static<typeof PaginatorSchema>;

const StateSchema = Type.Object({ enabled: flag(), message: text({ max: 500, default: '' }) }, { default: { enabled: false, message: '' } });

export const CollectionGridSchema = Type.Object({
  type: Type.Literal('collectionGrid'),
  id: text({ pattern: IDENTIFIER }),
  /** Inputs of a component that reads CMS data (spec §5.5, §8); the id's kind is checked with the spec's messages. */
  input: Type.Object({
    channelOrSiteId: Type.String(),
    collectionKeyOrId: text({ pattern: /^[A-Za-z0-9]{15,28}$/ }),
  }),
  settings: Type.Object({
    pageSize: wholeNumber(1, 250),
    // spec §9: grid constants 1 and 6: from one to six columns.
    columns: wholeNumber(1, 6, { default: 1 }),
    spacing: oneOf(SPACING_OPTIONS, { default: 'small' }),
    centered: flag({ default: true }),
    widthPercent: wholeNumber(10, 100, { default: 100 }),
    showBorder: flag({ default: false }),
    /** Render the first pages on the server (true), or load them in the browser. */
    preload: flag({ default: true }),
    /** spec §2.3: smooth-scroll to the first appended item (off on the literature page). */
    autoScroll: flag({ default: false }),
    /** A search field above the grid; its results, at ?q=, take the grid's place (docs/search.md). */
    searchable: flag({ default: false }),
    sortBy: Type.Optional(text({ pattern: /^[A-Za-z_][A-Za-z0-9_]{0,79}$/ })),
    sortOrder: Type.Optional(oneOf(['Ascending', 'Descending'] as const)),
    emptyState: StateSchema,
    errorState: Type.Object(
      {
        enabled: flag(),
        message: text({ max: 500, default: '' }),
        action: Type.Unsafe<ComponentAction>(
          Type.Object({ type: oneOf(['inline', 'redirect'] as const), target: Type.Optional(Reference) }, { default: { type: 'inline' } }),
        ),
      },
      { default: { enabled: false, message: '' } },
    ),
    paginator: Type.Union([PaginatorSchema, Type.Null()]),
    card: CardSettingsSchema,
  }),
});
export type CollectionGridDefinition = Static<typeof CollectionGridSchema>;

export const COMPONENT_SCHEMAS = { richTextHeading: RichTextHeadingSchema, richText: RichTextSchema, collectionGrid: CollectionGridSchema } as const;
export type ComponentDefinition = RichTextHeadingDefinition | RichTextDefinition | CollectionGridDefinition;

/** A component as the page schema sees it: its type and id; its own schema checks the rest. */
const ComponentShape = Type.Object({ type: oneOf(['richTextHeading', 'richText', 'collectionGrid'] as const), id: text({ pattern: IDENTIFIER }) });

export const ColumnSchema = Type.Object({
  name: text({ max: 100, required: true }),
  /** Units of the 12-unit grid (a new section has one column of 12). */
  width: wholeNumber(1, GRID_UNITS, { default: GRID_UNITS }),
  /** spec §5.6: any other value falls back to center (validate-page.ts). */
  alignment: Type.Optional(Type.Unsafe<Alignment>(Type.Unknown())),
  /** The responsive wrapper: the screen sizes the column shows on (all when absent). */
  visibleOn: Type.Optional(Type.Array(oneOf(FORM_FACTORS))),
  components: Type.Array(Type.Unsafe<ComponentDefinition>(ComponentShape), { default: [] }),
});
export type ColumnDefinition = Static<typeof ColumnSchema>;

export const SectionSchema = Type.Object({
  id: text({ pattern: IDENTIFIER }),
  /** Layout direction per screen size (spec §2.1); columns stack on small screens by default. */
  direction: Type.Optional(perFormFactor(oneOf(DIRECTIONS))),
  /** For two-column sections: the first column's share (default 1:1, i.e. 50%). */
  proportion: Type.Optional(oneOf(COLUMN_PROPORTIONS)),
  background: Type.Optional(SectionBackgroundSchema),
  // spec §2.1: a new section has one column, 'Column 1', 12 units wide.
  columns: Type.Array(ColumnSchema, { default: [{ name: 'Column 1', width: GRID_UNITS, components: [] }] }),
});
export type SectionDefinition = Static<typeof SectionSchema>;

export const PageDefinitionSchema = Type.Object({
  /** Stable name: lower-case letters, digits and dashes. */
  name: text({ pattern: IDENTIFIER }),
  /** Where the page is served, below the base path: '/' or '/something', optionally ending in '/:recordId'. */
  path: text({ pattern: PAGE_PATH }),
  seo: Type.Object({
    pageTitle: text({ max: 300, required: true }),
    description: text({ max: 1_000, default: '' }),
    customHeadTags: text({ max: 20_000, default: '' }),
  }),
  sections: Type.Array(SectionSchema),
  /**
   * Texts in other languages, by language (e.g. 'de_DE'): keys are 'seo.pageTitle',
   * 'seo.description', 'seo.customHeadTags', or '<componentId>.<setting path>' such as
   * 'page-heading.text' or 'literature-grid.paginator.label'.
   */
  translations: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), text({ max: 20_000 })))),
});
export type PageDefinition = Static<typeof PageDefinitionSchema>;

/** Every grid of a page definition, in page order. */
export function gridsOf(page: PageDefinition) {
  return page.sections.flatMap((section) =>
    section.columns.flatMap((column) => column.components.flatMap((component) => (component.type === 'collectionGrid' ? [component] : []))),
  );
}
