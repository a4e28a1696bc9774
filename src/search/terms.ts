/**
 * Words as search compares them (docs/search.md): text is normalised (NFKC, so Al(CH₃)₃ reads as
 * Al(CH3)3 and ligatures as their letters; lower case), cut into words of letters and digits, and
 * each word stemmed with the Snowball stemmer of its language, so "precursors" finds "precursor"
 * and "Präkursoren" finds "Präkursor". Indexing and querying use these same functions.
 */
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';

const STEMMERS: Record<string, (word: string) => string> = { en: english, de: german, fr: french };

/** The languages words are stemmed in (others are kept as they are). */
export const STEMMED_LANGUAGES = Object.keys(STEMMERS);

/** A word: letters and digits (a formula's parts, a CAS number's groups, a word with its accents). */
export const WORD = /[\p{L}\p{N}]+/gu;

export const normalize = (text: string): string => text.normalize('NFKC').toLowerCase();

/** The words of a text, normalised, in order. */
export const wordsOf = (text: string): string[] => normalize(text).match(WORD) ?? [];

/**
 * A code as one word: its letters and digits run together, so that it is found however it is
 * written apart (75-24-1 and 75241; Al(CH₃)₃ and AlCH33; LS-TMA-5N and LSTMA5N).
 */
export const compactOf = (text: string): string => wordsOf(text).join('');

/** The stemmer for a platform language code ('de_DE'); words of a language without one stay as they are. */
export function stemmerFor(language: string): (word: string) => string {
  const stem = STEMMERS[language.slice(0, 2).toLowerCase()];
  // Stemmers are for words: a number or a formula part (ch3) stays whole.
  return stem === undefined ? (word) => word : (word) => (/^\p{L}+$/u.test(word) ? stem(word) : word);
}

/** A text as the index keeps it: its words stemmed, joined by spaces. */
export function indexedTerms(text: string, language: string): string {
  const stem = stemmerFor(language);
  return wordsOf(text).map(stem).join(' ');
}
