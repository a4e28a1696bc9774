/**
 * The editing API's contract as an OpenAPI 3.1 document, served at {basePath}/studio/api/openapi.json
 * beside the delivery API's. Its bodies are the very schemas the handlers check requests with
 * (schemas.ts): TypeBox schemas are JSON Schema, so they go in as they are.
 */
import type { TSchema } from 'typebox';
import { SheetSeoSchema, SheetStateSchema, SheetTextsSchema } from '../sheet/shape';
import { UPLOAD_LIMITS } from '../files/uploads';
import { IMPORT_UPLOAD_LIMITS } from '../transfer/import-uploads';
import * as schemas from './schemas';
import { CollectionOrderSchema } from '../editing/collection-order';
import { PageDefinitionSchema } from '../page-model/page-definition';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface Operation {
  method: Method;
  path: string;
  summary: string;
  role: 'editor' | 'admin';
  body?: string;
  multipart?: 'image' | 'document' | 'import';
  response?: { status: number; schema?: string; list?: boolean };
  query?: string;
}

const COMPONENTS: Record<string, TSchema> = {
  SheetState: SheetStateSchema,
  SheetTexts: SheetTextsSchema,
  SheetSeo: SheetSeoSchema,
  SheetView: schemas.SheetViewSchema,
  SheetFromPdf: schemas.SheetFromPdfSchema,
  SheetDocumentAdded: schemas.SheetDocumentAddedSchema,
  SheetList: schemas.SheetListSchema,
  NewSheet: schemas.NewSheetSchema,
  SaveSheet: schemas.SaveSheetSchema,
  Revision: schemas.RevisionSchema,
  RequiredRevision: schemas.RequiredRevisionSchema,
  SaveTranslation: schemas.SaveTranslationSchema,
  SaveSeo: schemas.SaveSeoSchema,
  NewSchedule: schemas.NewScheduleSchema,
  Schedule: schemas.ScheduleSchema,
  VersionSummary: schemas.VersionSummarySchema,
  Version: schemas.VersionSchema,
  FieldChange: schemas.FieldChangeSchema,
  TrashEntry: schemas.TrashEntrySchema,
  Account: schemas.AccountSchema,
  NewAccount: schemas.NewAccountSchema,
  AccountChange: schemas.AccountChangeSchema,
  AuditEntry: schemas.AuditEntrySchema,
  Topic: schemas.TopicSchema,
  Errors: schemas.ErrorSchema,
  PageDefinition: PageDefinitionSchema,
  SavePage: schemas.saveSchemaOf(PageDefinitionSchema),
  PageSettings: schemas.PageSettingsSchema,
  CollectionOrder: CollectionOrderSchema,
  SaveCollectionOrder: schemas.saveSchemaOf(CollectionOrderSchema),
  PreviewLinkRequest: schemas.PreviewLinkRequestSchema,
  PreviewLink: schemas.PreviewLinkSchema,
  PreviewLinkSummary: schemas.PreviewLinkSummarySchema,
  ImportUpload: schemas.ImportUploadSchema,
  ImportFiles: schemas.ImportFilesSchema,
  ImportOptions: schemas.ImportOptionsSchema,
  ApplyImport: schemas.ApplyImportSchema,
  ImportComparison: schemas.ImportComparisonSchema,
  AppliedImport: schemas.AppliedImportSchema,
  ImportDetails: schemas.ImportDetailsSchema,
  UndoImport: schemas.UndoImportSchema,
  ContentTypeView: schemas.ContentTypeViewSchema,
  NewField: schemas.NewFieldSchema,
  FieldSettings: schemas.FieldSettingsSchema,
};

const QUERIES: Record<string, TSchema> = {
  SheetListQuery: schemas.SheetListQuerySchema,
  AuditQuery: schemas.AuditQuerySchema,
  TopicListQuery: schemas.TopicListQuerySchema,
};

