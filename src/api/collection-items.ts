/**
 * Collection items (spec §7.1; reference "Collection items"): one page of a collection in
 * collection order, with `total` for the whole collection and page URLs per spec §4.2.
 */
import type { ContentStore } from '../cms/database';
import { countCollectionItems, findCollection, listCollectionContents, localizeCollection } from '../cms/repositories/collections';
import { findContentsByIds, listContentTypes } from '../cms/repositories/contents';
import { resolveUrlFields } from '../shared/links';
import { COLLECTION_PAGE_SIZE_DEFAULT, COLLECTION_PAGE_SIZE_MAX, COLLECTION_PAGE_SIZE_MIN } from '../shared/constants';
import type { CollectionItem, CollectionResponse } from '../shared/delivery-types';
import { notFound } from '../shared/errors';
import { nextPageTokenOf, pageOffset, previousPageTokenOf } from '../shared/pagination';
import { readChannelOrSiteId, readInteger, readString, type ChannelOrSite, type QueryValue } from '../shared/request-validation';
import { deliveryRootPath } from '../shared/urls';
import { deliverContents, type DeliveredContent } from './content-resolution';
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

/** A delivered content as a collection lists it (reference "Collection items"). */
export function collectionItemOf({ content, contentType, body }: DeliveredContent): CollectionItem {
  return {
    id: content.id,
    name: content.title,
    contentType,
    language: content.language,
    ...(content.link_language === null ? {} : { linkLanguage: content.link_language }),
    body: {
      contentKey: content.content_key,
      urlName: content.url_name,
      title: content.title,
      publishedDate: content.published_at,
      contentBody: body,
    },
  };
}

/**
 * Contents of a site by id as collection items in a language (as the grid shows them: url fields
 * as site URLs), in the order of `ids`; an id the site does not have is left out.
 */
export async function itemsOfContents(
  db: ContentStore,
  settings: DeliverySettings,
  siteId: string,
  language: string,
  ids: string[],
): Promise<CollectionItem[]> {
  const contents = await findContentsByIds(db, siteId, ids);
  const context = await resolveDeliveryContext(db, { kind: 'site', id: siteId }, language);
  const delivered = new Map((await deliverContents({ db, context, settings }, contents)).map((content) => [content.content.id, content]));
  return ids.flatMap((id) => {
    const content = delivered.get(id);
    return content === undefined ? [] : [resolveUrlFields(collectionItemOf(content), settings.basePath)];
  });
}

/**
 * A page of a collection's items in a language, as the store holds them: what the delivery API
 * answers and the site's grids show, each shaping it its own way.
 */
export async function readCollectionPage(db: ContentStore, settings: DeliverySettings, request: CollectionPageRequest) {
  const context = await resolveDeliveryContext(db, request.target, request.language);
  const collection = await findCollection(db, context.site.id, request.collectionKeyOrId);
  if (collection === undefined) throw notFound();

  const [total, contents, types, localized] = await Promise.all([
    countCollectionItems(db, collection.id),
    listCollectionContents(db, collection.id, pageOffset(request.pageToken, request.pageSize), request.pageSize),
    listContentTypes(db, [collection.item_type]),
    localizeCollection(db, collection, context.languages),
  ]);
  const items = (await deliverContents({ db, context, settings }, contents)).map(collectionItemOf);
  // Counted in the rows read, not the items delivered: a record left out does not end the paging.
  const nextPageToken = nextPageTokenOf({ pageToken: request.pageToken, pageSize: request.pageSize, itemCount: contents.length, total });
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
