/**
 * Collection metadata (spec §7.2; reference "Collection metadata"): a collection's title, its
 * metadata map and, with expandMetadata=true, the schema of its item type.
 */
import type { ContentStore } from '../cms/database';
import { findCollection, localizeCollection } from '../cms/repositories/collections';
import { listContentTypes } from '../cms/repositories/contents';
import type { CollectionMetadataResponse } from '../shared/delivery-types';
import { notFound } from '../shared/errors';
import { readBoolean, readChannelOrSiteId, readString, type ChannelOrSite, type QueryValue } from '../shared/request-validation';
import { channelSummaryOf, resolveDeliveryContext, type DeliverySettings } from './delivery-context';

export interface CollectionMetadataRequest {
  target: ChannelOrSite;
  collectionKeyOrId: string;
  language: string | undefined;
  expandMetadata: boolean;
}

export function readCollectionMetadataRequest(
  channelOrSiteId: string | undefined,
  collectionKeyOrId: string | undefined,
  query: Record<string, QueryValue>,
): CollectionMetadataRequest {
  return {
    target: readChannelOrSiteId(channelOrSiteId),
    collectionKeyOrId: collectionKeyOrId ?? '',
    language: readString('language', query.language),
    expandMetadata: readBoolean('expandMetadata', query.expandMetadata, false),
  };
}

export async function getCollectionMetadata(
  db: ContentStore,
  settings: DeliverySettings,
  request: CollectionMetadataRequest,
  origin: string,
): Promise<CollectionMetadataResponse> {
  const context = await resolveDeliveryContext(db, request.target, request.language);
  const collection = await findCollection(db, context.site.id, request.collectionKeyOrId);
  if (collection === undefined) throw notFound();
  const [type, localized] = await Promise.all([
    listContentTypes(db, [collection.item_type]).then((types) => types.get(collection.item_type)),
    localizeCollection(db, collection, context.languages),
  ]);
  const schema: CollectionMetadataResponse['schema'] = {};
  if (request.expandMetadata && type !== undefined) {
    for (const [name, field] of Object.entries(type.fields)) schema[name] = { label: field.label, name, nodeType: field.nodeType };
  }
  return {
    channelSummary: channelSummaryOf(context.site, settings, origin),
    collectionKey: collection.collection_key,
    collectionMetadata: localized.metadata,
    collectionType: { fullyQualifiedName: collection.item_type, name: type?.name ?? collection.item_type },
    id: collection.id,
    // spec §7.2: the language actually used, so a client that sent none knows what it got.
    language: localized.language,
    publishedDate: collection.published_at,
    schema,
    title: localized.title,
    urlName: collection.url_name,
  };
}
