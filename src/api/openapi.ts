/**
 * The delivery API's contract as an OpenAPI 3.1 document, served at
 * {basePath}/services/data/v65.0/openapi.json. Built from the same limits the handlers enforce.
 */
import { API_ROOT, API_VERSION, COLLECTION_PAGE_SIZE_DEFAULT, COLLECTION_PAGE_SIZE_MAX } from '../shared/constants';
import { COMMUNITY_LIMITS } from './community-delivery';
import { CONTENT_LIST_LIMITS, REFERENCE_DEPTH } from './contents';
import { SEO_FIELDS_MAX } from './seo-properties';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const string: Schema = { type: 'string' };
const nullableString: Schema = { type: ['string', 'null'] };
const boolean: Schema = { type: 'boolean' };
const integer = (minimum: number, maximum?: number, defaultValue?: number): Schema => ({
  type: 'integer',
  minimum,
  ...(maximum === undefined ? {} : { maximum }),
  ...(defaultValue === undefined ? {} : { default: defaultValue }),
});
const list = (maxItems: number, description: string): Schema => ({
  type: 'array',
  items: string,
  maxItems,
  description: `${description} Sent comma-joined (repeating the parameter also works).`,
});
/** A closed object: every property required, no others (the wire shapes are exact). */
/** An object of required properties, and optional ones (absent, never null, when there is no value). */
const object = (properties: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema => ({
  type: 'object',
  required: Object.keys(properties),
  properties: { ...properties, ...optional },
  additionalProperties: false,
});
/** nextPageUrl and previousPageUrl: the platform's adapters read them as optional strings and reject null. */
const pageLinks = { nextPageUrl: { type: 'string' }, previousPageUrl: { type: 'string' } } satisfies Record<string, Schema>;
const userReference = object({ id: string, url: string });

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: Schema;
  description?: string;
  style?: 'form';
  explode?: boolean;
}

