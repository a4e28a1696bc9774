/**
 * Community managed-content delivery (spec §7.4; reference "Community managed-content delivery"):
 * contents of a community's site with typed content nodes, and the flatter "contents" listing.
 */
import { createHash } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { listContentTypes, type ContentType } from '../cms/repositories/contents';
import { contentsPage, countContents, type ContentFilter, type ReadingPlace } from '../published/contents';
import { API_ROOT, IMAGE_CONTENT_TYPE, USER_ID_PREFIX } from '../shared/constants';
import type {
  CommunityContentItem,
  CommunityContentsResponse,
  CommunityDeliveryResponse,
  ContentNode,
  ManagedContentTypeInfo,
  UserReference,
} from '../shared/delivery-types';
import { idFromBytes, isContentKey, isWellFormedId, toId18 } from '../shared/ids';
import { withBasePath } from '../shared/links';
import { readBoolean, readInteger, readList, readString, queryParam, type QueryValue } from '../shared/request-validation';
import { communityRootPath } from '../shared/urls';
import { collectReferences, deliverContents, placeOf, type DeliveredContent } from './content-resolution';
import { referencedKey } from '../published/images';
import type { SheetSearch } from '../search/sheet-search';
import { resolveCommunityContext, type DeliverySettings } from './delivery-context';
import { pageUrlBuilder } from './page-links';
import { listTopics } from '../cms/repositories/topics';
import { topicLabel, topicsOfBody, type Topic } from '../shared/topics';
import type { DeliveryContext } from './delivery-context';

type Query = Record<string, QueryValue>;

export const COMMUNITY_LIMITS = { contentKeys: 50, managedContentIds: 100, topics: 15, urlNames: 100, pageSizeDefault: 25, pageSizeMax: 250 };

/** The community calls name the platform's built-in types by their older names. */
const COMMUNITY_TYPE_NAMES: Record<string, string> = { [IMAGE_CONTENT_TYPE]: 'cms_image' };

export function communityTypeName(fullyQualifiedName: string): string {
  return COMMUNITY_TYPE_NAMES[fullyQualifiedName] ?? fullyQualifiedName;
}

function typeFilterOf(name: string | undefined): string[] | undefined {
  if (name === undefined) return undefined;
  const builtIn = Object.entries(COMMUNITY_TYPE_NAMES).find(([, communityName]) => communityName === name);
  return [builtIn?.[0] ?? name];
}

interface CommonRequest {
  communityId: string;
  language: string | undefined;
  contentKeys: string[] | undefined;
  managedContentIds: string[] | undefined;
  managedContentType: string | undefined;
  page: number;
  pageSize: number;
  topics: string[] | undefined;
}

function readCommonRequest(communityId: string | undefined, query: Query): CommonRequest {
  return {
    communityId: communityId ?? '',
    language: readString('language', query.language),
    contentKeys: readList('contentKeys', queryParam(query, 'contentKeys'), { max: COMMUNITY_LIMITS.contentKeys, isValid: isContentKey }),
    managedContentIds: readList('managedContentIds', queryParam(query, 'managedContentIds'), {
      max: COMMUNITY_LIMITS.managedContentIds,
      isValid: isWellFormedId,
    }),
    managedContentType: readString('managedContentType', query.managedContentType),
    page: readInteger('page', query.page, { min: 0, default: 0 }),
    pageSize: readInteger('pageSize', query.pageSize, { min: 1, max: COMMUNITY_LIMITS.pageSizeMax, default: COMMUNITY_LIMITS.pageSizeDefault }),
    topics: readList('topics', queryParam(query, 'topics'), { max: COMMUNITY_LIMITS.topics }),
  };
}

function filterOf(request: CommonRequest): ContentFilter {
  return {
    contentKeys: request.contentKeys,
    ids: request.managedContentIds?.map(toId18),
    types: typeFilterOf(request.managedContentType),
  };
}

/** A page of contents matching a filter, with the total. */
async function pageOfContents(db: ContentStore, place: ReadingPlace, filter: ContentFilter, request: CommonRequest) {
  const [rows, total] = await Promise.all([
    contentsPage(db, place, filter, request.page * request.pageSize, request.pageSize),
    countContents(db, place, filter),
  ]);
  return { rows, total };
}

/**
 * What `topics[]` and `queryTerm` ask, answered by the site's search index (docs/search.md): a
 * sheet with every topic named (by slug or by name, in any case) and the query's words. Undefined
 * when neither is asked; null when nothing can match (a topic the site does not have, or a query
 * without words).
 */
async function matchingOf(search: Pick<SheetSearch, 'matchingIds'>, context: DeliveryContext, taxonomy: Topic[], request: CommonRequest, queryTerm?: string) {
  if (request.topics === undefined && queryTerm === undefined) return undefined;
  // A query term without words asks for nothing that can be found, with topics or without.
  if (queryTerm !== undefined && queryTerm.trim() === '') return null;
  const slugs: string[] = [];
  for (const asked of request.topics ?? []) {
    const wanted = asked.toLocaleLowerCase();
    const topic = taxonomy.find(
      (candidate) => candidate.slug === wanted || Object.values(candidate.labels).some((label) => label.toLocaleLowerCase() === wanted),
    );
    if (topic === undefined) return null;
    // Named twice (by slug and by name, say), asked once: PostgreSQL's search counts the topics a match has.
    if (!slugs.includes(topic.slug)) slugs.push(topic.slug);
  }
  return search.matchingIds({ siteId: context.site.id, language: context.language, query: queryTerm ?? '', topics: slugs });
}

