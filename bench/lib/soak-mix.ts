/**
 * The soak's traffic (issue 34): what a public site sees over minutes, each request a random draw,
 * so that almost no two are the same URL. Searches (words, CAS numbers, formulas, abbreviations
 * from the demo catalogue, and typing prefixes), sheet and topic pages, paging, 404s and the
 * delivery API with varied parameters, in every demo language. Caches keyed by URL or query meet
 * more keys than they can hold, which is what a bound on them has to survive.
 */
import { DEMO_CATALOGUE } from '../../src/demo/catalogue';
import { DEMO_IDS } from '../../src/demo/seed-demo';
import { DEMO_TOPICS } from '../../src/demo/topics';

/** A seeded generator (mulberry32), so that a run can be repeated request for request. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** The demo's languages as path segments ('' for the default) and as API parameters. */
const SEGMENTS = ['', '/de-DE', '/fr-FR'];
const API_LANGUAGES = ['en_US', 'de_DE', 'fr_FR', 'en-US', 'de-DE', 'es_ES'];

/** What visitors type: the catalogue's own words, CAS numbers, formulas and abbreviations. */
const TERMS = [
  ...new Set(
    DEMO_CATALOGUE.flatMap((entry) => [
      ...`${entry.title} ${entry.description} ${entry.category}`.split(/[^\p{L}\p{N}-]+/u).filter((word) => word.length > 2),
      ...(entry.chemical === undefined
        ? []
        : [
            entry.chemical.cas,
            entry.chemical.formula,
            entry.chemical.hill,
            entry.chemical.name,
            ...(entry.chemical.abbreviation ? [entry.chemical.abbreviation] : []),
          ]),
    ]),
  ),
];

function searchQuery(random: Random): string {
  const words = Array.from({ length: between(random, 1, 3) }, () => pick(random, TERMS));
  const roll = random();
  // A word being typed (its first letters), or one misspelt, as much as a whole one.
  if (roll < 0.25) words[words.length - 1] = words.at(-1)!.slice(0, between(random, 1, Math.max(1, words.at(-1)!.length - 1)));
  else if (roll < 0.35)
    words.push(
      random()
        .toString(36)
        .slice(2, between(random, 4, 9)),
    );
  return encodeURIComponent(words.join(' '));
}

const slugs = DEMO_CATALOGUE.map((entry) => entry.slug);
const topics = DEMO_TOPICS.map((topic) => topic.slug);
/** Versions from the first every call has (v55.0) to the last (docs/api.md, "API versions"). */
const VERSIONS = ['55.0', '60.0', '65.0', '69.0'];

/** Delivery API requests: every call of docs/api.md, with parameters drawn from their ranges. */
function apiPath(random: Random): string {
  const API = `/services/data/v${pick(random, VERSIONS)}`;
  const site = `${API}/connect/sites/${DEMO_IDS.siteId}/cms/delivery`;
  const channel = `${API}/connect/cms/delivery/channels/${DEMO_IDS.channelId}`;
  const community = `${API}/connect/communities/${DEMO_IDS.communityId}`;
  const language = `language=${pick(random, API_LANGUAGES)}`;
  const keys = () => Array.from({ length: between(random, 1, 6) }, () => DEMO_IDS.sheetKey(pick(random, slugs))).join(',');
  switch (between(random, 0, 7)) {
    case 0:
      return `${pick(random, [site, channel])}/collections/${DEMO_IDS.collectionKey}?${language}&pageSize=${between(random, 1, 60)}&pageToken=${between(random, 0, 8)}`;
    case 1:
      return `${pick(random, [site, channel])}/collections/${DEMO_IDS.collectionKey}/metadata?${language}&expandMetadata=${pick(random, ['true', 'false'])}`;
    case 2:
      return `${site}/contents/${DEMO_IDS.sheetKey(pick(random, slugs))}?${language}&referenceDepth=${between(random, 0, 3)}&showAbsoluteUrl=${pick(random, ['true', 'false'])}&expandReferences=${pick(random, ['true', 'false'])}`;
    case 3:
      return `${site}/contents?contentKeys=${keys()}&${language}&includeContentBody=${pick(random, ['true', 'false'])}&pageSize=${between(random, 1, 25)}`;
    case 4:
      return `${site}/contents?contentTypeFQN=literature_sheet&${language}&page=${between(random, 0, 4)}&pageSize=${between(random, 1, 25)}&publishStartDate=2026-01-${String(between(random, 1, 28)).padStart(2, '0')}`;
    case 5:
      return `${community}/managed-content/delivery?${language}&managedContentType=${pick(random, ['literature_sheet', 'cms_image'])}&page=${between(random, 0, 3)}&pageSize=${between(random, 1, 40)}`;
    case 6:
      return `${community}/managed-content/delivery/contents?${language}&queryTerm=${searchQuery(random)}&pageSize=${between(random, 1, 40)}`;
    default:
      return `${community}/seo/properties/${pick(random, slugs)}?fields=${pick(random, ['Title', 'Description', 'Title,Description'])}`;
  }
}

/** One request of the soak, as a path (and query) on the server. */
export function soakPath(random: Random): string {
  const segment = pick(random, SEGMENTS);
  const roll = random();
  if (roll < 0.3) return `${segment}/?q=${searchQuery(random)}`;
  if (roll < 0.4) return `${segment}/topics/${pick(random, topics)}?q=${searchQuery(random)}`;
  if (roll < 0.5) return `${segment}/sheets/${pick(random, slugs)}`;
  if (roll < 0.57) return `${segment}/topics/${pick(random, topics)}`;
  if (roll < 0.62) return `${segment}/?page=${between(random, 1, 6)}`;
  // What crawlers and old links ask: pages that are not there, and pages with a query of their own.
  if (roll < 0.67) return `${segment}/sheets/${pick(random, slugs)}-${random().toString(36).slice(2, 8)}`;
  if (roll < 0.72) return `${segment}/${random().toString(36).slice(2, 10)}/${random().toString(36).slice(2, 6)}`;
  if (roll < 0.75) return `${segment}/?utm_source=${random().toString(36).slice(2, 10)}`;
  return apiPath(random);
}
