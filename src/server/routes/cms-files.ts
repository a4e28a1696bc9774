/**
 * Binary CMS resources (spec §2.1, §7.6): images at
 * {basePath}/{segment}/c/cms/delivery/media/{contentKey} and documents at
 * {basePath}/{segment}/c/file-asset/{assetId}?v={version}. A URL that names the current version
 * is cached for ever; one without a version is revalidated on every use.
 */
import type { FastifyInstance } from 'fastify';
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
    });
  });

  app.get<{ Params: { assetId: string }; Querystring: { v?: unknown } }>(`${prefix}/c/file-asset/:assetId`, async (request, reply) => {
    const requested = request.query.v;
    const version = typeof requested === 'string' && /^\d{1,9}$/.test(requested) ? Number(requested) : undefined;
    if (requested !== undefined && version === undefined) throw notFound();
    const asset = await findFileAsset(db, request.params.assetId, version);
    if (asset === undefined) throw notFound();
    reply.header('Content-Disposition', `inline; filename="${asset.file_name.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    if (asset.mime_type !== 'application/pdf') reply.header('Content-Security-Policy', FILE_POLICY);
    return sendCacheable(request, reply, {
      body: asset.bytes,
      contentType: asset.mime_type,
      cacheControl: version === undefined ? REVALIDATE : IMMUTABLE,
      etag: `"${asset.sha256}"`,
    });
  });
}
