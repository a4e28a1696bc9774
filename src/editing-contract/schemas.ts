/**
 * The editing API's request and response bodies. The handlers check requests against them and the
 * OpenAPI document (openapi.ts) is built from them: one definition, so the contract cannot drift.
 */
import Type, { type TSchema } from 'typebox';
import { DOCUMENT_KINDS, SheetSeoSchema, SheetStateSchema, SheetTextsSchema } from '../sheet/shape';
import { ContentTypeSchema, FieldSchema } from '../content-model/definition';
import { CollectionOrderSchema } from '../content-model/collection-order';
import { PageDefinitionSchema } from '../page-model/page-definition';
import { oneOf, text, wholeNumber } from '../shared/schema/fields';
import { WEBHOOK_EVENT_NAMES } from '../shared/webhook-events';

const ISO_TIME = text({ max: 40, description: 'ISO 8601 date and time' });
const Revision = wholeNumber(0, 2_000_000_000, { description: 'The revision the change starts from; a stale one gets 409.' });
const NullableText = Type.Union([Type.String(), Type.Null()]);
const Status = Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('changed'), Type.Literal('unpublished')], {
  description:
    'draft: never on the site; published: the site shows the draft; changed: the draft has changes the site does not show; unpublished: taken off the site',
});

const FieldConflictSchema = Type.Object({
  path: Type.Array(Type.String(), { description: 'Where the field is, e.g. ["translations", "en_US", "title"]' }),
  ours: Type.Unknown({ description: 'The draft’s value' }),
  theirs: Type.Unknown({ description: 'The site’s value, which the change made' }),
});

export const ReviewSchema = Type.Union(
  [
    Type.Object({
      state: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('withdrawn')]),
      revision: Type.Integer({ description: 'The draft’s revision the review is of' }),
      current: Type.Boolean({ description: 'It is of the draft as it is now: an approval counts only then' }),
      requestedBy: Type.String(),
      requestedAt: Type.String(),
      note: NullableText,
      decidedBy: NullableText,
      decidedAt: NullableText,
      comment: NullableText,
      authors: Type.Array(Type.String(), {
        description: 'Who may not decide it: the one who asked, and everyone whose change is in the draft since the site last changed',
      }),
    }),
    Type.Null(),
  ],
  { description: 'Its newest review (docs/editing.md, "Review"); null when none was asked for' },
);

export const AttentionSchema = Type.Union(
  [
    Type.Object({
      source: Type.String({ description: 'What changed the site: "import imp-…"' }),
      by: Type.String(),
      at: ISO_TIME,
      conflicts: Type.Array(FieldConflictSchema),
      into: Type.Optional(
        Type.Literal('draft', {
          description: 'The change went into the draft (an import while review before publish is on): theirs is what it would make the field',
        }),
      ),
    }),
    Type.Null(),
  ],
  {
    description:
      'Fields a change to the site (an import) made while the draft had changed them too: the sheet needs attention, and is not published until the editor chooses (a save with settles: true)',
  },
);

export const ScheduleSchema = Type.Object({
  id: Type.Integer(),
  targetId: Type.String(),
  action: Type.Union([Type.Literal('publish'), Type.Literal('unpublish')]),
  dueAt: ISO_TIME,
  by: Type.String(),
});

/** Per language, the texts whose primary text changed since they were translated. */
export const OutdatedSchema = Type.Record(
  Type.String(),
  Type.Array(
    Type.Object({
      field: Type.String({ description: 'Where the text is in the translation: title, description, imageAlt, extra.<field>; a page’s text key' }),
      was: Type.String({ description: 'The primary text when it was translated or last confirmed' }),
      now: Type.String({ description: 'The primary text now' }),
    }),
  ),
  { description: 'Per language, the texts whose primary text changed since they were translated or confirmed' },
);

/** Confirming translations: they are right for the primary texts as they are now. */
export const ConfirmTranslationSchema = Type.Object(
  {
    fields: Type.Optional(Type.Array(text({ max: 200 }), { maxItems: 200, description: 'The texts to confirm; all of the language’s when left out' })),
  },
  { title: 'confirmation' },
);

/** What every editable kind's view has, around its state. */
const editableViewOf = <State extends TSchema>(state: State) => ({
  label: Type.String(),
  status: Status,
  revision: Type.Integer(),
  draft: state,
  published: Type.Union([state, Type.Null()]),
  updatedAt: NullableText,
  updatedBy: NullableText,
  attention: AttentionSchema,
  review: ReviewSchema,
  release: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()], {
    description: 'The open release it is in: it is published with the release, never alone',
  }),
});

