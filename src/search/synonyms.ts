/**
 * Words that mean the same to a visitor (docs/search.md): groups of terms, each kept normalised
 * (terms.ts), so a query word finds what any word of its groups finds. A site adds its own products' names,
 * abbreviations and formulas (the demo seeds its sheets'). British and American spellings come
 * with the store (migration 013).
 */
import type { ContentStore } from '../cms/database';
import { normalize } from './terms';

/** Adds (or widens) synonym groups; a term already in the group stays once. */
export async function addSynonyms(db: ContentStore, groups: Record<string, string[]>): Promise<void> {
  const rows = Object.entries(groups).flatMap(([group, terms]) => [...new Set(terms.map(normalize))].map((term) => ({ group_name: group, term })));
  for (let start = 0; start < rows.length; start += 400) {
    await db
      .insertInto('search_synonyms')
      .values(rows.slice(start, start + 400))
      .onConflict((oc) => oc.columns(['group_name', 'term']).doNothing())
      .execute();
  }
}

/** Each query word with the other terms of its groups (the word itself first). */
export async function expandWords(db: ContentStore, words: string[]): Promise<string[][]> {
  if (words.length === 0) return [];
  const rows = await db
    .selectFrom('search_synonyms as given')
    .innerJoin('search_synonyms as other', 'other.group_name', 'given.group_name')
    .select(['given.term as word', 'other.term as variant'])
    .where('given.term', 'in', words)
    .execute();
  return words.map((word) => [word, ...new Set(rows.filter((row) => row.word === word && row.variant !== word).map((row) => row.variant))]);
}
