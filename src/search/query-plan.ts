/**
 * A query as the index matches it: its words, each with its synonyms, stemmed; the last one
 * perhaps the start of a word still being typed. The query answers (search-query.ts) and the
 * passages that show why a sheet was found (passage.ts) both read it.
 */
import { expandWords, type SynonymStore } from './synonyms';
import { compactOf, normalize, wordsOf } from './terms';

/** Query words looked at, at most: a longer query is cut (a pasted paragraph is not a search). */
export const MAX_QUERY_WORDS = 12;

/**
 * A query's words as the index matches them: each word with its synonyms, each of those as the
 * words it is made of (a formula's parts, say) stemmed, and a word of parts also run together (an
 * identifier as the index holds it); the last word may be the start of one.
 */
export interface QueryPlan {
  /** Per query word: its variants, each a phrase of normalised words. */
  words: string[][][];
  /** The last query word, normalised, when it is a single word that may still be typed on. */
  prefix: string | null;
}

export async function planQuery(store: SynonymStore, query: string): Promise<QueryPlan> {
  const words = normalize(query)
    .split(/\s+/)
    .filter((word) => wordsOf(word).length > 0)
    .slice(0, MAX_QUERY_WORDS);
  const expanded = await expandWords(store, words);
  const last = words.at(-1);
  return {
    // A word of several parts (75-24-1) is also looked for as one (75241): an identifier's form in the index.
    words: expanded.map((variants, index) => {
      const phrases = variants.map(wordsOf);
      return wordsOf(words[index]!).length > 1 ? [...phrases, [compactOf(words[index]!)]] : phrases;
    }),
    // The last word, run together when it has parts (75-24 is the start of 75241).
    prefix: last !== undefined && !/\s$/.test(query) ? compactOf(last) : null,
  };
}
