/**
 * Wire shapes of the delivery API (reference `cms-delivery-api.md`). Property names are the
 * platform's and must not change: existing clients read them.
 */

export interface ContentTypeRef {
  fullyQualifiedName: string;
  name: string;
}

export interface ChannelSummary {
  domainUrl: string | null;
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
  nextPageUrl: string | null;
  previousPageUrl: string | null;
  publishedDate: string;
  title: string;
  total: number;
  urlName: string;
}

/** An image field of a content body once its reference is resolved for delivery. */
export interface DeliveredImage {
  contentKey?: string;
  altText?: string;
  url?: string;
  source?: { type: string; ref?: { contentKey: string } };
}
