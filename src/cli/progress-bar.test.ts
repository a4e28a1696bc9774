import { describe, expect, it } from 'vitest';
import { createProgressBar, renderProgressBar } from './progress-bar';

describe('progress bar', () => {
  it('fills in proportion', () => {
    expect(renderProgressBar('Seeding', 0, 26)).toBe(`Seeding [${'-'.repeat(30)}] 0/26`);
    expect(renderProgressBar('Seeding', 13, 26)).toBe(`Seeding [${'#'.repeat(15)}${'-'.repeat(15)}] 13/26`);
    expect(renderProgressBar('Seeding', 26, 26)).toBe(`Seeding [${'#'.repeat(30)}] 26/26`);
  });

  it('writes only to a terminal', () => {
    const written: string[] = [];
    const pipe = { write: (text: string) => written.push(text) > 0 };
    const quiet = createProgressBar('x', pipe);
    quiet.update(1, 2);
    quiet.done();
    expect(written).toEqual([]);
    const loud = createProgressBar('x', { ...pipe, isTTY: true });
    loud.update(1, 2);
    loud.done();
    expect(written).toEqual([`\r${renderProgressBar('x', 1, 2)}`, '\n']);
  });
});
