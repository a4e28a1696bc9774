/**
 * CMS content items (spec §7.3; reference "One content item", "Content list"): one content by key
 * or id with its references to a depth of 0–3, and a filtered, paged list of contents.
 */
import type { ContentStore } from '../cms/database';
import { contentByKeyOrId, contentsPage, type ContentFilter } from '../published/contents';
import type { ContentBody, ContentDocument, ContentListResponse, ContentSummary, ReferencedDocument } from '../shared/delivery-types';
import { ApiError, ERROR_CODES, MESSAGES, notFound, invalidParameter, outOfRangeMessage } from '../shared/errors';
import { isContentKey, isWellFormedId, toId18 } from '../shared/ids';
import { classifyLink, mapUrlFields, withBasePath } from '../shared/links';
import { previousPageTokenOf } from '../shared/pagination';
import {
  readBoolean,
  readChannelOrSiteId,
  readDate,
  readInteger,
  readList,
  readString,
  type ChannelOrSite,
  type QueryValue,
} from '../shared/request-validation';
import { deliveryRootPath } from '../shared/urls';
import { collectReferences, deliverContents, placeOf, type DeliveredContent, type DeliveryScope } from './content-resolution';
import { extendReferences, referencedKey } from '../published/images';
import { channelSummaryOf, resolveDeliveryContext, type DeliverySettings } from './delivery-context';
import { pageUrlBuilder } from './page-links';

type Query = Record<string, QueryValue>;

/** Reference limits (reference "One content item", "Content list"). */
export const REFERENCE_DEPTH = { min: 0, max: 3, default: 0 };
export const CONTENT_LIST_LIMITS = { contentKeys: 50, managedContentIds: 100, pageSizeDefault: 25, pageSizeMax: 250, pageSizeWithBodies: 25 };

interface DocumentOptions {
  referenceDepth: number;
  expandReferences: boolean;
  referencesAsList: boolean;
  /** Origin for absolute URLs (showAbsoluteUrl=true), or null for site-relative ones. */
  absoluteOrigin: string | null;
  /** The site's origin for channelSummary.domainUrl. */
  origin: string;
}

export interface ContentItemRequest extends Omit<DocumentOptions, 'absoluteOrigin' | 'origin'> {
  target: ChannelOrSite;
  contentKeyOrId: string;
  language: string | undefined;
  showAbsoluteUrl: boolean;
}

/** spec §5.5, §8: a single item needs a non-blank contentKeyOrId. */
function readContentKeyOrId(value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new ApiError(400, ERROR_CODES.INVALID_ID_FIELD, MESSAGES.CONTENT_KEY_OR_ID_REQUIRED);
  return value;
}

export function readContentItemRequest(channelOrSiteId: string | undefined, contentKeyOrId: string | undefined, query: Query): ContentItemRequest {
  return {
    target: readChannelOrSiteId(channelOrSiteId),
    contentKeyOrId: readContentKeyOrId(contentKeyOrId),
    language: readString('language', query.language),
    referenceDepth: readInteger('referenceDepth', query.referenceDepth, REFERENCE_DEPTH),
    expandReferences: readBoolean('expandReferences', query.expandReferences, false),
    referencesAsList: readBoolean('referencesAsList', query.referencesAsList, false),
    showAbsoluteUrl: readBoolean('showAbsoluteUrl', query.showAbsoluteUrl, false),
  };
}

export async function getContentItem(db: ContentStore, settings: DeliverySettings, request: ContentItemRequest, origin: string): Promise<ContentDocument> {
  const context = await resolveDeliveryContext(db, request.target, request.language);
  const scope = { db, context, settings };
  const content = await contentByKeyOrId(db, placeOf(scope), request.contentKeyOrId);
  if (content === undefined) throw notFound();
  const [delivered] = deliverContents(scope, [content]);
  if (delivered === undefined) throw notFound();
  const options = { ...request, origin, absoluteOrigin: request.showAbsoluteUrl ? origin : null };
  const [document] = await toDocuments(scope, request.target, [delivered], options);
  if (document === undefined) throw notFound();
  return document;
}

