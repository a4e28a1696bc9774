/**
 * A query as the index matches it: its words, each with its synonyms, stemmed; the last one
 * perhaps the start of a word still being typed. The query answers (search-query.ts) and the
 * passages that show why a sheet was found (passage.ts) both read it.
 */
import { expandWords, type SynonymStore } from './synonyms';
import { normalize, wordsOf } from './terms';

/** Query words looked at, at most: a longer query is cut (a pasted paragraph is not a search). */
export const MAX_QUERY_WORDS = 12;

/**
 * A query's words as the index matches them: each word with its synonyms, each of those as the
 * words it is made of (a formula's parts, say) stemmed; the last word may be the start of one.
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
    words: expanded.map((variants) => variants.map(wordsOf)),
    prefix: last !== undefined && wordsOf(last).length === 1 && !/\s$/.test(query) ? wordsOf(last)[0]! : null,
  };
}
