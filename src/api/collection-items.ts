/**
 * Collection items (spec §7.1; reference "Collection items"): one page of a collection in
 * collection order, with `total` for the whole collection and page URLs per spec §4.2.
 */
import type { ContentStore } from '../cms/database';
import { countCollectionItems, findCollection, listCollectionContents } from '../cms/repositories/collections';
import { listContentTypeNames, localizeContents } from '../cms/repositories/contents';
import { COLLECTION_PAGE_SIZE_DEFAULT, COLLECTION_PAGE_SIZE_MAX, COLLECTION_PAGE_SIZE_MIN } from '../shared/constants';
import type { CollectionItem, CollectionResponse } from '../shared/delivery-types';
import { notFound } from '../shared/errors';
import { withBasePath } from '../shared/links';
import { nextPageTokenOf, pageOffset, previousPageTokenOf } from '../shared/pagination';
import { readChannelOrSiteId, readInteger, readString, type ChannelOrSite, type QueryValue } from '../shared/request-validation';
import { channelCollectionPath, siteCollectionPath, withQuery } from '../shared/urls';
import { expandImageReferences, resolveImages } from './content-resolution';
import { channelSummaryOf, resolveDeliveryContext, type DeliverySettings } from './delivery-context';

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

export async function getCollectionPage(db: ContentStore, settings: DeliverySettings, request: CollectionPageRequest): Promise<CollectionResponse> {
  const context = await resolveDeliveryContext(db, request.target, request.language);
  const collection = await findCollection(db, context.site.id, request.collectionKeyOrId);
  if (collection === undefined) throw notFound();

  const offset = pageOffset(request.pageToken, request.pageSize);
  const [total, contents] = await Promise.all([
    countCollectionItems(db, collection.id),
    listCollectionContents(db, collection.id, offset, request.pageSize),
  ]);
  const localized = await localizeContents(db, contents, context.languages);
  const typeNames = await listContentTypeNames(db, [collection.item_type, ...localized.map((content) => content.content_type)]);
  const typeOf = (fullyQualifiedName: string) => ({ fullyQualifiedName, name: typeNames.get(fullyQualifiedName) ?? fullyQualifiedName });
  const images = await resolveImages(db, context, settings, localized.map((content) => content.body));
  const items: CollectionItem[] = localized.map((content) => ({
    id: content.id,
    name: content.title,
    contentType: typeOf(content.content_type),
    body: {
      contentKey: content.content_key,
      urlName: content.url_name,
      title: content.title,
      publishedDate: content.published_at,
      contentBody: expandImageReferences(content.body, images),
    },
  }));

  const path =
    request.target.kind === 'site'
      ? siteCollectionPath(request.target.id, request.collectionKeyOrId)
      : channelCollectionPath(request.target.id, request.collectionKeyOrId);
  const pageUrl = (pageToken: number | null) =>
    pageToken === null
      ? null
      : withBasePath(settings.basePath, withQuery(path, { language: context.language, pageSize: request.pageSize, pageToken }));
  const page = { pageToken: request.pageToken, pageSize: request.pageSize, itemCount: contents.length, total };

  return {
    channelSummary: channelSummaryOf(context.site, settings),
    collectionKey: collection.collection_key,
    collectionType: typeOf(collection.item_type),
    currentPageUrl: pageUrl(request.pageToken) ?? withBasePath(settings.basePath, path),
    id: collection.id,
    items,
    language: context.language,
    nextPageUrl: pageUrl(nextPageTokenOf(page)),
    previousPageUrl: pageUrl(previousPageTokenOf(request.pageToken)),
    publishedDate: collection.published_at,
    title: collection.title,
    total,
    urlName: collection.url_name,
  };
}