/** An item's topics as the platform associates them: each with its id (our slug) and its name in the answer's language. */
function associationsOf(body: Record<string, unknown>, taxonomy: Topic[], languages: string[]) {
  const topics = topicsOfBody(body).flatMap((slug) => {
    const topic = taxonomy.find((candidate) => candidate.slug === slug);
    return topic === undefined ? [] : [{ id: slug, name: topicLabel(topic, languages) }];
  });
  return { topics };
}

export interface CommunityDeliveryRequest extends CommonRequest {
  showAbsoluteUrl: boolean;
}

export function readCommunityDeliveryRequest(communityId: string | undefined, query: Query): CommunityDeliveryRequest {
  return { ...readCommonRequest(communityId, query), showAbsoluteUrl: readBoolean('showAbsoluteUrl', query.showAbsoluteUrl, false) };
}

export async function getCommunityDelivery(
  db: ContentStore,
  settings: DeliverySettings,
  request: CommunityDeliveryRequest,
  origin: string,
  search: Pick<SheetSearch, 'matchingIds'>,
): Promise<CommunityDeliveryResponse> {
  const context = await resolveCommunityContext(db, request.communityId, request.language);
  const scope = { db, context, settings };
  const taxonomy = await listTopics(db, context.site.id);
  const matching = await matchingOf(search, context, taxonomy, request);
  const { rows, total } =
    matching === null ? { rows: [], total: 0 } : await pageOfContents(db, placeOf(scope), { ...filterOf(request), ...(matching ? { matching } : {}) }, request);
  const delivered = deliverContents(scope, rows);
  const [references, types] = await Promise.all([
    collectReferences(scope, delivered, 1),
    listContentTypes(
      db,
      rows.map((content) => content.contentType.fullyQualifiedName),
    ),
  ]);
  const absolute = (url: string | null) => (url === null || !request.showAbsoluteUrl ? url : origin + url);

  const managedContentTypes: Record<string, ManagedContentTypeInfo> = {};
  for (const item of delivered) {
    const name = communityTypeName(item.content.contentType.fullyQualifiedName);
    managedContentTypes[name] ??= typeInfoOf(item, types.get(item.content.contentType.fullyQualifiedName), name);
  }
  const pageUrl = pageUrlBuilder(
    settings.basePath,
    `${communityRootPath(request.communityId)}/managed-content/delivery`,
    {
      contentKeys: request.contentKeys?.join(','),
      managedContentIds: request.managedContentIds?.join(','),
      managedContentType: request.managedContentType,
      language: context.language,
      pageSize: request.pageSize,
      showAbsoluteUrl: request.showAbsoluteUrl || undefined,
      topics: request.topics?.join(','),
    },
    'page',
  );
  return {
    currentPageUrl: pageUrl(request.page) ?? '',
    items: delivered.map((item) => ({
      associations: associationsOf(item.body, taxonomy, context.languages),
      contentKey: item.content.contentKey,
      contentNodes: contentNodesOf(item, types.get(item.content.contentType.fullyQualifiedName), references, absolute),
      contentUrlName: item.content.urlName,
      language: item.content.textLanguage,
      managedContentId: item.content.id,
      publishedDate: item.content.publishedAt,
      title: item.content.title,
      type: communityTypeName(item.content.contentType.fullyQualifiedName),
      typeLabel: item.content.contentType.name,
      unauthenticatedUrl: absolute(item.unauthenticatedUrl),
    })),
    managedContentTypes,
    nextPageUrl: pageUrl((request.page + 1) * request.pageSize < total ? request.page + 1 : null),
    total,
    totalTypes: Object.keys(managedContentTypes).length,
  };
}

