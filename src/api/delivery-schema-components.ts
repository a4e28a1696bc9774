/**
 * The delivery API's wire shapes (shared/delivery-schema.ts) as the component schemas of its
 * OpenAPI document (decision 031), each under the name the document has always given it. A shape
 * that is a component of its own is written as a `$ref` to it wherever another shape holds it, so
 * the document says once what a ChannelSummary is, as the hand-written one did.
 */
import type { TSchema } from 'typebox';
import {
  ChannelSummarySchema,
  CollectionMetadataResponseSchema,
  CollectionResponseSchema,
  CommunityContentsResponseSchema,
  CommunityDeliveryResponseSchema,
  ContentDocumentSchema,
  ContentListResponseSchema,
  ContentSummarySchema,
  ContentTypeRefSchema,
  ErrorListSchema,
  ReferencedDocumentSchema,
  SeoPropertiesResponseSchema,
} from '../shared/delivery-schema';

export const DELIVERY_COMPONENTS = {
  ErrorList: ErrorListSchema,
  ContentType: ContentTypeRefSchema,
  ChannelSummary: ChannelSummarySchema,
  CollectionItems: CollectionResponseSchema,
  CollectionMetadata: CollectionMetadataResponseSchema,
  ContentSummary: ContentSummarySchema,
  ReferencedDocument: ReferencedDocumentSchema,
  ContentDocument: ContentDocumentSchema,
  ContentList: ContentListResponseSchema,
  CommunityDelivery: CommunityDeliveryResponseSchema,
  CommunityContents: CommunityContentsResponseSchema,
  SeoProperties: SeoPropertiesResponseSchema,
} satisfies Record<string, TSchema>;

export type DeliveryComponentName = keyof typeof DELIVERY_COMPONENTS;

export type JsonSchema = Record<string, unknown>;

export const componentRef = (name: DeliveryComponentName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/**
 * The components as plain JSON Schema: only enumerable keys are kept (TypeBox marks its schemas
 * with non-enumerable `~kind` keys), and a shape that is itself a component, found by identity,
 * becomes a `$ref` to it.
 */
export function writeComponentSchemas(): Record<DeliveryComponentName, JsonSchema> {
  const names = new Map<object, DeliveryComponentName>(Object.entries(DELIVERY_COMPONENTS).map(([name, schema]) => [schema, name as DeliveryComponentName]));
  const write = (node: unknown, own: object): unknown => {
    if (Array.isArray(node)) return node.map((entry) => write(entry, own));
    if (node === null || typeof node !== 'object') return node;
    const name = names.get(node);
    if (name !== undefined && node !== own) return componentRef(name);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, write(value, own)]));
  };
  return Object.fromEntries(Object.entries(DELIVERY_COMPONENTS).map(([name, schema]) => [name, write(schema, schema)])) as Record<
    DeliveryComponentName,
    JsonSchema
  >;
}