export const SheetViewSchema = Type.Object({
  id: Type.String(),
  ...editableViewOf(SheetStateSchema),
  outdated: OutdatedSchema,
  undoablePublish: Type.Boolean({ description: 'Whether the site’s last change to the sheet was a publish, which POST …/undo-publish takes back' }),
  siteUrl: Type.Union([Type.String(), Type.Null()], { description: 'The sheet’s page on the site, when it is published' }),
  schedules: Type.Array(ScheduleSchema),
  siteLanguages: Type.Array(Type.String(), { description: 'The languages of the sheet’s site, the default first' }),
  oldAddresses: Type.Array(Type.String(), { description: 'The addresses the sheet had on the site, newest first: each leads to its page (301)' }),
  documentVersions: Type.Array(
    Type.Object({
      assetId: Type.String({ description: 'The document it is a version of: the sheet’s own or one of its set' }),
      version: Type.Integer(),
      url: Type.String(),
      withdrawn: Type.Boolean({ description: 'Its address answers 410' }),
    }),
    {
      description: "The published versions of the sheet's documents, each document's newest first, each at its own address",
    },
  ),
});

/** A draft sheet made from a PDF: its view, whether the PDF had text, and how many of its pages were read for it. */
export const SheetFromPdfSchema = Type.Intersect([
  SheetViewSchema,
  Type.Object({
    textless: Type.Boolean(),
    pages: Type.Object({ count: Type.Integer({ minimum: 0 }), textRead: Type.Integer({ minimum: 0 }) }),
  }),
]);

/** A document added to a sheet's set: its view, and the language whose texts the document proposed (a data sheet in a language the sheet had no text in), if any. */
export const SheetDocumentAddedSchema = Type.Intersect([SheetViewSchema, Type.Object({ proposedTranslation: Type.Union([Type.String(), Type.Null()]) })]);

export const SheetSummarySchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  status: Status,
  languages: Type.Array(Type.String()),
  revision: Type.Integer(),
  updatedAt: NullableText,
  updatedBy: NullableText,
  attention: Type.Boolean({ description: 'The sheet needs an editor’s choice between its draft and a change to the site' }),
  outdated: Type.Array(Type.String(), { description: 'The languages with a text whose primary text changed since it was translated' }),
  image: Type.Union([Type.Object({ url: Type.String(), alt: Type.String() }), Type.Null()], {
    description: "The draft's card image, served to editors by its digest",
  }),
  scheduled: Type.Union([Type.Object({ action: Type.String(), dueAt: ISO_TIME }), Type.Null()], { description: 'The next schedule, if any' }),
});

export const SheetListSchema = Type.Object({
  total: Type.Integer(),
  offset: Type.Integer(),
  /** The site's languages, for the missing-translation filter. */
  languages: Type.Array(Type.String()),
  sheets: Type.Array(SheetSummarySchema),
});

export const SheetListQuerySchema = Type.Object({
  siteId: Type.Optional(text({ max: 18 })),
  q: Type.Optional(text({ max: 200, description: 'Part of the title, any case' })),
  status: Type.Optional(
    Type.Union([Status, Type.Literal('scheduled'), Type.Literal('attention')], {
      description: 'A status; scheduled: a publish or unpublish is pending; attention: the editor has to choose between the draft and a change to the site',
    }),
  ),
  missing: Type.Optional(text({ pattern: /^[a-z]{2,3}(?:_[A-Z]{2})?$/, description: 'Only sheets without a translation into this language, e.g. de_DE' })),
  outdated: Type.Optional(
    text({ pattern: /^[a-z]{2,3}(?:_[A-Z]{2})?$/, description: 'Only sheets with a text in this language whose primary text changed since it was translated' }),
  ),
  sort: Type.Optional(
    Type.Union([Type.Literal('changed'), Type.Literal('title'), Type.Literal('status')], { default: 'changed', description: 'changed: newest first' }),
  ),
  offset: Type.Optional(wholeNumber(0, 1_000_000, { default: 0 })),
  limit: Type.Optional(wholeNumber(1, 200, { default: 50 })),
});

export const TopicListQuerySchema = Type.Object({
  siteId: Type.Optional(text({ max: 18, description: 'The site; the primary site when left out' })),
});

export const TopicSchema = Type.Object({
  slug: Type.String({ description: 'What a sheet lists under topics, and the topic page’s address segment' }),
  facet: Type.String({ description: 'The group it belongs to, e.g. process, kind, element' }),
  position: Type.Integer({ description: 'Its place in the taxonomy: facets come in the order of their first topics' }),
  labels: Type.Record(Type.String(), Type.String(), { description: 'Its name by language, e.g. {"en_US": "Aluminum"}' }),
});

export const NewSheetSchema = Type.Object(
  {
    siteId: Type.Optional(text({ max: 18, description: 'The site; may be left out when the store holds one' })),
    collectionId: Type.Optional(Type.Union([text({ max: 18 }), Type.Null()])),
    language: Type.Optional(text({ max: 10, description: 'The primary language; the site’s default when left out' })),
    title: text({ max: 255, required: true }),
    description: Type.Optional(text({ max: 10_000 })),
    url: Type.Optional(text({ max: 2048 })),
    urlName: Type.Optional(text({ max: 200 })),
  },
  { title: 'new sheet' },
);

