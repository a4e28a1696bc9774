/**
 * Wire shapes of the delivery API (reference `cms-delivery-api.md`) as TypeScript types, derived
 * from the schemas in delivery-schema.ts (decision 031): a shape is changed there, and these
 * follow. Property names are the platform's and must not change: existing clients read them.
 *
 * Type-only imports: a module that needs only the types loads no TypeBox.
 */
import type { Static } from 'typebox';
import type {
  ChannelSummarySchema,
  CollectionItemBodySchema,
  CollectionItemSchema,
  CollectionMetadataResponseSchema,
  CollectionResponseSchema,
  CommunityContentItemSchema,
  CommunityContentsResponseSchema,
  CommunityDeliveryItemSchema,
  CommunityDeliveryResponseSchema,
  ContentBodySchema,
  ContentDocumentSchema,
  ContentListResponseSchema,
  ContentNodeSchema,
  ContentSummarySchema,
  ContentTypeRefSchema,
  ManagedContentTypeInfoSchema,
  ReferencedDocumentSchema,
  SeoPropertiesResponseSchema,
  UserReferenceSchema,
} from './delivery-schema';

export type ContentTypeRef = Static<typeof ContentTypeRefSchema>;

export type ChannelSummary = Static<typeof ChannelSummarySchema>;

/** A content body is the content type's fields; values are authored and untrusted. */
export type ContentBody = Static<typeof ContentBodySchema>;

export type CollectionItemBody = Static<typeof CollectionItemBodySchema>;

/**
 * A collection item as the server hands it to the site's grids: the wire's, and one property that
 * is never on the wire (the delivery API takes it off before it answers, register-delivery-api.ts).
 */
export type CollectionItem = Static<typeof CollectionItemSchema> & {
  /** Ours: the language of the body's url when the translation has no link of its own and takes its primary language's. */
  linkLanguage?: string;
};

export type CollectionResponse = Omit<Static<typeof CollectionResponseSchema>, 'items'> & { items: CollectionItem[] };

export type CollectionMetadataResponse = Static<typeof CollectionMetadataResponseSchema>;

export type ContentSummary = Static<typeof ContentSummarySchema>;

export type ReferencedDocument = Static<typeof ReferencedDocumentSchema>;

export type ContentDocument = Static<typeof ContentDocumentSchema>;

export type ContentListResponse = Static<typeof ContentListResponseSchema>;

/** A typed content node of the community delivery calls (reference "Community managed-content delivery"). */
export type ContentNode = Static<typeof ContentNodeSchema>;

export type ManagedContentTypeInfo = Static<typeof ManagedContentTypeInfoSchema>;

export type CommunityDeliveryItem = Static<typeof CommunityDeliveryItemSchema>;

export type CommunityDeliveryResponse = Static<typeof CommunityDeliveryResponseSchema>;

/** Who created or last changed a content: a user id and its resource. */
export type UserReference = Static<typeof UserReferenceSchema>;

export type CommunityContentItem = Static<typeof CommunityContentItemSchema>;

export type CommunityContentsResponse = Static<typeof CommunityContentsResponseSchema>;

export type SeoPropertiesResponse = Static<typeof SeoPropertiesResponseSchema>;