/** `type`: the content's type with its fields and node types, for typed content nodes (spec §7.4). */
function typeInfoOf(item: DeliveredContent, type: ContentType | undefined, name: string): ManagedContentTypeInfo {
  const nodeTypes: ManagedContentTypeInfo['nodeTypes'] = {};
  for (const [field, definition] of Object.entries(type?.fields ?? {}))
    nodeTypes[field] = { label: definition.label, name: field, nodeType: definition.nodeType };
  if (item.content.media !== null) nodeTypes.source = { label: 'Source', name: 'source', nodeType: 'MediaSource' };
  return { label: item.content.contentType.name, name, nodeTypes };
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Typed nodes for a content's fields; a field without a value has no node. */
function contentNodesOf(
  item: DeliveredContent,
  type: ContentType | undefined,
  references: Map<string, DeliveredContent>,
  absolute: (url: string | null) => string | null,
): Record<string, ContentNode> {
  const nodes: Record<string, ContentNode> = {};
  for (const [field, definition] of Object.entries(type?.fields ?? {})) {
    const value = item.body[field];
    const node = nodeOf(definition.nodeType, value, references, absolute);
    if (node !== undefined) nodes[field] = node;
  }
  if (item.content.media !== null) {
    nodes.source = {
      nodeType: 'MediaSource',
      fileName: item.content.media.fileName,
      isExternal: false,
      mediaType: 'Image',
      mimeType: item.content.media.mimeType,
      referenceId: item.content.id,
      resourceUrl: absolute(item.unauthenticatedUrl),
      unauthenticatedUrl: absolute(item.unauthenticatedUrl),
      url: absolute(item.unauthenticatedUrl),
    };
  }
  return nodes;
}

function nodeOf(
  nodeType: string,
  value: unknown,
  references: Map<string, DeliveredContent>,
  absolute: (url: string | null) => string | null,
): ContentNode | undefined {
  switch (nodeType) {
    case 'Text':
    case 'MultilineText':
    case 'NameField':
    case 'Url':
    case 'Date':
      return typeof value === 'string' ? { nodeType, value } : undefined;
    case 'RichText':
      // Rich text arrives HTML-entity-encoded (reference).
      return typeof value === 'string' ? { nodeType, value: value.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char) } : undefined;
    case 'DateTime':
      return typeof value === 'string' ? { nodeType, dateTimeValue: value, timeZone: 'UTC' } : undefined;
    case 'Media': {
      const key = referencedKey(value);
      const image = key === undefined ? undefined : references.get(key);
      if (key === undefined || image === undefined) return undefined;
      const url = absolute(image.unauthenticatedUrl);
      return {
        nodeType: 'Media',
        altText: typeof image.body.altText === 'string' ? image.body.altText : null,
        contentKey: key,
        fileName: image.content.media?.fileName ?? null,
        mediaType: 'Image',
        mimeType: image.content.media?.mimeType ?? null,
        resourceUrl: url,
        thumbnailUrl: url,
        title: image.content.title,
        unauthenticatedUrl: url,
        url,
      };
    }
    default:
      return undefined;
  }
}

export interface CommunityContentsRequest extends CommonRequest {
  collectionName: string | undefined;
  queryTerm: string | undefined;
  urlNameInList: string[] | undefined;
}

export function readCommunityContentsRequest(communityId: string | undefined, query: Query): CommunityContentsRequest {
  return {
    ...readCommonRequest(communityId, query),
    collectionName: readString('collectionName', query.collectionName),
    queryTerm: readString('queryTerm', query.queryTerm),
    urlNameInList: readList('urlNameInList', queryParam(query, 'urlNameInList'), { max: COMMUNITY_LIMITS.urlNames }),
  };
}

export async function getCommunityContents(
  db: ContentStore,
  settings: DeliverySettings,
  request: CommunityContentsRequest,
  search: Pick<SheetSearch, 'matchingIds'>,
): Promise<CommunityContentsResponse> {
  const context = await resolveCommunityContext(db, request.communityId, request.language);
  const taxonomy = await listTopics(db, context.site.id);
  // queryTerm asks the site's search (docs/search.md): its words in a sheet's title, description or document.
  const matching = await matchingOf(search, context, taxonomy, request, request.queryTerm);
  if (matching === null) return { items: [], total: 0 };
  const filter: ContentFilter = {
    ...filterOf(request),
    collectionName: request.collectionName,
    ...(matching === undefined ? {} : { matching }),
    urlNames: request.urlNameInList,
  };
  const scope = { db, context, settings };
  const { rows, total } = await pageOfContents(db, placeOf(scope), filter, request);
  return {
    items: deliverContents(scope, rows).map(({ content, body }): CommunityContentItem => ({
      associations: associationsOf(body, taxonomy, context.languages),
      authoredManagedContentId: content.id,
      body,
      contentKey: content.contentKey,
      createdByReference: contentStoreUser(settings),
      createdDate: content.createdAt,
      id: content.id,
      lastUpdatedByReference: contentStoreUser(settings),
      managedContentId: content.id,
      masterLanguage: content.primaryLanguage,
      primaryLanguage: content.primaryLanguage,
      publishDate: content.publishedAt,
      status: 'Published',
      title: content.title,
      type: communityTypeName(content.contentType.fullyQualifiedName),
      typeLabel: content.contentType.name,
      updatedDate: content.updatedAt,
      urlName: content.urlName,
    })),
    total,
  };
}

/**
 * Who created and last changed a content, as the platform's adapters expect it (an object with a
 * user id and its resource). No person is recorded per content yet: the content store stands in.
 */
const CONTENT_STORE_USER_ID = idFromBytes(USER_ID_PREFIX, createHash('sha256').update('literature-sheets:content-store').digest());

function contentStoreUser(settings: DeliverySettings): UserReference {
  return { id: CONTENT_STORE_USER_ID, url: withBasePath(settings.basePath, `${API_ROOT}/chatter/users/${CONTENT_STORE_USER_ID}`) };
}
