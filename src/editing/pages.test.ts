/** A page's settings as the studio edits them: the grid's search field, on a page stored before the setting existed too. */
import { describe, expect, it } from 'vitest';
import { LITERATURE_PAGE } from '../../tests/helpers/pages';
import type { CollectionGridDefinition, PageDefinition } from '../page-model/page-definition';
import { EditingError } from './editable';
import { searchableOf, withSettings } from './pages';

const gridOf = (page: PageDefinition) => page.sections[1]!.columns[0]!.components[0] as CollectionGridDefinition;

/** The literature page as a store seeded before `searchable` existed keeps it: without the setting. */
function storedBeforeSearch(): PageDefinition {
  const page = structuredClone(LITERATURE_PAGE);
  delete (gridOf(page).settings as Partial<CollectionGridDefinition['settings']>).searchable;
  return page;
}

describe('the grid’s search field', () => {
  it('reads as off on a page stored without the setting, and is switched on in a copy, nothing else changed', () => {
    const before = storedBeforeSearch();
    expect(searchableOf(before)).toBe(false);
    const after = withSettings(before, { searchable: true });
    expect(searchableOf(after)).toBe(true);
    expect(searchableOf(before)).toBe(false);
    expect({ ...gridOf(after).settings, searchable: undefined }).toEqual({ ...gridOf(before).settings, searchable: undefined });
    expect(after.seo).toEqual(before.seo);
    expect(searchableOf(withSettings(after, { searchable: false }))).toBe(false);
  });

  it('leaves the setting as it is when not named', () => {
    expect(searchableOf(withSettings(LITERATURE_PAGE, { heading: 'Another heading' }))).toBe(true);
  });

  it('is none on a page without a grid, and refused there', () => {
    const page: PageDefinition = { ...structuredClone(LITERATURE_PAGE), sections: [LITERATURE_PAGE.sections[0]!] };
    expect(searchableOf(page)).toBeNull();
    expect(() => withSettings(page, { searchable: true })).toThrow(EditingError);
  });
});
