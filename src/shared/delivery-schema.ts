/**
 * The delivery API's wire shapes (reference `cms-delivery-api.md`), written once as TypeBox
 * schemas (decision 031): delivery-types.ts derives the TypeScript types from them, and the OpenAPI
 * document (api/openapi.ts) publishes them as its component schemas. Property names are the
 * platform's and must not change: existing clients read them.
 *
 * Every object is exact (`additionalProperties: false`): a property the server starts sending is
 * written here first, or the contract tests fail. An optional property is absent when it has no
 * value, never null.
 */
import Type, { type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import { oneOf } from './schema/fields';

/** An object of exactly these properties; those wrapped in `Type.Optional` may be absent. */
function exact<Properties extends TProperties>(properties: Properties, description?: string): TObject<Properties> {
  return Type.Object(properties, { additionalProperties: false, ...(description === undefined ? {} : { description }) });
}

/**
 * Names mapped to values of one shape, written as `additionalProperties`: OpenAPI tools read that
 * as a map, where TypeBox's Record writes `patternProperties`, which most of them do not.
 */
function mapOf<Value extends TSchema>(value: Value, description?: string) {
  return Type.Unsafe<Record<string, Static<Value>>>({
    type: 'object',
    additionalProperties: value,
    ...(description === undefined ? {} : { description }),
  } as TSchema);
}

function nullable<Value extends TSchema>(value: Value, description?: string) {
  return Type.Union([value, Type.Null()], description === undefined ? {} : { description });
}

/** Any values under any names. */
function openMap(description?: string) {
  return Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: true,
    ...(description === undefined ? {} : { description }),
  } as TSchema);
}

const Count = Type.Integer({ minimum: 0 });

export const ContentBodySchema = openMap('The content type’s fields; values are authored and untrusted.');

export const ContentTypeRefSchema = exact({ fullyQualifiedName: Type.String(), name: Type.String() });

export const ChannelSummarySchema = exact({
  domainUrl: Type.String({ description: 'The site’s origin and base path: SITE_URL, else the origin the request came to.' }),
  id: Type.String(),
  name: Type.String(),
  resourceUrl: Type.String(),
  target: exact({ id: Type.String() }),
  type: Type.String(),
});

const PageUrl = Type.Optional(Type.String({ description: 'Absent when there is no such page (the platform’s adapters reject null).' }));

export const CollectionItemBodySchema = exact({
  contentKey: Type.String(),
  urlName: Type.String(),
  title: Type.String(),
  publishedDate: Type.String(),
  contentBody: ContentBodySchema,
});

export const CollectionItemSchema = exact({
  id: Type.String(),
  name: Type.String(),
  contentType: ContentTypeRefSchema,
  language: Type.String({
    description: 'Not the platform’s: the language the body is in; the collection’s unless the item is not translated into it.',
  }),
  body: CollectionItemBodySchema,
});

export const CollectionResponseSchema = exact({
  channelSummary: ChannelSummarySchema,
  collectionKey: Type.String(),
  collectionType: ContentTypeRefSchema,
  currentPageUrl: Type.String(),
  id: Type.String(),
  items: Type.Array(CollectionItemSchema),
  language: Type.String(),
  nextPageUrl: PageUrl,
  previousPageUrl: PageUrl,
  publishedDate: Type.String(),
  title: Type.String(),
  total: Count,
  urlName: Type.String(),
});

/** A field of a content type as the metadata and community calls list it. */
const FieldSummarySchema = exact({ label: Type.String(), name: Type.String(), nodeType: Type.String() });

export const CollectionMetadataResponseSchema = exact({
  channelSummary: ChannelSummarySchema,
  collectionKey: Type.String(),
  collectionMetadata: openMap(),
  collectionType: ContentTypeRefSchema,
  id: Type.String(),
  language: Type.String(),
  publishedDate: Type.String(),
  schema: mapOf(FieldSummarySchema, 'The item type’s fields when expandMetadata=true, else {}.'),
  title: Type.String(),
  urlName: Type.String(),
});

const contentSummaryProperties = {
  contentKey: Type.String(),
  contentType: ContentTypeRefSchema,
  language: Type.String(),
  managedContentId: Type.String(),
  publishedDate: Type.String({ format: 'date-time' }),
  resourceUrl: Type.String(),
  title: Type.String(),
  unauthenticatedUrl: nullable(Type.String()),
  urlName: Type.String(),
};

export const ContentSummarySchema = exact(contentSummaryProperties);

export const ReferencedDocumentSchema = exact({ ...contentSummaryProperties, contentBody: ContentBodySchema });