export interface ContentListRequest extends Omit<DocumentOptions, 'absoluteOrigin' | 'origin' | 'referencesAsList'> {
  target: ChannelOrSite;
  language: string | undefined;
  contentKeys: string[] | undefined;
  managedContentIds: string[] | undefined;
  contentTypeFQN: string | undefined;
  page: number;
  pageSize: number;
  includeContentBody: boolean;
  publishStartDate: string | undefined;
  publishEndDate: string | undefined;
  showAbsoluteUrl: boolean;
}

export function readContentListRequest(channelOrSiteId: string | undefined, query: Query): ContentListRequest {
  const includeContentBody = readBoolean('includeContentBody', query.includeContentBody, false);
  const expandReferences = readBoolean('expandReferences', query.expandReferences, false);
  const pageSize = readInteger('pageSize', query.pageSize, { min: 1, max: CONTENT_LIST_LIMITS.pageSizeMax, default: CONTENT_LIST_LIMITS.pageSizeDefault });
  // Full documents are heavier: at most 25 a page (reference "Content list").
  if ((includeContentBody || expandReferences) && pageSize > CONTENT_LIST_LIMITS.pageSizeWithBodies) {
    throw invalidParameter(outOfRangeMessage('pageSize', 1, CONTENT_LIST_LIMITS.pageSizeWithBodies));
  }
  return {
    target: readChannelOrSiteId(channelOrSiteId),
    language: readString('language', query.language),
    contentKeys: readList('contentKeys', query.contentKeys, { max: CONTENT_LIST_LIMITS.contentKeys, isValid: isContentKey }),
    managedContentIds: readList('managedContentIds', query.managedContentIds, { max: CONTENT_LIST_LIMITS.managedContentIds, isValid: isWellFormedId }),
    contentTypeFQN: readString('contentTypeFQN', query.contentTypeFQN),
    page: readInteger('page', query.page, { min: 0, default: 0 }),
    pageSize,
    referenceDepth: readInteger('referenceDepth', query.referenceDepth, REFERENCE_DEPTH),
    includeContentBody,
    expandReferences,
    publishStartDate: readDate('publishStartDate', query.publishStartDate),
    publishEndDate: readDate('publishEndDate', query.publishEndDate),
    showAbsoluteUrl: readBoolean('showAbsoluteUrl', query.showAbsoluteUrl, false),
  };
}

export async function getContentList(db: ContentStore, settings: DeliverySettings, request: ContentListRequest, origin: string): Promise<ContentListResponse> {
  const context = await resolveDeliveryContext(db, request.target, request.language);
  const scope = { db, context, settings };
  const filter: ContentFilter = {
    contentKeys: request.contentKeys,
    // 15-character ids are accepted as well as 18-character ones; the store keeps 18.
    ids: request.managedContentIds?.map(toId18),
    types: request.contentTypeFQN === undefined ? undefined : [request.contentTypeFQN],
    publishedFrom: request.publishStartDate,
    publishedTo: request.publishEndDate,
  };
  // One row more than a page tells whether a next page exists without counting everything.
  const rows = await contentsPage(db, placeOf(scope), filter, request.page * request.pageSize, request.pageSize + 1);
  const hasNext = rows.length > request.pageSize;
  const delivered = deliverContents(scope, rows.slice(0, request.pageSize));
  const options: DocumentOptions = { ...request, origin, referencesAsList: false, absoluteOrigin: request.showAbsoluteUrl ? origin : null };
  const contents = request.includeContentBody
    ? await toDocuments(scope, request.target, delivered, options)
    : delivered.map((item) => toSummary(scope, request.target, item, options.absoluteOrigin));

  const pageUrl = pageUrlBuilder(
    settings.basePath,
    `${deliveryRootPath(request.target.kind, request.target.id)}/contents`,
    {
      contentKeys: request.contentKeys?.join(','),
      managedContentIds: request.managedContentIds?.join(','),
      contentTypeFQN: request.contentTypeFQN,
      pageSize: request.pageSize,
      referenceDepth: request.referenceDepth || undefined,
      includeContentBody: request.includeContentBody || undefined,
      expandReferences: request.expandReferences || undefined,
      language: context.language,
      publishStartDate: request.publishStartDate,
      publishEndDate: request.publishEndDate,
      showAbsoluteUrl: request.showAbsoluteUrl || undefined,
    },
    'page',
  );
  return {
    channelSummary: channelSummaryOf(context.site, settings, origin),
    contents,
    currentPageUrl: pageUrl(request.page) ?? '',
    nextPageUrl: pageUrl(hasNext ? request.page + 1 : null),
    previousPageUrl: pageUrl(previousPageTokenOf(request.page)),
  };
}

