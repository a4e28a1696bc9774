/**
 * Topics (docs/search.md, "Topics"): a site's taxonomy of what its sheets are about, grouped in
 * facets (process, kind, element, …). A sheet lists its topics by slug; a topic page is at
 * {basePath}/topics/{slug}.
 */
import Type from 'typebox';
import { text } from './schema/fields';

/** A topic's slug: its URL segment, lower case letters and digits joined by single hyphens. */
export const TOPIC_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A slug's length at most. */
export const MAX_TOPIC_SLUG = 60;
/** A sheet names at most this many topics. */
export const MAX_SHEET_TOPICS = 20;

/** A sheet's topics, as its body and its state keep them. */
export const SheetTopicsSchema = Type.Array(text({ pattern: TOPIC_SLUG, max: MAX_TOPIC_SLUG }), { maxItems: MAX_SHEET_TOPICS, uniqueItems: true });

export interface Topic {
  slug: string;
  facet: string;
  /** Its place in the taxonomy: facets come in the order of their first topics. */
  position: number;
  /** The topic's name by language ('en_US' → 'Aluminum'). */
  labels: Record<string, string>;
}

/** A topic's name in a language: that language's, else the fallbacks' in order, else its slug. */
export function topicLabel(topic: Topic, languages: string[]): string {
  for (const language of languages) {
    const label = topic.labels[language];
    if (label !== undefined && label !== '') return label;
  }
  return Object.values(topic.labels).find((label) => label !== '') ?? topic.slug;
}

/** The topics a sheet's body lists, as slugs: anything else in the field is left out. */
export function topicsOfBody(body: Record<string, unknown> | null): string[] {
  const value = body?.topics;
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((slug): slug is string => typeof slug === 'string' && TOPIC_SLUG.test(slug)))].slice(0, MAX_SHEET_TOPICS);
}

/** Slugs a site does not have, named in a problem: '"x", "y" are not topics'. */
export const notTopics = (unknown: string[]) =>
  `${unknown.map((slug) => `"${slug}"`).join(', ')} ${unknown.length === 1 ? 'is not a topic' : 'are not topics'}`;

/** A facet's name where no language names it: its slug, capitalised. */
export const facetName = (facet: string) => facet.charAt(0).toUpperCase() + facet.slice(1);

/** The topic page's path below the base path and language. */
export const topicPath = (slug: string) => `/topics/${slug}`;
