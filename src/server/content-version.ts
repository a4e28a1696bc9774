/**
 * The content version as this process knows it. Reading it from the store on every request would
 * cost a query per request; instead the store's change token (database.ts) says, synchronously
 * and without a query, whether anything can have changed since the version was last read. Only
 * then is it read again, once for all requests waiting on it.
 *
 * While the store is unreachable the last version read stands, so responses cached for it keep
 * being served: the last good content, rather than errors.
 */
import type { OpenStore } from '../cms/database';
import { readContentVersion } from '../cms/repositories/store-state';
import { StoreUnavailableError } from '../cms/store-guard';

export interface KnownVersion {
  version: number;
  /** True when the store could not be asked and this is the last version read. */
  stale: boolean;
}

export class ContentVersionSource {
  private known: { version: number; token: string } | undefined;
  /** The last version read, whether or not its token was known. */
  private lastRead: number | undefined;
  private reading: Promise<KnownVersion> | undefined;
  /** Counts forget() calls: a read begun before one must not make its answer known. */
  private generation = 0;

  constructor(private readonly store: Pick<OpenStore, 'db' | 'changeToken'>) {}

  /**
   * The version, synchronously, when it is known to be current (or the store is down and it is
   * the last one read); undefined when it must be read first.
   */
  peek(): KnownVersion | undefined {
    if (this.known === undefined) return undefined;
    try {
      return this.store.changeToken() === this.known.token ? { version: this.known.version, stale: false } : undefined;
    } catch (error) {
      if (error instanceof StoreUnavailableError) return { version: this.known.version, stale: true };
      throw error;
    }
  }

  /** The current version; the last one read when the store is down (or StoreUnavailableError if none). */
  async current(): Promise<KnownVersion> {
    const known = this.peek();
    if (known !== undefined) return known;
    const reading = (this.reading ??= this.read().finally(() => {
      if (this.reading === reading) this.reading = undefined;
    }));
    return reading;
  }

  /**
   * Another process changed content (change-notices.ts): the next request reads the version from
   * the store, whatever the change token says, and no read already under way answers it.
   */
  forget(): void {
    this.generation += 1;
    this.known = undefined;
    this.reading = undefined;
  }

  private async read(): Promise<KnownVersion> {
    const generation = this.generation;
    try {
      // The token is taken before the read: a change landing in between shows as a new token next time.
      const token = this.store.changeToken();
      const version = await readContentVersion(this.store.db);
      if (generation !== this.generation) return this.current();
      this.lastRead = version;
      this.known = token === undefined ? undefined : { version, token };
      return { version, stale: false };
    } catch (error) {
      if (error instanceof StoreUnavailableError && this.lastRead !== undefined) return { version: this.lastRead, stale: true };
      throw error;
    }
  }
}
