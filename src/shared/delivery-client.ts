/**
 * A typed client for the delivery API, the same in the browser and on the server (spec §7 general
 * rules: GET without a body, same origin with credentials, JSON content type). Options are checked
 * before any request, with the spec §8 request-validation messages; a failed call raises a
 * FetchError carrying the url, status, status text and the error list. Responses in the platform's
 * older forms (`channelInfo`, a string `contentType`) are read into the current ones.
 */
import { MESSAGES, invalidTypeMessage, type ApiErrorItem, type ParameterType } from './errors';
import type {
  CollectionMetadataResponse,
  CollectionResponse,
  CommunityContentsResponse,
  CommunityDeliveryResponse,
  ContentDocument,
  ContentListResponse,
  SeoPropertiesResponse,
} from './delivery-types';
import { kindOfChannelOrSiteId } from './ids';
import { withBasePath } from './links';
import { communityRootPath, deliveryRootPath, withQuery } from './urls';

export class FetchError extends Error {
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly errors: ApiErrorItem[];

  constructor(url: string, status: number, statusText: string, errors: ApiErrorItem[]) {
    // spec §8: a failed fetch is raised again carrying the response's status text.
    super(statusText || `Request failed with status ${status}`);
    this.name = 'FetchError';
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.errors = errors;
  }
}

/** Options that cannot make a valid request; thrown before anything is sent. */
export class RequestValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RequestValidationError';
  }
}

interface Common {
  language?: string;
  signal?: AbortSignal;
}

export interface CollectionItemsOptions extends Common {
  channelOrSiteId: string;
  collectionKeyOrId: string;
  pageSize?: number;
  pageToken?: number;
}

export interface CollectionMetadataOptions extends Common {
  channelOrSiteId: string;
  collectionKeyOrId: string;
  expandMetadata?: boolean;
}

export interface ContentOptions extends Common {
  channelOrSiteId: string;
  contentKeyOrId: string;
  referenceDepth?: number;
  expandReferences?: boolean;
  referencesAsList?: boolean;
  showAbsoluteUrl?: boolean;
}

export interface ContentListOptions extends Common {
  channelOrSiteId: string;
  contentKeys?: string[];
  managedContentIds?: string[];
  contentTypeFQN?: string;
  page?: number;
  pageSize?: number;
  referenceDepth?: number;
  includeContentBody?: boolean;
  expandReferences?: boolean;
  showAbsoluteUrl?: boolean;
}

export interface CommunityDeliveryOptions extends Common {
  communityId: string;
  contentKeys?: string[];
  managedContentIds?: string[];
  managedContentType?: string;
  page?: number;
  pageSize?: number;
  showAbsoluteUrl?: boolean;
  topics?: string[];
}

export interface CommunityContentsOptions extends Omit<CommunityDeliveryOptions, 'showAbsoluteUrl'> {
  collectionName?: string;
  queryTerm?: string;
  urlNameInList?: string[];
}

export interface SeoPropertiesOptions {
  communityId: string;
  recordId: string;
  fields?: string[];
  signal?: AbortSignal;
}

/** spec §5.5 parameter types. */
const PARAMETER_TYPES: Record<string, ParameterType> = {
  contentKeys: 'array',
  managedContentIds: 'array',
  topics: 'array',
  urlNameInList: 'array',
  fields: 'array',
  contentTypeFQN: 'string',
  managedContentType: 'string',
  collectionName: 'string',
  queryTerm: 'string',
  language: 'string',
  page: 'number',
  pageSize: 'number',
  pageToken: 'number',
  referenceDepth: 'number',
  includeContentBody: 'boolean',
  expandMetadata: 'boolean',
  expandReferences: 'boolean',
  referencesAsList: 'boolean',
  showAbsoluteUrl: 'boolean',
};

type QueryValues = Record<string, string | number | boolean | undefined>;

export interface DeliveryClientSettings {
  basePath: string;
  fetch?: typeof fetch;
}

/** spec §7 general rules: every call is a GET without a body, same origin with credentials, JSON. */
export const DELIVERY_REQUEST = {
  method: 'GET',
  credentials: 'same-origin',
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
} as const satisfies RequestInit;

