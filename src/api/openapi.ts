/**
 * The delivery API's contract as an OpenAPI 3.1 document, served at
 * {basePath}/services/data/v65.0/openapi.json. Its paths and parameters are written here, from the
 * same limits the handlers enforce; its response bodies are the wire shapes the types come from
 * too (delivery-schema-components.ts, decision 031).
 */
import { API_ROOT, API_VERSION, COLLECTION_PAGE_SIZE_DEFAULT, COLLECTION_PAGE_SIZE_MAX, OPENAPI_LICENSE } from '../shared/constants';
import { COMMUNITY_LIMITS } from './community-delivery';
import { CONTENT_LIST_LIMITS, REFERENCE_DEPTH } from './contents';
import { componentRef, writeComponentSchemas, type DeliveryComponentName, type JsonSchema } from './delivery-schema-components';
import { SEO_FIELDS_MAX } from './seo-properties';

const string: JsonSchema = { type: 'string' };
const boolean: JsonSchema = { type: 'boolean' };
const integer = (minimum: number, maximum?: number, defaultValue?: number): JsonSchema => ({
  type: 'integer',
  minimum,
  ...(maximum === undefined ? {} : { maximum }),
  ...(defaultValue === undefined ? {} : { default: defaultValue }),
});
const list = (maxItems: number, description: string): JsonSchema => ({
  type: 'array',
  items: string,
  maxItems,
  description: `${description} Sent comma-joined (repeating the parameter also works).`,
});

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: JsonSchema;
  description?: string;
  style?: 'form';
  explode?: boolean;
}

const path = (name: string, description: string): Parameter => ({ name, in: 'path', required: true, schema: string, description });
const query = (name: string, schema: JsonSchema, description?: string): Parameter => ({
  name,
  in: 'query',
  schema,
  ...(description ? { description } : {}),
  ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
});

const CHANNEL_OR_SITE = path('channelOrSiteId', "A site id (starting '0DM') or a channel id (starting '0ap').");
const COLLECTION = path('collectionKeyOrId', 'The collection’s content key or id.');
const COMMUNITY = path('communityId', 'The community (site network) id.');
const LANGUAGE = query('language', string, 'e.g. en_US; missing or untranslated falls back to the site’s default language.');
const SHOW_ABSOLUTE_URL = query('showAbsoluteUrl', { ...boolean, default: false });

/** Paths of every call, relative to the API root; the site and channel forms share handlers. */
export const DELIVERY_PATHS = {
  siteCollection: '/connect/sites/:channelOrSiteId/cms/delivery/collections/:collectionKeyOrId',
  channelCollection: '/connect/cms/delivery/channels/:channelOrSiteId/collections/:collectionKeyOrId',
  siteCollectionMetadata: '/connect/sites/:channelOrSiteId/cms/delivery/collections/:collectionKeyOrId/metadata',
  channelCollectionMetadata: '/connect/cms/delivery/channels/:channelOrSiteId/collections/:collectionKeyOrId/metadata',
  siteContent: '/connect/sites/:channelOrSiteId/cms/delivery/contents/:contentKeyOrId',
  channelContent: '/connect/cms/delivery/channels/:channelOrSiteId/contents/:contentKeyOrId',
  siteContents: '/connect/sites/:channelOrSiteId/cms/delivery/contents',
  channelContents: '/connect/cms/delivery/channels/:channelOrSiteId/contents',
  communityDelivery: '/connect/communities/:communityId/managed-content/delivery',
  communityContents: '/connect/communities/:communityId/managed-content/delivery/contents',
  seoProperties: '/connect/communities/:communityId/seo/properties/:recordId',
} as const;

export type DeliveryCall = keyof typeof DELIVERY_PATHS;

interface Call {
  summary: string;
  parameters: Parameter[];
  response: DeliveryComponentName;
}

/**
 * A call's GET, and its HEAD: the same answer without a body. Each has an operationId, the call's
 * name; the API is public, so no security applies (the document's `security: []`).
 */
function pathItem(name: DeliveryCall, { summary, parameters, response }: Call) {
  const error = (description: string) => ({ description, content: { 'application/json': { schema: componentRef('ErrorList') } } });
  const responses = (ok: Record<string, unknown>) => ({
    200: { description: 'OK', headers: { ETag: { schema: string } }, ...ok },
    304: { description: 'Not modified (If-None-Match matched the ETag).' },
    400: error('A parameter or id is invalid; the message says which.'),
    404: error('No such site, channel, community, collection, content or record.'),
    405: error('Only GET and HEAD are allowed.'),
    500: error('An unexpected failure; no details are disclosed.'),
  });
  return {
    get: { operationId: name, summary, parameters, responses: responses({ content: { 'application/json': { schema: componentRef(response) } } }) },
    head: { operationId: `${name}Head`, summary: `${summary}: its headers alone`, parameters, responses: responses({}) },
  };
}

