/**
 * Values that hold for one content version (a site and its languages, an SEO record, a page's
 * data): worked out once per version and key, shared by concurrent callers, and forgotten when the
 * version moves on. Bounded in entries and in bytes, since keys can come from request paths: past
 * either bound a value is worked out and not kept.
 */
export interface MemoBounds {
  maxEntries: number;
  /** Bytes the kept values may take, as their `sizeOf` says. */
  maxBytes: number;
}

/**
 * A memo's key with the type of the value it keeps: a read names the key, not a string, and needs
 * no cast. Each kind of key is written once, where its values are made (MEMO_KEYS in
 * ssr/page-renderer.ts).
 */
export interface MemoKey<V> {
  readonly text: string;
  /** Never set: carries the value's type. */
  readonly value?: V;
}

export const memoKey = <V>(text: string): MemoKey<V> => ({ text });

export class VersionedMemo<T> {
  private version = -1;
  private readonly values = new Map<string, Promise<T>>();
  private bytes = 0;

  constructor(
    private readonly bounds: MemoBounds,
    /** What a value takes in memory, about: the bytes bound counts these. */
    private readonly sizeOf: (value: T) => number,
  ) {}

  /** The value of `key` in `version`, made by `produce` when no caller has made it yet. */
  read<V extends T>(version: number, key: MemoKey<V>, produce: () => Promise<V>): Promise<V> {
    // A key's text names one type of value (MemoKey), so what is kept under it is a V.
    return this.get(version, key.text, produce) as Promise<V>;
  }

  private get(version: number, key: string, produce: () => Promise<T>): Promise<T> {
    this.moveTo(version);
    // An older version (a request that read it just before a change) is worked out, not kept.
    if (version < this.version) return produce();
    let value = this.values.get(key);
    if (value === undefined) {
      value = produce();
      if (this.values.size < this.bounds.maxEntries) {
        const kept = value;
        this.values.set(key, kept);
        kept.then(
          (done) => {
            if (this.values.get(key) !== kept) return;
            const size = this.sizeOf(done);
            // Past the bytes bound the value is not kept; the next caller works it out again.
            if (this.bytes + size > this.bounds.maxBytes) this.values.delete(key);
            else this.bytes += size;
          },
          // A failure is not remembered: the next request tries again.
          () => this.values.get(key) === kept && this.values.delete(key),
        );
      }
    }
    return value;
  }

  /** A value worked out already (at start) for a version, kept as `get` would keep it; ignored for a version older than the memo's. */
  keep<V extends T>(version: number, key: MemoKey<V>, value: V): void {
    this.moveTo(version);
    if (version === this.version && !this.values.has(key.text)) void this.get(version, key.text, () => Promise.resolve(value));
  }

  private moveTo(version: number): void {
    if (version <= this.version) return;
    this.version = version;
    this.values.clear();
    this.bytes = 0;
  }

  /** Entries kept and the bytes they take, for health and tests. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.values.size, bytes: this.bytes };
  }
}
