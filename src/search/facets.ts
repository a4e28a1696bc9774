/**
 * Facets as the index keeps them (docs/search.md, "Facets"): what a sheet can be filtered by. Its
 * topics are one facet's values here (the taxonomy groups them into facets of its own: process,
 * kind, element…); each field the sheet type marks as a facet (`shows.facet`: purity, physical
 * form…) is another. A value is a **choice**, known by its key; an entry holds a word per choice
 * in its scope, so a search keeps to a selection inside the full-text engine.
 */
import { createHash } from 'node:crypto';
import { normalize } from './terms';

/** The facet an entry's topics are in (a field cannot be named so: content-model/definition.ts). */
export const TOPIC_FACET = 'topic';

/** An entry's facet values, as written, by facet ('topic' → slugs, 'form' → ['Liquid']). */
export type EntryFacets = Record<string, string[]>;

/** The choices a visitor made in one facet (a topic facet of the taxonomy, or a field): a sheet having any of them. */
export interface Group {
  facet: string;
  keys: string[];
}

/** What a visitor chose: a sheet having a choice of every group (AND across facets, OR within one). No group: every sheet. */
export type Selection = Group[];

/** Groups of a selection at most (each is a bit of a mask: facet-index.ts). */
export const MAX_GROUPS = 30;

/** A value as a choice's key: the facet and the value normalised (case, widths, spaces), as in `form:liquid`. */
export const choiceKey = (facet: string, value: string): string => `${facet}:${normalize(value).replace(/\s+/g, ' ').trim()}`;

/** The facet of a choice's key. */
export const facetOfKey = (key: string): string => key.slice(0, key.indexOf(':'));

/** The value of a choice's key, normalised. */
export const valueOfKey = (key: string): string => key.slice(key.indexOf(':') + 1);

/**
 * The word an entry's scope holds for a choice it has: letters and digits only, and long and
 * random enough that no text or query word is ever the same.
 */
export const choiceWord = (key: string): string => `facet${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;

/** The choices of an entry's facet values, each once. */
export const choiceKeysOf = (facets: EntryFacets): string[] =>
  [...new Set(Object.entries(facets).flatMap(([facet, values]) => values.map((value) => choiceKey(facet, value))))].filter((key) => valueOfKey(key) !== '');

/** An entry's facets as the store keeps them (JSON); anything else read as none. */
export function readEntryFacets(json: string): EntryFacets {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).map(([facet, values]) => [
        facet,
        Array.isArray(values) ? values.filter((entry): entry is string => typeof entry === 'string') : [],
      ]),
    );
  } catch {
    return {};
  }
}
