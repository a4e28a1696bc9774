/**
 * Values that hold for one content version (the site and its languages, an SEO record): worked
 * out once per version and key, shared by concurrent callers, and forgotten when the version
 * moves on. Bounded, since keys can come from request paths.
 */
export class VersionedMemo<T> {
  private version = -1;
  private readonly values = new Map<string, Promise<T>>();

  constructor(private readonly maxKeys = 1000) {}

  get(version: number, key: string, produce: () => Promise<T>): Promise<T> {
    if (version > this.version) {
      this.version = version;
      this.values.clear();
    }
    // An older version (a request that read it just before a change) is worked out, not kept.
    if (version < this.version) return produce();
    let value = this.values.get(key);
    if (value === undefined) {
      value = produce();
      if (this.values.size < this.maxKeys) {
        this.values.set(key, value);
        // A failure is not remembered: the next request tries again.
        value.catch(() => this.values.delete(key));
      }
    }
    return value;
  }
}
