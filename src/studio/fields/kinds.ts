/** How the studio names each kind of field (docs/content-model.md), in the field list and the add form alike. */
import type { FieldKind } from '../../content-model/definition';

export const KIND_NAMES: Record<FieldKind, string> = {
  text: 'Text (one line)',
  'long-text': 'Long text',
  'rich-text': 'Rich text',
  link: 'Link',
  image: 'Image',
  'document-set': 'Documents',
  identifier: 'Identifier (a CAS number or a code)',
  formula: 'Chemical formula',
  number: 'Number with a unit',
  date: 'Date',
  topics: 'Topics',
};
