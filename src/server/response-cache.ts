/**
 * Finished responses (body and ETag) kept in memory and keyed by request and content version, so
 * a repeated request costs a map lookup until content changes, and a change is seen at once: the
 * version is read from the store on every request (one indexed read). Concurrent identical misses
 * share one rendering (single flight). Bounded by entries and bytes (a body, its key and ETag,
 * and what an entry costs besides); least recently used go first.
 */

export interface CachedResponse {
  body: string | Buffer;
  etag: string;
  /** What it shows, as surrogate keys (src/shared/cdn-keys.ts), when its rendering said. */
  keys?: readonly string[];
}

interface Entry {
  version: number;
  response: CachedResponse;
  bytes: number;
}

/** What an entry's map slot and objects take besides its body, key and ETag, about. */
const ENTRY_OVERHEAD = 256;

export interface ResponseCacheLimits {
  /** 0 turns the cache off (every request renders). */
  maxEntries: number;
  maxBytes: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<CachedResponse>>();
  private used = 0;

  constructor(private readonly limits: ResponseCacheLimits) {}

  /**
   * The response for key at version, produced once for all concurrent callers. When producing
   * fails with an error `useLastGood` accepts (the store is down), the last response kept for the
   * key is answered instead, whatever its version.
   */
  async get(
    key: string,
    version: number,
    produce: () => Promise<CachedResponse>,
    useLastGood: (error: unknown) => boolean = () => false,
  ): Promise<CachedResponse> {
    const entry = this.entries.get(key);
    if (entry !== undefined && entry.version === version) {
      // Re-insert to mark it most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.response;
    }
    const flightKey = `${version}\u0000${key}`;
    let production = this.inFlight.get(flightKey);
    if (production === undefined) {
      production = produce().finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, production);
      production.then(
        (response) => this.store(key, version, response),
        () => undefined,
      );
    }
    try {
      return await production;
    } catch (error) {
      if (entry !== undefined && useLastGood(error)) return entry.response;
      throw error;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The memory its entries take, as its byte limit counts it. */
  get bytes(): number {
    return this.used;
  }

  private store(key: string, version: number, response: CachedResponse): void {
    if (this.limits.maxEntries === 0) return;
    const bytes =
      (typeof response.body === 'string' ? Buffer.byteLength(response.body) : response.body.length) + 2 * (key.length + response.etag.length) + ENTRY_OVERHEAD;
    if (bytes > this.limits.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      // A newer version replaces an older one; never let a late, older rendering win.
      if (previous.version > version) return;
      this.entries.delete(key);
      this.used -= previous.bytes;
    }
    this.entries.set(key, { version, response, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.used <= this.limits.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }
}
