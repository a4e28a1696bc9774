/** The benchmark's report: a value that could not be measured is an error with its reason, never NaN or a pass. */
import { describe, expect, it } from 'vitest';
import { formatValue, measured } from '../../bench/lib/report';

describe('the benchmark report', () => {
  it('shows a value Lighthouse could not give as an error with the reason, and as missed', () => {
    const failed = measured(
      { section: 'Lighthouse', name: 'total blocking time', comparison: 'median', value: Number.NaN, unit: 'ms', details: 'NO_FCP: The page did not paint' },
      '≤',
      50,
    );
    expect(failed).toMatchObject({ met: false, details: 'could not be measured: NO_FCP: The page did not paint', target: '≤ 50 ms' });
    expect(formatValue(failed)).toBe('error');
    expect(measured({ section: 'S', name: 'n', comparison: 'c', value: Number.NaN, unit: '' }).met).toBe(false);
  });

  it('compares a measured value with its target', () => {
    expect(measured({ section: 'Page', name: 'n', comparison: 'c', value: 0.93, unit: '×' }, '≥', 0.9)).toMatchObject({ met: true, target: '≥ 0.9×' });
    expect(formatValue({ value: 0.93, unit: '×' })).toBe('0.93×');
  });
});
