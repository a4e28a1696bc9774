import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, heapGrowingFlag } from './heap-growth';

describe('heapGrowingFlag', () => {
  it('sets the heap growth when the operator did not', () => {
    expect(heapGrowingFlag([], undefined)).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowingFlag(['--enable-source-maps'], '--max-old-space-size=512')).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  });

  it.each([
    [['--heap-growing-percent=50'], undefined],
    [['--heap_growing_percent=50'], undefined],
    [['--heap-growing-percent', '50'], undefined],
    [[], '--max-old-space-size=512 --heap-growing-percent=80'],
    [[], ' --heap_growing_percent=80 '],
  ])('leaves the operator’s value alone (%j, NODE_OPTIONS=%j)', (execArgv, nodeOptions) => {
    expect(heapGrowingFlag(execArgv, nodeOptions)).toBeNull();
  });

  it('is not fooled by a longer flag of another name', () => {
    expect(heapGrowingFlag(['--heap-growing-percentage=5'], undefined)).not.toBeNull();
  });
});
