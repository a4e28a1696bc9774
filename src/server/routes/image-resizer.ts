/**
 * The image resizer at {basePath}/cdn-cgi/image/{options}/{path} (spec §7.6; the same URL a CDN's
 * resizer takes, so a CDN can take over): format=auto picks AVIF, WebP or the original from the
 * Accept header; fit=scale-down never enlarges; onerror=redirect sends the original on failure.
 * It only resizes the site's own media, within fixed bounds, a few at a time, and keeps its output.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ContentStore } from '../../cms/database';
import { findMediaByContentKey, type MediaFile } from '../../cms/repositories/files';
import { RASTER_IMAGE_TYPES } from '../../shared/constants';
import { ApiError, ERROR_CODES, notFound } from '../../shared/errors';
import { MAX_RESIZE_DIMENSION, MIN_RESIZE_DIMENSION } from '../../shared/images';
import { withBasePath } from '../../shared/links';
import { loadSharp } from '../../files/sharp';
import { etagMatches } from '../etags';
import { IMMUTABLE, REVALIDATE, sendCacheable } from '../http-cache';
import { ResponseCache } from '../response-cache';

type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';
type Fit = 'scale-down' | 'contain' | 'cover' | 'crop' | 'pad';

export interface ResizeRequest {
  format: 'auto' | OutputFormat;
  fit: Fit;
  width: number | undefined;
  height: number | undefined;
  quality: number;
  redirectOnError: boolean;
}

const OUTPUT_TYPES: Record<OutputFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };
/** Jobs resized at once, and waiting; beyond that the resizer answers 503 rather than pile up. */
const MAX_ACTIVE_JOBS = 2;
const MAX_QUEUED_JOBS = 32;
/** Larger inputs are refused before decoding (40 megapixels). */
const MAX_INPUT_PIXELS = 40_000_000;
/**
 * libaom's effort for AVIF (sharp's default is 4): 2 encodes a 960 px card image ~5× faster
 * (~60 ms instead of ~310 ms on one core) for about 1 KB more, so a visitor's first request of
 * an image, the page's largest paint, does not wait on the encoder.
 */
const AVIF_EFFORT = 2;

/** Output of the same source and options is the same bytes for one sharp and libvips, so it is part of each ETag. */
const encoderOf = (sharp: Awaited<ReturnType<typeof loadSharp>>) => `sharp ${sharp.versions.sharp} vips ${sharp.versions.vips}`;

function refuse(message: string): ApiError {
  return new ApiError(400, ERROR_CODES.INVALID_API_INPUT, message);
}

/** Reads `format=auto,width=640,…`; unknown options and values out of bounds are refused. */
export function readResizeOptions(text: string): ResizeRequest {
  const request: ResizeRequest = { format: 'auto', fit: 'scale-down', width: undefined, height: undefined, quality: 80, redirectOnError: false };
  for (const part of text.split(',')) {
    const [name = '', value = ''] = part.split('=');
    const dimension = () => {
      if (!/^\d{1,5}$/.test(value) || Number(value) < MIN_RESIZE_DIMENSION || Number(value) > MAX_RESIZE_DIMENSION) {
        throw refuse(`The ${name} must be a whole number from ${MIN_RESIZE_DIMENSION} to ${MAX_RESIZE_DIMENSION}.`);
      }
      return Number(value);
    };
    switch (name) {
      case 'format':
        if (!['auto', 'avif', 'webp', 'jpeg', 'png'].includes(value)) throw refuse('The format must be auto, avif, webp, jpeg or png.');
        request.format = value as ResizeRequest['format'];
        break;
      case 'fit':
        if (!['scale-down', 'contain', 'cover', 'crop', 'pad'].includes(value)) throw refuse('The fit must be scale-down, contain, cover, crop or pad.');
        request.fit = value as Fit;
        break;
      case 'width':
      case 'w':
        request.width = dimension();
        break;
      case 'height':
      case 'h':
        request.height = dimension();
        break;
      case 'quality':
      case 'q':
        if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100) throw refuse('The quality must be a whole number from 1 to 100.');
        request.quality = Number(value);
        break;
      case 'onerror':
        if (value !== 'redirect') throw refuse('onerror can only be redirect.');
        request.redirectOnError = true;
        break;
      default:
        throw refuse(`Unknown image option "${name.slice(0, 40)}".`);
    }
  }
  return request;
}

/** format=auto: the best format the browser says it accepts (spec §7.6). */
export function negotiateFormat(requested: ResizeRequest['format'], accept: string | undefined, sourceType: string): OutputFormat {
  if (requested !== 'auto') return requested;
  if (accept?.includes('image/avif')) return 'avif';
  if (accept?.includes('image/webp')) return 'webp';
  return sourceType === 'image/jpeg' ? 'jpeg' : 'png';
}

class JobLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= MAX_ACTIVE_JOBS) {
      if (this.waiting.length >= MAX_QUEUED_JOBS)
        throw new ApiError(503, ERROR_CODES.SERVICE_UNAVAILABLE, 'The image resizer is busy; please try again shortly.');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active++;
    try {
      return await job();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * The request as it will be carried out. scale-down never enlarges, so asking a raster image for
 * more than its own width or height gives the same output as asking for exactly that: such
 * requests (the 1920w candidate of a srcset for a 960 px photo) share one resize, cache entry and
 * ETag. A vector image has no such bound: it is drawn at the size asked for.
 */
export function effectiveRequest(request: ResizeRequest, source: Pick<MediaFile, 'mime_type' | 'width' | 'height'>): ResizeRequest {
  if (request.fit !== 'scale-down' || !RASTER_IMAGE_TYPES.has(source.mime_type) || source.width <= 0 || source.height <= 0) return request;
  const bound = (asked: number | undefined, own: number) => (asked === undefined ? undefined : Math.min(asked, own));
  return { ...request, width: bound(request.width, source.width), height: bound(request.height, source.height) };
}

const WHITE = { r: 255, g: 255, b: 255 };

async function resize(bytes: Buffer, sourceType: string, intrinsicWidth: number, request: ResizeRequest, format: OutputFormat): Promise<Buffer> {
  // Vector sources are rasterised at the size asked for, not scaled up from their nominal size.
  const density =
    sourceType === 'image/svg+xml' && request.width ? Math.min(600, Math.max(72, Math.ceil((72 * request.width) / Math.max(1, intrinsicWidth)))) : undefined;
  const fit = request.fit === 'scale-down' ? 'inside' : request.fit === 'crop' ? 'cover' : request.fit === 'pad' ? 'contain' : request.fit;
  const sharp = await loadSharp();
  // A JPEG has no transparency: what is transparent (a PNG's own, the padding) is white, not black.
  const opaque = format === 'jpeg';
  const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, ...(density ? { density } : {}) }).rotate();
  return (opaque ? source.flatten({ background: WHITE }) : source)
    .resize({
      width: request.width,
      height: request.height,
      fit,
      withoutEnlargement: request.fit === 'scale-down',
      background: { ...WHITE, alpha: opaque ? 1 : 0 },
    })
    .toFormat(format, { quality: request.quality, ...(format === 'avif' ? { effort: AVIF_EFFORT } : {}) })
    .toBuffer();
}

export function registerImageResizer(app: FastifyInstance, db: ContentStore, basePath: string, segment: string): void {
  const limiter = new JobLimiter();
  const cache = new ResponseCache({ maxEntries: 500, maxBytes: 64 * 1024 * 1024 });
  const mediaPath = new RegExp(`^${segment}/c/cms/delivery/media/(MC[A-Z0-9]{26})$`);

  app.get<{ Params: { options: string; '*': string }; Querystring: { v?: unknown } }>(
    `${basePath}/cdn-cgi/image/:options/*`,
    async (request, reply): Promise<FastifyReply> => {
      const asked = readResizeOptions(request.params.options);
      // Only the site's own media: the resizer is not an open proxy.
      const match = mediaPath.exec(request.params['*']);
      if (match === null) throw refuse('Only the site’s own media can be resized.');
      const media = await findMediaByContentKey(db, match[1] ?? '');
      if (media === undefined) throw notFound();
      const options = effectiveRequest(asked, media);
      const format = negotiateFormat(options.format, request.headers.accept, media.mime_type);
      const key = `${media.sha256}:${format}:${options.fit}:${options.width}:${options.height}:${options.quality}`;
      // One ETag per output (each format of each size has its own, as Vary: Accept needs), known
      // before resizing: a revalidation is answered 304 without redoing the work.
      const etag = `"${media.sha256.slice(0, 16)}-${createHash('sha256')
        .update(`${encoderOf(await loadSharp())}|${key}`)
        .digest('base64url')
        .slice(0, 22)}"`;
      const version = request.query.v;
      const isCurrent = typeof version === 'string' && version !== '' && media.sha256.startsWith(version);
      const cacheControl = isCurrent ? IMMUTABLE : REVALIDATE;
      reply.header('Vary', 'Accept');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.header('ETag', etag).header('Cache-Control', cacheControl).code(304).send();
      try {
        const output = await cache.get(key, 0, async () => {
          const body = await limiter.run(() => resize(media.bytes, media.mime_type, media.width, options, format));
          return { body, etag };
        });
        return sendCacheable(request, reply, { body: output.body, contentType: OUTPUT_TYPES[format], cacheControl, etag: output.etag });
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (!options.redirectOnError) throw new ApiError(422, ERROR_CODES.UNPROCESSABLE, 'The image could not be processed.');
        // spec §7.6 onerror=redirect: the original image rather than an error.
        request.log.warn({ err: error, contentKey: media.content_key }, 'image resize failed; redirecting to the original');
        return reply.redirect(withBasePath(basePath, `/${request.params['*']}`), 302);
      }
    },
  );
}
