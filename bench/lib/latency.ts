/**
 * Latency rows of the Search section: the p50 and p99 of times measured one after another in
 * this process, against the targets every search path shares (≤ 5 ms and ≤ 20 ms).
 */
import { measured, type Measurement } from './report';

export const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

/** `name`'s p50 and p99 rows (`what` the times are of), suffixed with the engine unless it is SQLite. */
export function latencyRows(times: number[], { name, what, engine, details }: { name: string; what: string; engine: string; details: string }): Measurement[] {
  const sorted = [...times].sort((a, b) => a - b);
  const suffix = engine === 'SQLite' ? '' : ` (${engine})`;
  const row = (label: string, share: number, bound: number) =>
    measured(
      {
        section: 'Search',
        name: `${name} ${label}, 100,000-sheet collection${suffix}`,
        comparison: `${Math.round(share * 100)}th percentile of ${sorted.length} ${what}, in process`,
        value: Number(percentile(sorted, share).toFixed(2)),
        unit: 'ms',
        details,
      },
      '≤',
      bound,
    );
  return [row('p50', 0.5, 5), row('p99', 0.99, 20)];
}
