/**
 * Collection metadata (spec §7.2; reference "Collection metadata"): a collection's title, its
 * metadata map and, with expandMetadata=true, the schema of its item type.
 */
import type { ContentStore } from '../cms/database';
import { findCollection } from '../cms/repositories/collections';
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

export async function getCollectionMetadata(db: ContentStore, settings: DeliverySettings, request: CollectionMetadataRequest): Promise<CollectionMetadataResponse> {
  const context = await resolveDeliveryContext(db, request.target, request.language);
  const collection = await findCollection(db, context.site.id, request.collectionKeyOrId);
  if (collection === undefined) throw notFound();
  const type = (await listContentTypes(db, [collection.item_type])).get(collection.item_type);
  const schema: CollectionMetadataResponse['schema'] = {};
  if (request.expandMetadata && type !== undefined) {
    for (const [name, field] of Object.entries(type.fields)) schema[name] = { label: field.label, name, nodeType: field.nodeType };
  }
  return {
    channelSummary: channelSummaryOf(context.site, settings),
    collectionKey: collection.collection_key,
    collectionMetadata: JSON.parse(collection.metadata) as Record<string, unknown>,
    collectionType: { fullyQualifiedName: collection.item_type, name: type?.name ?? collection.item_type },
    id: collection.id,
    // Collections are stored in one language; report it, so a client knows what it got (spec §7.2).
    language: collection.primary_language,
    publishedDate: collection.published_at,
    schema,
    title: collection.title,
    urlName: collection.url_name,
  };
}