const path = (name: string, description: string): Parameter => ({ name, in: 'path', required: true, schema: string, description });
const query = (name: string, schema: Schema, description?: string): Parameter => ({
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

function operation(summary: string, parameters: Parameter[], response: string, okDescription = 'OK') {
  const error = (description: string) => ({ description, content: { 'application/json': { schema: ref('ErrorList') } } });
  return {
    get: {
      summary,
      parameters,
      responses: {
        200: { description: okDescription, headers: { ETag: { schema: string } }, content: { 'application/json': { schema: ref(response) } } },
        304: { description: 'Not modified (If-None-Match matched the ETag).' },
        400: error('A parameter or id is invalid; the message says which.'),
        404: error('No such site, channel, community, collection, content or record.'),
        405: error('Only GET and HEAD are allowed.'),
        500: error('An unexpected failure; no details are disclosed.'),
      },
    },
  };
}

export function buildOpenApiDocument(basePath: string): Schema {
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

  const root = `${basePath}${API_ROOT}`;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Literature Sheets delivery API',
      version: API_VERSION,
      description: 'CMS delivery calls with the paths, parameters and JSON of the platform’s v65.0 API. Errors are a JSON array of {errorCode, message}.',
    },
    servers: [{ url: root }],
    paths: {
      '/connect/sites/{channelOrSiteId}/cms/delivery/collections/{collectionKeyOrId}': operation(
        'Collection items (site)',
        [CHANNEL_OR_SITE, COLLECTION, ...collectionPaging],
        'CollectionItems',
      ),
      '/connect/cms/delivery/channels/{channelOrSiteId}/collections/{collectionKeyOrId}': operation(
        'Collection items (channel)',
        [CHANNEL_OR_SITE, COLLECTION, ...collectionPaging],
        'CollectionItems',
      ),
      '/connect/sites/{channelOrSiteId}/cms/delivery/collections/{collectionKeyOrId}/metadata': operation(
        'Collection metadata (site)',
        [CHANNEL_OR_SITE, COLLECTION, ...metadata],
        'CollectionMetadata',
      ),
      '/connect/cms/delivery/channels/{channelOrSiteId}/collections/{collectionKeyOrId}/metadata': operation(
        'Collection metadata (channel)',
        [CHANNEL_OR_SITE, COLLECTION, ...metadata],
        'CollectionMetadata',
      ),
      '/connect/sites/{channelOrSiteId}/cms/delivery/contents/{contentKeyOrId}': operation(
        'One content item (site)',
        [CHANNEL_OR_SITE, path('contentKeyOrId', 'Content key or managed content id.'), ...contentItem],
        'ContentDocument',
      ),
      '/connect/cms/delivery/channels/{channelOrSiteId}/contents/{contentKeyOrId}': operation(
        'One content item (channel)',
        [CHANNEL_OR_SITE, path('contentKeyOrId', 'Content key or managed content id.'), ...contentItem],
        'ContentDocument',
      ),
      '/connect/sites/{channelOrSiteId}/cms/delivery/contents': operation('Content list (site)', [CHANNEL_OR_SITE, ...contentList], 'ContentList'),
      '/connect/cms/delivery/channels/{channelOrSiteId}/contents': operation('Content list (channel)', [CHANNEL_OR_SITE, ...contentList], 'ContentList'),
      '/connect/communities/{communityId}/managed-content/delivery': operation(
        'Managed content delivery',
        [COMMUNITY, ...communityCommon, SHOW_ABSOLUTE_URL],
        'CommunityDelivery',
      ),
      '/connect/communities/{communityId}/managed-content/delivery/contents': operation(
        'Managed content delivery: contents',
        [
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
        'CommunityContents',
      ),
      '/connect/communities/{communityId}/seo/properties/{recordId}': operation(
        'SEO properties of a record',
        [COMMUNITY, path('recordId', 'A record id or URL alias.'), query('fields', list(SEO_FIELDS_MAX, 'Field names; all fields when absent.'))],
        'SeoProperties',
      ),
    },
    components: { schemas: SCHEMAS },
  };
}

const contentType = object({ fullyQualifiedName: string, name: string });
const channelSummary = object({
  domainUrl: string,
  id: string,
  name: string,
  resourceUrl: string,
  target: object({ id: string }),
  type: string,
});
const contentSummary = {
  contentKey: string,
  contentType: ref('ContentType'),
  language: string,
  managedContentId: string,
  publishedDate: { type: 'string', format: 'date-time' },
  resourceUrl: string,
  title: string,
  unauthenticatedUrl: nullableString,
  urlName: string,
};
const map: Schema = { type: 'object', additionalProperties: true };
const topics: Schema = object({ topics: { type: 'array', items: object({ id: string, name: string }) } });

const SCHEMAS: Record<string, Schema> = {
  ErrorList: { type: 'array', items: object({ errorCode: string, message: string }) },
  ContentType: contentType,
  ChannelSummary: channelSummary,
  CollectionItems: object(
    {
      channelSummary: ref('ChannelSummary'),
      collectionKey: string,
      collectionType: ref('ContentType'),
      currentPageUrl: string,
      id: string,
      items: {
        type: 'array',
        items: object({
          id: string,
          name: string,
          contentType: ref('ContentType'),
          // Ours: the language the item's body is in, which is the page's unless it is not translated.
          language: string,
          body: object({ contentKey: string, urlName: string, title: string, publishedDate: string, contentBody: map }),
        }),
      },
      language: string,
      publishedDate: string,
      title: string,
      total: { type: 'integer', minimum: 0 },
      urlName: string,
    },
    pageLinks,
  ),
  CollectionMetadata: object({
    channelSummary: ref('ChannelSummary'),
    collectionKey: string,
    collectionMetadata: map,
    collectionType: ref('ContentType'),
    id: string,
    language: string,
    publishedDate: string,
    schema: map,
    title: string,
    urlName: string,
  }),
  ContentSummary: object(contentSummary),
  ReferencedDocument: object({ ...contentSummary, contentBody: map }),
  ContentDocument: object({
    ...contentSummary,
    contentBody: map,
    channelSummary: ref('ChannelSummary'),
    references: { type: ['object', 'null'], additionalProperties: ref('ReferencedDocument') },
    referencesList: { type: ['array', 'null'], items: ref('ReferencedDocument') },
  }),
  ContentList: object(
    {
      channelSummary: ref('ChannelSummary'),
      contents: { type: 'array', items: { oneOf: [ref('ContentSummary'), ref('ContentDocument')] } },
      currentPageUrl: string,
    },
    pageLinks,
  ),
  CommunityDelivery: object(
    {
      currentPageUrl: string,
      items: {
        type: 'array',
        items: object({
          associations: topics,
          contentKey: string,
          contentNodes: { type: 'object', additionalProperties: { type: 'object', required: ['nodeType'], properties: { nodeType: string } } },
          contentUrlName: string,
          language: string,
          managedContentId: string,
          publishedDate: string,
          title: string,
          type: string,
          typeLabel: string,
          unauthenticatedUrl: nullableString,
        }),
      },
      managedContentTypes: map,
      total: { type: 'integer', minimum: 0 },
      totalTypes: { type: 'integer', minimum: 0 },
    },
    { nextPageUrl: pageLinks.nextPageUrl },
  ),
  CommunityContents: object({
    items: {
      type: 'array',
      items: object({
        associations: topics,
        authoredManagedContentId: string,
        body: map,
        contentKey: string,
        createdByReference: userReference,
        createdDate: string,
        id: string,
        lastUpdatedByReference: userReference,
        managedContentId: string,
        masterLanguage: string,
        primaryLanguage: string,
        publishDate: string,
        status: string,
        title: string,
        type: string,
        typeLabel: string,
        updatedDate: string,
        urlName: string,
      }),
    },
    total: { type: 'integer', minimum: 0 },
  }),
  SeoProperties: object({
    recordId: string,
    recordName: string,
    objectName: string,
    fields: { type: 'object', additionalProperties: string },
    hrefLangUrls: { type: 'object', additionalProperties: string },
    canonicalUrl: nullableString,
    isSeoIndexed: boolean,
  }),
};
