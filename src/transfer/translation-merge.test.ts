/**
 * A translated file's texts merged three ways, by field, as the studio merges drafts: the file's
 * change where only it changed a text, the draft's where only the studio did, a conflict where
 * both did; without a known base, every text the draft has that the file changes is a conflict.
 */
import { describe, expect, it } from 'vitest';
import { mergeTranslations, type MergeCandidate } from './translation-merge';

const candidate = (field: string, base: string | null | undefined, ours: string | null, theirs: string): MergeCandidate => ({
  unit: `u.${field}`,
  id: `sheet.0MC000000000001AAA.${field}`,
  place: { kind: 'sheet', target: '0MC000000000001AAA', field },
  label: 'Silane',
  base,
  ours,
  theirs,
});

describe('merging a translated file', () => {
  it('takes the file’s change, keeps the studio’s, and asks where both changed a text', () => {
    const merged = mergeTranslations([
      candidate('title', 'Silan', 'Silan', 'Monosilan'),
      candidate('description', 'Alt', 'Neu (Studio)', 'Alt'),
      candidate('imageAlt', 'Flasche', 'Gasflasche', 'Zylinder'),
      candidate('extra.form', 'Gas', 'Gas', 'Gas'),
      candidate('extra.note', null, null, 'Neu'),
    ]);
    expect(merged.changes.map((change) => [change.field, change.before, change.after])).toEqual([
      ['title', 'Silan', 'Monosilan'],
      ['extra.note', null, 'Neu'],
    ]);
    expect(merged.conflicts).toEqual([
      expect.objectContaining({ unit: 'sheet.0MC000000000001AAA.imageAlt', exported: 'Flasche', exportKnown: true, ours: 'Gasflasche', theirs: 'Zylinder' }),
    ]);
    expect([merged.unchanged, merged.kept]).toEqual([1, 1]);
  });

  it('takes a text a tool only trimmed, or whose line ends it changed, as unchanged', () => {
    const merged = mergeTranslations([candidate('title', 'Silan', 'Silan', ' Silan\r\n'), candidate('description', 'A\nB', 'A\nB (Studio)', 'A\r\nB')]);
    expect([merged.changes, merged.conflicts, merged.unchanged, merged.kept]).toEqual([[], [], 1, 1]);
  });

  it('without a known base, asks for every text the draft has that the file changes; takes the rest', () => {
    const merged = mergeTranslations([candidate('title', undefined, 'Silan', 'Monosilan'), candidate('description', undefined, null, 'Neu')]);
    expect(merged.conflicts).toEqual([expect.objectContaining({ field: 'title', exported: null, exportKnown: false, ours: 'Silan', theirs: 'Monosilan' })]);
    expect(merged.changes.map((change) => change.field)).toEqual(['description']);
  });
});
