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

/** An entry as the index is made from it: its id, its sheet (`contentId`), where that stands in the collection, its choices. */
export interface FacetRow {
  id: number;
  contentId: string;
  rank: number;
  choices: Array<{ key: string; label: string }>;
}

/** The sets of entries counted, by entry id: a query's matches the selection keeps, and those it keeps without each group (in its order). */
export interface CountedSets {
  all: Iterable<number>;
  without: Array<Iterable<number>>;
}

/** What an index is made of (FacetIndexBuilder makes it). */
interface FacetIndexParts {
  choices: Choice[];
  choiceIds: Map<string, number>;
  entryIds: Int32Array;
  starts: Int32Array;
  held: Int32Array;
}

/**
 * Numbers kept in a typed array that grows as they come: 4 or 8 bytes each, where an array of
 * numbers takes 8 and its growth leaves the old copies behind (the builder's transient memory).
 */
class NumberList<T extends Int32Array | Float64Array> {
  length = 0;
  constructor(private values: T) {}

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new (this.values.constructor as new (length: number) => T)(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  at(index: number): number {
    return this.values[index]!;
  }

  /** The numbers so far (a view of them, not a copy). */
  filled(): T {
    return this.values.subarray(0, this.length) as T;
  }
}

/**
 * Takes entries one at a time, in any order, keeping each as a few numbers, and then makes the
 * index: a store's worth of entries is never held as objects (100,000 of them, read at once, took
 * some 130 MB for a moment; a part at a time, a few MB). Kept beside its index, it makes the next
 * one when a few sheets' entries change (`without` them, their new rows added), reading nothing else.
 */
export class FacetIndexBuilder {
  private readonly ids = new NumberList(new Int32Array(1024));
  /** Collection order (a rank past any an entry can have, for none: Number.MAX_SAFE_INTEGER). */
  private readonly ranks = new NumberList(new Float64Array(1024));
  /** Each entry's sheet. */
  private readonly contents: string[] = [];
  /** An entry's choices (in the order they were added): `held[starts[e]]` to `held[starts[e + 1]]`, each as the entry writes it (`written`). */
  private readonly starts = new NumberList(new Int32Array(1024));
  private readonly held = new NumberList(new Int32Array(4096));
  private readonly written = new NumberList(new Int32Array(4096));
  /** Choice keys and labels numbered: shared by the builders made `without` some sheets, whose entries' numbers stay valid. */
  private readonly keys: Numbering;
  private readonly labels: Numbering;

  constructor(numbered: { keys: Numbering; labels: Numbering } = { keys: new Numbering(), labels: new Numbering() }) {
    this.keys = numbered.keys;
    this.labels = numbered.labels;
    this.starts.push(0);
  }

  add({ id, contentId, rank, choices }: FacetRow): void {
    this.ids.push(id);
    this.ranks.push(rank);
    this.contents.push(contentId);
    for (const { key, label } of choices) {
      this.held.push(this.keys.numberOf(key));
      this.written.push(this.labels.numberOf(label));
    }
    this.starts.push(this.held.length);
  }

  /** A builder holding the entries of every sheet but these. */
  without(contentIds: ReadonlySet<string>): FacetIndexBuilder {
    const kept = new FacetIndexBuilder({ keys: this.keys, labels: this.labels });
    for (let entry = 0; entry < this.contents.length; entry += 1) {
      if (contentIds.has(this.contents[entry]!)) continue;
      kept.ids.push(this.ids.at(entry));
      kept.ranks.push(this.ranks.at(entry));
      kept.contents.push(this.contents[entry]!);
      for (let from = this.starts.at(entry); from < this.starts.at(entry + 1); from += 1) {
        kept.held.push(this.held.at(from));
        kept.written.push(this.written.at(from));
      }
      kept.starts.push(kept.held.length);
    }
    return kept;
  }

  /**
   * The index, its entries in collection order and its choices numbered in the order first met
   * there, each labelled as the entry it is first met in writes it.
   */
  build(): FacetIndex {
    const ids = this.ids.filled();
    const ranks = this.ranks.filled();
    const order = Int32Array.from(ids, (_, entry) => entry).sort((a, b) => ranks[a]! - ranks[b]! || ids[a]! - ids[b]!);
    const renumbered = new Int32Array(this.keys.size).fill(-1);
    const choices: Choice[] = [];
    const choiceIds = new Map<string, number>();
    const entryIds = new Int32Array(order.length);
    const starts = new Int32Array(order.length + 1);
    const held = new Int32Array(this.held.length);
    let at = 0;
    order.forEach((entry, ordinal) => {
      entryIds[ordinal] = ids[entry]!;
      for (let from = this.starts.at(entry); from < this.starts.at(entry + 1); from += 1) {
        const added = this.held.at(from);
        if (renumbered[added] === -1) {
          renumbered[added] = choices.length;
          choiceIds.set(this.keys.textOf(added), choices.length);
          choices.push({ key: this.keys.textOf(added), label: this.labels.textOf(this.written.at(from)) });
        }
        held[at++] = renumbered[added]!;
      }
      starts[ordinal + 1] = at;
    });
    return new FacetIndex({ choices, choiceIds, entryIds, starts, held });
  }
}

/** Texts numbered in the order first given, each once. */
class Numbering {
  private readonly texts: string[] = [];
  private readonly numbers = new Map<string, number>();