export const ContentDocumentSchema = exact({
  ...ReferencedDocumentSchema.properties,
  channelSummary: ChannelSummarySchema,
  references: nullable(mapOf(ReferencedDocumentSchema), 'Referenced contents by content key; null at referenceDepth 0 or with referencesAsList.'),
  referencesList: nullable(Type.Array(ReferencedDocumentSchema), 'The same as a list, with referencesAsList=true; else null.'),
});

export const ContentListResponseSchema = exact({
  channelSummary: ChannelSummarySchema,
  contents: Type.Array(Type.Union([ContentSummarySchema, ContentDocumentSchema])),
  currentPageUrl: Type.String(),
  nextPageUrl: PageUrl,
  previousPageUrl: PageUrl,
});

const MediaType = oneOf(['Document', 'Image', 'Video']);

export const ContentNodeSchema = Type.Union(
  [
    exact({ nodeType: oneOf(['Text', 'MultilineText', 'NameField', 'RichText', 'Url', 'Date']), value: Type.String() }),
    exact({ nodeType: Type.Literal('DateTime'), dateTimeValue: Type.String(), timeZone: Type.String() }),
    exact({
      nodeType: Type.Literal('Media'),
      altText: nullable(Type.String()),
      contentKey: Type.String(),
      fileName: nullable(Type.String()),
      mediaType: MediaType,
      mimeType: nullable(Type.String()),
      resourceUrl: nullable(Type.String()),
      thumbnailUrl: nullable(Type.String()),
      title: nullable(Type.String()),
      unauthenticatedUrl: nullable(Type.String()),
      url: nullable(Type.String()),
    }),
    exact({
      nodeType: Type.Literal('MediaSource'),
      fileName: nullable(Type.String()),
      isExternal: Type.Boolean(),
      mediaType: MediaType,
      mimeType: nullable(Type.String()),
      referenceId: nullable(Type.String()),
      resourceUrl: nullable(Type.String()),
      unauthenticatedUrl: nullable(Type.String()),
      url: nullable(Type.String()),
    }),
  ],
  { description: 'A typed content node of the community delivery calls (reference "Community managed-content delivery").' },
);

export const ManagedContentTypeInfoSchema = exact({ label: Type.String(), name: Type.String(), nodeTypes: mapOf(FieldSummarySchema) });

const TopicAssociations = exact({ topics: Type.Array(exact({ id: Type.String(), name: Type.String() })) });

export const CommunityDeliveryItemSchema = exact({
  associations: TopicAssociations,
  contentKey: Type.String(),
  contentNodes: mapOf(ContentNodeSchema),
  contentUrlName: Type.String(),
  language: Type.String(),
  managedContentId: Type.String(),
  publishedDate: Type.String(),
  title: Type.String(),
  type: Type.String(),
  typeLabel: Type.String(),
  unauthenticatedUrl: nullable(Type.String()),
});

export const CommunityDeliveryResponseSchema = exact({
  currentPageUrl: Type.String(),
  items: Type.Array(CommunityDeliveryItemSchema),
  managedContentTypes: mapOf(ManagedContentTypeInfoSchema),
  nextPageUrl: PageUrl,
  total: Count,
  totalTypes: Count,
});

export const UserReferenceSchema = exact({ id: Type.String(), url: Type.String() }, 'Who created or last changed a content: a user id and its resource.');

export const CommunityContentItemSchema = exact({
  associations: TopicAssociations,
  authoredManagedContentId: Type.String(),
  body: ContentBodySchema,
  contentKey: Type.String(),
  createdByReference: UserReferenceSchema,
  createdDate: Type.String(),
  id: Type.String(),
  lastUpdatedByReference: UserReferenceSchema,
  managedContentId: Type.String(),
  masterLanguage: Type.String(),
  primaryLanguage: Type.String({ description: 'The same as masterLanguage: the platform’s adapters read this name.' }),
  publishDate: Type.String(),
  status: Type.String(),
  title: Type.String(),
  type: Type.String(),
  typeLabel: Type.String(),
  updatedDate: Type.String(),
  urlName: Type.String(),
});

export const CommunityContentsResponseSchema = exact({ items: Type.Array(CommunityContentItemSchema), total: Count });

export const SeoPropertiesResponseSchema = exact({
  recordId: Type.String(),
  recordName: Type.String(),
  objectName: Type.String(),
  fields: mapOf(Type.String()),
  hrefLangUrls: mapOf(Type.String()),
  canonicalUrl: nullable(Type.String()),
  isSeoIndexed: Type.Boolean(),
});

/** spec §8: every error answer is a list of these. */
export const ErrorListSchema = Type.Array(exact({ errorCode: Type.String(), message: Type.String() }));
