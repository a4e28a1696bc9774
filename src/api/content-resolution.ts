/**
 * Turns published contents into what the delivery API sends (the read model's contents, in the
 * request's language): the body with image media (spec §3.3: contentBody["sfdc_cms:media"] with its
 * url) and resolved image references (spec §3.1: body.contentBody.image.url), the URL a visitor can
 * open, and the contents a content refers to. Every read is one batched question for all the
 * contents of a response, never one per content.
 */
import type { ContentStore } from '../cms/database';
import { contentsByKeys, type ReadingPlace } from '../published/contents';
import { referencedKeys } from '../published/images';
import { deliveredBodyOf, mediaUrlOf, type PublishedContent } from '../published/published-content';
import type { ContentBody } from '../shared/delivery-types';
import { withBasePath } from '../shared/links';
import type { DeliveryContext, DeliverySettings } from './delivery-context';

export interface DeliveryScope {
  db: ContentStore;
  context: DeliveryContext;
  settings: DeliverySettings;
}

export interface DeliveredContent {
  content: PublishedContent;
  /** The body as delivered: media and image references resolved. */
  body: ContentBody;
  /** Site-relative URL a visitor can open without signing in (images), else null. */
  unauthenticatedUrl: string | null;
}

/** Where a scope's contents are read: its site, in its language or the site's default. */
export const placeOf = ({ context }: Pick<DeliveryScope, 'context'>): ReadingPlace => ({
  siteId: context.site.id,
  language: context.language,
  defaultLanguage: context.site.default_language,
});

export function deliverContents({ settings }: Pick<DeliveryScope, 'settings'>, contents: readonly PublishedContent[]): DeliveredContent[] {
  return contents.map((content) => {
    const mediaUrl = mediaUrlOf(content, settings.platformSitesSegment);
    return {
      content,
      body: deliveredBodyOf(content, settings.platformSitesSegment),
      unauthenticatedUrl: mediaUrl === null ? null : withBasePath(settings.basePath, mediaUrl),
    };
  });
}

/**
 * The contents reachable from `roots` within `depth` references (reference "One content item":
 * referenceDepth 0–3), keyed by content key, in the order they were reached. The roots themselves
 * are not included; a cycle ends where it meets a content already seen.
 */
export async function collectReferences(scope: DeliveryScope, roots: DeliveredContent[], depth: number): Promise<Map<string, DeliveredContent>> {
  const found = new Map<string, DeliveredContent>();
  const seen = new Set(roots.map((root) => root.content.contentKey));
  let frontier = roots;
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    const keys = [...new Set(frontier.flatMap((item) => referencedKeys(item.content.body)))].filter((key) => !seen.has(key));
    if (keys.length === 0) break;
    keys.forEach((key) => seen.add(key));
    frontier = deliverContents(scope, await contentsByKeys(scope.db, placeOf(scope), keys));
    const byKey = new Map(frontier.map((item) => [item.content.contentKey, item]));
    for (const key of keys) {
      const item = byKey.get(key);
      if (item !== undefined) found.set(key, item);
    }
  }
  return found;
}
