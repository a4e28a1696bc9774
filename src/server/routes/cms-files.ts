/**
 * Binary CMS resources (spec §2.1, §7.6): images at
 * {basePath}/{segment}/c/cms/delivery/media/{contentKey} and documents at
 * {basePath}/{segment}/c/file-asset/{assetId}?v={version}. An image URL that names its current
 * version is cached for ever, a document's newest version for a day; any other is revalidated on
 * every use. An older version of a document is served as it was, saying which is newest
 * (`Link: rel=latest-version`) and asking search engines to leave it out, until an editor
 * withdraws it: then it answers 410 Gone, naming the newest.
 */
import { cdnKeys } from '../../shared/cdn-keys';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../../shared/html';
import type { ContentStore } from '../../cms/database';
import { findFileAsset, findMediaByContentKey } from '../../cms/repositories/files';
import { RASTER_IMAGE_TYPES } from '../../shared/constants';
import { notFound } from '../../shared/errors';
import { IMMUTABLE, REVALIDATE, sendCacheable } from '../http-cache';

/**
 * Keeps a file opened on its own (an SVG, or any document but a PDF, which Chromium's viewer cannot
 * show sandboxed) from running scripts or loading anything, whatever an import declared it as.
 */
const FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

export function registerCmsFiles(app: FastifyInstance, db: ContentStore, prefix: string): void {
  app.get<{ Params: { contentKey: string }; Querystring: { v?: unknown } }>(`${prefix}/c/cms/delivery/media/:contentKey`, async (request, reply) => {
    const media = await findMediaByContentKey(db, request.params.contentKey);
    if (media === undefined) throw notFound();
    const version = request.query.v;
    const isCurrent = typeof version === 'string' && version !== '' && media.sha256.startsWith(version);
    if (!RASTER_IMAGE_TYPES.has(media.mime_type)) reply.header('Content-Security-Policy', FILE_POLICY);
    return sendCacheable(request, reply, {
      body: media.bytes,
      contentType: media.mime_type,
      cacheControl: isCurrent ? IMMUTABLE : REVALIDATE,
      etag: `"${media.sha256}"`,
      keys: [cdnKeys.image(media.content_id)],
    });
  });

  app.get<{ Params: { assetId: string }; Querystring: { v?: unknown } }>(`${prefix}/c/file-asset/:assetId`, async (request, reply) => {
    const requested = request.query.v;
    const version = typeof requested === 'string' && /^\d{1,9}$/.test(requested) ? Number(requested) : undefined;
    if (requested !== undefined && version === undefined) throw notFound();
    const asset = await findFileAsset(db, request.params.assetId, version);
    if (asset === undefined) throw notFound();
    const newest = version === undefined ? asset : await findFileAsset(db, request.params.assetId);
    const newestUrl = `${prefix}/c/file-asset/${encodeURIComponent(asset.asset_id)}?v=${newest?.version ?? asset.version}`;
    if (asset.retired_at !== null) return sendWithdrawn(reply, asset.file_name, newest !== undefined && newest.retired_at === null ? newestUrl : null);
    if (newest !== undefined && newest.version !== asset.version)
      reply.header('Link', `<${newestUrl}>; rel="latest-version"`).header('X-Robots-Tag', 'noindex');
    reply.header('Content-Disposition', `inline; filename="${asset.file_name.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    if (asset.mime_type !== 'application/pdf') reply.header('Content-Security-Policy', FILE_POLICY);
    return sendCacheable(request, reply, {
      body: asset.bytes,
      contentType: asset.mime_type,
      // The newest version is kept a day; an older one, which may be withdrawn any time, is asked about again.
      cacheControl: version === undefined || newest?.version !== asset.version ? REVALIDATE : DOCUMENT_VERSION,
      etag: `"${asset.sha256}"`,
      keys: [cdnKeys.document(asset.asset_id)],
    });
  });
}

/** The newest version is kept by browsers and proxies for a day, not a year: once superseded it may be withdrawn. */
const DOCUMENT_VERSION = 'public, max-age=86400';

/** 410 Gone for a withdrawn version: a short page that says so and links the newest, in the site's words. */
function sendWithdrawn(reply: FastifyReply, fileName: string, newestUrl: string | null) {
  const name = escapeHtml(fileName);
  const newest = newestUrl === null ? '' : `<p>The current version is here: <a href="${escapeHtml(newestUrl)}">${name}</a>.</p>`;
  return reply
    .code(410)
    .header('Cache-Control', 'no-cache')
    .header('X-Robots-Tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Withdrawn: ${name}</title></head><body><main><h1>This version of ${name} was withdrawn</h1><p>It is no longer valid and is not served.</p>${newest}</main></body></html>`,
    );
}
