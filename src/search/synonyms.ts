/**
 * Words that mean the same to a visitor (docs/search.md): groups of terms, each kept normalised
 * (terms.ts), so a query word finds what any word of its groups finds. A site adds its own products' names,
 * abbreviations and formulas (the demo seeds its sheets'). British and American spellings come
 * with the store (migration 013). The synonyms' own repository: every query of them is here.
 */
import type { ContentStore, OpenStore } from '../cms/database';
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

/** Every group with its terms, by name. */
export async function listSynonyms(db: ContentStore): Promise<Map<string, string[]>> {
  const rows = await db.selectFrom('search_synonyms').selectAll().orderBy('group_name').orderBy('term').execute();
  const groups = new Map<string, string[]>();
  for (const row of rows) groups.set(row.group_name, [...(groups.get(row.group_name) ?? []), row.term]);
  return groups;
}

/** A store whose synonyms are read: once per change of it when it tells its changes (OpenStore's changeToken). */
export type SynonymStore = Pick<OpenStore, 'db'> & Partial<Pick<OpenStore, 'changeToken'>>;

/** Each term with the other terms of its groups. */
type Variants = Map<string, Set<string>>;

/** Every term's variants as of a change token, per store: a search then asks the store nothing for them. */
const known = new WeakMap<ContentStore, { token: string; variants: Promise<Variants> }>();

/** Each query word with the other terms of its groups (the word itself first). */
export async function expandWords(store: SynonymStore, words: string[]): Promise<string[][]> {
  if (words.length === 0) return [];
  const variants = await variantsOf(store, words);
  return words.map((word) => [word, ...[...(variants.get(word) ?? [])].filter((variant) => variant !== word)]);
}

/** The variants of these words: of every term, kept while the store is unchanged, or (no change token) of these words alone. */
function variantsOf(store: SynonymStore, words: string[]): Promise<Variants> {
  const token = store.changeToken?.();
  if (token === undefined) return readVariants(store.db, words);
  const kept = known.get(store.db);
  if (kept?.token === token) return kept.variants;
  const variants = readVariants(store.db, null);
  known.set(store.db, { token, variants });
  // A failed read is not kept: the next search reads again.
  variants.catch(() => known.get(store.db)?.variants === variants && known.delete(store.db));
  return variants;
}

async function readVariants(db: ContentStore, words: string[] | null): Promise<Variants> {
  let query = db
    .selectFrom('search_synonyms as given')
    .innerJoin('search_synonyms as other', 'other.group_name', 'given.group_name')
    .select(['given.term as word', 'other.term as variant']);
  if (words !== null) query = query.where('given.term', 'in', words);
  const variants: Variants = new Map();
  for (const row of await query.execute()) variants.set(row.word, (variants.get(row.word) ?? new Set()).add(row.variant));
  return variants;
}