export function createDeliveryClient({ basePath, fetch: fetchImpl = (...args) => fetch(...args) }: DeliveryClientSettings) {
  async function get<T>(kind: keyof typeof REQUIRED_FIELDS, path: string, query: QueryValues, signal: AbortSignal | undefined): Promise<T> {
    const url = withBasePath(basePath, withQuery(path, query));
    const response = await fetchImpl(url, { ...DELIVERY_REQUEST, ...(signal ? { signal } : {}) });
    if (!response.ok) throw new FetchError(url, response.status, response.statusText, await readErrors(response));
    return checkResponse(kind, url, normalizeResponse((await response.json()) as T));
  }

  return {
    async getCollectionItems(options: CollectionItemsOptions): Promise<CollectionResponse> {
      const { channelOrSiteId, collectionKeyOrId, signal, ...query } = checkOptions(options, { needsChannelOrSite: true });
      const root = deliveryRootPath(kindOf(channelOrSiteId), channelOrSiteId);
      return get('collection', `${root}/collections/${encodeURIComponent(required(collectionKeyOrId, MESSAGES.OPTIONS_REQUIRED))}`, query, signal);
    },
    async getCollectionMetadata(options: CollectionMetadataOptions): Promise<CollectionMetadataResponse> {
      const { channelOrSiteId, collectionKeyOrId, signal, ...query } = checkOptions(options, { needsChannelOrSite: true });
      const root = deliveryRootPath(kindOf(channelOrSiteId), channelOrSiteId);
      return get('metadata', `${root}/collections/${encodeURIComponent(required(collectionKeyOrId, MESSAGES.OPTIONS_REQUIRED))}/metadata`, query, signal);
    },
    async getContent(options: ContentOptions): Promise<ContentDocument> {
      const { channelOrSiteId, contentKeyOrId, signal, ...query } = checkOptions(options, { needsChannelOrSite: true });
      const key = required(contentKeyOrId, MESSAGES.CONTENT_KEY_OR_ID_REQUIRED);
      return get('content', `${deliveryRootPath(kindOf(channelOrSiteId), channelOrSiteId)}/contents/${encodeURIComponent(key)}`, query, signal);
    },
    async listContents(options: ContentListOptions): Promise<ContentListResponse> {
      const { channelOrSiteId, signal, ...query } = checkOptions(options, { needsChannelOrSite: true });
      return get('contents', `${deliveryRootPath(kindOf(channelOrSiteId), channelOrSiteId)}/contents`, joinLists(query), signal);
    },
    async getCommunityDelivery(options: CommunityDeliveryOptions): Promise<CommunityDeliveryResponse> {
      const { communityId, signal, ...query } = checkOptions(options, { needsChannelOrSite: false });
      return get('community', `${communityRootPath(required(communityId, MESSAGES.OPTIONS_REQUIRED))}/managed-content/delivery`, joinLists(query), signal);
    },
    async getCommunityContents(options: CommunityContentsOptions): Promise<CommunityContentsResponse> {
      const { communityId, signal, ...query } = checkOptions(options, { needsChannelOrSite: false });
      return get(
        'community',
        `${communityRootPath(required(communityId, MESSAGES.OPTIONS_REQUIRED))}/managed-content/delivery/contents`,
        joinLists(query),
        signal,
      );
    },
    async getSeoProperties(options: SeoPropertiesOptions): Promise<SeoPropertiesResponse> {
      const { communityId, recordId, signal, ...query } = checkOptions(options, { needsChannelOrSite: false });
      const path = `${communityRootPath(required(communityId, MESSAGES.OPTIONS_REQUIRED))}/seo/properties/${encodeURIComponent(required(recordId, MESSAGES.OPTIONS_REQUIRED))}`;
      return get('seo', path, joinLists(query), signal);
    },
  };
}

export type DeliveryClient = ReturnType<typeof createDeliveryClient>;

function required(value: unknown, message: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new RequestValidationError(message);
  return value;
}

function kindOf(channelOrSiteId: string): 'site' | 'channel' {
  return kindOfChannelOrSiteId(channelOrSiteId) ?? 'site';
}

/** spec §5.5 and §8: options present, channelOrSiteId non-blank with a valid prefix, typed values. */
function checkOptions<T extends object>(options: T | null | undefined, { needsChannelOrSite }: { needsChannelOrSite: boolean }): T {
  if (options === null || options === undefined || typeof options !== 'object') throw new RequestValidationError(MESSAGES.OPTIONS_REQUIRED);
  const record = options as Record<string, unknown>;
  if (needsChannelOrSite) {
    const id = record.channelOrSiteId;
    if (typeof id !== 'string' || id.trim() === '') throw new RequestValidationError(MESSAGES.CHANNEL_OR_SITE_ID_REQUIRED);
    if (kindOfChannelOrSiteId(id) === null) throw new RequestValidationError(MESSAGES.CHANNEL_OR_SITE_ID_INVALID);
  }
  if ('contentKeyOrId' in record && (typeof record.contentKeyOrId !== 'string' || record.contentKeyOrId.trim() === '')) {
    throw new RequestValidationError(MESSAGES.CONTENT_KEY_OR_ID_REQUIRED);
  }
  for (const [name, value] of Object.entries(record)) {
    const type = PARAMETER_TYPES[name];
    if (type !== undefined && value !== undefined && !hasType(value, type)) throw new RequestValidationError(invalidTypeMessage(name, type));
  }
  return options;
}

function hasType(value: unknown, type: ParameterType): boolean {
  switch (type) {
    case 'array':
      return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
    case 'number':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
    case 'date':
      return typeof value === 'string';
  }
}

/** spec §5.5: arrays are sent comma-joined. */
function joinLists(query: Record<string, unknown>): QueryValues {
  const joined: QueryValues = {};
  for (const [name, value] of Object.entries(query)) {
    joined[name] = Array.isArray(value) ? value.join(',') : (value as string | number | boolean | undefined);
  }
  return joined;
}