const collectionPaging = [
  LANGUAGE,
  query('pageSize', integer(1, COLLECTION_PAGE_SIZE_MAX, COLLECTION_PAGE_SIZE_DEFAULT)),
  query('pageToken', integer(0, undefined, 0), 'Zero-based page index.'),
];
const metadata = [LANGUAGE, query('expandMetadata', { ...boolean, default: false })];
const contentItem = [
  LANGUAGE,
  query('referenceDepth', integer(REFERENCE_DEPTH.min, REFERENCE_DEPTH.max, REFERENCE_DEPTH.default)),
  query('expandReferences', { ...boolean, default: false }, 'Reference nodes in contentBody carry the referenced content’s body.'),
  query('referencesAsList', { ...boolean, default: false }),
  SHOW_ABSOLUTE_URL,
];
const contentList = [
  query('contentKeys', list(CONTENT_LIST_LIMITS.contentKeys, 'Content keys.')),
  query('managedContentIds', list(CONTENT_LIST_LIMITS.managedContentIds, 'Managed content ids (15 or 18 characters).')),
  query('contentTypeFQN', string),
  query('page', integer(0, undefined, 0)),
  query(
    'pageSize',
    integer(1, CONTENT_LIST_LIMITS.pageSizeMax, CONTENT_LIST_LIMITS.pageSizeDefault),
    'At most 25 with includeContentBody or expandReferences.',
  ),
  query('referenceDepth', integer(REFERENCE_DEPTH.min, REFERENCE_DEPTH.max, REFERENCE_DEPTH.default)),
  query('includeContentBody', { ...boolean, default: false }),
  query('expandReferences', { ...boolean, default: false }),
  LANGUAGE,
  query('publishStartDate', { type: 'string', format: 'date-time' }),
  query('publishEndDate', { type: 'string', format: 'date-time' }),
  SHOW_ABSOLUTE_URL,
];
const communityCommon = [
  query('contentKeys', list(COMMUNITY_LIMITS.contentKeys, 'Content keys.')),
  LANGUAGE,
  query('managedContentIds', list(COMMUNITY_LIMITS.managedContentIds, 'Managed content ids.')),
  query('managedContentType', string, 'e.g. cms_image or literature_sheet.'),
  query('page', integer(0, undefined, 0)),
  query('pageSize', integer(1, COMMUNITY_LIMITS.pageSizeMax, COMMUNITY_LIMITS.pageSizeDefault)),
  query('topics', list(COMMUNITY_LIMITS.topics, 'Topic names.')),
];
const CONTENT_KEY = path('contentKeyOrId', 'Content key or managed content id.');

const CALLS: Record<DeliveryCall, Call> = {
  siteCollection: { summary: 'Collection items (site)', parameters: [CHANNEL_OR_SITE, COLLECTION, ...collectionPaging], response: 'CollectionItems' },
  channelCollection: { summary: 'Collection items (channel)', parameters: [CHANNEL_OR_SITE, COLLECTION, ...collectionPaging], response: 'CollectionItems' },
  siteCollectionMetadata: { summary: 'Collection metadata (site)', parameters: [CHANNEL_OR_SITE, COLLECTION, ...metadata], response: 'CollectionMetadata' },
  channelCollectionMetadata: {
    summary: 'Collection metadata (channel)',
    parameters: [CHANNEL_OR_SITE, COLLECTION, ...metadata],
    response: 'CollectionMetadata',
  },
  siteContent: { summary: 'One content item (site)', parameters: [CHANNEL_OR_SITE, CONTENT_KEY, ...contentItem], response: 'ContentDocument' },
  channelContent: { summary: 'One content item (channel)', parameters: [CHANNEL_OR_SITE, CONTENT_KEY, ...contentItem], response: 'ContentDocument' },
  siteContents: { summary: 'Content list (site)', parameters: [CHANNEL_OR_SITE, ...contentList], response: 'ContentList' },
  channelContents: { summary: 'Content list (channel)', parameters: [CHANNEL_OR_SITE, ...contentList], response: 'ContentList' },
  communityDelivery: { summary: 'Managed content delivery', parameters: [COMMUNITY, ...communityCommon, SHOW_ABSOLUTE_URL], response: 'CommunityDelivery' },
  communityContents: {
    summary: 'Managed content delivery: contents',
    parameters: [
      COMMUNITY,
      query('collectionName', string),
      ...communityCommon,
      query(
        'queryTerm',
        string,
        'Words to find, as the site search finds them (docs/search.md): in a sheet’s title, description or document, with synonyms and stems.',
      ),
      query('urlNameInList', list(COMMUNITY_LIMITS.urlNames, 'URL names.')),
    ],
    response: 'CommunityContents',
  },
  seoProperties: {
    summary: 'SEO properties of a record',
    parameters: [COMMUNITY, path('recordId', 'A record id or URL alias.'), query('fields', list(SEO_FIELDS_MAX, 'Field names; all fields when absent.'))],
    response: 'SeoProperties',
  },
};

/** The same for every base path: worked out once. */
const COMPONENT_SCHEMAS = writeComponentSchemas();

/** Fastify's /contents/:id as OpenAPI's /contents/{id}. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * The document, for a base path and, where the site's address is known (SITE_URL), the operator
 * to contact. Its operations and their names are the calls the server registers (DELIVERY_PATHS).
 */
export function buildOpenApiDocument(basePath: string, siteUrl = ''): JsonSchema {
  const root = `${basePath}${API_ROOT}`;
  const calls = Object.entries(CALLS) as Array<[DeliveryCall, Call]>;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Literature Sheets delivery API',
      version: API_VERSION,
      description: 'CMS delivery calls with the paths, parameters and JSON of the platform’s v65.0 API. Errors are a JSON array of {errorCode, message}.',
      contact: { name: 'The site’s operator', ...(siteUrl === '' ? {} : { url: `${siteUrl}${basePath}/` }) },
      license: OPENAPI_LICENSE,
    },
    servers: [{ url: root }],
    // Public: no call needs a credential.
    security: [],
    paths: Object.fromEntries(calls.map(([name, call]) => [openApiPath(DELIVERY_PATHS[name]), pathItem(name, call)])),
    components: { schemas: COMPONENT_SCHEMAS },
  };
}
