/**
 * A literature sheet's shape (spec §3.1), the one definition every form of a sheet is read into and
 * written from: the editing model's state (drafts, versions, the trash), what the studio edits, what
 * an import proposes and what undo puts back. Its mappings to the other forms live beside it:
 * body.ts (the stored body of each language), status.ts (what it is to the site).
 */
import Type, { type Static } from 'typebox';
import { CONTENT_KEY, SHEET_FIELDS } from '../shared/literature-sheet';
import { oneOf, text, wholeNumber } from '../shared/schema/fields';
import { SheetTopicsSchema } from '../shared/topics';

const ID = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;
const LANGUAGE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;
const DIGEST = /^[0-9a-f]{64}$/;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** A document's path as sheets link to it: /{segment}/c/file-asset/{assetId}?v={version}. */
export const DOCUMENT_PATH = /^\/[^/]+\/c\/file-asset\/([^/?#]+)\?v=(\d+)$/;

const FileSchema = {
  sha256: text({ pattern: DIGEST }),
  fileName: text({ pattern: /^[^/\\]{1,255}$/ }),
  mimeType: text({ pattern: /^[a-z]+\/[a-z0-9.+-]+$/ }),
  byteSize: wholeNumber(0, 1_000_000_000),
};

export const SheetTextsSchema = Type.Object({
  title: SHEET_FIELDS.title,
  description: SHEET_FIELDS.description,
  url: SHEET_FIELDS.url,
  imageAlt: SHEET_FIELDS.imageAlt,
  /**
   * The language's values of its type's other fields per language (content-model/sheet-values.ts),
   * and body fields no field names (migrated content), by name: kept as they came.
   */
  extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export const SheetImageSchema = Type.Object({
  ...FileSchema,
  /** The image content the sheet refers to. */
  contentId: text({ pattern: ID }),
  contentKey: text({ pattern: CONTENT_KEY }),
  urlName: text({ pattern: NAME }),
  width: wholeNumber(1, 100_000),
  height: wholeNumber(1, 100_000),
});

/** What kinds of document a sheet's set holds. */
export const DOCUMENT_KINDS = ['data-sheet', 'safety-data-sheet', 'brochure', 'certificate', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * What an editor says about a document (docs/content-model.md, "Documents"): each is optional, so
 * documents kept before the set keep validating; sheet/documents.ts gives the defaults.
 */
const DocumentFactsSchema = {
  kind: Type.Optional(oneOf(DOCUMENT_KINDS)),
  /** The language it is written in. */
  language: Type.Optional(text({ pattern: LANGUAGE })),
  /** The country (ISO 3166-1 alpha-2) or 'EU' it is for, as a safety data sheet is. */
  region: Type.Optional(text({ pattern: /^[A-Z]{2}$/, errorMessage: 'must be a country code of two capital letters (DE, FR) or EU' })),
  /** The revision as the document names it ('Rev. 4', '2.1'). */
  revision: Type.Optional(text({ max: 40, required: true })),
  /** The date of that revision. */
  revisedOn: Type.Optional(text({ pattern: /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/, errorMessage: 'must be a date, written 2026-03-12' })),
};

export const SheetDocumentSchema = Type.Object({
  ...FileSchema,
  assetId: text({ pattern: /^[A-Za-z0-9_-]{1,80}$/ }),
  version: wholeNumber(1, 999_999_999),
  ...DocumentFactsSchema,
});

/** A document of the set beyond the sheet's own (the one its link goes to), with its address on the site. */
export const SetDocumentSchema = Type.Object({
  ...SheetDocumentSchema.properties,
  // The platform's segment and an asset id as uploads make them: nothing a browser would read as another host, nothing to decode.
  url: text({ pattern: /^\/[A-Za-z0-9._~-]+\/c\/file-asset\/[A-Za-z0-9_-]{1,80}\?v=\d{1,9}$/ }),
});

export const SheetSeoSchema = Type.Object({
  urlAlias: Type.Union([text({ pattern: NAME }), Type.Null()]),
  recordName: text({ max: 1000 }),
  objectName: text({ max: 200 }),
  fields: Type.Record(Type.String(), Type.String()),
  hrefLangUrls: Type.Record(Type.String(), text({ max: 2048 })),
  canonicalUrl: Type.Union([text({ max: 2048 }), Type.Null()]),
  isSeoIndexed: Type.Boolean(),
});

export const SheetStateSchema = Type.Object({
  id: text({ pattern: ID }),
  contentKey: text({ pattern: CONTENT_KEY }),
  siteId: text({ pattern: ID }),
  urlName: text({ pattern: NAME }),
  primaryLanguage: text({ pattern: LANGUAGE }),
  createdAt: text({ max: 40 }),
  /** The collection it is shown in; a sheet put on the site joins its end. */
  collectionId: Type.Union([text({ pattern: ID }), Type.Null()]),
  // Keys that are not languages are refused (a patterned key alone lets them through, unchecked).
  translations: Type.Record(text({ pattern: LANGUAGE }), SheetTextsSchema, { propertyNames: { pattern: LANGUAGE.source } }),
  image: Type.Union([SheetImageSchema, Type.Null()]),
  /** The sheet's own document: the one its link goes to. */
  document: Type.Union([SheetDocumentSchema, Type.Null()]),
  /** Its other documents (other languages, safety data sheets, brochures), absent in states kept before the set. */
  documents: Type.Optional(Type.Array(SetDocumentSchema, { maxItems: 50 })),
  seo: Type.Union([SheetSeoSchema, Type.Null()]),
  /** Its values of its type's other fields shared by every language, by name (absent in states kept before content types were data). */
  values: Type.Optional(Type.Record(text({ pattern: FIELD_NAME }), Type.Unknown(), { propertyNames: { pattern: FIELD_NAME.source } })),
  /** The slugs of the site's topics it is about (absent in states kept before topics). */
  topics: Type.Optional(SheetTopicsSchema),
});

export type SheetTexts = Static<typeof SheetTextsSchema>;
export type SheetImage = Static<typeof SheetImageSchema>;
export type SheetDocument = Static<typeof SheetDocumentSchema>;
export type SetDocument = Static<typeof SetDocumentSchema>;
export type SheetState = Static<typeof SheetStateSchema>;
