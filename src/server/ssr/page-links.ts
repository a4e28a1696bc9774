/**
 * The links every page kind's pages carry: to the page in the site's other languages, and to the
 * topics' pages, named in the page's language.
 */
import { languageTag } from '../../shared/languages';
import { facetName, topicLabel, topicPath, type Topic } from '../../shared/topics';
import type { PageLanguage, TopicLink, TopicsView } from '../../site/page-data';
import { pageText } from '../../site/ui-text';
import { localizedPath, type SiteLanguages } from './build-seo-head';

export type { SiteLanguages };

/** What topic links are made for: the site's topics, the page's language, and the topic a topic page shows. */
export interface TopicTarget {
  taxonomy: Topic[];
  language: string;
  languages: SiteLanguages;
  /** On a topic page, its topic; null elsewhere. */
  topic: Topic | null;
}

/** A link to a topic's page in the page's language, named in it (or its fallback's). */
export function topicLinkOf(topic: Topic, target: TopicTarget, basePath: string): TopicLink {
  const { language, languages } = target;
  return {
    slug: topic.slug,
    label: topicLabel(topic, [language, languages.default]),
    href: localizedPath(basePath, topicPath(topic.slug), language, languages),
    current: topic.slug === target.topic?.slug,
  };
}

/** The site's topics as links to their pages in the page's language, facet by facet. */
export function topicsViewOf(target: TopicTarget, allHref: string, basePath: string): TopicsView {
  const { taxonomy, topic: current } = target;
  const text = pageText(target.language);
  const facets = [...new Set(taxonomy.map((topic) => topic.facet))].map((facet) => ({
    facet,
    label: text.facets[facet] ?? facetName(facet),
    topics: taxonomy.filter((topic) => topic.facet === facet).map((topic) => topicLinkOf(topic, target, basePath)),
  }));
  return { facets, current: current === null ? null : topicLinkOf(current, target, basePath), allHref };
}

/** The language a '/{lang}' segment names: an active language other than the default. */
export function languageOf(segment: string | undefined, languages: SiteLanguages): string | null {
  if (segment === undefined) return languages.default;
  const language = languages.active.find((candidate) => candidate !== languages.default && languageTag(candidate) === segment);
  return language ?? null;
}

export function languageMenu(path: string, current: string, languages: SiteLanguages, basePath: string): PageLanguage[] {
  if (languages.active.length <= 1) return [];
  return languages.active.map((language) => ({
    language,
    label: nativeLanguageName(language),
    href: localizedPath(basePath, path, language, languages),
    current: language === current,
  }));
}

const nativeNames = new Map<string, string>();
/** A language's name in that language ("Deutsch"), capitalised; worked out once per language. */
function nativeLanguageName(language: string): string {
  let name = nativeNames.get(language);
  if (name === undefined) {
    const tag = languageTag(language);
    const label = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
    name = label.charAt(0).toLocaleUpperCase(tag) + label.slice(1);
    // Bounded by the languages sites use; a few hundred at most.
    if (nativeNames.size < 500) nativeNames.set(language, name);
  }
  return name;
}
