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

/** The sets of entries counted, by entry id: a query's matches the selection keeps, and those it keeps without each group (in its order). */
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
  /** Each choice's entries, counted: the counts when nothing is chosen. */
  private readonly totals: Int32Array;

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
    this.totals = Int32Array.from(this.choices, (_, choice) => this.postingStarts[choice + 1]! - this.postingStarts[choice]!);
    this.postings = new Int32Array(this.held.length);
    for (let ordinal = 0; ordinal < sorted.length; ordinal += 1)
      for (let at = this.starts[ordinal]!; at < this.starts[ordinal + 1]!; at += 1) this.postings[next[this.held[at]!]!++] = ordinal;
  }

  /** Entries indexed. */
  get size(): number {
    return this.entryIds.length;
  }

  /**
   * A page of the entry ids a selection keeps, in collection order, and how many it keeps, without
   * asking the store anything.
   */
  select(groups: Group[], offset: number, limit: number): { total: number; ids: number[] } {
    const { masks, full } = this.masksOf(groups);
    const ids: number[] = [];
    let total = 0;
    for (let ordinal = 0; ordinal < this.size; ordinal += 1) {
      if ((masks[ordinal]! & full) !== full) continue;
      if (total >= offset && ids.length < limit) ids.push(this.entryIds[ordinal]!);
      total += 1;
    }
    return { total, ids };
  }

  /**
   * Every choice's count over all the entries (zero for those none has): a choice of a chosen
   * facet among the entries every other group keeps, the others' among those the selection keeps.
   * `facetOf` names a choice's facet as the groups do (a topic's facet of the taxonomy).
   */
  count(groups: Group[], facetOf: (key: string) => string): Map<string, number> {
    if (groups.length === 0) return this.countsOf(this.totals);
    const { masks, full } = this.masksOf(groups);
    const groupOf = this.groupsOfChoices(groups, facetOf);
    const counts = new Int32Array(this.choices.length);
    for (let ordinal = 0; ordinal < this.size; ordinal += 1) {
      const missing = full & ~masks[ordinal]!;
      // Kept by every group: each choice counts; by all but one: that group's facet's choices.
      if (missing !== 0 && (missing & (missing - 1)) !== 0) continue;
      const only = missing === 0 ? -2 : 31 - Math.clz32(missing);
      for (let at = this.starts[ordinal]!; at < this.starts[ordinal + 1]!; at += 1) {
        const choice = this.held[at]!;
        if (only === -2 || groupOf[choice] === only) counts[choice]! += 1;
      }
    }
    return this.countsOf(counts);
  }

  /**
   * Every choice's count among sets of entries (a query's matches): a choice of a chosen facet
   * among `without[group]`, the others' among `all`.
   */
  countIn(sets: CountedSets, groups: Group[], facetOf: (key: string) => string): Map<string, number> {
    const groupOf = this.groupsOfChoices(groups, facetOf);
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
    return this.countsOf(counts);
  }

  /** Which group's facet each choice is of (-1: none chosen). */
  private groupsOfChoices(groups: Group[], facetOf: (key: string) => string): Int32Array {
    return Int32Array.from(this.choices, (choice) => groups.findIndex((group) => group.facet === facetOf(choice.key)));
  }

  private countsOf(counts: Int32Array): Map<string, number> {
    return new Map(this.choices.map((choice, id) => [choice.key, counts[id]!]));
  }

  /** The last selection's masks: a page asks for its sheets and its counts of the same one. */
  private remembered: { key: string; masks: Uint32Array } | null = null;

  /** Each entry's groups as bits (a bit set: the entry has a choice of that group), and all the groups' bits. */
  private masksOf(groups: Group[]): { masks: Uint32Array; full: number } {
    const full = groups.length === 0 ? 0 : 2 ** groups.length - 1;
    const key = JSON.stringify(groups);
    if (this.remembered?.key === key) return { masks: this.remembered.masks, full };
    const masks = new Uint32Array(this.size);
    groups.forEach((group, index) => {
      for (const choiceKey of group.keys) {
        const choice = this.choiceIds.get(choiceKey);
        if (choice === undefined) continue;
        for (let at = this.postingStarts[choice]!; at < this.postingStarts[choice + 1]!; at += 1) masks[this.postings[at]!]! |= 2 ** index;
      }
    });
    this.remembered = { key, masks };
    return { masks, full };
  }
}