function contentResourceUrl(scope: DeliveryScope, target: ChannelOrSite, contentKey: string): string {
  return withBasePath(scope.settings.basePath, `${deliveryRootPath(target.kind, target.id)}/contents/${encodeURIComponent(contentKey)}`);
}

function toSummary(scope: DeliveryScope, target: ChannelOrSite, item: DeliveredContent, absoluteOrigin: string | null): ContentSummary {
  const absolute = (url: string | null) => (url === null || absoluteOrigin === null ? url : absoluteOrigin + url);
  return {
    contentKey: item.content.contentKey,
    contentType: item.content.contentType,
    language: item.content.textLanguage,
    managedContentId: item.content.id,
    publishedDate: item.content.publishedAt,
    resourceUrl: absolute(contentResourceUrl(scope, target, item.content.contentKey)) ?? '',
    title: item.content.title,
    unauthenticatedUrl: absolute(item.unauthenticatedUrl),
    urlName: item.content.urlName,
  };
}

function toReferencedDocument(scope: DeliveryScope, target: ChannelOrSite, item: DeliveredContent, absoluteOrigin: string | null): ReferencedDocument {
  const body = absoluteOrigin === null ? item.body : absoluteUrlFields(item.body, absoluteOrigin + scope.settings.basePath);
  return { ...toSummary(scope, target, item, absoluteOrigin), contentBody: body };
}

async function toDocuments(scope: DeliveryScope, target: ChannelOrSite, items: DeliveredContent[], options: DocumentOptions): Promise<ContentDocument[]> {
  // expandReferences needs the referenced contents even at depth 0.
  const depth = options.expandReferences ? Math.max(1, options.referenceDepth) : options.referenceDepth;
  const reachable = await collectReferences(scope, items, depth);
  const channelSummary = channelSummaryOf(scope.context.site, scope.settings, options.origin);
  const referenced = new Map([...reachable].map(([key, item]) => [key, toReferencedDocument(scope, target, item, options.absoluteOrigin)]));

  return items.map((item) => {
    const document = toReferencedDocument(scope, target, item, options.absoluteOrigin);
    // The references of this item, and theirs, down to the requested depth.
    const own = ownReferences(item, reachable, options.referenceDepth)
      .map((key) => referenced.get(key))
      .filter((doc) => doc !== undefined);
    const contentBody = options.expandReferences ? expandReferenceNodes(document.contentBody, referenced) : document.contentBody;
    return {
      ...document,
      contentBody,
      channelSummary,
      references: options.referenceDepth === 0 || options.referencesAsList ? null : Object.fromEntries(own.map((doc) => [doc.contentKey, doc])),
      referencesList: options.referenceDepth > 0 && options.referencesAsList ? own : null,
    };
  });
}

/** Keys reachable from one item within `depth` hops through the contents already collected. */
function ownReferences(item: DeliveredContent, reachable: Map<string, DeliveredContent>, depth: number): string[] {
  const keys: string[] = [];
  let frontier = [item];
  for (let level = 0; level < depth; level++) {
    const next: DeliveredContent[] = [];
    for (const current of frontier) {
      for (const value of Object.values(current.content.body)) {
        const key = referencedKey(value);
        const found = key === undefined ? undefined : reachable.get(key);
        if (key !== undefined && found !== undefined && !keys.includes(key)) {
          keys.push(key);
          next.push(found);
        }
      }
    }
    frontier = next;
  }
  return keys;
}

/** Ours: with expandReferences=true a reference node carries the referenced content's body. */
function expandReferenceNodes(body: ContentBody, referenced: Map<string, ReferencedDocument>): ContentBody {
  return extendReferences(body, (key) => {
    const document = referenced.get(key);
    return document === undefined ? undefined : { contentBody: document.contentBody };
  });
}

/** Every site-relative `url` field, at any depth, made absolute (showAbsoluteUrl=true). */
function absoluteUrlFields(value: ContentBody, siteRoot: string): ContentBody {
  return mapUrlFields(value, (url) => (classifyLink(url) === 'relative' ? siteRoot + url : url)) as ContentBody;
}