export const PreviewLinkRequestSchema = Type.Object(
  {
    lang: Type.Optional(
      text({ pattern: /^[a-z]{2,3}(?:-[A-Z]{2})?$/, description: "The page's language as in its address, e.g. de-DE; the site's default when left out" }),
    ),
    hours: Type.Optional(wholeNumber(1, 168, { default: 24, description: 'How long the link works' })),
  },
  { title: 'preview link' },
);

export const PreviewLinkSchema = Type.Object({ url: Type.String(), expiresAt: ISO_TIME });

/** A live link as listed: never its token, which only the link holds. */
export const PreviewLinkSummarySchema = Type.Object({
  id: text({ pattern: /^[0-9a-f]{64}$/, description: "The SHA-256 of the link's token: names the link to revoke, and opens nothing" }),
  createdBy: text({ description: 'The email of the account that made it' }),
  createdAt: ISO_TIME,
  expiresAt: ISO_TIME,
  language: Type.Union([text({ description: "The page's language as in its address, e.g. de-DE" }), Type.Null()], { description: "null: the site's default" }),
});

/** The body of a save: the revision it starts from and the whole new state. */
export const saveSchemaOf = <State extends TSchema>(state: State, title: string) =>
  Type.Object(
    {
      revision: Revision,
      state,
      settles: Type.Optional(Type.Boolean({ description: 'The editor chose for every field that needed attention: the sheet no longer does' })),
    },
    { title },
  );
export const SaveSheetSchema = saveSchemaOf(SheetStateSchema, 'sheet');
export const SavePageSchema = saveSchemaOf(PageDefinitionSchema, 'page');
export const SaveCollectionOrderSchema = saveSchemaOf(CollectionOrderSchema, 'collection');
export const RevisionSchema = Type.Object({ revision: Type.Optional(Revision) });

/** The query of an upload into a sheet's draft, and of a removal: the revision the change starts from. */
export const RevisionQuerySchema = Type.Object({ revision: Revision });
/** The same, where it may be left out (a move to the trash). */
export const OptionalRevisionQuerySchema = Type.Object({ revision: Type.Optional(Revision) });
export const AddDocumentQuerySchema = Type.Object({
  revision: Revision,
  kind: Type.Optional(oneOf(DOCUMENT_KINDS, { description: 'What the document is; told from its text when left out' })),
});
export const DocumentVersionQuerySchema = Type.Object({
  asset: Type.Optional(text({ max: 100, description: 'A document of the sheet’s set; the sheet’s own when left out' })),
});
export const FromPdfQuerySchema = Type.Object({
  siteId: Type.Optional(text({ max: 18, description: 'The site; the primary site when left out' })),
  language: Type.Optional(text({ max: 10, description: 'The sheet’s language; told from the PDF’s text when left out' })),
});
export const PreviewQuerySchema = Type.Object({
  lang: Type.Optional(text({ max: 10, description: 'The language, e.g. de-DE; the primary one when left out' })),
  revision: Type.Optional(
    Type.Integer({ description: 'The draft’s revision: a frame whose draft moved on asks again (the answer is the draft as it is now)' }),
  ),
  view: Type.Optional(Type.Literal('sheet', { description: 'A sheet’s own page, rather than the page that lists it' })),
});
export const ReleasePreviewQuerySchema = Type.Object({
  lang: Type.Optional(text({ max: 10, description: 'The language, e.g. de-DE' })),
  view: Type.Optional(Type.Literal('sheet', { description: 'A sheet’s own page (with sheet=<id>)' })),
  sheet: Type.Optional(text({ max: 18 })),
});
export const CompareQuerySchema = Type.Object({
  from: wholeNumber(1, 2_000_000_000, { description: 'The earlier version' }),
  to: wholeNumber(1, 2_000_000_000, { description: 'The later version' }),
});
export const RequiredRevisionSchema = Type.Object({ revision: Revision });
export const ReviewRequestSchema = Type.Object(
  { revision: Revision, note: Type.Optional(text({ max: 2_000, description: 'What the reviewer should know' })) },
  { title: 'review request' },
);
export const RejectionSchema = Type.Object(
  { revision: Revision, comment: text({ max: 2_000, required: true, description: 'Why it is not approved' }) },
  { title: 'rejection' },
);
export const ReviewPolicySchema = Type.Object(
  {
    review: Type.Union([Type.Literal('off'), Type.Literal('editors'), Type.Literal('admins')], {
      description: 'off: publishing needs no approval; editors: an editor or admin other than the author approves; admins: only an admin does',
    }),
  },
  { title: 'settings' },
);
export const SaveTranslationSchema = Type.Object({ revision: Revision, texts: SheetTextsSchema }, { title: 'translation' });
export const SaveSeoSchema = Type.Object({ revision: Revision, seo: Type.Union([SheetSeoSchema, Type.Null()]) }, { title: 'SEO fields' });
export const NewScheduleSchema = Type.Object(
  {
    action: Type.Union([Type.Literal('publish'), Type.Literal('unpublish')]),
    at: ISO_TIME,
  },
  { title: 'schedule' },
);

