/**
 * The editing API's contract as an OpenAPI 3.1 document, served at {basePath}/studio/api/openapi.json
 * beside the delivery API's. Its bodies are the very schemas the handlers check requests with
 * (schemas.ts): TypeBox schemas are JSON Schema, so they go in as they are. Its operations are the
 * routes as registered, each by the contract it declares (route-contract.ts): there is no second list.
 */
import type { TSchema } from 'typebox';
import { OPENAPI_LICENSE } from '../shared/constants';
import { UPLOAD_LIMITS } from '../files/uploads';
import { IMPORT_UPLOAD_LIMITS } from '../transfer/import-uploads';
import * as schemas from '../editing-contract/schemas';
import type { RegisteredRoute } from './route-contract';
import type { Operation } from '../editing-contract/operations';

const COMPONENTS: Record<string, TSchema> = {
  SheetView: schemas.SheetViewSchema,
  SheetFromPdf: schemas.SheetFromPdfSchema,
  SheetDocumentAdded: schemas.SheetDocumentAddedSchema,
  SheetList: schemas.SheetListSchema,
  NewSheet: schemas.NewSheetSchema,
  SaveSheet: schemas.SaveSheetSchema,
  Revision: schemas.RevisionSchema,
  RequiredRevision: schemas.RequiredRevisionSchema,
  ReviewRequest: schemas.ReviewRequestSchema,
  Rejection: schemas.RejectionSchema,
  ReviewPolicy: schemas.ReviewPolicySchema,
  SaveTranslation: schemas.SaveTranslationSchema,
  ConfirmTranslation: schemas.ConfirmTranslationSchema,
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
  SavePage: schemas.SavePageSchema,
  PageSettings: schemas.PageSettingsSchema,
  PageTranslation: schemas.PageTranslationSchema,
  SaveCollectionOrder: schemas.SaveCollectionOrderSchema,
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
  SearchReport: schemas.SearchReportSchema,
  NewSynonym: schemas.NewSynonymSchema,
  SynonymGroup: schemas.SynonymGroupSchema,
  TranslationFile: schemas.TranslationFileSchema,
  ApplyTranslation: schemas.ApplyTranslationSchema,
  TranslationPlan: schemas.TranslationPlanSchema,
  AppliedTranslation: schemas.AppliedTranslationSchema,
  NewRelease: schemas.NewReleaseSchema,
  ReleaseItem: schemas.ReleaseItemSchema,
  ReleaseSchedule: schemas.ReleaseScheduleSchema,
  Release: schemas.ReleaseSchema,
  Webhook: schemas.WebhookSchema,
  NewWebhook: schemas.NewWebhookSchema,
  CreatedWebhook: schemas.CreatedWebhookSchema,
  WebhookChange: schemas.WebhookChangeSchema,
  Delivery: schemas.DeliverySchema,
  PurgeBacklog: schemas.PurgeBacklogSchema,
  ImportEntry: schemas.ImportEntrySchema,
  UndoneImport: schemas.UndoneImportSchema,
  PageView: schemas.PageViewSchema,
  PageSummary: schemas.PageSummarySchema,
  OrderView: schemas.OrderViewSchema,
  CollectionSummary: schemas.CollectionSummarySchema,
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

/** Each component schema's name, by the schema object itself: a route's contract names no other. */
const COMPONENT_NAMES = new Map<TSchema, string>(Object.entries(COMPONENTS).map(([name, schema]) => [schema, name]));

function componentRef(schema: TSchema, where: string) {
  const name = COMPONENT_NAMES.get(schema);
  if (name === undefined) throw new Error(`${where}: its contract names a schema that is not one of the document's components (openapi.ts COMPONENTS)`);
  return ref(name);
}

/** Fastify's /sheets/:id as OpenAPI's /sheets/{id}. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** An operation's name, from its method and path: POST /imports/{id}/undo is postImportsByIdUndo. */
const operationIdOf = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => segment.replace(/^\{(\w+)\}$/, 'by-$1'))
    .join('-')
    .replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase());

/** A signed-in session's cookie, and the CSRF token a change also sends. */
const SESSION = 'session';
const CSRF = 'csrfToken';

