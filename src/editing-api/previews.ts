/**
 * Previews of a draft: the page as visitors would get it once the draft is published, for an editor
 * in the studio's frames, and through a shared link for anyone who has it until it expires
 * (docs/studio.md, "Preview"). A preview is never cached by anyone, never indexed, may be framed by
 * the studio only, and shows the draft's own files, which are not public yet, from the store.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentStore } from '../cms/database';
import { findStoredFile } from '../editing/draft-files';
import { deleteExpiredPreviewLinks, deletePreviewLink, findPreviewLink, insertPreviewLink, listLivePreviewLinks } from '../cms/repositories/preview-links';
import { findUserByEmail } from '../cms/repositories/users';
import type { EditableKind } from '../cms/schema';
import { recordChange, type Actor, type AuditTarget } from '../editing/audit';
import { RateLimiter } from '../http/rate-limiter';
import { SECURITY_HEADERS } from '../http/security-headers';
import type { PreviewRequest } from './previewer';
import { escapeHtml } from '../shared/html';
import { ApiError, ERROR_CODES, notFound } from '../shared/errors';

/** Shared previews one address may open per minute. */
export const PREVIEW_LINK_RENDERS_PER_MINUTE = 30;

/** How long a shared preview link works unless the editor asks otherwise, and at most. */
export const PREVIEW_LINK_HOURS = { default: 24, most: 168 } as const;

/** The site's policy, but the studio (this origin) may frame it: the preview at three widths. */
const PREVIEW_POLICY = SECURITY_HEADERS['content-security-policy']!.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

/** A file of a draft as the rendered page refers to it: by the public paths it will have once published. */
export interface DraftFile {
  sha256: string;
  paths: string[];
}

/** What one editable kind offers previews of. */
export interface PreviewSource {
  /**
   * The page with the draft applied (the kind's page, or a sheet's own with `pageKind` 'sheet'),
   * its unpublished files pointed at `fileUrl`; null when there is nothing to show.
   */
  render(
    request: FastifyRequest,
    targetId: string,
    languageSegment: string | undefined,
    fileUrl: (sha256: string) => string,
    pageKind?: PreviewRequest['pageKind'],
  ): Promise<string | null>;
  /** The digests of the draft's files: a shared link serves these and no others. */
  files(targetId: string): Promise<string[]>;
}

export type PreviewSources = Map<EditableKind, PreviewSource>;

/**
 * Points the page's references to the draft's unpublished files at the store, wherever the page
 * names them (attributes, structured data, its hydration data): an image's `srcset` and preloads
 * name public variants that do not exist yet, so they go, and its `src` is the file itself.
 */
export function pointAtDraftFiles(html: string, files: Array<{ paths: string[]; url: string }>): string {
  if (files.length === 0) return html;
  const named = (text: string) => files.some((file) => file.paths.some((path) => text.includes(escapeHtml(path))));
  let pointed = html.replace(/<(img|link|source)\b[^>]*>/g, (tag, name: string) => {
    if (!named(tag)) return tag;
    return name === 'img' ? tag.replace(/\s(?:srcset|sizes)="[^"]*"/g, '') : '';
  });
  for (const file of files) {
    for (const path of file.paths) {
      // The whole address: an origin, a base path or an image service's prefix before it, a version after it.
      const address = new RegExp(`(?:https?://[^/"'<>\\s\\\\]+)?[^"'<>\\s\\\\]*?${escapeRegExp(escapeHtml(path))}(?:\\?v=[\\w.-]*)?`, 'g');
      pointed = pointed.replace(address, file.url);
    }
  }
  return pointed;
}

/** First segments of the site's addresses that are no page: files, assets, the APIs, the studio. */
const NOT_PAGES = ['assets', 'services', 'studio', 'cdn-cgi', 'robots.txt', 'sitemap.xml', 'favicon.ico'];

/**
 * Keeps a preview's links and forms in the preview: each link to a page of the site (by path, or
 * at `origin`) and each form sent to one goes to `previewRoot` with the same path and query, so
 * an editor walks the site as it would be (its languages, topics, sheets and searches). Links to
 * files, assets and other sites stay as they are.
 */