export const VersionSummarySchema = Type.Object({
  number: Type.Integer(),
  event: Type.String({
    description:
      'original, create, save, publish, unpublish, restore, delete, restore-from-trash, import, undo-import, undo-import-taken-back (an undo that failed half-way, taken back)',
  }),
  actor: Type.String(),
  createdAt: ISO_TIME,
  updatedAt: ISO_TIME,
  importId: NullableText,
});

export const VersionSchema = Type.Object({ summary: VersionSummarySchema, state: SheetStateSchema });

export const FieldChangeSchema = Type.Object({ field: Type.String(), before: Type.Unknown(), after: Type.Unknown() });

export const TrashEntrySchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  deletedBy: Type.String(),
  deletedAt: ISO_TIME,
  wasPublished: Type.Boolean(),
});

export const AccountSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: Type.Union([Type.Literal('admin'), Type.Literal('editor'), Type.Literal('visitor')]),
  disabled: Type.Boolean(),
  mustChangePassword: Type.Boolean({ description: 'It signs in with a temporary password and must choose its own' }),
  createdAt: ISO_TIME,
});

export const NewAccountSchema = Type.Object(
  {
    email: text({ max: 320, required: true }),
    password: text({ max: 1024, required: true }),
    role: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('editor'), Type.Literal('visitor')])),
    temporary: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'The password is temporary: the account must choose its own at its next sign-in (true unless said otherwise)',
      }),
    ),
  },
  { title: 'account' },
);

export const AccountChangeSchema = Type.Object(
  {
    role: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('editor'), Type.Literal('visitor')])),
    disabled: Type.Optional(Type.Boolean()),
    password: Type.Optional(text({ max: 1024 })),
    temporary: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'The password is temporary: the account must choose its own at its next sign-in (true unless said otherwise)',
      }),
    ),
  },
  { title: 'account change' },
);

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: ISO_TIME,
  actor: Type.String(),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  targetLabel: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

export const AuditQuerySchema = Type.Object({
  actor: Type.Optional(text({ max: 320 })),
  target: Type.Optional(text({ max: 255 })),
  since: Type.Optional(ISO_TIME),
  until: Type.Optional(ISO_TIME),
  limit: Type.Optional(wholeNumber(1, 1000, { default: 100 })),
});

export const ImportUploadSchema = Type.Object({
  token: Type.String({ description: 'Names the import in the paths that follow; only its owner can use it' }),
  expiresAt: ISO_TIME,
});

export const ImportFilesSchema = Type.Object({ files: Type.Array(Type.String(), { description: 'The import’s files so far, a zip’s unpacked' }) });

export const ImportOptionsSchema = Type.Object(
  {
    collection: Type.Optional(text({ max: 100, description: 'Key or id of the collection a CSV fills; by default the only literature collection' })),
    removeUnlisted: Type.Optional(Type.Boolean({ description: 'Take the sheets the file does not list off the collection (they stay in the store)' })),
  },
  { title: 'import' },
);

export const ApplyImportSchema = Type.Object(
  {
    ...ImportOptionsSchema.properties,
    digest: text({
      pattern: /^[0-9a-f]{64}$/,
      errorMessage: 'is not the digest of a comparison',
      description: 'The comparison’s digest: the import is applied only if the store still matches it',
    }),
  },
  { title: 'import' },
);

const PlanEntrySchema = Type.Object({
  action: Type.Union([Type.Literal('add'), Type.Literal('change'), Type.Literal('remove'), Type.Literal('keep')]),
  kind: Type.String({ description: 'sheet, collection, document, content, SEO record, site or content type' }),
  record: Type.String(),
  fields: Type.Array(
    Type.Object({ field: Type.String({ description: 'Its place, e.g. translations.de_DE.title' }), before: NullableText, after: NullableText }),
  ),
  sheetId: Type.Optional(Type.String()),
  draft: Type.Optional(
    Type.Object(
      { carried: Type.Array(Type.String()), conflicts: Type.Array(Type.String()) },
      { description: 'A sheet with a draft: the fields the import carries into it, and those the draft changed itself (the sheet then needs attention)' },
    ),
  ),
});

