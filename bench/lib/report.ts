/** Writes the results table (bench/results/latest.md) and its data (latest.json). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Measurement {
  section: string;
  name: string;
  /** What is compared, e.g. "ours / nginx". */
  comparison: string;
  ratio: number;
  /** Human-readable target, e.g. "≤ 1.5"; empty when none. */
  target: string;
  met: boolean | null;
  details: string;
}

export function writeReport(directory: string, measurements: Measurement[], context: Record<string, string>): string {
  mkdirSync(directory, { recursive: true });
  const rows = measurements.map(
    (m) => `| ${m.section} | ${m.name} | ${m.comparison} | ${m.ratio.toFixed(3)} | ${m.target || '—'} | ${m.met === null ? '—' : m.met ? 'met' : '**missed**'} | ${m.details} |`,
  );
  const markdown = [
    '# Benchmark results',
    '',
    ...Object.entries(context).map(([key, value]) => `- ${key}: ${value}`),
    '',
    'Ratios compare servers measured side by side in the same run; absolute numbers on shared machines are noisy.',
    '',
    '| section | measurement | comparison | ratio | target | result | details |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  const path = join(directory, 'latest.md');
  writeFileSync(path, markdown);
  writeFileSync(join(directory, 'latest.json'), JSON.stringify({ context, measurements }, null, 2) + '\n');
  return path;
}
