import { describe, expect, it } from 'vitest';
import type { Topic } from '../../shared/topics';
import { facetsViewOf, FIELD_CHOICES, readSelection, selectionAddress } from './facet-view';

const topic = (slug: string, facet: string, position: number): Topic => ({ slug, facet, position, labels: { en_US: slug.toUpperCase() } });
const TAXONOMY = [topic('ald', 'process', 0), topic('cvd', 'process', 1), topic('hafnium', 'element', 2)];
const FIELDS = [
  { name: 'element', label: 'Element (field)' },
  { name: 'form', label: 'Physical form' },
];
const PLACE = { pagePath: '/', language: 'en_US', languages: { active: ['en_US', 'de_DE'], default: 'en_US' }, basePath: '' };

describe('readSelection', () => {
  it('groups topics by their facet and a field named as a taxonomy facet apart from it (AND, not OR)', () => {
    const { selection, chosen } = readSelection({ topic: ['hafnium', 'cvd', 'ald', 'nope'], element: ['Hf'] }, TAXONOMY, FIELDS, null);
    expect(selection).toEqual([
      { facet: 'topics-process', keys: ['topic:ald', 'topic:cvd'] },
      { facet: 'topics-element', keys: ['topic:hafnium'] },
      { facet: 'element', keys: ['element:hf'] },
    ]);
    expect(chosen).toBe(true);
    // A topic page's own topic is no choice of the visitor's.
    expect(readSelection({ topic: ['ald'] }, TAXONOMY, FIELDS, TAXONOMY[0]!).chosen).toBe(false);
  });
});

describe('selectionAddress', () => {
  it('is at the first topic’s page, the query first, then the other topics and the fields’ values', () => {
    const { selection } = readSelection({ topic: ['hafnium', 'cvd'], form: ['Liquid'] }, TAXONOMY, FIELDS, null);
    expect(selectionAddress(selection, 'tma', TAXONOMY, PLACE)).toEqual({
      href: '/topics/cvd?q=tma&topic=hafnium&form=liquid',
      search: 'q=tma&topic=hafnium&form=liquid',
    });
    expect(selectionAddress(selection, '', TAXONOMY, { ...PLACE, language: 'de_DE' }).href).toBe('/de-DE/topics/cvd?topic=hafnium&form=liquid');
    expect(selectionAddress([], '', TAXONOMY, PLACE).href).toBe('/');
  });
});

describe('facetsViewOf', () => {
  it('links each choice to the selection with it made or unmade, leaves out what would give nothing, and shows a field’s most common values', () => {
    const values = Array.from({ length: FIELD_CHOICES + 5 }, (_, index) => `Form ${index}`);
    const counts = {
      choices: [...values.map((label) => ({ key: `form:${label.toLowerCase()}`, label })), { key: 'topic:ald', label: 'ald' }],
      counts: new Map<string, number>([
        ...values.map((label, index): [string, number] => [`form:${label.toLowerCase()}`, index + 1]),
        ['topic:ald', 4],
        ['topic:cvd', 0],
      ]),
      atLeast: new Set(['topic:ald']),
    };
    const { selection } = readSelection({ topic: ['hafnium'] }, TAXONOMY, FIELDS, TAXONOMY[2]!);
    const view = facetsViewOf(counts, { selection, query: '', taxonomy: TAXONOMY, fields: FIELDS, open: false }, PLACE);
    const process = view.facets.find((facet) => facet.facet === 'topics-process')!;
    // CVD would give nothing: left out. ALD joins Hafnium (a combination: not followed by crawlers).
    expect(process.choices).toEqual([
      { key: 'topic:ald', label: 'ALD', count: 4, atLeast: true, href: '/topics/ald?topic=hafnium', chosen: false, combination: true },
    ]);
    const element = view.facets.find((facet) => facet.facet === 'topics-element')!;
    // The chosen topic unmade: the page itself.
    expect(element.choices[0]).toMatchObject({ key: 'topic:hafnium', chosen: true, href: '/', combination: false });
    const forms = view.facets.find((facet) => facet.facet === 'form')!;
    expect(forms.choices).toHaveLength(FIELD_CHOICES);
    expect(forms.choices[0]).toMatchObject({ label: `Form ${FIELD_CHOICES + 4}`, count: FIELD_CHOICES + 5 });
    expect(view).toMatchObject({ chosen: 1, open: false, action: '/topics/hafnium', kept: [] });
  });
});
