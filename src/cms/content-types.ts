/**
 * The content types the site ships with: the literature sheet its pages show, and the platform's
 * image type its sheets refer to. The demo seed, the CSV import and the migration all create them.
 */
import { IMAGE_CONTENT_TYPE } from '../shared/constants';

export interface ContentTypeDefinition {
  fullyQualifiedName: string;
  name: string;
  fields: Record<string, { label: string; nodeType: string }>;
}

export const LITERATURE_CONTENT_TYPE = 'literature_sheet';

export const LITERATURE_SHEET_TYPE: ContentTypeDefinition = {
  fullyQualifiedName: LITERATURE_CONTENT_TYPE,
  name: 'Literature Sheet',
  fields: {
    Title: { label: 'Title', nodeType: 'NameField' },
    description: { label: 'Description', nodeType: 'MultilineText' },
    url: { label: 'URL', nodeType: 'Url' },
    image: { label: 'Image', nodeType: 'Media' },
  },
};

export const IMAGE_TYPE: ContentTypeDefinition = {
  fullyQualifiedName: IMAGE_CONTENT_TYPE,
  name: 'Image',
  fields: {
    title: { label: 'Title', nodeType: 'NameField' },
    altText: { label: 'Alternative Text', nodeType: 'Text' },
  },
};
