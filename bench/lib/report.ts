/** Writes the results table (bench/results/latest.md) and its data (latest.json). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Measurement {
  section: string;
  name: string;
  /** What the value is, e.g. "ours / nginx, requests per second". */
  comparison: string;
  value: number;
  /** '×' for ratios; otherwise the unit of an absolute value (KB, MB, ms, score). */
  unit: string;
  /** Human-readable target, e.g. "≥ 0.8"; empty when none. */
  target: string;
  met: boolean | null;
  details: string;
}

/** A measurement against a target: met when `value` compares as `relation` says with `bound`. */
export function measured(
  { details = '', ...base }: Omit<Measurement, 'target' | 'met' | 'details'> & { details?: string },
  relation: '≥' | '≤' | null = null,
  bound = 0,
): Measurement {
  // A value that could not be measured is an error with its reason, never a number (NaN) or a pass.
  if (Number.isNaN(base.value)) details = `could not be measured: ${details || 'no value'}`;
  if (relation === null) return { ...base, details, target: '', met: Number.isNaN(base.value) ? false : null };
  const met = relation === '≥' ? base.value >= bound : base.value <= bound;
  return { ...base, details, target: `${relation} ${bound}${base.unit === '×' ? '×' : base.unit === '' ? '' : ` ${base.unit}`}`, met };
}

/** The middle value (the lower of the two middle ones for an even count): what rows of several rounds report. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

export function formatValue({ value, unit }: Pick<Measurement, 'value' | 'unit'>): string {
  if (Number.isNaN(value)) return 'error';
  if (unit === '×') return `${value.toFixed(2)}×`;
  return `${Number.isInteger(value) ? value : value.toFixed(value < 1 ? 3 : 1)}${unit === '' ? '' : ` ${unit}`}`;
}

export function writeReport(directory: string, measurements: Measurement[], context: Record<string, string>): string {
  mkdirSync(directory, { recursive: true });
  const rows = measurements.map(
    (m) =>
      `| ${m.section} | ${m.name} | ${m.comparison} | **${formatValue(m)}** | ${m.target || '—'} | ${m.met === null ? '—' : m.met ? 'met' : '**missed**'} | ${m.details} |`,
  );
  const missed = measurements.filter((m) => m.met === false);
  const markdown = [
    '# Benchmark results',
    '',
    ...Object.entries(context).map(([key, value]) => `- ${key}: ${value}`),
    '',
    'Ratios compare servers measured side by side in the same run, each pinned to one core with the load generator on the other; absolute numbers on shared machines are noisy.',
    '',
    '| section | measurement | what | measured | target | result | details |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    missed.length === 0 ? 'Every target is met.' : `Targets missed: ${missed.map((m) => `${m.section}: ${m.name}`).join('; ')}.`,
    '',
  ].join('\n');
  const path = join(directory, 'latest.md');
  writeFileSync(path, markdown);
  writeFileSync(join(directory, 'latest.json'), JSON.stringify({ context, measurements }, null, 2) + '\n');
  return path;
}