export const ImportComparisonSchema = Type.Object({
  source: Type.Union([Type.Literal('csv'), Type.Literal('folder')]),
  files: Type.Array(Type.String()),
  plan: Type.Object({
    entries: Type.Array(PlanEntrySchema),
    summary: Type.String({ description: '"4 sheets added, 6 changed"' }),
    live: Type.Array(Type.String(), { description: 'The sheets that go on the site when the import is applied' }),
    intoDrafts: Type.Boolean({ description: "Review before publish is on: the changes go into the sheets' drafts, each put up for review, not on the site" }),
    notes: Type.Array(Type.String(), { description: 'What to know before applying (a CSV that was not UTF-8)' }),
  }),
  digest: Type.String(),
  collectionKey: NullableText,
});

const IMPORTED_INTO = Type.Union([Type.Literal('site'), Type.Literal('drafts')], {
  description: "Where its changes went: on the site, or (review before publish being on) into the sheets' drafts, for review",
});

export const AppliedImportSchema = Type.Object({
  importId: Type.String(),
  summary: Type.String(),
  added: Type.Integer(),
  changed: Type.Integer(),
  needAttention: Type.Array(Type.String(), { description: 'Sheets whose draft changed the same fields: the editor chooses' }),
  into: IMPORTED_INTO,
  comparison: ImportComparisonSchema,
});

export const ExportQuerySchema = Type.Object({
  collection: Type.Optional(text({ max: 100, description: 'Key or id of the literature collection; by default the only one' })),
});

export const UndoImportSchema = Type.Object(
  {
    keepLater: Type.Optional(
      Type.Boolean({
        description:
          'Undo what nothing changed since the import and keep the later changes; without it, an undo that would take back a later change is refused with the list',
      }),
    ),
  },
  { title: 'undo' },
);

export const ImportDetailsSchema = Type.Object({
  id: Type.String(),
  by: Type.String(),
  at: ISO_TIME,
  summary: Type.String(),
  into: IMPORTED_INTO,
  undoneAt: NullableText,
  undoCutOff: Type.Boolean({ description: 'Its undo stopped part-way (its process ended); undoing it again finishes it' }),
  applying: Type.Boolean({ description: 'It is being applied, in steps; it can be undone once it is in' }),
  applyCutOff: Type.Boolean({ description: 'Applying it stopped part-way (its process ended); undoing it takes back the sheets it reached' }),
  sheets: Type.Array(
    Type.Object({
      id: Type.String(),
      label: Type.String(),
      added: Type.Boolean(),
      fields: Type.Array(Type.String(), { description: 'The fields it changed' }),
    }),
  ),
});

/** An import as the list of the last ones has it: who made it, when, and where it is. */
export const ImportEntrySchema = Type.Object({
  id: Type.String(),
  by: Type.String(),
  at: ISO_TIME,
  summary: Type.String(),
  undoneAt: NullableText,
  undoCutOff: Type.Boolean({ description: 'Its undo stopped part-way (its process ended); undoing it again finishes it' }),
  applying: Type.Boolean({ description: 'It is being applied, in steps; it can be undone once it is in' }),
  applyCutOff: Type.Boolean({ description: 'Applying it stopped part-way (its process ended); undoing it takes back the sheets it reached' }),
});

/** A field something changed after an import or a release: undo leaves it (keepLater), or is refused naming it. */
const LaterChangeSchema = Type.Object({
  sheetId: Type.String(),
  sheet: Type.String(),
  field: Type.String({ description: 'The field, e.g. translations.en_US.description; empty for the whole sheet' }),
  imported: Type.Unknown({ description: 'What the import made it' }),
  now: Type.Unknown({ description: 'What it is now' }),
});

export const UndoneImportSchema = Type.Object({
  importId: Type.String(),
  restored: Type.Integer({ description: 'Sheets put back as they were before the import (the fields it changed)' }),
  removed: Type.Integer({ description: 'Sheets the import had added, taken off the site (into the trash)' }),
  skipped: Type.Integer({ description: 'Sheets deleted since the import: left in the trash' }),
  kept: Type.Array(LaterChangeSchema, { description: 'Fields changed since the import, left as they are (only with keepLater)' }),
});

/** One problem of a refused request (shared/problems.ts): the field it is about, or none, and why. */
const ProblemSchema = Type.Object({
  field: Type.Union([Type.String(), Type.Null()], {
    description: 'Its place in the request, in the value’s notation (translations.de_DE.title); null when it is about the whole',
  }),
  message: Type.String(),
});

export const ErrorSchema = Type.Array(
  Type.Object(
    {
      errorCode: Type.String(),
      message: Type.String(),
      problems: Type.Optional(Type.Array(ProblemSchema)),
      current: Type.Optional(Type.Unknown({ description: 'On 409: the current state, so nothing is lost' })),
    },
    { additionalProperties: true },
  ),
);

const PageTextsSchema = Type.Record(text({ max: 200 }), text({ max: 20_000 }), {
  description: 'A language’s texts by key (seo.pageTitle, page-heading.text, …: GET /pages/{name} lists them); an empty one shows the page’s own',
});

