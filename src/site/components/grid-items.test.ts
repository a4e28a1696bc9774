import { describe, expect, it } from 'vitest';
import type { CollectionItem } from '../../shared/delivery-types';
import { appendUniqueItems, isServerItem, toGridItems } from './grid-items';

const item = (id: string): CollectionItem => ({
  id,
  name: id,
  contentType: { fullyQualifiedName: 'literature_sheet', name: 'Literature Sheet' },
  language: 'en_US',
  body: { contentKey: `MC${id}`, urlName: id, title: id, publishedDate: '2026-01-01T00:00:00.000Z', contentBody: {} },
});

describe('toGridItems', () => {
  it('keys items by id and numbers them from the given index', () => {
    expect(toGridItems([item('a'), item('b')], 3).map(({ key, id, index }) => ({ key, id, index }))).toEqual([
      { key: 'a', id: 'a', index: 3 },
      { key: 'b', id: 'b', index: 4 },
    ]);
  });

  it('keeps a copy of the item as data', () => {
    const source = item('a');
    expect(toGridItems([source])[0]?.data).toBe(source);
  });
});

describe('appendUniqueItems (spec §2.3, §4.1)', () => {
  it('adds new items after existing ones and reports the first new index', () => {
    const result = appendUniqueItems(toGridItems([item('a'), item('b')]), [item('c'), item('d')]);
    expect(result.items.map((entry) => entry.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(result.items.map((entry) => entry.index)).toEqual([0, 1, 2, 3]);
    expect(result.firstNewIndex).toBe(2);
  });

  it('drops items whose id is already shown, and duplicates within the new page', () => {
    const result = appendUniqueItems(toGridItems([item('a'), item('b')]), [item('b'), item('c'), item('c'), item('a'), item('d')]);
    expect(result.items.map((entry) => entry.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(result.firstNewIndex).toBe(2);
  });

  it('reports nothing new when every item is a duplicate', () => {
    const existing = toGridItems([item('a')]);
    const result = appendUniqueItems(existing, [item('a')]);
    expect(result.items).toBe(existing);
    expect(result.firstNewIndex).toBeNull();
  });
});

describe("appendUniqueItems after the server's markup", () => {
  it('drops an item the server already rendered and numbers new ones after it', () => {
    const shown = [{ key: 'a', id: 'a', index: 0, html: '<div>a</div>' }];
    const result = appendUniqueItems(shown, [item('a'), item('b')]);
    expect(result.items.map((entry) => [entry.id, entry.index, isServerItem(entry)])).toEqual([
      ['a', 0, true],
      ['b', 1, false],
    ]);
    expect(result.firstNewIndex).toBe(1);
  });
});
