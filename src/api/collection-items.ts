/**
 * Collection items (spec §7.1; reference "Collection items"): one page of a collection in
 * collection order, with `total` for the whole collection and page URLs per spec §4.2.
 */
import type { ContentStore } from '../cms/database';
import { findCollection, localizeCollection } from '../cms/repositories/collections';
import { listContentTypes } from '../cms/repositories/contents';
import { COLLECTION_PAGE_SIZE_DEFAULT, COLLECTION_PAGE_SIZE_MAX, COLLECTION_PAGE_SIZE_MIN } from '../shared/constants';
import type { CollectionResponse } from '../shared/delivery-types';
import { notFound } from '../shared/errors';
import { nextPageTokenOf, pageOffset, previousPageTokenOf } from '../shared/pagination';
import { readChannelOrSiteId, readInteger, readString, type ChannelOrSite, type QueryValue } from '../shared/request-validation';
import { deliveryRootPath } from '../shared/urls';
import { listingIn } from '../published/listings';
import { wireItemOf } from '../published/published-content';
import { channelSummaryOf, resolveDeliveryContext, type DeliverySettings } from './delivery-context';
import { pageUrlBuilder } from './page-links';

export interface CollectionPageRequest {
  target: ChannelOrSite;
  collectionKeyOrId: string;
  language: string | undefined;
  pageSize: number;
  pageToken: number;
}

/** Validates the path and query of a collection request (spec §5.5). */
export function readCollectionPageRequest(
  channelOrSiteId: string | undefined,
  collectionKeyOrId: string,
  query: Record<string, QueryValue>,
): CollectionPageRequest {
  return {
    target: readChannelOrSiteId(channelOrSiteId),
    collectionKeyOrId,
    language: readString('language', query.language),
    pageSize: readInteger('pageSize', query.pageSize, {
      min: COLLECTION_PAGE_SIZE_MIN,
      max: COLLECTION_PAGE_SIZE_MAX,
      default: COLLECTION_PAGE_SIZE_DEFAULT,
    }),
    pageToken: readInteger('pageToken', query.pageToken, { min: 0, default: 0 }),
  };
}

/**
 * A page of a collection's items in a language, as the store holds them: what the delivery API
 * answers and the site's grids show, each shaping it its own way.
 */
export async function readCollectionPage(db: ContentStore, settings: DeliverySettings, request: CollectionPageRequest) {
  const context = await resolveDeliveryContext(db, request.target, request.language);
  const collection = await findCollection(db, context.site.id, request.collectionKeyOrId);
  if (collection === undefined) throw notFound();

  const offset = pageOffset(request.pageToken, request.pageSize);
  const place = { collectionId: collection.id, language: context.language, defaultLanguage: context.site.default_language };
  const [listing, types, localized] = await Promise.all([
    listingIn(db, place, offset, request.pageSize),
    listContentTypes(db, [collection.item_type]),
    localizeCollection(db, collection, context.languages),
  ]);
  const { total, read } = listing;
  const items = listing.contents.map((content) => wireItemOf(content, settings.platformSitesSegment));
  // Counted in the rows read, not the items delivered: a record left out does not end the paging.
  const nextPageToken = nextPageTokenOf({ pageToken: request.pageToken, pageSize: request.pageSize, itemCount: read, total });
  return { context, collection, typeName: types.get(collection.item_type)?.name ?? collection.item_type, title: localized.title, items, total, nextPageToken };
}

export type CollectionPage = Awaited<ReturnType<typeof readCollectionPage>>;

export async function getCollectionPage(
  db: ContentStore,
  settings: DeliverySettings,
  request: CollectionPageRequest,
  origin: string,
): Promise<CollectionResponse> {
  const { context, collection, typeName, title, items, total, nextPageToken } = await readCollectionPage(db, settings, request);
  const path = `${deliveryRootPath(request.target.kind, request.target.id)}/collections/${encodeURIComponent(request.collectionKeyOrId)}`;
  const pageUrl = pageUrlBuilder(settings.basePath, path, { language: context.language, pageSize: request.pageSize }, 'pageToken');
  return {
    channelSummary: channelSummaryOf(context.site, settings, origin),
    collectionKey: collection.collection_key,
    collectionType: { fullyQualifiedName: collection.item_type, name: typeName },
    currentPageUrl: pageUrl(request.pageToken) ?? '',
    id: collection.id,
    items,
    language: context.language,
    nextPageUrl: pageUrl(nextPageToken),
    previousPageUrl: pageUrl(previousPageTokenOf(request.pageToken)),
    publishedDate: collection.published_at,
    title,
    total,
    urlName: collection.url_name,
  };
}