export const PageViewSchema = Type.Object({
  name: Type.String(),
  ...editableViewOf(PageDefinitionSchema),
  primaryLanguage: Type.String({ description: 'The site’s language the page’s own texts are in' }),
  languages: Type.Array(Type.String(), { description: 'The site’s other languages' }),
  texts: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), text: Type.String() }), {
    description: 'The texts translators translate, by key, with the page’s own',
  }),
  outdated: OutdatedSchema,
  heading: Type.Union([Type.String(), Type.Null()]),
  searchable: Type.Union([Type.Boolean(), Type.Null()], { description: 'Whether the page’s grid has a search field; null when the page has no grid' }),
  headTags: Type.Array(
    Type.Union([
      Type.Object({
        kept: Type.Literal(true),
        tag: Type.Object({
          tag: Type.Union([Type.Literal('meta'), Type.Literal('link'), Type.Literal('script')]),
          attributes: Type.Array(Type.Array(Type.String(), { minItems: 2, maxItems: 2, description: 'A name and its value' })),
          json: Type.Optional(Type.String({ description: 'JSON-LD, already safe to place in its script element' })),
        }),
      }),
      Type.Object({ kept: Type.Literal(false), tag: Type.String(), reason: Type.String() }),
    ]),
    { description: 'The custom head tags, each kept or dropped with why' },
  ),
});

export const PageSummarySchema = Type.Object({ name: Type.String(), path: Type.String(), status: Status, revision: Type.Integer() });

export const OrderViewSchema = Type.Object({
  collectionId: Type.String(),
  ...editableViewOf(CollectionOrderSchema),
  sheets: Type.Array(Type.Object({ id: Type.String(), title: Type.String() }), { description: 'The draft’s sheets in its order, with their titles' }),
});

export const CollectionSummarySchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  status: Status,
  count: Type.Integer({ description: 'The sheets its draft order holds' }),
});

export const PageTranslationSchema = Type.Object({ revision: Revision, texts: PageTextsSchema }, { title: 'page translation' });

export const PageSettingsSchema = Type.Object(
  {
    revision: Revision,
    heading: Type.Optional(text({ max: 1_000, required: true })),
    seo: Type.Optional(
      Type.Object({
        pageTitle: Type.Optional(text({ max: 300, required: true })),
        description: Type.Optional(text({ max: 1_000 })),
        customHeadTags: Type.Optional(text({ max: 20_000 })),
      }),
    ),
    searchable: Type.Optional(
      Type.Boolean({ description: 'A search field above the page’s collection grid; the site’s topic pages show with it (docs/search.md)' }),
    ),
    translations: Type.Optional(
      Type.Record(text({ pattern: /^[a-z]{2,3}(?:_[A-Z]{2})?$/ }), PageTextsSchema, {
        description: 'The texts of each language given, by language (de_DE): each replaces that language’s; languages not given stay as they are',
      }),
    ),
  },
  { title: 'page settings' },
);

/** A field an admin adds to a content type (content-model/definition.ts): the rest takes its defaults. */
export const NewFieldSchema = Type.Intersect(
  [Type.Pick(FieldSchema, ['name', 'labels', 'kind']), Type.Partial(Type.Pick(FieldSchema, ['perLanguage', 'required', 'multiple', 'limits', 'shows']))],
  { title: 'field' },
);

/** A change to one field: its labels (an empty one removes that language's), whether publishing needs it, where it shows, its limits, its place, or its retirement. */
export const FieldSettingsSchema = Type.Object(
  {
    labels: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z]{2,3}(?:_[A-Z]{2})?$' }), text({ max: 200 }))),
    required: Type.Optional(Type.Boolean()),
    retired: Type.Optional(Type.Boolean({ description: 'No longer offered; its values stay in versions and exports. False brings it back.' })),
    limits: Type.Optional(Type.Partial(FieldSchema.properties.limits)),
    // Each named without the definition's defaults: validation would fill them in, and a change of
    // one (`{ card: true }`) would set the others back to them (a CAS number's search weight to 1).
    shows: Type.Optional(
      Type.Partial(
        Type.Object({
          card: Type.Boolean(),
          page: Type.Boolean(),
          search: wholeNumber(0, 3, { description: 'How much a match in it counts in search: 0 not searched, 3 as much as a title' }),
          facet: Type.Boolean(),
        }),
      ),
    ),
    position: Type.Optional(wholeNumber(0, 199, { description: 'Its place among the fields, from 0' })),
  },
  { title: 'field change' },
);

/** A content type as the studio reads it: its definition as the site has it, and the revision changes are made from. */
export const ContentTypeViewSchema = Type.Object({
  revision: wholeNumber(0, 2_000_000_000),
  type: ContentTypeSchema,
  languages: Type.Array(Type.String(), { description: 'The primary site’s languages, the default first: a field is labelled in each' }),
});

