/**
 * Wire shapes of the delivery API (reference `cms-delivery-api.md`). Property names are the
 * platform's and must not change: existing clients read them.
 */

export interface ContentTypeRef {
  fullyQualifiedName: string;
  name: string;
}

export interface ChannelSummary {
  /** The site's origin and base path: SITE_URL, else the origin the request came to. */
  domainUrl: string;
  id: string;
  name: string;
  resourceUrl: string;
  target: { id: string };
  type: string;
}

/** A content body is the content type's fields; values are authored and untrusted. */
export type ContentBody = Record<string, unknown>;

export interface CollectionItemBody {
  contentKey: string;
  urlName: string;
  title: string;
  publishedDate: string;
  contentBody: ContentBody;
}

export interface CollectionItem {
  id: string;
  name: string;
  contentType: ContentTypeRef;
  /** Ours: the language the body is in; the collection's unless the item is not translated into it. */
  language: string;
  /** Ours: the language of the body's url when the translation has no link of its own and takes its primary language's. */
  linkLanguage?: string;
  body: CollectionItemBody;
}

export interface CollectionResponse {
  channelSummary: ChannelSummary;
  collectionKey: string;
  collectionType: ContentTypeRef;
  currentPageUrl: string;
  id: string;
  items: CollectionItem[];
  language: string;
  /** Absent when there is no such page (the platform's adapters reject null). */
  nextPageUrl?: string;
  previousPageUrl?: string;
  publishedDate: string;
  title: string;
  total: number;
  urlName: string;
}

export interface CollectionMetadataResponse {
  channelSummary: ChannelSummary;
  collectionKey: string;
  collectionMetadata: Record<string, unknown>;
  collectionType: ContentTypeRef;
  id: string;
  language: string;
  publishedDate: string;
  /** The item type's fields when expandMetadata=true, else {}. */
  schema: Record<string, { label: string; name: string; nodeType: string }>;
  title: string;
  urlName: string;
}

export interface ContentSummary {
  contentKey: string;
  contentType: ContentTypeRef;
  language: string;
  managedContentId: string;
  publishedDate: string;
  resourceUrl: string;
  title: string;
  unauthenticatedUrl: string | null;
  urlName: string;
}

export interface ReferencedDocument extends ContentSummary {
  contentBody: ContentBody;
}

export interface ContentDocument extends ReferencedDocument {
  channelSummary: ChannelSummary;
  /** Referenced contents by content key; null at referenceDepth 0 or with referencesAsList. */
  references: Record<string, ReferencedDocument> | null;
  /** The same as a list, with referencesAsList=true; else null. */
  referencesList: ReferencedDocument[] | null;
}

export interface ContentListResponse {
  channelSummary: ChannelSummary;
  contents: Array<ContentSummary | ContentDocument>;
  currentPageUrl: string;
  /** Absent when there is no such page. */
  nextPageUrl?: string;
  previousPageUrl?: string;
}

/** A typed content node of the community delivery calls (reference "Community managed-content delivery"). */
export type ContentNode =
  | { nodeType: 'Text' | 'MultilineText' | 'NameField' | 'RichText' | 'Url' | 'Date'; value: string }
  | { nodeType: 'DateTime'; dateTimeValue: string; timeZone: string }
  | {
      nodeType: 'Media';
      altText: string | null;
      contentKey: string;
      fileName: string | null;
      mediaType: 'Document' | 'Image' | 'Video';
      mimeType: string | null;
      resourceUrl: string | null;
      thumbnailUrl: string | null;
      title: string | null;
      unauthenticatedUrl: string | null;
      url: string | null;
    }
  | {
      nodeType: 'MediaSource';
      fileName: string | null;
      isExternal: boolean;
      mediaType: 'Document' | 'Image' | 'Video';
      mimeType: string | null;
      referenceId: string | null;
      resourceUrl: string | null;
      unauthenticatedUrl: string | null;
      url: string | null;
    };

export interface ManagedContentTypeInfo {
  label: string;
  name: string;
  nodeTypes: Record<string, { label: string; name: string; nodeType: string }>;
}

export interface CommunityDeliveryItem {
  associations: { topics: Array<{ id: string; name: string }> };
  contentKey: string;
  contentNodes: Record<string, ContentNode>;
  contentUrlName: string;
  language: string;
  managedContentId: string;
  publishedDate: string;
  title: string;
  type: string;
  typeLabel: string;
  unauthenticatedUrl: string | null;
}

export interface CommunityDeliveryResponse {
  currentPageUrl: string;
  items: CommunityDeliveryItem[];
  managedContentTypes: Record<string, ManagedContentTypeInfo>;
  nextPageUrl?: string;
  total: number;
  totalTypes: number;
}

/** Who created or last changed a content: a user id and its resource. */
export interface UserReference {
  id: string;
  url: string;
}

export interface CommunityContentItem {
  associations: { topics: Array<{ id: string; name: string }> };
  authoredManagedContentId: string;
  body: ContentBody;
  contentKey: string;
  createdByReference: UserReference;
  createdDate: string;
  id: string;
  lastUpdatedByReference: UserReference;
  managedContentId: string;
  masterLanguage: string;
  /** The same as masterLanguage: the platform's adapters read this name. */
  primaryLanguage: string;
  publishDate: string;
  status: string;
  title: string;
  type: string;
  typeLabel: string;
  updatedDate: string;
  urlName: string;
}

export interface CommunityContentsResponse {
  items: CommunityContentItem[];
  total: number;
}

export interface SeoPropertiesResponse {
  recordId: string;
  recordName: string;
  objectName: string;
  fields: Record<string, string>;
  hrefLangUrls: Record<string, string>;
  canonicalUrl: string | null;
  isSeoIndexed: boolean;
}
