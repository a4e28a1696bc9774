/**
 * Errors of the data layer (spec §8 "Fetch and cache errors"). FetchError lives with the delivery
 * client (shared/delivery-client.ts); these are the store's own.
 */

/** An aborted load: it clears the loading flag and records no error. */
export class AbortError extends Error {
  constructor(message = 'Aborted') {
    super(message);
    this.name = 'AbortError';
  }
}

/** A failure of the store itself (bad configuration, cache-only miss), with an HTTP-like status. */
export class StoreActionError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'StoreActionError';
    this.status = status;
  }
}

export const INVALID_CONFIG = 'INVALID_CONFIG';
export const ONLY_IF_CACHED_MISS = 'Data requested with only-if-cached policy and not found in the cache.';

export function invalidConfig(): StoreActionError {
  return new StoreActionError(400, INVALID_CONFIG);
}

export function isAbortError(error: unknown): boolean {
  return error instanceof AbortError || (error instanceof Error && error.name === 'AbortError');
}
