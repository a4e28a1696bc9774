import { describe, expect, it } from 'vitest';
import type { SheetState } from '../../sheet/shape';
import type { Topic } from '../../shared/topics';
import { shownValue } from '../common/field-names';
import { facetsOf, withTopics } from './topics';

const TAXONOMY: Topic[] = [
  { slug: 'aluminum', facet: 'element', position: 0, labels: { en_US: 'Aluminum', de_DE: 'Aluminium' } },
  { slug: 'cvd', facet: 'process', position: 1, labels: { en_US: 'CVD' } },
  { slug: 'zinc', facet: 'element', position: 2, labels: { de_DE: 'Zink' } },
];

describe('facetsOf', () => {
  it('groups the taxonomy by facet, a facet where its first topic is, each named in English or else in a language it has', () => {
    expect(facetsOf(TAXONOMY, ['cvd'])).toEqual([
      {
        name: 'Element',
        topics: [
          { slug: 'aluminum', label: 'Aluminum' },
          { slug: 'zinc', label: 'Zink' },
        ],
      },
      { name: 'Process', topics: [{ slug: 'cvd', label: 'CVD' }] },
    ]);
  });

  it('keeps the draft’s topics the site does not have under Other, so none is lost unseen', () => {
    const facets = facetsOf(TAXONOMY, ['plutonium', 'cvd', 'sputtering']);
    expect(facets.at(-1)).toMatchObject({
      name: 'Other',
      topics: [
        { slug: 'plutonium', label: 'plutonium' },
        { slug: 'sputtering', label: 'sputtering' },
      ],
    });
    expect(facets.at(-1)?.hint).toMatch(/cannot be saved/);
    // Slugs listed once stay shown (unticked) when the draft no longer lists them.
    expect(facetsOf(TAXONOMY, ['cvd', 'plutonium', 'plutonium']).at(-1)?.topics).toEqual([{ slug: 'plutonium', label: 'plutonium' }]);
  });
});

describe('withTopics', () => {
  const state = { id: 'x', topics: ['cvd'] } as unknown as SheetState;

  it('sets the list, and leaves out an empty one as the published state does', () => {
    expect(withTopics(state, ['cvd', 'zinc']).topics).toEqual(['cvd', 'zinc']);
    expect(withTopics(state, [])).toEqual({ id: 'x' });
    expect(state.topics).toEqual(['cvd']);
  });

  it('is shown as a list in a conflict or a history', () => {
    expect(shownValue(['cvd', 'zinc'])).toBe('cvd, zinc');
    expect(shownValue([])).toBe('(none)');
  });
});
