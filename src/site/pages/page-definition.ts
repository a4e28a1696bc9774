/**
 * A page as data (DESIGN "server-rendered React site"; spec §2.1): sections hold columns on a
 * 12-unit grid, columns hold configured components. Operators change a page by editing its JSON
 * file in PAGES_DIR; validate-page.ts checks every value when the server starts.
 */
import type { ALIGNMENTS, COLUMN_PROPORTIONS, FORM_FACTORS, SPACING_OPTIONS, TEXT_STYLES } from '../../shared/constants';
import type { ComponentAction } from '../components/component-action';
import type { PageReference } from '../../shared/page-references';

/** Screen sizes (spec §2.1, §9): small = mobile, medium = tablet, large = desktop. */
export type FormFactor = (typeof FORM_FACTORS)[number];
export type Direction = 'row' | 'column';
/** spec §5.6: block alignment; anything else falls back to center. */
export type Alignment = (typeof ALIGNMENTS)[number];
/** spec §9: the first column's share of a two-column section. */
export type ColumnProportion = (typeof COLUMN_PROPORTIONS)[number];
export type Spacing = (typeof SPACING_OPTIONS)[number];
export type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
/** spec §9 text styles. */
export type TextStyle = (typeof TEXT_STYLES)[number];

export interface PageDefinition {
  /** Stable name: lower-case letters, digits and dashes. */
  name: string;
  /** Where the page is served, below the base path: '/' or '/something', optionally ending in '/:recordId'. */
  path: string;
  seo: { pageTitle: string; description: string; customHeadTags: string };
  sections: SectionDefinition[];
  /**
   * Texts in other languages, by language (e.g. 'de_DE'): keys are 'seo.pageTitle',
   * 'seo.description', 'seo.customHeadTags', or '<componentId>.<setting path>' such as
   * 'page-heading.text' or 'literature-grid.paginator.label'.
   */
  translations?: Record<string, Record<string, string>>;
}

export interface SectionBackground {
  /** A single image, or one per form factor (spec §3.3 "Section background image"). */
  url?: string;
  srcSet?: Partial<Record<FormFactor, string>>;
  altText?: string;
  /** CSS background-position, e.g. 'center center' or '50% 20%'. */
  position?: string;
  /** CSS background-size or -repeat keyword: 'cover', 'contain', 'repeat', 'no-repeat', … */
  sizeOrRepeat?: string;
  /** An overlay colour over the image, e.g. '#000000' or 'rgba(0, 0, 0, 0.4)'. */
  overlayColour?: string;
}

export interface SectionDefinition {
  id: string;
  /** Layout direction per screen size (spec §2.1); columns stack on small screens by default. */
  direction?: Partial<Record<FormFactor, Direction>>;
  /** For two-column sections: the first column's share (default 1:1, i.e. 50%). */
  proportion?: ColumnProportion;
  background?: SectionBackground;
  columns: ColumnDefinition[];
}

export interface ColumnDefinition {
  name: string;
  /** Units of the 12-unit grid (a new section has one column of 12). */
  width: number;
  alignment?: Alignment;
  /** The responsive wrapper: the screen sizes the column shows on (all when absent). */
  visibleOn?: FormFactor[];
  components: ComponentDefinition[];
}

export type ComponentDefinition = RichTextHeadingDefinition | RichTextDefinition | CollectionGridDefinition;

export interface RichTextHeadingDefinition {
  type: 'richTextHeading';
  id: string;
  settings: { tag: HeadingTag; bold: boolean; fontSize: string; text: string; alignment?: 'left' | 'center' | 'right' };
}

export interface RichTextDefinition {
  type: 'richText';
  id: string;
  /** HTML, sanitised when the page is loaded (spec §5.3 tokens are resolved then too). */
  settings: { html: string };
}

export interface ButtonSettings {
  label: string;
  show: boolean;
  style: 'primary' | 'secondary';
  target: PageReference | null;
}

export interface CardSettings {
  imagePosition: 'left' | 'right';
  /** Share of the card's width the image takes, in percent. */
  imageWidthPercent: number;
  imageFit: 'contain' | 'cover';
  imagePositionInFrame: string;
  borderWidth: string;
  borderColour: string;
  borderRadius: string;
  titleTag: HeadingTag;
  titleStyle: TextStyle;
  descriptionTag: HeadingTag;
  descriptionStyle: TextStyle;
  contentWidthPercent: number;
  contentPadding: Spacing;
  /** The primary button goes to the item's url; the secondary to its own target. */
  primaryButton: Omit<ButtonSettings, 'target'>;
  secondaryButton: ButtonSettings;
  buttonGroup: { widthPercent: number; heightPx: number; direction: Direction; spacing: 'space-evenly' | 'space-between' | 'center' };
  /** Optional rich text under the description, with `{!Item.field}` bound to each item (spec §5.3). */
  detailsHtml?: string;
}

export interface PaginatorSettings {
  variant: 'showmore' | 'standard';
  label: string;
  style: 'primary' | 'secondary';
}

/** Inputs of a component that reads CMS data (spec §5.5, §8). */
export interface CmsInput {
  channelOrSiteId: string;
  collectionKeyOrId: string;
}

export interface CollectionGridDefinition {
  type: 'collectionGrid';
  id: string;
  input: CmsInput;
  settings: {
    pageSize: number;
    columns: number;
    spacing: Spacing;
    centered: boolean;
    widthPercent: number;
    showBorder: boolean;
    /** Render the first pages on the server (true), or load them in the browser. */
    preload: boolean;
    /** spec §2.3: smooth-scroll to the first appended item (off on the literature page). */
    autoScroll: boolean;
    sortBy?: string;
    sortOrder?: 'Ascending' | 'Descending';
    emptyState: { enabled: boolean; message: string };
    errorState: { enabled: boolean; message: string; action: ComponentAction };
    paginator: PaginatorSettings | null;
    card: CardSettings;
  };
}
