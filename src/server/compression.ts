/**
 * Compression by Accept-Encoding (brotli, else gzip) for what browsers read as text: HTML, JSON,
 * CSS, JavaScript, SVG, XML. Three paths, each doing the least work it can:
 * - answers the front cache keeps are compressed once, in the thread pool, at the best settings,
 *   and then served as stored bytes (front-cache.ts);
 * - other answers are compressed as they go out, quickly (@fastify/compress, brotli quality 4);
 * - built assets are compressed at build (scripts/build.mjs) and sent as they are (@fastify/static).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Smaller than this, a compressed answer saves less than its headers cost. */
export const MIN_COMPRESSED_BYTES = 1024;

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/i;

export const isCompressible = (contentType: string | undefined, bytes: number) =>
  contentType !== undefined && bytes >= MIN_COMPRESSED_BYTES && COMPRESSIBLE.test(contentType);

const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
/** Browsers send a handful of Accept-Encoding values: each is worked out once (a bounded memo). */
const chosen = new Map<string, Encoding | null>();

export function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== 'string' || header === '') return null;
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    encoding = negotiator.negotiate(header);
    if (chosen.size >= 64) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Both encodings of a body at their best settings, made in the thread pool (never on the request's thread). */
export async function compressBoth(body: Buffer): Promise<Record<Encoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * Every answer that could be compressed says it depends on Accept-Encoding, the plain one too, so
 * shared caches keep them apart. Added before the front cache captures an answer, so its stored
 * headers say it as well. (Files are streams: @fastify/static says it for them.)
 */
export function addVaryByEncoding(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const contentType = reply.getHeader('content-type')?.toString();
    if (contentType === undefined || !COMPRESSIBLE.test(contentType)) return;
    const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : 0;
    if (bytes < MIN_COMPRESSED_BYTES) return;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary === '' ? 'accept-encoding' : `${vary}, accept-encoding`);
  });
}

/**
 * Answers made per request are compressed on the way out, fast rather than small. Registered after
 * the front cache's capture, which keeps the plain answer (and compresses it once itself).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: MIN_COMPRESSED_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
