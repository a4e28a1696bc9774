/**
 * Facet counts from memory (docs/search.md, "Facets"): the entries a site's page language shows,
 * in collection order, each with its choices (facets.ts), as flat arrays made once per change of
 * the index. Without a query a selection's sheets and every choice's count are read here,
 * exactly; with one, the search engine gives the sets of matches and the counts are tallied here.
 *
 * A choice's count is what choosing it would give, the other facets' choices kept: for a choice of
 * a facet the visitor chose in, the sheets every other chosen facet keeps (OR within a facet); for
 * the others', the sheets the selection keeps (AND across facets).
 */
import type { Group } from './facets';

/** A choice the entries have, with its value as first written. */
export interface Choice {
  key: string;
  label: string;
}

/** An entry as the index is made from it: its id, where its sheet stands in the collection, its choices. */
export interface FacetRow {
  id: number;
  rank: number;
  choices: Array<{ key: string; label: string }>;
}

/** The sets of entries counted, by entry id: what the selection keeps, and what it keeps without each group (in its order). */
export interface CountedSets {
  all: Iterable<number>;
  without: Array<Iterable<number>>;
}

export class FacetIndex {
  /** Every choice an entry has, in the order first met. */
  readonly choices: Choice[];
  private readonly choiceIds = new Map<string, number>();
  /** Ordinal (collection order) → entry id, and back. */
  private readonly entryIds: Int32Array;
  private readonly ordinals = new Map<number, number>();
  /** An entry's choices: `held[starts[o]]` to `held[starts[o + 1]]`. */
  private readonly starts: Int32Array;
  private readonly held: Int32Array;
  /** A choice's entries (ordinals, in order): `postings[postingStarts[c]]` to `postings[postingStarts[c + 1]]`. */
  private readonly postingStarts: Int32Array;
  private readonly postings: Int32Array;

  constructor(rows: FacetRow[]) {
    const sorted = [...rows].sort((a, b) => a.rank - b.rank || a.id - b.id);
    this.choices = [];
    this.entryIds = Int32Array.from(sorted, (row) => row.id);
    this.starts = new Int32Array(sorted.length + 1);
    const held: number[] = [];
    sorted.forEach((row, ordinal) => {
      this.ordinals.set(row.id, ordinal);
      for (const { key, label } of row.choices) {
        let id = this.choiceIds.get(key);
        if (id === undefined) {
          id = this.choices.length;
          this.choiceIds.set(key, id);
          this.choices.push({ key, label });
        }
        held.push(id);
      }
      this.starts[ordinal + 1] = held.length;
    });
    this.held = Int32Array.from(held);
    // The postings, by counting sort: each choice's entries come out in collection order.
    this.postingStarts = new Int32Array(this.choices.length + 1);
    for (const choice of this.held) this.postingStarts[choice + 1]! += 1;
    for (let choice = 0; choice < this.choices.length; choice += 1) this.postingStarts[choice + 1]! += this.postingStarts[choice]!;
    const next = this.postingStarts.slice(0, -1);
    this.postings = new Int32Array(this.held.length);
    for (let ordinal = 0; ordinal < sorted.length; ordinal += 1)
      for (let at = this.starts[ordinal]!; at < this.starts[ordinal + 1]!; at += 1) this.postings[next[this.held[at]!]!++] = ordinal;
  }

  /** Entries indexed. */
  get size(): number {
    return this.entryIds.length;
  }

  /**
   * The entry ids a selection keeps, in collection order, and the sets its counts are made of
   * (countIn), without asking the store anything.
   */
  select(groups: Group[]): { ids: number[]; sets: CountedSets } {
    const full = groups.length === 0 ? 0 : 2 ** groups.length - 1;
    const masks = new Uint32Array(this.size);
    groups.forEach((group, index) => {
      for (const key of group.keys) {
        const choice = this.choiceIds.get(key);
        if (choice === undefined) continue;
        for (let at = this.postingStarts[choice]!; at < this.postingStarts[choice + 1]!; at += 1) masks[this.postings[at]!]! |= 2 ** index;
      }
    });
    const ids: number[] = [];
    const without: number[][] = groups.map(() => []);
    for (let ordinal = 0; ordinal < this.size; ordinal += 1) {
      const missing = full & ~masks[ordinal]!;
      const id = this.entryIds[ordinal]!;
      if (missing === 0) {
        ids.push(id);
        for (const set of without) set.push(id);
      } else if ((missing & (missing - 1)) === 0) without[Math.log2(missing)]!.push(id);
    }
    return { ids, sets: { all: ids, without } };
  }

  /**
   * Each choice's count (zero for those no entry counted has): a choice of a group's facet from
   * the entries the selection keeps without that group, the others' from those it keeps.
   * `facetOf` names a choice's facet as the groups do (a topic's facet of the taxonomy).
   */
  countIn(sets: CountedSets, groups: Group[], facetOf: (key: string) => string): Map<string, number> {
    const groupOf = Int32Array.from(this.choices, (choice) => groups.findIndex((group) => group.facet === facetOf(choice.key)));
    const counts = new Int32Array(this.choices.length);
    const tally = (ids: Iterable<number>, group: number) => {
      for (const id of ids) {
        const ordinal = this.ordinals.get(id);
        if (ordinal === undefined) continue;
        for (let at = this.starts[ordinal]!; at < this.starts[ordinal + 1]!; at += 1) {
          const choice = this.held[at]!;
          if (groupOf[choice] === group) counts[choice]! += 1;
        }
      }
    };
    tally(sets.all, -1);
    sets.without.forEach((ids, group) => tally(ids, group));
    return new Map(this.choices.map((choice, id) => [choice.key, counts[id]!]));
  }
}