/** A query the search report lists, a sheet opened from search, and the report itself (search/search-report.ts). */
export const SearchReportSchema = Type.Object({
  enabled: Type.Boolean({ description: 'Whether searches are counted (SEARCH_REPORT)' }),
  days: Type.Integer(),
  languages: Type.Array(
    Type.Object({
      language: Type.String(),
      queries: Type.Array(Type.Object({ query: Type.String(), searches: Type.Integer(), found: Type.Integer() })),
      opened: Type.Array(Type.Object({ contentId: Type.String(), title: Type.String(), opens: Type.Integer(), queries: Type.Array(Type.String()) })),
    }),
  ),
});

export const NewSynonymSchema = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 200, description: 'What visitors searched for' }),
    means: Type.String({ minLength: 1, maxLength: 200, description: 'A word that finds what they looked for' }),
  },
  { title: 'synonym' },
);

export const SynonymGroupSchema = Type.Object({ group: Type.String(), terms: Type.Array(Type.String()) });

const LANGUAGE_CODE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;

export const TranslationExportQuerySchema = Type.Object({
  language: text({ pattern: LANGUAGE_CODE, description: 'The language to translate into, e.g. de_DE' }),
  format: Type.Optional(
    Type.Union([Type.Literal('1.2'), Type.Literal('2.0')], { default: '1.2', description: 'The XLIFF version: 1.2, which most tools read, or 2.0' }),
  ),
  outdated: Type.Optional(Type.Boolean({ description: 'Only the texts whose primary text changed since they were translated' })),
  sheets: Type.Optional(text({ max: 100_000, description: 'These sheets only (ids, comma separated); every sheet when left out' })),
  release: Type.Optional(text({ max: 100, description: 'The sheets and pages of this release only' })),
  pages: Type.Optional(Type.Boolean({ default: true, description: 'The pages’ texts too' })),
});

/** A translated XLIFF file, as text, and the language its translations are in when the file does not say. */
export const TranslationFileSchema = Type.Object(
  {
    xliff: text({ max: 21_000_000, required: true, description: 'The XLIFF document (2.0, 1.2 or 1.1)' }),
    language: Type.Optional(text({ pattern: LANGUAGE_CODE, description: 'The translations’ language; the file’s target language when left out' })),
    includeNotTranslated: Type.Optional(
      Type.Boolean({
        description: 'Take the units the file marks as not translated yet (new, needs-translation, initial, not approved) too; left out when not said',
      }),
    ),
  },
  { title: 'translation file' },
);

export const ApplyTranslationSchema = Type.Object(
  {
    ...TranslationFileSchema.properties,
    digest: text({ pattern: /^[0-9a-f]{64}$/, description: 'The comparison’s digest: refused with 409 when the drafts changed since' }),
    choices: Type.Optional(
      Type.Record(text({ max: 200 }), Type.Union([Type.Literal('ours'), Type.Literal('theirs')]), {
        description: 'For each conflict, by its unit: keep the draft’s text (ours, when not said) or take the file’s (theirs)',
      }),
    ),
  },
  { title: 'translation file' },
);

const TranslationChangeSchema = Type.Object({
  unit: Type.String(),
  kind: Type.Union([Type.Literal('sheet'), Type.Literal('page')]),
  target: Type.String({ description: 'The sheet’s id, the page’s name' }),
  field: Type.String(),
  label: Type.String({ description: 'The sheet’s title, the page’s path' }),
  before: NullableText,
  after: Type.String(),
});

const TranslationConflictSchema = Type.Object({
  unit: Type.String({ description: 'The text’s unit id, which a choice names' }),
  kind: Type.Union([Type.Literal('sheet'), Type.Literal('page')]),
  target: Type.String(),
  field: Type.String(),
  label: Type.String(),
  exported: Type.Union([Type.String(), Type.Null()], { description: 'What the export sent: null when none, or not known' }),
  exportKnown: Type.Boolean({ description: 'Whether the store knows what the export sent' }),
  ours: Type.Union([Type.String(), Type.Null()], { description: 'The draft’s text now' }),
  theirs: Type.String({ description: 'The file’s text' }),
});

export const TranslationPlanSchema = Type.Object({
  language: Type.String(),
  digest: Type.String(),
  changes: Type.Array(TranslationChangeSchema),
  conflicts: Type.Array(TranslationConflictSchema, { description: 'Texts the file and the studio both changed since the export: choose per text' }),
  unchanged: Type.Integer(),
  kept: Type.Integer({ description: 'Texts changed in the studio since the export that the file leaves as sent: kept' }),
  untranslated: Type.Integer({ description: 'Units without a translation' }),
  notTranslated: Type.Array(Type.Object({ unit: Type.String(), label: Type.String(), field: Type.String(), state: Type.String(), target: Type.String() }), {
    description: 'Units the file marks as not translated yet, left out (unless includeNotTranslated)',
  }),
  flagged: Type.Array(
    Type.Object({
      unit: Type.String(),
      label: NullableText,
      field: NullableText,
      reason: Type.String(),
      exported: Type.Optional(Type.String({ description: 'The source as exported' })),
      current: Type.Optional(Type.String({ description: 'The primary text now' })),
    }),
    { description: 'Units left out, with why: a source changed since the export, a sheet that is gone, markup' },
  ),
  ignored: Type.Integer({ description: 'Units that are not this site’s (a PO header a tool added)' }),
  exports: Type.Array(Type.String(), { description: 'The exports the file’s units came from, as the store knows them' }),
  withoutExport: Type.Integer({ description: 'Units naming no export the store knows: a text of theirs the draft has is a conflict' }),
});

