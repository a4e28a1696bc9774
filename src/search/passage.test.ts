import { describe, expect, it } from 'vitest';
import { passageIn, passageOf, PASSAGE_WORDS } from './passage';
import type { QueryPlan } from './query-plan';

const plan = (words: string[], prefix: string | null = null): QueryPlan => ({ words: words.map((word) => [[word]]), prefix });
const text = (parts: { text: string }[]) => parts.map((part) => part.text).join('');
const marks = (parts: { text: string; mark: boolean }[]) => parts.filter((part) => part.mark).map((part) => part.text);

describe('passageOf', () => {
  const long = `${Array.from({ length: 60 }, (_, index) => `w${index}`).join(' ')} precursors deposit films. ${Array.from({ length: 60 }, (_, index) => `v${index}`).join(' ')}`;

  it('shows the words around the match, the match a few words in, cut with ellipses', () => {
    const passage = passageOf(long, plan(['precursor']), ['en_US']);
    expect(marks(passage)).toEqual(['precursors']);
    expect(text(passage)).toMatch(/^… w52 w53 /);
    expect(text(passage).endsWith(' …')).toBe(true);
    expect(
      text(passage)
        .split(/\s+/)
        .filter((word) => /\w/.test(word)),
    ).toHaveLength(PASSAGE_WORDS);
  });

  it('marks words by their stem in either language, and the start of the word being typed', () => {
    const passage = passageOf('Die Legierungen und Präkursoren der Abscheidung.', plan(['legierung'], 'abschei'), ['de_DE', 'en_US']);
    expect(marks(passage)).toEqual(['Legierungen', 'Abscheidung']);
    expect(text(passage)).toBe('Die Legierungen und Präkursoren der Abscheidung.');
  });

  it('prefers the text that has a match', () => {
    expect(marks(passageIn(['nothing here', 'a vapour source'], plan(['vapour']), ['en_US']))).toEqual(['vapour']);
    expect(text(passageIn(['', 'only this'], plan(['x']), ['en_US']))).toBe('only this');
    expect(passageIn(['', ''], plan(['x']), ['en_US'])).toEqual([]);
  });
});

describe('passageOf in a long text', () => {
  const filler = (count: number, word: string) => Array.from({ length: count }, (_, index) => `${word}${index}`).join(' ');

  it('shows the densest stretch of matches, wherever it is, with the words around it', () => {
    const sample = `${filler(2000, 'a')} one précurseur here. ${filler(3000, 'b')} Précurseurs et précurseur réunis. ${filler(500, 'c')}`;
    const passage = passageOf(sample, plan(['précurseur']), ['fr_FR']);
    expect(marks(passage)).toEqual(['Précurseurs', 'précurseur']);
    expect(text(passage)).toMatch(/^… b2992 b2993 .* réunis\. c0 .* …$/);
  });

  it('finds the densest stretch of words that start with different letters', () => {
    const sample = `${filler(300, 'a')} zinc alone. ${filler(300, 'b')} Alumina on zinc, zinc under alumina. ${filler(300, 'c')} alumina alone.`;
    const passage = passageOf(sample, plan(['zinc', 'alumina']), ['en_US']);
    expect(marks(passage)).toEqual(['Alumina', 'zinc', 'zinc', 'alumina']);
    expect(text(passage)).toMatch(/^… b292 .* alumina\. c0 .* …$/);
  });

  it('marks a word whose first letter is accented when the stem is not', () => {
    expect(marks(passageOf('Die Ärzte und die Arztpraxis.', plan(['arzte']), ['de_DE']))).toEqual(['Ärzte']);
  });
});
