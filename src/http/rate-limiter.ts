/**
 * Counts events per key within a sliding window (sign-in attempts per address and per account).
 * In memory, per process: each process of a scaled-out site limits on its own.
 */
export class RateLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may act again, or 0 when it may act now. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    return Math.max(1, (recent[0] ?? 0) + this.windowMs - this.now());
  }

  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.events.set(key, recent);
    if (this.events.size > 100_000) this.prune();
  }

  /** Takes back the latest event of `key` (an attempt counted before its outcome was known, that succeeded). */
  release(key: string): void {
    this.events.get(key)?.pop();
  }

  reset(key: string): void {
    this.events.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.events.get(key) ?? []).filter((time) => time > since);
  }

  private prune(): void {
    for (const key of this.events.keys()) if (this.recent(key).length === 0) this.events.delete(key);
  }
}
