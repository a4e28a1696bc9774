/**
 * The editing API as one table of operations (docs/decisions/042): for each, its method and path
 * below {basePath}/studio/api, who may call it, and the schemas of its query, body and answer.
 * The server registers its handlers by these (editing-api/route-contract.ts), the OpenAPI document
 * is made of them, and the studio calls them through a client typed by them
 * (studio/common/client.ts): a path, a role or a wire type is written here and nowhere else.
 *
 * Browser-safe: TypeBox and the shapes of what is edited, nothing of the server.
 */
import type { Static, TSchema } from 'typebox';
import type { saveSchemaOf } from './schemas';
import {
  AddDocumentQuerySchema,
  CompareQuerySchema,
  DocumentVersionQuerySchema,
  FromPdfQuerySchema,
  OptionalRevisionQuerySchema,
  PreviewQuerySchema,
  ReleasePreviewQuerySchema,
  RevisionQuerySchema,
  CollectionSummarySchema,
  ImportEntrySchema,
  OrderViewSchema,
  PageSummarySchema,
  PageViewSchema,
  UndoneImportSchema,
  AccountChangeSchema,
  AccountSchema,
  AppliedImportSchema,
  AppliedTranslationSchema,
  ApplyImportSchema,
  ApplyTranslationSchema,
  AuditEntrySchema,
  AuditQuerySchema,
  ConfirmTranslationSchema,
  ContentTypeViewSchema,
  CreatedWebhookSchema,
  DeliverySchema,
  ExportQuerySchema,
  FieldChangeSchema,
  FieldSettingsSchema,
  ImportComparisonSchema,
  ImportDetailsSchema,
  ImportFilesSchema,
  ImportOptionsSchema,
  ImportUploadSchema,
  NewAccountSchema,
  NewFieldSchema,
  NewReleaseSchema,
  NewScheduleSchema,
  NewSheetSchema,
  NewSynonymSchema,
  NewWebhookSchema,
  PageSettingsSchema,
  PageTranslationSchema,
  PreviewLinkRequestSchema,
  PreviewLinkSchema,
  PreviewLinkSummarySchema,
  PurgeBacklogSchema,
  RejectionSchema,
  ReleaseItemSchema,
  ReleaseScheduleSchema,
  ReleaseSchema,
  RequiredRevisionSchema,
  ReviewPolicySchema,
  ReviewRequestSchema,
  RevisionSchema,
  SaveCollectionOrderSchema,
  SavePageSchema,
  SaveSeoSchema,
  SaveSheetSchema,
  SaveTranslationSchema,
  ScheduleSchema,
  SearchReportSchema,
  SheetDocumentAddedSchema,
  SheetFromPdfSchema,
  SheetListQuerySchema,
  SheetListSchema,
  SheetViewSchema,
  SynonymGroupSchema,
  TopicListQuerySchema,
  TopicSchema,
  TranslationExportQuerySchema,
  TranslationFileSchema,
  TranslationPlanSchema,
  TrashEntrySchema,
  UndoImportSchema,
  VersionSchema,
  VersionSummarySchema,
  WebhookChangeSchema,
  WebhookSchema,
} from './schemas';

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below the API's root, with `:name` for each path parameter (Fastify's notation). */
  path: string;
  summary: string;
  /** Who may call it: an editor or an admin, or an admin only (the server's guard checks it). */
  role: 'editor' | 'admin';
  /** The query string's schema. */
  query?: TSchema;
  /** The JSON body's schema. */
  body?: TSchema;
  /** A multipart upload of one file `file`, and of which kind (its limits). */
  upload?: 'image' | 'document' | 'import';
  /** The success answer; without a schema, its body is not described (HTML, a file, nothing). */
  response?: { status: number; schema?: TSchema; list?: boolean };
}

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * A path's parameters by name: `/sheets/:id/versions/:number` has `id` and `number`; a `*` at its
 * end, the rest. A path that is not literal (one of every editable kind's) has any.
 */
export type PathParams<Path extends string> = string extends Path
  ? Record<string, string>
  : { [Name in ParamNames<Path>]: string } & (Path extends `${string}*` ? { '*': string } : unknown);

/**
 * What a call of the operation sends: its path's parameters, its query, its body, each as the table
 * says. An operation of every editable kind (its path not literal) takes any.
 */
export type Sent<O extends Operation> = string extends O['path']
  ? { params: Record<string, string>; query?: Record<string, unknown>; body?: unknown }
  : ([ParamNames<O['path']>] extends [never] ? { params?: undefined } : { params: PathParams<O['path']> }) &
      (O['query'] extends TSchema ? { query?: Static<O['query']> } : { query?: undefined }) &
      (O['body'] extends TSchema ? { body: Static<O['body']> } : { body?: undefined });

/** A call of one operation: the operation, and what it sends. */
export type Call<O extends Operation> = { operation: O } & Sent<O>;

/** What the operation answers, as the table says; unknown where it does not describe it (HTML, a file, nothing). */
export type AnswerOf<O extends Operation> = O['response'] extends { schema: infer Schema extends TSchema; list: true }
  ? Array<Static<Schema>>
  : O['response'] extends { schema: infer Schema extends TSchema }
    ? Static<Schema>
    : unknown;

/** An operation, its literal types kept (the path's parameters, the schemas) for the client's types. */
const operation = <const O extends Operation>(declared: O): O => declared;

/** The operations every editable kind (a sheet, a page, a collection's order) has at `at`, its `/:id` path. */
export type EditableOperationName =
  | 'view'
  | 'save'
  | 'publish'
  | 'undoPublish'
  | 'requestReview'
  | 'approve'
  | 'reject'
  | 'withdrawReview'
  | 'preview'
  | 'createPreviewLink'
  | 'listPreviewLinks'
  | 'revokePreviewLink'
  | 'versions'
  | 'version'
  | 'compare'
  | 'restore';

/** A kind's editable operations, whatever its shapes: their bodies and queries are every kind's, but a save's state. */
export type EditableOperations = ReturnType<
  typeof editableOperations<string, TSchema | undefined, ReturnType<typeof saveSchemaOf<TSchema>>, TSchema | undefined>
>;

const EDITABLE_SUMMARIES: Record<EditableOperationName, string> = {
  view: 'The draft beside the published state',
  save: 'Save the draft',
  publish: 'Publish the draft',
  undoPublish: 'Take back the last publish: the site shows what it showed before (or nothing); the draft stays. 400 when the site changed since',
  requestReview: 'Ask for a review of the draft as it is (docs/editing.md, "Review")',
  approve: 'Approve the draft under review (someone other than its author, of a role the review policy names); a change after it needs a new approval',
  reject: 'Reject the draft under review, saying why',
  withdrawReview: 'Withdraw the pending review (the one who asked, or an admin)',
  preview: 'The page with the draft applied, as HTML (?lang=de-DE); framed by the studio only, never cached or indexed',
  createPreviewLink: 'A link anyone can open the draft’s preview with until it expires ({basePath}/preview/{token}; 410 after)',
  listPreviewLinks: 'The draft’s preview links that still work (not expired, their maker’s account enabled), newest first',
  revokePreviewLink: 'Revoke a preview link by its id (any editor or admin); it answers 404 from then on',
  versions: 'The versions',
  version: 'One version',
  compare: 'Two versions field by field (?from=N&to=M)',
  restore: 'Make a version the new draft',
};

/** A kind's shapes and words; its operations are otherwise the same for every kind. */
interface EditableShapes<View extends TSchema | undefined, Save extends TSchema, Version extends TSchema | undefined> {
  /** What its GET and every change answer; not described when absent. */
  view?: View;
  /** The body of a save with the state as the kind's schema, which the editing model checks it against. */
  save: Save;
  /** One version; not described when absent. */
  version?: Version;
  /** Where the kind says more than the shared summaries. */
  summaries?: Partial<Record<EditableOperationName, string>>;
}

function editableOperations<
  const At extends string,
  View extends TSchema | undefined = undefined,
  Save extends TSchema = TSchema,
  Version extends TSchema | undefined = undefined,
>(at: At, { view, save, version, summaries }: EditableShapes<View, Save, Version>) {
  const summary = (name: EditableOperationName) => summaries?.[name] ?? EDITABLE_SUMMARIES[name];
  const presented = { status: 200, schema: view as View };
  return {
    view: operation({ method: 'GET', path: at, summary: summary('view'), role: 'editor', response: presented }),
    save: operation({ method: 'PUT', path: at, summary: summary('save'), role: 'editor', body: save, response: presented }),
    publish: operation({ method: 'POST', path: `${at}/publish`, summary: summary('publish'), role: 'editor', body: RevisionSchema, response: presented }),
    undoPublish: operation({
      method: 'POST',
      path: `${at}/undo-publish`,
      summary: summary('undoPublish'),
      role: 'editor',
      body: RevisionSchema,
      response: presented,
    }),
    requestReview: operation({
      method: 'POST',
      path: `${at}/review`,
      summary: summary('requestReview'),
      role: 'editor',
      body: ReviewRequestSchema,
      response: presented,
    }),
    approve: operation({
      method: 'POST',
      path: `${at}/review/approve`,
      summary: summary('approve'),
      role: 'editor',
      body: RequiredRevisionSchema,
      response: presented,
    }),
    reject: operation({ method: 'POST', path: `${at}/review/reject`, summary: summary('reject'), role: 'editor', body: RejectionSchema, response: presented }),
    withdrawReview: operation({ method: 'DELETE', path: `${at}/review`, summary: summary('withdrawReview'), role: 'editor', response: presented }),
    preview: operation({
      method: 'GET',
      path: `${at}/preview`,
      summary: summary('preview'),
      role: 'editor',
      query: PreviewQuerySchema,
      response: { status: 200 },
    }),
    createPreviewLink: operation({
      method: 'POST',
      path: `${at}/preview-links`,
      summary: summary('createPreviewLink'),
      role: 'editor',
      body: PreviewLinkRequestSchema,
      response: { status: 201, schema: PreviewLinkSchema },
    }),
    listPreviewLinks: operation({
      method: 'GET',
      path: `${at}/preview-links`,
      summary: summary('listPreviewLinks'),
      role: 'editor',
      response: { status: 200, schema: PreviewLinkSummarySchema, list: true },
    }),
    revokePreviewLink: operation({
      method: 'DELETE',
      path: `${at}/preview-links/:link`,
      summary: summary('revokePreviewLink'),
      role: 'editor',
      response: { status: 204 },
    }),
    versions: operation({
      method: 'GET',
      path: `${at}/versions`,
      summary: summary('versions'),
      role: 'editor',
      response: { status: 200, schema: VersionSummarySchema, list: true },
    }),
    version: operation({
      method: 'GET',
      path: `${at}/versions/:number`,
      summary: summary('version'),
      role: 'editor',
      response: { status: 200, schema: version as Version },
    }),
    compare: operation({
      method: 'GET',
      path: `${at}/compare`,
      summary: summary('compare'),
      role: 'editor',
      query: CompareQuerySchema,
      response: { status: 200, schema: FieldChangeSchema, list: true },
    }),
    restore: operation({
      method: 'POST',
      path: `${at}/versions/:number/restore`,
      summary: summary('restore'),
      role: 'editor',
      body: RequiredRevisionSchema,
      response: presented,
    }),
  };
}

export const editingApi = {
  sheets: {
    ...editableOperations('/sheets/:id', {
      view: SheetViewSchema,
      save: SaveSheetSchema,
      version: VersionSchema,
      summaries: { view: 'A sheet: draft, published state, schedules' },
    }),
    list: operation({
      method: 'GET',
      path: '/sheets',
      summary: 'List the sheets',
      role: 'editor',
      query: SheetListQuerySchema,
      response: { status: 200, schema: SheetListSchema },
    }),
    create: operation({
      method: 'POST',
      path: '/sheets',
      summary: 'Create a sheet as a draft',
      role: 'editor',
      body: NewSheetSchema,
      response: { status: 201, schema: SheetViewSchema },
    }),
    moveToTrash: operation({
      method: 'DELETE',
      path: '/sheets/:id',
      summary: 'Move the sheet to the trash (?revision=N optional)',
      role: 'editor',
      query: OptionalRevisionQuerySchema,
      response: { status: 204 },
    }),
    saveSeo: operation({
      method: 'PUT',
      path: '/sheets/:id/seo',
      summary: 'Save the SEO fields',
      role: 'editor',
      body: SaveSeoSchema,
      response: { status: 200, schema: SheetViewSchema },
    }),
    unpublish: operation({
      method: 'POST',
      path: '/sheets/:id/unpublish',
      summary: 'Take the sheet off the site',
      role: 'editor',
      body: RevisionSchema,
      response: { status: 200, schema: SheetViewSchema },
    }),
    saveTranslation: operation({
      method: 'PUT',
      path: '/sheets/:id/translations/:language',
      summary: 'Save one language',
      role: 'editor',
      body: SaveTranslationSchema,
      response: { status: 200, schema: SheetViewSchema },
    }),
    confirmTranslation: operation({
      method: 'POST',
      path: '/sheets/:id/translations/:language/confirm',
      summary: 'Confirm a language’s outdated texts as still right',
      role: 'editor',
      body: ConfirmTranslationSchema,
      response: { status: 200, schema: SheetViewSchema },
    }),
    removeTranslation: operation({
      method: 'DELETE',
      path: '/sheets/:id/translations/:language',
      summary: 'Remove a language (?revision=N)',
      role: 'editor',
      query: RevisionQuerySchema,
      response: { status: 200, schema: SheetViewSchema },
    }),
    withdrawDocument: operation({
      method: 'POST',
      path: '/sheets/:id/documents/:version/withdraw',
      summary:
        'Withdraw a published version of the sheet’s document, or with ?asset= of a document of its set (not its current one): its address answers 410 Gone, naming the newest',
      role: 'editor',
      query: DocumentVersionQuerySchema,
      response: { status: 200, schema: SheetViewSchema },
    }),
    restoreDocument: operation({
      method: 'POST',
      path: '/sheets/:id/documents/:version/restore',
      summary: 'Serve a withdrawn version of the sheet’s document (or with ?asset= of a document of its set) again',
      role: 'editor',
      query: DocumentVersionQuerySchema,
      response: { status: 200, schema: SheetViewSchema },
    }),
    schedule: operation({
      method: 'POST',
      path: '/sheets/:id/schedules',
      summary: 'Publish or unpublish at a time',
      role: 'editor',
      body: NewScheduleSchema,
      response: { status: 201, schema: ScheduleSchema },
    }),
    uploadImage: operation({
      method: 'PUT',
      path: '/sheets/:id/image',
      summary: 'Upload the image (multipart, ?revision=N)',
      role: 'editor',
      query: RevisionQuerySchema,
      upload: 'image',
      response: { status: 200, schema: SheetViewSchema },
    }),
    uploadDocument: operation({
      method: 'PUT',
      path: '/sheets/:id/document',
      summary: 'Upload a new version of the sheet’s own document, the one its link goes to (multipart, ?revision=N)',
      role: 'editor',
      query: RevisionQuerySchema,
      upload: 'document',
      response: { status: 200, schema: SheetViewSchema },
    }),
    addDocument: operation({
      method: 'POST',
      path: '/sheets/:id/documents',
      summary:
        'Add a document to the sheet’s set (multipart, ?revision=N&kind=data-sheet|safety-data-sheet|brochure|certificate|other): its language is told from its text; a data sheet in a language the sheet has no text in proposes that text',
      role: 'editor',
      query: AddDocumentQuerySchema,
      upload: 'document',
      response: { status: 201, schema: SheetDocumentAddedSchema },
    }),
    reviseDocument: operation({
      method: 'PUT',
      path: '/sheets/:id/documents/:assetId',
      summary: 'Upload a new revision of a document of the set (multipart, ?revision=N): its next version; the links to the one it follows go to it',
      role: 'editor',
      query: RevisionQuerySchema,
      upload: 'document',
      response: { status: 200, schema: SheetViewSchema },
    }),
    fromPdf: operation({
      method: 'POST',
      path: '/sheets/from-pdf',
      summary:
        'A new draft sheet proposed from a PDF (multipart): title, description, the PDF as its document, page 1 as its image; `pages` says how many of its pages were read for its text',
      role: 'editor',
      query: FromPdfQuerySchema,
      upload: 'document',
      response: { status: 201, schema: SheetFromPdfSchema },
    }),
  },
  schedules: {
    cancel: operation({ method: 'DELETE', path: '/schedules/:schedule', summary: 'Cancel a schedule', role: 'editor', response: { status: 204 } }),
  },
  trash: {
    list: operation({ method: 'GET', path: '/trash', summary: 'The trash', role: 'editor', response: { status: 200, schema: TrashEntrySchema, list: true } }),
    restore: operation({
      method: 'POST',
      path: '/trash/:id/restore',
      summary: 'Restore from the trash',
      role: 'editor',
      response: { status: 200, schema: SheetViewSchema },
    }),
  },
  imports: {
    list: operation({
      method: 'GET',
      path: '/imports',
      summary: 'The last 20 imports, newest first, each with what it did',
      role: 'editor',
      response: { status: 200, schema: ImportEntrySchema, list: true },
    }),
    details: operation({
      method: 'GET',
      path: '/imports/:id',
      summary: 'An import: each sheet it changed, with the fields',
      role: 'editor',
      response: { status: 200, schema: ImportDetailsSchema },
    }),
    undo: operation({
      method: 'POST',
      path: '/imports/:id/undo',
      summary: 'Undo what the import changed; 409 with `later` naming fields changed since (keepLater: undo the rest and keep those)',
      role: 'editor',
      body: UndoImportSchema,
      response: { status: 200, schema: UndoneImportSchema },
    }),
  },
  importUploads: {
    open: operation({
      method: 'POST',
      path: '/import-uploads',
      summary: 'Open an import in the studio; its files follow',
      role: 'editor',
      response: { status: 201, schema: ImportUploadSchema },
    }),
    addFile: operation({
      method: 'POST',
      path: '/import-uploads/:token/files',
      summary: 'Add one file to the import (multipart): a CSV, a PDF or image its rows name, or one zip of an export folder',
      role: 'editor',
      upload: 'import',
      response: { status: 200, schema: ImportFilesSchema },
    }),
    compare: operation({
      method: 'POST',
      path: '/import-uploads/:token/comparison',
      summary: 'What the import would do, record by record and field by field; nothing is written',
      role: 'editor',
      body: ImportOptionsSchema,
      response: { status: 200, schema: ImportComparisonSchema },
    }),
    apply: operation({
      method: 'POST',
      path: '/import-uploads/:token/apply',
      summary: 'Apply the import in one transaction, if the store still matches the comparison (409 otherwise)',
      role: 'editor',
      body: ApplyImportSchema,
      response: { status: 200, schema: AppliedImportSchema },
    }),
    cancel: operation({
      method: 'DELETE',
      path: '/import-uploads/:token',
      summary: 'Cancel the import: its files go',
      role: 'editor',
      response: { status: 204 },
    }),
  },
  exports: {
    sheetsCsv: operation({
      method: 'GET',
      path: '/exports/sheets.csv',
      summary: 'The literature collection as the CSV the import reads (?collection=)',
      role: 'editor',
      query: ExportQuerySchema,
      response: { status: 200 },
    }),
    contentZip: operation({
      method: 'GET',
      path: '/exports/content.zip',
      summary: 'The content as a zip of an export folder',
      role: 'editor',
      response: { status: 200 },
    }),
  },
  translations: {
    export: operation({
      method: 'GET',
      path: '/translations/export',
      summary: 'The texts to translate into a language, as an XLIFF file',
      role: 'editor',
      query: TranslationExportQuerySchema,
      response: { status: 200 },
    }),
    compare: operation({
      method: 'POST',
      path: '/translations/comparison',
      summary: 'Compare a translated XLIFF file with the drafts',
      role: 'editor',
      body: TranslationFileSchema,
      response: { status: 200, schema: TranslationPlanSchema },
    }),
    apply: operation({
      method: 'POST',
      path: '/translations/apply',
      summary: 'Save a compared XLIFF file’s translations into the drafts',
      role: 'editor',
      body: ApplyTranslationSchema,
      response: { status: 200, schema: AppliedTranslationSchema },
    }),
  },
  releases: {
    list: operation({
      method: 'GET',
      path: '/releases',
      summary: 'The releases, open ones first',
      role: 'editor',
      response: { status: 200, schema: ReleaseSchema, list: true },
    }),
    create: operation({
      method: 'POST',
      path: '/releases',
      summary: 'A new open release',
      role: 'editor',
      body: NewReleaseSchema,
      response: { status: 200, schema: ReleaseSchema },
    }),
    view: operation({
      method: 'GET',
      path: '/releases/:id',
      summary: 'A release with its drafts',
      role: 'editor',
      response: { status: 200, schema: ReleaseSchema },
    }),
    rename: operation({
      method: 'PATCH',
      path: '/releases/:id',
      summary: 'Rename a release',
      role: 'editor',
      body: NewReleaseSchema,
      response: { status: 200, schema: ReleaseSchema },
    }),
    discard: operation({
      method: 'DELETE',
      path: '/releases/:id',
      summary: 'Discard an open release (its drafts stay as they are)',
      role: 'editor',
      response: { status: 204 },
    }),
    addItem: operation({
      method: 'POST',
      path: '/releases/:id/items',
      summary: 'Gather a draft into the release',
      role: 'editor',
      body: ReleaseItemSchema,
      response: { status: 200, schema: ReleaseSchema },
    }),
    removeItem: operation({
      method: 'DELETE',
      path: '/releases/:id/items/:kind/:target',
      summary: 'Take a draft out of the release',
      role: 'editor',
      response: { status: 200, schema: ReleaseSchema },
    }),
    schedule: operation({
      method: 'PUT',
      path: '/releases/:id/schedule',
      summary: 'Publish the release at a time ({at: null}: not at a time)',
      role: 'editor',
      body: ReleaseScheduleSchema,
      response: { status: 200, schema: ReleaseSchema },
    }),
    publish: operation({
      method: 'POST',
      path: '/releases/:id/publish',
      summary: 'Publish every draft of the release now, as one change',
      role: 'editor',
      response: { status: 200, schema: ReleaseSchema },
    }),
    undo: operation({
      method: 'POST',
      path: '/releases/:id/undo',
      summary: 'Take back what the release changed, as one change (409 with `later` when the site changed since)',
      role: 'editor',
      body: UndoImportSchema,
      response: { status: 200, schema: ReleaseSchema },
    }),
    preview: operation({
      method: 'GET',
      path: '/releases/:id/preview',
      summary: 'The site with the release applied, as HTML (?view=sheet&sheet=<id> for a sheet’s page, ?lang=de-DE)',
      role: 'editor',
      query: ReleasePreviewQuerySchema,
      response: { status: 200 },
    }),
    previewAt: operation({
      method: 'GET',
      path: '/releases/:id/preview/*',
      summary: 'The site with the release applied, at a public page’s path (e.g. /de-DE/topics/hafnium?q=TDMAH), as HTML',
      role: 'editor',
      query: ReleasePreviewQuerySchema,
      response: { status: 200 },
    }),
  },
  pages: {
    ...editableOperations('/pages/:id', {
      view: PageViewSchema,
      save: SavePageSchema,
      summaries: {
        view: 'A page: draft and published definition, heading, kept and dropped head tags',
        save: 'Save the page’s draft definition',
        publish: 'Publish the page’s draft',
        versions: 'The page’s versions',
      },
    }),
    list: operation({
      method: 'GET',
      path: '/pages',
      summary: 'The pages and their status',
      role: 'editor',
      response: { status: 200, schema: PageSummarySchema, list: true },
    }),
    saveSettings: operation({
      method: 'PUT',
      path: '/pages/:name/settings',
      summary: 'Save the heading, SEO settings and search field',
      role: 'editor',
      body: PageSettingsSchema,
      response: { status: 200, schema: PageViewSchema },
    }),
    saveTranslation: operation({
      method: 'PUT',
      path: '/pages/:name/translations/:language',
      summary: 'Save the page’s texts in one of the site’s other languages',
      role: 'editor',
      body: PageTranslationSchema,
      response: { status: 200, schema: PageViewSchema },
    }),
    confirmTranslation: operation({
      method: 'POST',
      path: '/pages/:name/translations/:language/confirm',
      summary: 'Confirm a language’s outdated page texts as still right',
      role: 'editor',
      body: ConfirmTranslationSchema,
      response: { status: 200, schema: PageViewSchema },
    }),
  },
  orders: editableOperations('/collections/:id/order', {
    view: OrderViewSchema,
    save: SaveCollectionOrderSchema,
    summaries: { view: 'The collection’s order: draft, published, sheets with titles', save: 'Save the order as a draft', publish: 'Publish the order' },
  }),
  collections: {
    list: operation({
      method: 'GET',
      path: '/collections',
      summary: 'The site’s literature collections, each with its order’s status and how many sheets it holds',
      role: 'editor',
      response: { status: 200, schema: CollectionSummarySchema, list: true },
    }),
  },
  topics: {
    list: operation({
      method: 'GET',
      path: '/topics',
      summary: 'The site’s topics in their places, each with its facet and its name in each language: what a sheet may list under topics',
      role: 'editor',
      query: TopicListQuerySchema,
      response: { status: 200, schema: TopicSchema, list: true },
    }),
  },
  settings: {
    view: operation({
      method: 'GET',
      path: '/settings',
      summary: 'The site’s settings for editing: whether publishing needs an approval, and whose',
      role: 'editor',
      response: { status: 200, schema: ReviewPolicySchema },
    }),
    change: operation({
      method: 'PUT',
      path: '/settings',
      summary: 'Change the site’s settings for editing (admins)',
      role: 'admin',
      body: ReviewPolicySchema,
      response: { status: 200, schema: ReviewPolicySchema },
    }),
  },
  accounts: {
    list: operation({ method: 'GET', path: '/accounts', summary: 'The accounts', role: 'admin', response: { status: 200, schema: AccountSchema, list: true } }),
    create: operation({
      method: 'POST',
      path: '/accounts',
      summary: 'Add an account',
      role: 'admin',
      body: NewAccountSchema,
      response: { status: 201, schema: AccountSchema },
    }),
    change: operation({
      method: 'PATCH',
      path: '/accounts/:email',
      summary: 'Change role, disable or enable, set a password',
      role: 'admin',
      body: AccountChangeSchema,
      response: { status: 200, schema: AccountSchema },
    }),
    remove: operation({ method: 'DELETE', path: '/accounts/:email', summary: 'Remove an account', role: 'admin', response: { status: 204 } }),
  },
  audit: {
    list: operation({
      method: 'GET',
      path: '/audit',
      summary: 'The audit log, newest first',
      role: 'admin',
      query: AuditQuerySchema,
      response: { status: 200, schema: AuditEntrySchema, list: true },
    }),
  },
  contentTypes: {
    view: operation({
      method: 'GET',
      path: '/content-types/:name',
      summary: 'A content type’s fields as the site has them (literature_sheet: the sheet form’s)',
      role: 'editor',
      response: { status: 200, schema: ContentTypeViewSchema },
    }),
    addField: operation({
      method: 'POST',
      path: '/content-types/:name/fields',
      summary: 'Add a field: on the site at once, with a version and an audit entry',
      role: 'admin',
      body: NewFieldSchema,
      response: { status: 201, schema: ContentTypeViewSchema },
    }),
    changeField: operation({
      method: 'PATCH',
      path: '/content-types/:name/fields/:field',
      summary: 'Change a field’s labels, place, where it shows or whether publishing needs it; retire it (its values are kept)',
      role: 'admin',
      body: FieldSettingsSchema,
      response: { status: 200, schema: ContentTypeViewSchema },
    }),
  },
  webhooks: {
    list: operation({
      method: 'GET',
      path: '/webhooks',
      summary: 'The webhooks, the removed ones too',
      role: 'admin',
      response: { status: 200, schema: WebhookSchema, list: true },
    }),
    create: operation({
      method: 'POST',
      path: '/webhooks',
      summary: 'Register a webhook; the answer holds its signing secret, shown this once',
      role: 'admin',
      body: NewWebhookSchema,
      response: { status: 201, schema: CreatedWebhookSchema },
    }),
    change: operation({
      method: 'PATCH',
      path: '/webhooks/:id',
      summary: 'Remove a webhook, or bring it back',
      role: 'admin',
      body: WebhookChangeSchema,
      response: { status: 200, schema: WebhookSchema },
    }),
    deliveries: operation({
      method: 'GET',
      path: '/webhooks/:id/deliveries',
      summary: 'A webhook’s last 50 deliveries, newest first',
      role: 'admin',
      response: { status: 200, schema: DeliverySchema, list: true },
    }),
    sendAgain: operation({
      method: 'POST',
      path: '/deliveries/:id/send-again',
      summary: 'Send a delivery again, now (a copy with the same event id)',
      role: 'admin',
      response: { status: 201, schema: DeliverySchema },
    }),
  },
  cdn: {
    backlog: operation({
      method: 'GET',
      path: '/cdn',
      summary: 'What waits to be purged from the CDN, and why it was refused',
      role: 'editor',
      response: { status: 200, schema: PurgeBacklogSchema },
    }),
  },
  searchReport: {
    view: operation({
      method: 'GET',
      path: '/search-report',
      summary: 'What visitors searched for in the last 30 days, and opened from the results',
      role: 'editor',
      response: { status: 200, schema: SearchReportSchema },
    }),
  },
  synonyms: {
    create: operation({
      method: 'POST',
      path: '/synonyms',
      summary: 'Make a query mean what another word finds: a synonym group of the two',
      role: 'editor',
      body: NewSynonymSchema,
      response: { status: 201, schema: SynonymGroupSchema },
    }),
  },
  files: {
    get: operation({
      method: 'GET',
      path: '/files/:sha256',
      summary: 'A stored image or document by its SHA-256 (drafts’ files included)',
      role: 'editor',
      response: { status: 200 },
    }),
  },
};

/** Every operation of the table, each once. */
export const allOperations: readonly Operation[] = Object.values(editingApi).flatMap((group) => Object.values(group) as Operation[]);