const OPERATIONS: Operation[] = [
  { method: 'get', path: '/sheets', summary: 'List the sheets', role: 'editor', query: 'SheetListQuery', response: { status: 200, schema: 'SheetList' } },
  { method: 'post', path: '/sheets', summary: 'Create a sheet as a draft', role: 'editor', body: 'NewSheet', response: { status: 201, schema: 'SheetView' } },
  {
    method: 'get',
    path: '/sheets/{id}',
    summary: 'A sheet: draft, published state, schedules',
    role: 'editor',
    response: { status: 200, schema: 'SheetView' },
  },
  {
    method: 'get',
    path: '/sheets/{id}/preview',
    summary: 'The page with the draft applied, as HTML (?lang=de-DE); framed by the studio only, never cached or indexed',
    role: 'editor',
    response: { status: 200 },
  },
  {
    method: 'post',
    path: '/sheets/{id}/preview-links',
    summary: 'A link anyone can open the draft’s preview with until it expires ({basePath}/preview/{token}; 410 after)',
    role: 'editor',
    body: 'PreviewLinkRequest',
    response: { status: 201, schema: 'PreviewLink' },
  },
  {
    method: 'get',
    path: '/sheets/{id}/preview-links',
    summary: 'The draft’s preview links that still work (not expired, their maker’s account enabled), newest first',
    role: 'editor',
    response: { status: 200, schema: 'PreviewLinkSummary', list: true },
  },
  {
    method: 'delete',
    path: '/sheets/{id}/preview-links/{link}',
    summary: 'Revoke a preview link by its id (any editor or admin); it answers 404 from then on',
    role: 'editor',
    response: { status: 204 },
  },
  {
    method: 'get',
    path: '/files/{sha256}',
    summary: 'A stored image or document by its SHA-256 (drafts’ files included)',
    role: 'editor',
    response: { status: 200 },
  },
  { method: 'put', path: '/sheets/{id}', summary: 'Save the draft', role: 'editor', body: 'SaveSheet', response: { status: 200, schema: 'SheetView' } },
  { method: 'delete', path: '/sheets/{id}', summary: 'Move the sheet to the trash (?revision=N optional)', role: 'editor', response: { status: 204 } },
  {
    method: 'put',
    path: '/sheets/{id}/translations/{language}',
    summary: 'Save one language',
    role: 'editor',
    body: 'SaveTranslation',
    response: { status: 200, schema: 'SheetView' },
  },
  {
    method: 'delete',
    path: '/sheets/{id}/translations/{language}',
    summary: 'Remove a language (?revision=N)',
    role: 'editor',
    response: { status: 200, schema: 'SheetView' },
  },
  { method: 'put', path: '/sheets/{id}/seo', summary: 'Save the SEO fields', role: 'editor', body: 'SaveSeo', response: { status: 200, schema: 'SheetView' } },
  {
    method: 'put',
    path: '/sheets/{id}/image',
    summary: 'Upload the image (multipart, ?revision=N)',
    role: 'editor',
    multipart: 'image',
    response: { status: 200, schema: 'SheetView' },
  },
  {
    method: 'put',
    path: '/sheets/{id}/document',
    summary: 'Upload a new version of the sheet’s own document, the one its link goes to (multipart, ?revision=N)',
    role: 'editor',
    multipart: 'document',
    response: { status: 200, schema: 'SheetView' },
  },
  {
    method: 'post',
    path: '/sheets/{id}/documents',
    summary:
      'Add a document to the sheet’s set (multipart, ?revision=N&kind=data-sheet|safety-data-sheet|brochure|certificate|other): its language is told from its text; a data sheet in a language the sheet has no text in proposes that text',
    role: 'editor',
    multipart: 'document',
    response: { status: 201, schema: 'SheetDocumentAdded' },
  },
  {
    method: 'put',
    path: '/sheets/{id}/documents/{assetId}',
    summary: 'Upload a new revision of a document of the set (multipart, ?revision=N): its next version; the links to the one it follows go to it',
    role: 'editor',
    multipart: 'document',
    response: { status: 200, schema: 'SheetView' },
  },
  {
    method: 'post',
    path: '/sheets/from-pdf',
    summary:
      'A new draft sheet proposed from a PDF (multipart): title, description, the PDF as its document, page 1 as its image; `pages` says how many of its pages were read for its text',
    role: 'editor',
    multipart: 'document',
    response: { status: 201, schema: 'SheetFromPdf' },
  },
  {
    method: 'post',
    path: '/sheets/{id}/publish',
    summary: 'Publish the draft',
    role: 'editor',
    body: 'Revision',
    response: { status: 200, schema: 'SheetView' },
  },
  {
    method: 'post',
    path: '/sheets/{id}/undo-publish',
    summary: 'Take back the last publish: the site shows what it showed before (or nothing); the draft stays. 400 when the site changed since',
    role: 'editor',
    body: 'Revision',
    response: { status: 200, schema: 'SheetView' },
  },
  {
    method: 'post',
    path: '/sheets/{id}/unpublish',
    summary: 'Take the sheet off the site',
    role: 'editor',
    body: 'Revision',
    response: { status: 200, schema: 'SheetView' },
  },
  {
    method: 'post',
    path: '/sheets/{id}/documents/{version}/withdraw',
    summary:
      'Withdraw a published version of the sheet’s document, or with ?asset= of a document of its set (not its current one): its address answers 410 Gone, naming the newest',
    role: 'editor',
    response: { status: 200, schema: 'SheetView' },
  },
  {
    method: 'post',
    path: '/sheets/{id}/documents/{version}/restore',
    summary: 'Serve a withdrawn version of the sheet’s document (or with ?asset= of a document of its set) again',
    role: 'editor',
    response: { status: 200, schema: 'SheetView' },
  },
  {
    method: 'post',
    path: '/sheets/{id}/schedules',
    summary: 'Publish or unpublish at a time',
    role: 'editor',
    body: 'NewSchedule',
    response: { status: 201, schema: 'Schedule' },
  },
  { method: 'delete', path: '/schedules/{schedule}', summary: 'Cancel a schedule', role: 'editor', response: { status: 204 } },
  { method: 'get', path: '/sheets/{id}/versions', summary: 'The versions', role: 'editor', response: { status: 200, schema: 'VersionSummary', list: true } },
  { method: 'get', path: '/sheets/{id}/versions/{number}', summary: 'One version', role: 'editor', response: { status: 200, schema: 'Version' } },
  {
    method: 'get',
    path: '/sheets/{id}/compare',
    summary: 'Two versions field by field (?from=N&to=M)',
    role: 'editor',
    response: { status: 200, schema: 'FieldChange', list: true },
  },
  {
    method: 'post',
    path: '/sheets/{id}/versions/{number}/restore',
    summary: 'Make a version the new draft',
    role: 'editor',
    body: 'RequiredRevision',
    response: { status: 200, schema: 'SheetView' },
  },
  { method: 'get', path: '/trash', summary: 'The trash', role: 'editor', response: { status: 200, schema: 'TrashEntry', list: true } },
  { method: 'post', path: '/trash/{id}/restore', summary: 'Restore from the trash', role: 'editor', response: { status: 200, schema: 'SheetView' } },
  { method: 'get', path: '/imports', summary: 'The last 20 imports, newest first, each with what it did', role: 'editor' },
  {
    method: 'get',
    path: '/imports/{id}',
    summary: 'An import: each sheet it changed, with the fields',
    role: 'editor',
    response: { status: 200, schema: 'ImportDetails' },
  },
  {
    method: 'post',
    path: '/imports/{id}/undo',
    summary: 'Undo what the import changed; 409 with `later` naming fields changed since (keepLater: undo the rest and keep those)',
    role: 'editor',
    body: 'UndoImport',
  },
  {
    method: 'get',
    path: '/exports/sheets.csv',
    summary: 'The literature collection as the CSV the import reads (?collection=)',
    role: 'editor',
    response: { status: 200 },
  },
  { method: 'get', path: '/exports/content.zip', summary: 'The content as a zip of an export folder', role: 'editor', response: { status: 200 } },
  { method: 'get', path: '/pages', summary: 'The pages and their status', role: 'editor' },
  { method: 'get', path: '/pages/{id}', summary: 'A page: draft and published definition, heading, kept and dropped head tags', role: 'editor' },
  { method: 'put', path: '/pages/{id}', summary: 'Save the page’s draft definition', role: 'editor', body: 'SavePage' },
  { method: 'put', path: '/pages/{id}/settings', summary: 'Save the heading, SEO settings and search field', role: 'editor', body: 'PageSettings' },
  { method: 'post', path: '/pages/{id}/publish', summary: 'Publish the page’s draft', role: 'editor', body: 'Revision' },
  {
    method: 'get',
    path: '/pages/{id}/versions',
    summary: 'The page’s versions',
    role: 'editor',
    response: { status: 200, schema: 'VersionSummary', list: true },
  },
  {
    method: 'get',
    path: '/topics',
    summary: 'The site’s topics in their places, each with its facet and its name in each language: what a sheet may list under topics',
    role: 'editor',
    query: 'TopicListQuery',
    response: { status: 200, schema: 'Topic', list: true },
  },
  { method: 'get', path: '/collections/{id}/order', summary: 'The collection’s order: draft, published, sheets with titles', role: 'editor' },
  { method: 'put', path: '/collections/{id}/order', summary: 'Save the order as a draft', role: 'editor', body: 'SaveCollectionOrder' },
  { method: 'post', path: '/collections/{id}/order/publish', summary: 'Publish the order', role: 'editor', body: 'Revision' },
  {
    method: 'get',
    path: '/content-types/{name}',
    summary: 'A content type’s fields as the site has them (literature_sheet: the sheet form’s)',
    role: 'editor',
    response: { status: 200, schema: 'ContentTypeView' },
  },
  {
    method: 'post',
    path: '/content-types/{name}/fields',
    summary: 'Add a field: on the site at once, with a version and an audit entry',
    role: 'admin',
    body: 'NewField',
    response: { status: 201, schema: 'ContentTypeView' },
  },
  {
    method: 'patch',
    path: '/content-types/{name}/fields/{field}',
    summary: 'Change a field’s labels, place, where it shows or whether publishing needs it; retire it (its values are kept)',
    role: 'admin',
    body: 'FieldSettings',
    response: { status: 200, schema: 'ContentTypeView' },
  },
  { method: 'get', path: '/accounts', summary: 'The accounts', role: 'admin', response: { status: 200, schema: 'Account', list: true } },
  { method: 'post', path: '/accounts', summary: 'Add an account', role: 'admin', body: 'NewAccount', response: { status: 201, schema: 'Account' } },
  {
    method: 'patch',
    path: '/accounts/{email}',
    summary: 'Change role, disable or enable, set a password',
    role: 'admin',
    body: 'AccountChange',
    response: { status: 200, schema: 'Account' },
  },
  {
    method: 'post',
    path: '/imports/uploads',
    summary: 'Open an import in the studio; its files follow',
    role: 'editor',
    response: { status: 201, schema: 'ImportUpload' },
  },
  {
    method: 'post',
    path: '/imports/uploads/{token}/files',
    summary: 'Add one file to the import (multipart): a CSV, a PDF or image its rows name, or one zip of an export folder',
    role: 'editor',
    multipart: 'import',
    response: { status: 200, schema: 'ImportFiles' },
  },
  {
    method: 'post',
    path: '/imports/uploads/{token}/comparison',
    summary: 'What the import would do, record by record and field by field; nothing is written',
    role: 'editor',
    body: 'ImportOptions',
    response: { status: 200, schema: 'ImportComparison' },
  },
  {
    method: 'post',
    path: '/imports/uploads/{token}/apply',
    summary: 'Apply the import in one transaction, if the store still matches the comparison (409 otherwise)',
    role: 'editor',
    body: 'ApplyImport',
    response: { status: 200, schema: 'AppliedImport' },
  },
  { method: 'delete', path: '/imports/uploads/{token}', summary: 'Cancel the import: its files go', role: 'editor', response: { status: 204 } },
  { method: 'delete', path: '/accounts/{email}', summary: 'Remove an account', role: 'admin', response: { status: 204 } },
  {
    method: 'get',
    path: '/audit',
    summary: 'The audit log, newest first',
    role: 'admin',
    query: 'AuditQuery',
    response: { status: 200, schema: 'AuditEntry', list: true },
  },
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

function operationOf(operation: Operation) {
  const errors = {
    '400': { description: 'Invalid input: every problem, with its place', content: json(ref('Errors')) },
    '401': { description: 'Not signed in', content: json(ref('Errors')) },
    '403': {
      description: `Not ${operation.role === 'admin' ? 'an admin' : 'an editor or admin'}, or a missing CSRF token, or another site's origin`,
      content: json(ref('Errors')),
    },
    '404': { description: 'No such thing', content: json(ref('Errors')) },
    '409': { description: 'A stale revision (the current state in `current`), or a change that conflicts', content: json(ref('Errors')) },
    '429': {
      description:
        operation.multipart === undefined
          ? 'Too many requests from this account; see Retry-After'
          : 'Too many requests from this account, or too many uploads at once (UPLOADS_PER_ACCOUNT, UPLOADS_PER_PROCESS); see Retry-After',
      content: json(ref('Errors')),
    },
  };
  const { response } = operation;
  const success =
    response?.schema === undefined
      ? { description: 'Done' }
      : { description: 'OK', content: json(response.list ? { type: 'array', items: ref(response.schema) } : ref(response.schema)) };
  const parameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
  if (operation.query !== undefined) {
    const query = QUERIES[operation.query] as unknown as { properties: Record<string, unknown> };
    for (const [name, schema] of Object.entries(query.properties)) parameters.push({ name, in: 'query', required: false, schema } as never);
  }
  const limit = operation.multipart === 'image' ? UPLOAD_LIMITS.imageBytes : UPLOAD_LIMITS.documentBytes;
  const accepted = {
    image: ` and ${UPLOAD_LIMITS.imageSide} px a side (PNG, JPEG, WebP, AVIF or GIF; no SVG)`,
    document: ' (PDF)',
    import: ` (PDF or image; a CSV at most ${IMPORT_UPLOAD_LIMITS.csvBytes / 1024 / 1024} MB, a zip ${IMPORT_UPLOAD_LIMITS.zipBytes / 1024 / 1024} MB)`,
  };
  const body =
    operation.body !== undefined
      ? { requestBody: { required: true, content: json(ref(operation.body)) } }
      : operation.multipart !== undefined
        ? {
            requestBody: {
              required: true,
              description: `One file, at most ${limit / 1024 / 1024} MB${accepted[operation.multipart]}; its type is read from its bytes`,
              content: {
                'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } },
              },
            },
          }
        : {};
  return {
    summary: operation.summary,
    description: `Role: ${operation.role === 'admin' ? 'admin' : 'editor or admin'}. State-changing requests need the session's X-CSRF-Token and this site's origin.`,
    parameters,
    ...body,
    responses: { [String(response?.status ?? 200)]: success, ...errors },
  };
}

export function editingOpenApiDocument(basePath: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) (paths[operation.path] ??= {})[operation.method] = operationOf(operation);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Literature Sheets editing API',
      version: '1',
      description:
        'For the studio: drafts, publishing, schedules, versions, trash, uploads, accounts and the audit log. Signed-in sessions only (cookie); every answer is Cache-Control: no-store. The public delivery API is described separately.',
    },
    servers: [{ url: `${basePath}/studio/api` }],
    paths,
    components: { schemas: COMPONENTS },
  };
}
