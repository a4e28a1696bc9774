import { describe, expect, it } from 'vitest';
import { readContentType, storedFieldsOf, type ContentType } from './definition';
import { LITERATURE_SHEET_DEFINITION } from './literature-sheet';
import { problemLine } from '../shared/problems';

describe('readContentType', () => {
  it('refuses names JavaScript keeps, and names of the sheet’s own CSV columns', () => {
    const named = (name: string) => ({
      ...LITERATURE_SHEET_DEFINITION,
      fields: [...LITERATURE_SHEET_DEFINITION.fields, { ...LITERATURE_SHEET_DEFINITION.fields[6]!, name }],
    });
    expect(readContentType(named('toString'), 'en_US')).toEqual({
      problems: [{ field: 'fields[11].name', message: '"toString" is a name JavaScript keeps for itself; choose another' }],
    });
    expect(readContentType(named('image_alt'), 'en_US')).toEqual({
      problems: [{ field: 'fields[11].name', message: '"image_alt" is the name of a column the sheet\'s CSV has already; choose another' }],
    });
    expect(readContentType(named('product_code'), 'en_US')).toEqual({
      problems: [{ field: 'fields[11].name', message: '"product_code" is the name of another field (names are compared without case or _)' }],
    });
  });

  it('refuses a facet named as a parameter of the page’s own (q, page, topic)', () => {
    const facet = (name: string) => ({
      ...LITERATURE_SHEET_DEFINITION,
      fields: [
        ...LITERATURE_SHEET_DEFINITION.fields,
        { ...LITERATURE_SHEET_DEFINITION.fields[6]!, name, shows: { ...LITERATURE_SHEET_DEFINITION.fields[6]!.shows, facet: true } },
      ],
    });
    expect(readContentType(facet('page'), 'en_US')).toEqual({
      problems: [
        { field: 'fields[11].shows.facet', message: 'a facet is chosen by a parameter of its name in the page\'s address, and "page" is the page\'s own' },
      ],
    });
    expect(readContentType(facet('grade'), 'en_US')).toMatchObject({ type: expect.anything() });
  });

  it('reads the literature sheet’s definition as it is', () => {
    expect(readContentType(LITERATURE_SHEET_DEFINITION, 'en_US')).toEqual({ type: LITERATURE_SHEET_DEFINITION });
  });

  it('reads the form the store keeps, the platform’s label and node type beside the rest of each field', () => {
    const stored = storedFieldsOf(LITERATURE_SHEET_DEFINITION, 'de_DE');
    expect(stored.Title).toMatchObject({ label: 'Titel', nodeType: 'NameField', kind: 'text' });
    expect(stored.casNumbers).toMatchObject({ label: 'CAS-Nummer', nodeType: 'Text', multiple: true });
    expect(Object.keys(stored)).toEqual(LITERATURE_SHEET_DEFINITION.fields.map((field) => field.name));
    expect(readContentType({ ...LITERATURE_SHEET_DEFINITION, fields: JSON.parse(JSON.stringify(stored)) }, 'en_US')).toEqual({
      type: LITERATURE_SHEET_DEFINITION,
    });
  });

  it('reads the platform’s fields (a label and a node type each) with defaults', () => {
    const platform = {
      fullyQualifiedName: 'literature_sheet',
      name: 'Literature Sheet',
      fields: {
        Title: { label: 'Title', nodeType: 'NameField' },
        description: { label: 'Description', nodeType: 'MultilineText' },
        url: { label: 'URL', nodeType: 'Url' },
        image: { label: 'Image', nodeType: 'Media' },
      },
    };
    const read = readContentType(platform, 'en_US');
    if (!('type' in read)) throw new Error(read.problems.map(problemLine).join('\n'));
    expect(read.type.fields.map(({ name, kind, perLanguage, required, shows }) => ({ name, kind, perLanguage, required, shows }))).toEqual([
      { name: 'Title', kind: 'text', perLanguage: true, required: true, shows: { card: true, page: true, search: 3, facet: false } },
      { name: 'description', kind: 'long-text', perLanguage: true, required: false, shows: { card: false, page: true, search: 1, facet: false } },
      { name: 'url', kind: 'link', perLanguage: true, required: false, shows: { card: false, page: true, search: 0, facet: false } },
      { name: 'image', kind: 'image', perLanguage: false, required: false, shows: { card: false, page: true, search: 0, facet: false } },
    ]);
    expect(read.type.fields[1]!.labels).toEqual({ en_US: 'Description' });
  });

  it('fills in what a definition leaves out', () => {
    const read = readContentType(
      { fullyQualifiedName: 'brochure', name: 'Brochure', fields: [{ name: 'lead', labels: { en_US: 'Lead' }, kind: 'long-text' }] },
      'en_US',
    );
    expect(read).toEqual({
      type: {
        fullyQualifiedName: 'brochure',
        name: 'Brochure',
        fields: [
          {
            name: 'lead',
            labels: { en_US: 'Lead' },
            kind: 'long-text',
            perLanguage: true,
            required: false,
            multiple: false,
            limits: {},
            shows: { card: false, page: true, search: 1, facet: false },
            retired: false,
          },
        ],
      },
    });
  });

  it('names every problem at once, with its place', () => {
    const broken = structuredClone(LITERATURE_SHEET_DEFINITION) as unknown as { fields: Array<Record<string, unknown>> } & ContentType;
    broken.fields.push({ ...broken.fields[0]!, name: 'title' });
    (broken.fields[5] as { kind: string }).kind = 'colour';
    (broken.fields[6] as { limits: object }).limits = { unit: 'kg' };
    (broken.fields[1] as { labels: object }).labels = { english: 'Description' };
    delete (broken.fields[9] as { limits: { identifier?: string } }).limits.identifier;
    const read = readContentType(broken, 'en_US');
    expect('problems' in read && read.problems.map(problemLine)).toEqual([
      'fields[1].labels: has names it does not accept: english',
      'fields[5].kind: must be one of text, long-text, rich-text, link, image, document-set, identifier, formula, number, date, topics',
      'fields[6].limits.unit: only a number has a unit',
      'fields[9].limits.identifier: an identifier field says what it identifies: cas or code',
      'fields[11].name: "title" is the name of another field (names are compared without case or _)',
    ]);
  });
});