function operationOf(method: string, path: string, operation: Operation, where: string) {
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
        operation.upload === undefined
          ? 'Too many requests from this account; see Retry-After'
          : 'Too many requests from this account, or too many uploads at once (UPLOADS_PER_ACCOUNT, UPLOADS_PER_PROCESS); see Retry-After',
      content: json(ref('Errors')),
    },
  };
  const { response } = operation;
  const success =
    response?.schema === undefined
      ? { description: 'Done' }
      : {
          description: 'OK',
          content: json(response.list ? { type: 'array', items: componentRef(response.schema, where) } : componentRef(response.schema, where)),
        };
  const parameters: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: unknown }> = [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1]!,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  // A query string is documented parameter by parameter, each as its schema says.
  const query = operation.query as { properties?: Record<string, unknown> } | undefined;
  for (const [name, schema] of Object.entries(query?.properties ?? {})) parameters.push({ name, in: 'query', required: false, schema });
  const limit = operation.upload === 'image' ? UPLOAD_LIMITS.imageBytes : UPLOAD_LIMITS.documentBytes;
  const accepted = {
    image: ` and ${UPLOAD_LIMITS.imageSide} px a side (PNG, JPEG, WebP, AVIF or GIF; no SVG)`,
    document: ' (PDF)',
    import: ` (PDF or image; a CSV at most ${IMPORT_UPLOAD_LIMITS.csvBytes / 1024 / 1024} MB, a zip ${IMPORT_UPLOAD_LIMITS.zipBytes / 1024 / 1024} MB)`,
  };
  const body =
    operation.body !== undefined
      ? { requestBody: { required: true, content: json(componentRef(operation.body, where)) } }
      : operation.upload !== undefined
        ? {
            requestBody: {
              required: true,
              description: `One file, at most ${limit / 1024 / 1024} MB${accepted[operation.upload]}; its type is read from its bytes`,
              content: {
                'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } },
              },
            },
          }
        : {};
  return {
    operationId: operationIdOf(method, path),
    summary: operation.summary,
    security: [method === 'GET' ? { [SESSION]: [] } : { [SESSION]: [], [CSRF]: [] }],
    description: `Role: ${operation.role === 'admin' ? 'admin' : 'editor or admin'}. State-changing requests need the session's X-CSRF-Token and this site's origin.`,
    parameters,
    ...body,
    responses: { [String(response?.status ?? 200)]: success, ...errors },
  };
}

/**
 * The document of the routes registered under `root` (collectRoutes): each by its own contract.
 * A route without one is a mistake, and stops the app from starting (and the tests).
 */
export function editingOpenApiDocument(basePath: string, root: string, routes: readonly RegisteredRoute[], cookieName: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const where = `${route.method} ${route.url}`;
    if (route.contract === undefined) throw new Error(`${where} has no contract: declare one with contract() (route-contract.ts)`);
    if ('leftOut' in route.contract) continue;
    const path = openApiPath(route.url.slice(root.length));
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route.method, path, route.contract, where);
  }
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Literature Sheets editing API',
      version: '1',
      description:
        'For the studio: drafts, publishing, schedules, versions, trash, uploads, accounts and the audit log. Signed-in sessions only (cookie); every answer is Cache-Control: no-store. The public delivery API is described separately.',
      contact: { name: 'The site’s operator' },
      license: OPENAPI_LICENSE,
    },
    servers: [{ url: `${basePath}/studio/api` }],
    paths,
    components: {
      schemas: COMPONENTS,
      securitySchemes: {
        [SESSION]: { type: 'apiKey', in: 'cookie', name: cookieName, description: 'The session a sign-in at /studio/login starts.' },
        [CSRF]: {
          type: 'apiKey',
          in: 'header',
          name: 'X-CSRF-Token',
          description: 'The session’s CSRF token (GET {basePath}/api/session answers it); every change sends it.',
        },
      },
    },
  };
  // errorMessage is the checker's own keyword (the spec's messages, §8), not JSON Schema's.
  return JSON.parse(JSON.stringify(document, (key, value: unknown) => (key === 'errorMessage' ? undefined : value))) as typeof document;
}
