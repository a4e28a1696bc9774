/**
 * The front cache: finished public responses (pages, API answers) kept with their headers and
 * answered straight from the HTTP server's request handler, before the framework sees the
 * request. A repeat request then costs about what a bare Node server answering bytes from memory
 * costs. Every answer is checked against the content version first (synchronously, through the
 * store's change token), so nothing older than the last content change is ever served, except
 * while the store is down, when the last good response is the best answer there is.
 *
 * Entries are made by the framework's onSend hook (capture) from responses that routes mark as
 * public and shared (markShared): 200, no Set-Cookie, for a visitor without a session.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { requestIdOf, type FrontAccessLine } from './access-log';
import type { ContentVersionSource } from './content-version';
import { chooseEncoding, compressBoth, isCompressible, type Encoding } from './compression';
import { etagMatches } from './etags';

interface Representation {
  /** Name, value, name, value…: the form Node writes with the least work. */
  headers: string[];
  body: Buffer;
}

interface FrontEntry extends Representation {
  version: number;
  /** The same without the body's own headers, for 304. */
  notModifiedHeaders: string[];
  etag: string;
  /** Text worth compressing: its brotli and gzip forms are made once, in the background. */
  compressible: boolean;
  encoded?: Record<Encoding, Representation>;
  /** Answered since it was kept or last passed over: the oldest such entry gets a second chance. */
  used: boolean;
  /** What it takes in memory, as the bytes bound counts it (sizeOf). */
  bytes: number;
  /** Its compressed forms are being made. */
  compressing?: boolean;
}

/** Entries whose compressed forms are made at once, at most (each is two jobs of the thread pool's four). */
const MAX_COMPRESSING = 2;

export interface FrontCacheOptions {
  versions: ContentVersionSource;
  maxEntries: number;
  maxBytes: number;
  /** Whether the Host header is part of the key (absolute URLs follow it when SITE_URL is unset). */
  keyByHost: boolean;
  isDraining: () => boolean;
  log: FastifyBaseLogger;
  /** Writes each answer's access line, as the framework does for its own; null when requests are not logged. */
  accessLine: FrontAccessLine | null;
}

/** Headers that belong to one response, not to the cached one. */
const PER_RESPONSE = new Set(['x-request-id', 'connection', 'date', 'content-length', 'transfer-encoding', 'keep-alive']);
const SHARED = Symbol('front-cache-version');
type MarkedRequest = FastifyRequest & { [SHARED]?: number };

export class FrontCache {
  private readonly entries = new Map<string, FrontEntry>();
  private bytes = 0;
  private compressing = 0;
  /** Requests answered from memory, for tests and diagnostics. */
  hits = 0;

  constructor(private readonly options: FrontCacheOptions) {}

  /** Called by a route whose response is the same for every visitor at this content version. */
  static markShared(request: FastifyRequest, version: number): void {
    (request as MarkedRequest)[SHARED] = version;
  }