export const AppliedTranslationSchema = Type.Object({
  saved: Type.Array(Type.String(), { description: 'The sheets (by title) and pages (by path) whose drafts changed' }),
  texts: Type.Integer({ description: 'How many texts were saved' }),
  plan: TranslationPlanSchema,
});

export const NewReleaseSchema = Type.Object(
  { name: text({ max: 200, required: true, description: 'What the release is: "Hafnium line launch"' }) },
  { title: 'release' },
);

const ReleaseKind = Type.Union([Type.Literal('sheet'), Type.Literal('collection'), Type.Literal('page')], {
  description: 'A sheet, a collection’s order, or a page',
});

export const ReleaseItemSchema = Type.Object(
  {
    kind: ReleaseKind,
    targetId: text({ max: 200, required: true, description: 'The sheet’s id, the collection’s id, the page’s name' }),
  },
  { title: 'release item' },
);

export const ReleaseScheduleSchema = Type.Object(
  {
    at: Type.Union([ISO_TIME, Type.Null()], { description: 'When to publish it (ISO 8601); null: not at a time any more' }),
  },
  { title: 'schedule' },
);

export const ReleaseSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  state: Type.Union([Type.Literal('open'), Type.Literal('published'), Type.Literal('undone')]),
  createdBy: Type.String(),
  createdAt: Type.String(),
  dueAt: NullableText,
  scheduledBy: NullableText,
  publishedBy: NullableText,
  publishedAt: NullableText,
  undoneBy: NullableText,
  undoneAt: NullableText,
  failure: Type.Union([Type.String(), Type.Null()], { description: 'Why its scheduled publish could not be made' }),
  items: Type.Array(
    Type.Object({
      kind: ReleaseKind,
      targetId: Type.String(),
      label: Type.String(),
      status: Type.Union([Status, Type.Null()], { description: 'The draft’s status now; null when it is gone' }),
      review: ReviewSchema,
      addedBy: Type.String(),
      addedAt: Type.String(),
    }),
  ),
});

const WEBHOOK_EVENT = Type.Union(WEBHOOK_EVENT_NAMES.map((name) => Type.Literal(name)));

export const WebhookSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(WEBHOOK_EVENT),
  description: Type.String(),
  createdBy: Type.String(),
  createdAt: ISO_TIME,
  removedAt: Type.Union([ISO_TIME, Type.Null()], { description: 'When it was removed; null while it gets deliveries' }),
});

export const NewWebhookSchema = Type.Object(
  {
    url: text({ max: 2000, required: true, description: 'Where deliveries are posted: an https:// (or http://) URL' }),
    events: Type.Array(text({ max: 40 }), { maxItems: 20, description: `Among ${WEBHOOK_EVENT_NAMES.join(', ')}` }),
    description: Type.Optional(text({ max: 200 })),
  },
  { title: 'webhook' },
);

export const CreatedWebhookSchema = Type.Object({
  webhook: WebhookSchema,
  secret: Type.String({ description: 'The signing secret: shown in this answer only, never again' }),
});

export const WebhookChangeSchema = Type.Object(
  {
    active: Type.Boolean({ description: 'false removes it (it gets no more deliveries; its log stays); true brings it back' }),
  },
  { title: 'webhook change' },
);

export const DeliverySchema = Type.Object({
  id: Type.String(),
  webhookId: Type.String(),
  event: Type.String(),
  createdAt: ISO_TIME,
  state: Type.Union([Type.Literal('waiting'), Type.Literal('sending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  nextAt: Type.Union([ISO_TIME, Type.Null()]),
  lastStatus: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  finishedAt: Type.Union([ISO_TIME, Type.Null()]),
  resentFrom: Type.Union([Type.String(), Type.Null()]),
});

export const PurgeBacklogSchema = Type.Object({
  configured: Type.Boolean({ description: 'Whether a CDN is purged (CDN_VARNISH_URLS, Fastly, Cloudflare)' }),
  queued: Type.Integer({ description: 'Surrogate keys waiting to be purged' }),
  oldestQueuedAt: Type.Union([ISO_TIME, Type.Null()]),
  failing: Type.Union([Type.Object({ keys: Type.Integer(), attempts: Type.Integer(), lastError: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
});