  numberOf(text: string): number {
    let number = this.numbers.get(text);
    if (number === undefined) {
      number = this.texts.length;
      this.numbers.set(text, number);
      this.texts.push(text);
    }
    return number;
  }

  textOf(number: number): string {
    return this.texts[number]!;
  }

  get size(): number {
    return this.texts.length;
  }
}

/** Past any entry's ordinal: an index holds fewer entries than this (2^21, some two million). */
const ORDINALS = 2 ** 21;

export class FacetIndex {
  /** Every choice an entry has, in the order first met. */
  readonly choices: Choice[];
  private readonly choiceIds: Map<string, number>;
  /** Ordinal (collection order) → entry id. */
  private readonly entryIds: Int32Array;
  /**
   * And back: the entry ids in their own order, each beside its ordinal, searched by halves (a map
   * of 100,000 numbers took 3 MB; these, 0.8 MB). Made when a query's matches are first counted.
   */
  private byId?: { ids: Int32Array; ordinals: Int32Array };
  /** An entry's choices: `held[starts[o]]` to `held[starts[o + 1]]`. */
  private readonly starts: Int32Array;
  private readonly held: Int32Array;
  /**
   * A choice's entries (ordinals, in order): `entries[starts[c]]` to `entries[starts[c + 1]]`.
   * Made when a selection is first asked: the page without one, the first a visitor gets after a
   * change, needs only the totals.
   */
  private postings?: { starts: Int32Array; entries: Int32Array };
  /** Each choice's entries, counted: the counts when nothing is chosen. */
  private readonly totals: Int32Array;

  /** The index of entries at hand. */
  static of(rows: Iterable<FacetRow>): FacetIndex {
    const builder = new FacetIndexBuilder();
    for (const row of rows) builder.add(row);
    return builder.build();
  }

  constructor({ choices, choiceIds, entryIds, starts, held }: FacetIndexParts) {
    this.choices = choices;
    this.choiceIds = choiceIds;
    this.entryIds = entryIds;
    this.starts = starts;
    this.held = held;
    this.totals = new Int32Array(this.choices.length);
    for (const choice of this.held) this.totals[choice]! += 1;
  }

  /** The postings, by counting sort: each choice's entries come out in collection order. */
  private postingsOf(): { starts: Int32Array; entries: Int32Array } {
    if (this.postings !== undefined) return this.postings;
    const starts = new Int32Array(this.choices.length + 1);
    for (let choice = 0; choice < this.choices.length; choice += 1) starts[choice + 1] = starts[choice]! + this.totals[choice]!;
    const next = starts.slice(0, -1);
    const entries = new Int32Array(this.held.length);
    for (let ordinal = 0; ordinal < this.entryIds.length; ordinal += 1)
      for (let at = this.starts[ordinal]!; at < this.starts[ordinal + 1]!; at += 1) entries[next[this.held[at]!]!++] = ordinal;
    this.postings = { starts, entries };
    return this.postings;
  }

  /** The entry ids in their own order, each beside its ordinal. */
  private byIdOf(): { ids: Int32Array; ordinals: Int32Array } {
    if (this.byId !== undefined) return this.byId;
    // Sorted as numbers holding id and ordinal both (an id below 2^31, an ordinal below 2^21): a
    // typed array's own sort, some five times faster than one given a comparison.
    const packed = Float64Array.from(this.entryIds, (id, ordinal) => id * ORDINALS + ordinal).sort();
    this.byId = { ordinals: Int32Array.from(packed, (both) => both % ORDINALS), ids: Int32Array.from(packed, (both) => Math.floor(both / ORDINALS)) };
    return this.byId;
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
        const ordinal = this.ordinalOf(id);
        if (ordinal === -1) continue;
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

  /** An entry's place in collection order; -1 when it is not indexed here. */
  private ordinalOf(id: number): number {
    const { ids, ordinals } = this.byIdOf();
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = ids[middle]!;
      if (found === id) return ordinals[middle]!;
      if (found < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
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
    const postings = this.postingsOf();
    groups.forEach((group, index) => {
      for (const choiceKey of group.keys) {
        const choice = this.choiceIds.get(choiceKey);
        if (choice === undefined) continue;
        for (let at = postings.starts[choice]!; at < postings.starts[choice + 1]!; at += 1) masks[postings.entries[at]!]! |= 2 ** index;
      }
    });
    this.remembered = { key, masks };
    return { masks, full };
  }
}
