/**
 * A page as data (DESIGN "server-rendered React site"): sections hold columns on a 12-unit grid,
 * columns hold configured components (spec §2.1). Operators change a page by changing this data.
 */
import type { LinkTarget } from '../components/link-target';

export interface PageDefinition {
  /** Stable name of the page, used in routes and logs. */
  name: string;
  seo: { pageTitle: string; description: string };
  sections: SectionDefinition[];
}

export interface SectionDefinition {
  id: string;
  columns: ColumnDefinition[];
}

export interface ColumnDefinition {
  name: string;
  /** Units of the 12-unit grid. */
  width: number;
  components: ComponentDefinition[];
}

export type ComponentDefinition = RichTextHeadingDefinition | CollectionGridDefinition;

export type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export interface RichTextHeadingDefinition {
  type: 'richTextHeading';
  id: string;
  settings: { tag: HeadingTag; bold: boolean; fontSize: string; text: string };
}

export type Spacing = 'x-large' | 'large' | 'medium' | 'small' | 'xx-small' | 'none';

export interface CardSettings {
  imagePosition: 'left' | 'right';
  /** Share of the card's width the image takes, in percent. */
  imageWidthPercent: number;
  imageFit: 'contain' | 'cover';
  imageFocus: string;
  borderWidth: string;
  borderColour: string;
  borderRadius: string;
  primaryButton: { label: string; show: boolean };
  secondaryButton: { label: string; show: boolean; target: LinkTarget | null };
}

export interface CollectionGridDefinition {
  type: 'collectionGrid';
  id: string;
  settings: {
    /** Content key of the collection (spec §7.1 {key}). */
    collectionKey: string;
    pageSize: number;
    columns: number;
    spacing: Spacing;
    centered: boolean;
    widthPercent: number;
    showBorder: boolean;
    paginator: { variant: 'showmore'; label: string; style: 'secondary' | 'primary' };
    card: CardSettings;
  };
}
