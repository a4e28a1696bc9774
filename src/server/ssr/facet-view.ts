/**
 * Facets on a searchable page (docs/search.md, "Facets"): what the visitor chose, read from the
 * address; the address of a selection; and the facets' choices as links with their counts.
 *
 * A choice is a parameter of the address: `topic=<slug>` for a topic, `<field>=<value>` for a
 * field the sheet type marks as a facet. A selection of topics is at the first topic's page
 * (`/topics/ald?topic=hafnium`), so that a single topic is its own page and a combination names
 * that page as its canonical; a selection of field values alone is at the page itself.
 */
import type { ContentType } from '../../content-model/definition';
import { fieldLabel } from '../../content-model/display';
import { offeredFields } from '../../content-model/sheet-values';
import { choiceKey, facetOfKey, MAX_GROUPS, TOPIC_FACET, valueOfKey, type Selection } from '../../search/facets';
import type { FacetCounts } from '../../search/sheet-search';
import { facetName, topicLabel, topicPath, type Topic } from '../../shared/topics';
import type { FacetChoiceLink, FacetsView } from '../../site/page-data';
import { pageText } from '../../site/ui-text';
import { localizedPath, type SiteLanguages } from './build-seo-head';
import type { AddressChoices } from '../page-kinds/page-kind';

/** A field the sheet type marks as a facet, named in the page's language. */
export interface FacetField {
  name: string;
  label: string;
}

/** The facet fields of the sheet type, in its order, named in a language. */
export const facetFieldsOf = (type: ContentType, language: string, labelLanguage: string): FacetField[] =>
  offeredFields(type)
    .filter((field) => field.shows.facet && field.kind !== 'topics' && field.name !== TOPIC_FACET)
    .map((field) => ({ name: field.name, label: fieldLabel(field, language, labelLanguage) }));

/**
 * A choice's facet as selections group it: a topic's facet of the taxonomy (`topics-element`: no
 * field's name has a hyphen, so a field named as a taxonomy facet stays a facet of its own), else
 * the field's name.
 */
export function facetOfChoice(taxonomy: Topic[]): (key: string) => string {
  const facets = new Map(taxonomy.map((topic) => [choiceKey(TOPIC_FACET, topic.slug), topicFacet(topic.facet)]));
  return (key) => facets.get(key) ?? facetOfKey(key);
}

const topicFacet = (facet: string) => `topics-${facet}`;

/** Choices of a field's facet shown at most, the most sheets first (an identifier's would be one per sheet). */
export const FIELD_CHOICES = 20;

/**
 * The selection an address makes: the path's topic, each `topic` the taxonomy has and each value
 * of a facet field, grouped by facet (in the taxonomy's order, then the fields'). `chosen` when the
 * parameters choose anything (the page is then a combination: made per request, not indexed).
 */
export function readSelection(
  choices: AddressChoices,
  taxonomy: Topic[],
  fields: FacetField[],
  pathTopic: Topic | null,
): { selection: Selection; chosen: boolean } {
  const slugs = new Set(choices[TOPIC_FACET] ?? []);
  const topics = taxonomy.filter((topic) => topic.slug === pathTopic?.slug || slugs.has(topic.slug));
  const keys = [
    ...topics.map((topic) => choiceKey(TOPIC_FACET, topic.slug)),
    ...fields.flatMap((field) => (choices[field.name] ?? []).map((value) => choiceKey(field.name, value))),
  ].filter((key) => valueOfKey(key) !== '');
  const facetOf = facetOfChoice(taxonomy);
  const groups = new Map<string, string[]>();
  for (const key of new Set(keys)) groups.set(facetOf(key), [...(groups.get(facetOf(key)) ?? []), key]);
  const selection = [...groups].slice(0, MAX_GROUPS).map(([facet, grouped]) => ({ facet, keys: grouped }));
  return { selection, chosen: selection.some((group) => group.keys.some((key) => key !== choiceKey(TOPIC_FACET, pathTopic?.slug ?? ''))) };
}

/** Where a page's links are made: its path, language and base path. */
export interface AddressPlace {
  pagePath: string;
  language: string;
  languages: SiteLanguages;
  basePath: string;
}