  /** Answers the request from memory when it can; false hands it on to the framework. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || this.entries.size === 0 || hasSession(request)) return false;
    const key = this.keyOf(request);
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    const current = this.options.versions.peek();
    if (current === undefined || (current.version !== entry.version && !current.stale)) return false;

    const encoding = entry.compressible ? chooseEncoding(request.headers['accept-encoding']) : null;
    // Until its compressed forms are ready, the framework answers (compressing on the way out).
    const representation = encoding === null ? entry : entry.encoded?.[encoding];
    if (representation === undefined) return false;

    const { accessLine } = this.options;
    const started = accessLine === null ? 0 : performance.now();
    const requestId = requestIdOf(request.headers);
    const perResponse = this.options.isDraining() ? ['x-request-id', requestId, 'connection', 'close'] : ['x-request-id', requestId];
    if (etagMatches(request.headers['if-none-match'], entry.etag)) {
      response.writeHead(304, entry.notModifiedHeaders.concat(perResponse)).end();
    } else {
      response.writeHead(200, representation.headers.concat(perResponse)).end(request.method === 'HEAD' ? undefined : representation.body);
    }
    this.hits += 1;
    entry.used = true;
    accessLine?.(request, requestId, response.statusCode, performance.now() - started);
    return true;
  }

  /** onSend: keeps a marked, shareable 200 response. */
  capture(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const version = (request as MarkedRequest)[SHARED];
    if (version === undefined || request.method !== 'GET' || reply.statusCode !== 200 || this.options.maxEntries === 0 || hasSession(request.raw)) return;
    if (reply.hasHeader('set-cookie')) return;
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    const etag = reply.getHeader('etag');
    if (body === null || typeof etag !== 'string' || body.length > this.options.maxBytes / 16) return;
    // The same answer again (the framework answered while the cache could not: its version unsure, or
    // its compressed forms not made yet): the entry stays, with its compressed forms made or coming.
    const key = this.keyOf(request.raw);
    const kept = this.entries.get(key);
    if (kept !== undefined && kept.version === version && kept.etag === etag) {
      this.compress(key, kept);
      return;
    }
    const headers: string[] = [];
    const notModifiedHeaders: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      const lower = name.toLowerCase();
      if (value === undefined || PER_RESPONSE.has(lower)) continue;
      for (const single of Array.isArray(value) ? value : [String(value)]) {
        headers.push(lower, single);
        if (lower !== 'content-type') notModifiedHeaders.push(lower, single);
      }
    }
    const compressible = isCompressible(reply.getHeader('content-type')?.toString(), body.length);
    const entry: FrontEntry = {
      version,
      headers: [...headers, 'content-length', String(body.length)],
      notModifiedHeaders,
      body,
      etag,
      compressible,
      used: false,
      bytes: 0,
    };
    entry.bytes = sizeOf(key, entry);
    this.store(key, entry);
    this.compress(key, entry);
  }

  /**
   * Makes an entry's brotli and gzip forms in the thread pool, unless they are made or coming, or
   * MAX_COMPRESSING entries are being compressed already: at the best settings an answer takes
   * tens of milliseconds and a few MB, and under varied traffic new answers come faster than that.
   * Unbounded, the waiting jobs (each with its body and its compressor) grew the process by tens
   * of MB (docs/operations.md, "Memory"). An entry passed over is compressed when it is asked for
   * again (the framework answers it meanwhile, compressing quickly on the way out).
   */
  private compress(key: string, entry: FrontEntry): void {
    if (!entry.compressible || entry.encoded !== undefined || entry.compressing || this.compressing >= MAX_COMPRESSING) return;
    entry.compressing = true;
    this.compressing++;
    void compressBoth(entry.body)
      .finally(() => {
        this.compressing--;
        entry.compressing = false;
      })
      .then(
        (forms) => {
          // Replaced or dropped meanwhile: its forms are not kept.
          if (this.entries.get(key) !== entry) return;
          const headers = entry.headers.slice(0, -2);
          const representation = (encoding: Encoding) => ({
            headers: [...headers, 'content-encoding', encoding, 'content-length', String(forms[encoding].length)],
            body: forms[encoding],
          });
          entry.encoded = { br: representation('br'), gzip: representation('gzip') };
          const bytes = sizeOf(key, entry);
          this.bytes += bytes - entry.bytes;
          entry.bytes = bytes;
          this.trim();
        },
        (error: unknown) => this.options.log.warn({ err: error }, 'a cached answer could not be compressed; it is served as it is'),
      );
  }

  /** Entries kept, the bytes they take (compressed forms included) and compressions under way, for tests and diagnostics. */
  get size(): { entries: number; bytes: number; compressing: number } {
    return { entries: this.entries.size, bytes: this.bytes, compressing: this.compressing };
  }

  private keyOf(request: IncomingMessage): string {
    return this.options.keyByHost ? `${request.headers.host ?? ''} ${request.url ?? ''}` : (request.url ?? '');
  }

  private store(key: string, entry: FrontEntry): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      if (previous.version > entry.version) return;
      this.entries.delete(key);
      this.bytes -= previous.bytes;
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.trim();
  }

  /**
   * Drops entries until the cache is within its limits, the least recently used first, about
   * (second chance: an entry answered since it was last looked at here goes to the back once
   * more). A hit then costs one write, not a reordering of the map.
   */
  private trim(): void {
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      if (old.used) {
        old.used = false;
        this.entries.set(oldest, old);
      } else {
        this.bytes -= old.bytes;
      }
    }
  }
}

/** What an entry's own headers, key and map slot take besides its bodies, about. */
const ENTRY_OVERHEAD = 512;

/**
 * The memory an entry holds: its body, its compressed forms once made, and its key and headers
 * (strings of one byte a character, mostly; two for others, which counting characters twice covers).
 */
function sizeOf(key: string, entry: FrontEntry): number {
  const bodies = entry.body.length + (entry.encoded === undefined ? 0 : entry.encoded.br.body.length + entry.encoded.gzip.body.length);
  const texts = [key, ...entry.headers, ...entry.notModifiedHeaders].reduce((sum, text) => sum + text.length, 0);
  return bodies + 2 * texts + ENTRY_OVERHEAD;
}

/** A signed-in visitor's page view counts as activity, which only the framework's route records. */
function hasSession(request: IncomingMessage): boolean {
  const cookie = request.headers.cookie;
  return cookie !== undefined && cookie.includes('ls_session=');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's front cache (app.ts). */
    frontCache: FrontCache;
  }
}