/** spec §7: an error response is read as a list of items, each with message and errorCode. */
export async function readErrors(response: Response): Promise<ApiErrorItem[]> {
  try {
    const body: unknown = await response.json();
    if (!Array.isArray(body)) return [];
    return body.filter(
      (item): item is ApiErrorItem => item !== null && typeof item === 'object' && typeof item.errorCode === 'string' && typeof item.message === 'string',
    );
  } catch {
    return [];
  }
}

const AUTHORED_FIELDS = new Set(['contentBody', 'contentNodes']);
/** The platform's own shapes are shallow; below this depth a (hostile) answer is passed on as it is. */
const RESPONSE_WALK_DEPTH = 16;
/** Older servers wrote dates like "Oct 7, 2021 5:39:59 AM", without a zone: read as UTC. */
const OLDER_DATE = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4}) (\d{1,2}):(\d{2}):(\d{2}) ([AP]M)$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An older server's date as ISO 8601 in UTC; any other text as it is. */
export function readOlderDate(text: string): string {
  const match = OLDER_DATE.exec(text);
  const month = match === null ? -1 : MONTHS.indexOf(match[1] ?? '');
  if (match === null || month === -1) return text;
  const [, , day, year, hour, minute, second, half] = match;
  const hours = (Number(hour) % 12) + (half === 'PM' ? 12 : 0);
  return new Date(Date.UTC(Number(year), month, Number(day), hours, Number(minute), Number(second))).toISOString();
}

/**
 * Reads the platform's older response forms into the current ones: `channelInfo` becomes
 * `channelSummary`, `targetSummary` becomes `target`, a string `contentType` becomes
 * `{ fullyQualifiedName, name }`, dates without a zone become ISO 8601 in UTC, and a page URL of
 * null is left out (as the current forms do), at any depth of the platform's own shapes. Authored
 * content (bodies, content nodes) is passed on as it is.
 */
export function normalizeResponse<T>(value: T): T {
  const visit = (node: unknown, depth = 0): unknown => {
    if (node === null || typeof node !== 'object' || depth >= RESPONSE_WALK_DEPTH) return node;
    if (Array.isArray(node)) return node.map((entry) => visit(entry, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(node)) {
      // A community item's body is authored content; a collection item's body wraps its contentBody.
      const authored = AUTHORED_FIELDS.has(key) || (key === 'body' && !(entry !== null && typeof entry === 'object' && 'contentBody' in entry));
      if (authored) copy[key] = entry;
      else if (key === 'channelInfo' || key === 'targetSummary') {
        const current = key === 'channelInfo' ? 'channelSummary' : 'target';
        if (!(current in node)) copy[current] = visit(entry, depth + 1);
      } else if ((key === 'contentType' || key === 'collectionType') && typeof entry === 'string') copy[key] = { fullyQualifiedName: entry, name: entry };
      else if ((key === 'nextPageUrl' || key === 'previousPageUrl') && entry === null) continue;
      else if (key.endsWith('Date') && typeof entry === 'string') copy[key] = readOlderDate(entry);
      else copy[key] = visit(entry, depth + 1);
    }
    return copy;
  };
  return visit(value) as T;
}

/** What a client of each call cannot do without: a server that leaves one out is not understood. */
const REQUIRED_FIELDS: Record<string, Array<[string, 'array' | 'number' | 'string' | 'object']>> = {
  collection: [
    ['items', 'array'],
    ['total', 'number'],
    ['language', 'string'],
  ],
  metadata: [
    ['language', 'string'],
    ['title', 'string'],
    ['collectionType', 'object'],
  ],
  content: [
    ['contentKey', 'string'],
    ['contentBody', 'object'],
  ],
  contents: [['contents', 'array']],
  community: [
    ['items', 'array'],
    ['total', 'number'],
  ],
  seo: [
    ['recordId', 'string'],
    ['fields', 'object'],
  ],
};

/** An answer the client could read only in part: names what it could not read. */
export class ResponseShapeError extends Error {
  constructor(
    readonly url: string,
    readonly unread: string[],
  ) {
    super(`${url} answered in a form this client cannot read: ${unread.join('; ')}`);
    this.name = 'ResponseShapeError';
  }
}

/** Checks the fields a call's readers rely on, and fills those a missing value can stand for. */
export function checkResponse<T>(kind: keyof typeof REQUIRED_FIELDS, url: string, value: T): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ResponseShapeError(url, ['the answer is not an object']);
  const record = value as Record<string, unknown>;
  const unread = (REQUIRED_FIELDS[kind] ?? []).flatMap(([field, type]) => {
    const found = record[field];
    const matches = type === 'array' ? Array.isArray(found) : type === 'object' ? found !== null && typeof found === 'object' : typeof found === type;
    return matches ? [] : [`${field} is ${found === undefined ? 'missing' : `not a${type === 'array' || type === 'object' ? 'n' : ''} ${type}`}`];
  });
  if (unread.length > 0) throw new ResponseShapeError(url, unread);
  if ('currentPageUrl' in record || kind === 'collection' || kind === 'contents' || kind === 'community') record.currentPageUrl ??= '';
  return value;
}