export function keepInPreview(html: string, site: { origin: string; basePath: string; filesSegment: string }, previewRoot: string): string {
  const { origin, basePath, filesSegment } = site;
  const notPages = [...NOT_PAGES, filesSegment];
  return html.replace(/<(a|form)\b[^>]*>/g, (tag) =>
    tag.replace(/\s(href|action)="([^"]*)"/, (attribute, name: string, value: string) => {
      const local = value.startsWith(`${origin}/`) ? value.slice(origin.length) : value;
      if (!local.startsWith(`${basePath}/`) || local.startsWith('//')) return attribute;
      const path = local.slice(basePath.length);
      const first = /^\/([^/?#]*)/.exec(path)?.[1] ?? '';
      return notPages.includes(first) ? attribute : ` ${name}="${previewRoot}${path}"`;
    }),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function sendPreview(reply: FastifyReply, html: string | null): FastifyReply {
  if (html === null) throw notFound();
  return reply
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Content-Security-Policy', PREVIEW_POLICY)
    .header('X-Frame-Options', 'SAMEORIGIN')
    .type('text/html; charset=utf-8')
    .send(html.replace(/<html\b/, '<html data-preview').replace(/<head>/, '<head><meta name="robots" content="noindex, nofollow">'));
}

/** A stored file by its digest, to the studio or a shared preview; it never runs as a page of the site. */
export async function sendStoredFile(reply: FastifyReply, db: ContentStore, sha256: string, caching: string): Promise<FastifyReply> {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw notFound();
  const file = await findStoredFile(db, sha256);
  if (file === undefined) throw notFound();
  // A sandboxed document cannot show a PDF in Chromium's viewer; a PDF runs none of the site's script anyway.
  const policy = `default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'${file.mime_type === 'application/pdf' ? '' : '; sandbox'}`;
  return reply
    .header('Cache-Control', caching)
    .header('Content-Security-Policy', policy)
    .header('Content-Disposition', 'inline')
    .type(file.mime_type)
    .send(file.bytes);
}

/** Makes a link anyone can open the draft's preview with, until it expires. */
export async function createPreviewLink(
  db: ContentStore,
  link: { kind: EditableKind; targetId: string; languageSegment: string | null; hours: number; by: string; basePath: string; now?: Date },
): Promise<{ url: string; expiresAt: string }> {
  const now = link.now ?? new Date();
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + link.hours * 3_600_000).toISOString();
  await deleteExpiredPreviewLinks(db, now.toISOString());
  await insertPreviewLink(db, {
    token_hash: digestOf(token),
    kind: link.kind,
    target_id: link.targetId,
    language: link.languageSegment,
    created_by: link.by,
    created_at: now.toISOString(),
    expires_at: expiresAt,
  });
  return { url: `${link.basePath}/preview/${token}`, expiresAt };
}

/** A live link as the studio lists it: never its token, which only the link holds. */
export interface PreviewLinkSummary {
  /** The digest of its token: names the link to revoke, and opens nothing. */
  id: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  /** '/{lang}' segment of the page it shows; null for the site's default language. */
  language: string | null;
}

/** The draft's links that still work, newest first. */
export async function listPreviewLinks(db: ContentStore, kind: EditableKind, targetId: string, now = new Date()): Promise<PreviewLinkSummary[]> {
  return (await listLivePreviewLinks(db, kind, targetId, now.toISOString())).map((row) => ({
    id: row.token_hash,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    language: row.language,
  }));
}

/** Revokes one of a draft's links, with its audit entry, in one transaction; false when the draft has no such link. */
export async function revokePreviewLink(
  db: ContentStore,
  link: { kind: EditableKind; targetId: string; id: string; actor: Actor; target: AuditTarget },
): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(link.id)) return false;
  return db.transaction().execute(async (trx) => {
    const found = await findPreviewLink(trx, link.id);
    if (found === undefined || !(await deletePreviewLink(trx, { kind: link.kind, targetId: link.targetId, tokenHash: link.id }))) return false;
    await recordChange(trx, {
      actor: link.actor,
      action: `${link.kind}.revoke-preview-link`,
      target: link.target,
      before: { createdBy: found.created_by, createdAt: found.created_at, expiresAt: found.expires_at, language: found.language },
    });
    return true;
  });
}

/**
 * The shared links, for anyone who has one (no session): {basePath}/preview/{token} and the
 * draft's files below it. An unknown or revoked token is 404, an expired one 410, and so is one
 * whose maker's account is disabled or gone: checked at each use, so that links made before
 * disabling revoked them (accounts.ts) stop too.
 */
export function registerPreviewLinkRoutes(app: FastifyInstance, options: { db: ContentStore; basePath: string; sources: PreviewSources }): void {
  const { db, basePath, sources } = options;
  // Each preview is a page rendered inside a transaction: a link is for people, not for a script.
  const renders = new RateLimiter(PREVIEW_LINK_RENDERS_PER_MINUTE, 60_000);
  const linkOf = async (token: string) => {
    const link = /^[A-Za-z0-9_-]{32}$/.test(token) ? await findPreviewLink(db, digestOf(token)) : undefined;
    const source = link === undefined ? undefined : sources.get(link.kind);
    if (link === undefined || source === undefined) throw new ApiError(404, ERROR_CODES.NOT_FOUND, 'There is no such preview link.');
    if (link.expires_at <= new Date().toISOString())
      throw new ApiError(410, ERROR_CODES.NOT_FOUND, 'This preview link has expired. Ask the editor who shared it for a new one.');
    const maker = await findUserByEmail(db, link.created_by);
    if (maker === undefined || maker.disabled_at !== null)
      throw new ApiError(410, ERROR_CODES.NOT_FOUND, 'This preview link has been withdrawn. Ask the editors of the site for a new one.');
    return { link, source };
  };

  app.get<{ Params: { token: string } }>(`${basePath}/preview/:token`, async (request, reply) => {
    const { link, source } = await linkOf(request.params.token);
    const wait = renders.retryAfter(request.ip);
    if (wait > 0) {
      reply.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw new ApiError(429, ERROR_CODES.TOO_MANY_REQUESTS, 'Too many previews from this address. Please wait a moment and try again.');
    }
    renders.record(request.ip);
    const html = await source.render(
      request,
      link.target_id,
      link.language ?? undefined,
      (sha256) => `${basePath}/preview/${request.params.token}/files/${sha256}`,
    );
    return sendPreview(reply, html);
  });

  app.get<{ Params: { token: string; sha256: string } }>(`${basePath}/preview/:token/files/:sha256`, async (request, reply) => {
    const { link, source } = await linkOf(request.params.token);
    if (!(await source.files(link.target_id)).includes(request.params.sha256)) throw notFound();
    return sendStoredFile(reply, db, request.params.sha256, 'no-store');
  });
}

function digestOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
