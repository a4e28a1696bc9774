/**
 * The content types the site ships with, as the store keeps them: the literature sheet its pages
 * show (defined in content-model/literature-sheet.ts) and the platform's image type its sheets
 * refer to. The demo seed, the CSV import and the migrations create them.
 */
import { storedFieldsOf, type StoredField } from '../content-model/definition';
import { LITERATURE_SHEET_DEFINITION } from '../content-model/literature-sheet';
import { IMAGE_CONTENT_TYPE, LITERATURE_CONTENT_TYPE } from '../shared/constants';

export { LITERATURE_CONTENT_TYPE };

export interface ContentTypeDefinition {
  fullyQualifiedName: string;
  name: string;
  fields: Record<string, StoredField>;
}

/** The language a shipped type's labels are kept in for the platform's metadata. */
export const LABEL_LANGUAGE = 'en_US';

export const LITERATURE_SHEET_TYPE: ContentTypeDefinition = {
  fullyQualifiedName: LITERATURE_CONTENT_TYPE,
  name: LITERATURE_SHEET_DEFINITION.name,
  fields: storedFieldsOf(LITERATURE_SHEET_DEFINITION, LABEL_LANGUAGE),
};

export const IMAGE_TYPE: ContentTypeDefinition = {
  fullyQualifiedName: IMAGE_CONTENT_TYPE,
  name: 'Image',
  fields: {
    title: { label: 'Title', nodeType: 'NameField' },
    altText: { label: 'Alternative Text', nodeType: 'Text' },
  },
};