/**
 * The address of a query and a selection: at its first topic's page (in the taxonomy's order)
 * with the other choices as parameters, or at the page itself. The parameters without the page's
 * path are the results' query string (its pages add `page`).
 */
export function selectionAddress(selection: Selection, query: string, taxonomy: Topic[], place: AddressPlace): { href: string; search: string } {
  const keys = selection.flatMap((group) => group.keys);
  const chosenTopics = taxonomy.filter((topic) => keys.includes(choiceKey(TOPIC_FACET, topic.slug)));
  const [first, ...others] = chosenTopics;
  const params = new URLSearchParams();
  if (query !== '') params.append('q', query);
  for (const topic of others) params.append(TOPIC_FACET, topic.slug);
  for (const key of keys) if (facetOfKey(key) !== TOPIC_FACET) params.append(facetOfKey(key), valueOfKey(key));
  const path = localizedPath(place.basePath, first === undefined ? place.pagePath : topicPath(first.slug), place.language, place.languages);
  const search = params.toString();
  return { href: search === '' ? path : `${path}?${search}`, search };
}

/** A selection with a choice made or unmade: a chosen one leaves its group, another joins its facet's. */
function toggled(selection: Selection, key: string, facet: string): Selection {
  const has = selection.some((group) => group.keys.includes(key));
  const groups = selection
    .map((group) => ({ ...group, keys: has ? group.keys.filter((kept) => kept !== key) : group.facet === facet ? [...group.keys, key] : group.keys }))
    .filter((group) => group.keys.length > 0);
  return has || groups.some((group) => group.facet === facet) ? groups : [...groups, { facet, keys: [key] }];
}

/**
 * The facets' choices as links, facet by facet (the taxonomy's facets in its order, then the
 * fields'): a topic facet's topics in the taxonomy's order, a field's values by count. A choice
 * that would give nothing is left out, unless chosen (to be unmade) or its count is a lower bound.
 */
export function facetsViewOf(
  counts: FacetCounts,
  { selection, query, taxonomy, fields, open }: { selection: Selection; query: string; taxonomy: Topic[]; fields: FacetField[]; open: boolean },
  place: AddressPlace,
): FacetsView {
  const text = pageText(place.language);
  const facetOf = facetOfChoice(taxonomy);
  const chosenKeys = new Set(selection.flatMap((group) => group.keys));
  const linkOf = (key: string, label: string): FacetChoiceLink | null => {
    const count = counts.counts.get(key) ?? 0;
    const chosen = chosenKeys.has(key);
    if (count === 0 && !chosen) return null;
    const next = toggled(selection, key, facetOf(key));
    const single = query === '' && next.length === 1 && next[0]!.keys.length === 1 && facetOfKey(next[0]!.keys[0]!) === TOPIC_FACET;
    return {
      key,
      label,
      count,
      atLeast: counts.atLeast.has(key),
      href: selectionAddress(next, query, taxonomy, place).href,
      chosen,
      combination: !single && next.length > 0,
    };
  };
  const topicFacets = [...new Set(taxonomy.map((topic) => topic.facet))].map((facet) => ({
    facet: topicFacet(facet),
    label: text.facets[facet] ?? facetName(facet),
    choices: taxonomy
      .filter((topic) => topic.facet === facet)
      .flatMap((topic) => linkOf(choiceKey(TOPIC_FACET, topic.slug), topicLabel(topic, [place.language, place.languages.default])) ?? []),
  }));
  const fieldFacets = fields.map((field) => ({
    facet: field.name,
    label: field.label,
    choices: counts.choices
      .filter((choice) => facetOfKey(choice.key) === field.name)
      .flatMap((choice) => linkOf(choice.key, choice.label) ?? [])
      .sort((a, b) => Number(b.chosen) - Number(a.chosen) || b.count - a.count || a.label.localeCompare(b.label, place.language.slice(0, 2)))
      .filter((choice, place) => choice.chosen || place < FIELD_CHOICES),
  }));
  const { href, search } = selectionAddress(selection, '', taxonomy, place);
  return {
    action: search === '' ? href : href.slice(0, href.indexOf('?')),
    facets: [...topicFacets, ...fieldFacets].filter((facet) => facet.choices.length > 0),
    chosen: chosenKeys.size,
    open,
    kept: [...new URLSearchParams(search)].map(([name, value]) => ({ name, value })),
  };
}
