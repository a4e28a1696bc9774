/**
 * The facet index against a brute-force reading of the same entries: for any entries and any
 * selection, the selection keeps exactly the entries having a choice of every group, in
 * collection order, and each choice's count is what choosing it would give.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FacetIndex, FacetIndexBuilder, type FacetRow } from './facet-index';
import type { Group } from './facets';

const KEYS = ['process:ald', 'process:cvd', 'kind:precursor', 'kind:equipment', 'form:liquid', 'form:solid', 'form:gas'];
const facetOf = (key: string) => key.slice(0, key.indexOf(':'));

const rows = fc
  .uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 500 }), rank: fc.integer({ min: 0, max: 50 }), keys: fc.subarray(KEYS) }), {
    selector: (row) => row.id,
    maxLength: 40,
  })
  .map((entries): FacetRow[] =>
    entries.map(({ id, rank, keys }) => ({ id, contentId: `sheet-${id % 7}`, rank, choices: keys.map((key) => ({ key, label: key })) })),
  );

const selections = fc.subarray(KEYS).map((keys): Group[] => {
  const groups = new Map<string, string[]>();
  for (const key of keys) groups.set(facetOf(key), [...(groups.get(facetOf(key)) ?? []), key]);
  return [...groups].map(([facet, grouped]) => ({ facet, keys: grouped }));
});

/** Whether an entry has a choice of every group. */
const keeps = (row: FacetRow, groups: Group[]) => groups.every((group) => group.keys.some((key) => row.choices.some((choice) => choice.key === key)));

describe('FacetIndex', () => {
  it('keeps what has a choice of every group, in collection order, and counts what each choice would give', () => {
    fc.assert(
      fc.property(rows, selections, (entries, groups) => {
        const index = FacetIndex.of(entries);
        const ordered = [...entries].sort((a, b) => a.rank - b.rank || a.id - b.id);
        const kept = ordered.filter((row) => keeps(row, groups)).map((row) => row.id);
        expect(index.select(groups, 0, 1_000)).toEqual({ total: kept.length, ids: kept });
        expect(index.select(groups, 2, 3)).toEqual({ total: kept.length, ids: kept.slice(2, 5) });
        // Counted from memory, and from the sets a query's matches would be (here: every entry).
        const sets = {
          // An id the index does not hold (a match made after it) counts for nothing.
          all: [...kept, 1_000],
          without: groups.map((_, left) =>
            entries
              .filter((row) =>
                keeps(
                  row,
                  groups.filter((__, group) => group !== left),
                ),
              )
              .map((row) => row.id),
          ),
        };
        for (const counts of [index.count(groups, facetOf), index.countIn(sets, groups, facetOf)]) {
          for (const key of new Set(entries.flatMap((row) => row.choices.map((choice) => choice.key)))) {
            // Choosing a key: in its facet's group (OR), or a group of its own (AND).
            const chosen = groups.some((group) => group.facet === facetOf(key))
              ? groups.map((group) => (group.facet === facetOf(key) ? { ...group, keys: [key] } : group))
              : [...groups, { facet: facetOf(key), keys: [key] }];
            expect(counts.get(key), key).toBe(entries.filter((row) => keeps(row, chosen)).length);
          }
        }
      }),
    );
  });

  it('holds a store’s worth of entries, added in any order, as it holds a few', () => {
    const many: FacetRow[] = Array.from({ length: 3_000 }, (_, n) => ({
      id: 7_919 * (n + 1),
      contentId: `sheet-${n}`,
      rank: (n * 37) % 3_000,
      choices: [KEYS[n % KEYS.length]!, KEYS[(n * 3) % KEYS.length]!].map((key) => ({ key, label: key })),
    })).reverse();
    const index = FacetIndex.of(many);
    expect(index.size).toBe(3_000);
    const ordered = [...many].sort((a, b) => a.rank - b.rank || a.id - b.id).map((row) => row.id);
    expect(index.select([], 0, 3_000).ids).toEqual(ordered);
    const groups = [{ facet: 'form', keys: ['form:gas'] }];
    const kept = many.filter((row) => keeps(row, groups)).map((row) => row.id);
    expect(index.countIn({ all: kept, without: [many.map((row) => row.id)] }, groups, facetOf).get('process:ald')).toBe(
      many.filter((row) => keeps(row, [...groups, { facet: 'process', keys: ['process:ald'] }])).length,
    );
    expect(index.count([], facetOf).get('form:gas')).toBe(kept.length);
  });

  it('counts every entry’s choices when nothing is chosen, and keeps the label as the first sheet in collection order writes it', () => {
    const index = FacetIndex.of([
      { id: 2, contentId: 'b', rank: 1, choices: [{ key: 'form:liquid', label: 'Liquid' }] },
      { id: 1, contentId: 'a', rank: 1, choices: [{ key: 'form:liquid', label: 'liquid' }] },
      { id: 3, contentId: 'c', rank: 0, choices: [] },
    ]);
    expect(index.select([], 0, 10)).toEqual({ total: 3, ids: [3, 1, 2] });
    expect(index.count([], facetOf).get('form:liquid')).toBe(2);
    expect(index.choices).toEqual([{ key: 'form:liquid', label: 'liquid' }]);
  });

  it('made again without some sheets and with their new entries, is the index made afresh of the same entries', () => {
    const labelled = rows.map((entries) =>
      entries.map((row, n) => ({ ...row, choices: row.choices.map((choice) => ({ ...choice, label: `${choice.key}/${n % 2}` })) })),
    );
    fc.assert(
      fc.property(labelled, labelled, fc.subarray(['sheet-0', 'sheet-1', 'sheet-2', 'sheet-3', 'sheet-4', 'sheet-5', 'sheet-6']), (before, after, changed) => {
        const gone = new Set(changed);
        const builder = new FacetIndexBuilder();
        for (const row of before) builder.add(row);
        // The changed sheets' entries as they are now: new ids, as the store gives a remade entry.
        const remade = after.filter((row) => gone.has(row.contentId)).map((row) => ({ ...row, id: row.id + 1_000 }));
        const patched = builder.without(gone);
        for (const row of remade) patched.add(row);
        const fresh = FacetIndex.of([...before.filter((row) => !gone.has(row.contentId)), ...remade]);
        const made = patched.build();
        expect(made.choices).toEqual(fresh.choices);
        expect(made.select([], 0, 1_000)).toEqual(fresh.select([], 0, 1_000));
        expect(made.count([], facetOf)).toEqual(fresh.count([], facetOf));
      }),
    );
  });
});
