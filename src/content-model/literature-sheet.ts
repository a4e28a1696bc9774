/**
 * The literature sheet as data (issue 35): the fields the demo's type is seeded with. The first four
 * are those a sheet has always had (spec §3.1); the rest are what buyers of CVD and ALD precursors
 * look a data sheet up by.
 */
import { LITERATURE_CONTENT_TYPE } from '../shared/constants';
import type { ContentType, Field } from './definition';

type FieldChoices = Pick<Field, 'name' | 'kind' | 'labels'> & Partial<Omit<Field, 'name' | 'kind' | 'labels' | 'shows'>> & { shows?: Partial<Field['shows']> };

const field = ({ shows, limits, ...choices }: FieldChoices): Field => ({
  perLanguage: false,
  required: false,
  multiple: false,
  retired: false,
  ...choices,
  limits: { ...limits },
  shows: { card: false, page: true, search: 1, facet: false, ...shows },
});

export const LITERATURE_SHEET_DEFINITION: ContentType = {
  fullyQualifiedName: LITERATURE_CONTENT_TYPE,
  name: 'Literature Sheet',
  fields: [
    field({ name: 'Title', kind: 'text', labels: { en_US: 'Title', de_DE: 'Titel' }, perLanguage: true, required: true, shows: { card: true, search: 3 } }),
    field({ name: 'description', kind: 'long-text', labels: { en_US: 'Description', de_DE: 'Beschreibung' }, perLanguage: true, shows: { card: true } }),
    field({ name: 'url', kind: 'link', labels: { en_US: 'Link', de_DE: 'Link' }, perLanguage: true, shows: { card: true, page: false, search: 0 } }),
    field({ name: 'image', kind: 'image', labels: { en_US: 'Image', de_DE: 'Bild' }, shows: { card: true, search: 0 } }),
    field({
      name: 'casNumbers',
      kind: 'identifier',
      labels: { en_US: 'CAS number', de_DE: 'CAS-Nummer' },
      multiple: true,
      limits: { identifier: 'cas' },
      shows: { search: 3 },
    }),
    field({ name: 'formula', kind: 'formula', labels: { en_US: 'Formula', de_DE: 'Summenformel' }, shows: { search: 3 } }),
    field({ name: 'purity', kind: 'text', labels: { en_US: 'Purity', de_DE: 'Reinheit' }, limits: { maxLength: 100 }, shows: { facet: true } }),
    field({
      name: 'form',
      kind: 'text',
      labels: { en_US: 'Physical form', de_DE: 'Form' },
      perLanguage: true,
      limits: { maxLength: 100 },
      shows: { facet: true },
    }),
    field({ name: 'packageSizes', kind: 'text', labels: { en_US: 'Package sizes', de_DE: 'Gebinde' }, multiple: true, limits: { maxLength: 100 } }),
    field({
      name: 'productCode',
      kind: 'identifier',
      labels: { en_US: 'Product code', de_DE: 'Artikelnummer' },
      limits: { identifier: 'code' },
      shows: { search: 3 },
    }),
    field({ name: 'documents', kind: 'document-set', labels: { en_US: 'Documents', de_DE: 'Dokumente' }, shows: { search: 1 } }),
  ],
};
