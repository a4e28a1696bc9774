import { describe, expect, it } from 'vitest';
import { memoKey, VersionedMemo } from './page-context';

const roomy = { maxEntries: 1000, maxBytes: 1_000_000 };
const bytesOf = (value: unknown) => String(value).length;

describe('VersionedMemo', () => {
  it('works a value out once per version and key, for concurrent callers too', async () => {
    const memo = new VersionedMemo<string>(roomy, bytesOf);
    const k = (text: string) => memoKey<string>(text);
    let calls = 0;
    const produce = async () => `value ${++calls}`;
    expect(await Promise.all([memo.read(1, k('a'), produce), memo.read(1, k('a'), produce)])).toEqual(['value 1', 'value 1']);
    expect(await memo.read(1, k('b'), produce)).toBe('value 2');
    expect(await memo.read(2, k('a'), produce)).toBe('value 3');
    expect(await memo.read(2, k('a'), produce)).toBe('value 3');
  });

  it('keeps nothing for an older version, and forgets failures', async () => {
    const memo = new VersionedMemo<number>(roomy, bytesOf);
    const k = (text: string) => memoKey<number>(text);
    await memo.read(5, k('k'), async () => 5);
    expect(await memo.read(4, k('k'), async () => 4)).toBe(4);
    expect(await memo.read(5, k('k'), async () => 0)).toBe(5);
    await expect(memo.read(6, k('k'), async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.read(6, k('k'), async () => 6)).toBe(6);
  });

  it('keeps a value worked out before for its version, but not for an older one or over a kept one', async () => {
    const memo = new VersionedMemo<string>(roomy, bytesOf);
    const k = (text: string) => memoKey<string>(text);
    memo.keep(3, k('pages'), 'at start');
    expect(await memo.read(3, k('pages'), async () => 'again')).toBe('at start');
    memo.keep(3, k('pages'), 'later');
    expect(await memo.read(3, k('pages'), async () => 'again')).toBe('at start');
    memo.keep(2, k('pages'), 'older');
    expect(await memo.read(4, k('pages'), async () => 'new version')).toBe('new version');
  });

  it('stops keeping new keys at its entries bound', async () => {
    const memo = new VersionedMemo<number>({ maxEntries: 2, maxBytes: 1_000_000 }, bytesOf);
    const k = (text: string) => memoKey<number>(text);
    let calls = 0;
    for (const key of ['a', 'b', 'c', 'c']) await memo.read(1, k(key), async () => ++calls);
    expect(calls).toBe(4);
    expect(await memo.read(1, k('a'), async () => ++calls)).toBe(1);
    expect(memo.size.entries).toBe(2);
  });

  it('does not keep a value that would take it past its bytes bound, and starts counting again with a new version', async () => {
    const memo = new VersionedMemo<string>({ maxEntries: 100, maxBytes: 10 }, bytesOf);
    const k = (text: string) => memoKey<string>(text);
    await memo.read(1, k('a'), async () => 'x'.repeat(6));
    await memo.read(1, k('b'), async () => 'y'.repeat(6));
    expect(memo.size).toEqual({ entries: 1, bytes: 6 });
    let calls = 0;
    expect(await memo.read(1, k('b'), async () => `${++calls}`)).toBe('1');
    expect(await memo.read(1, k('a'), async () => 'changed')).toBe('xxxxxx');
    await memo.read(2, k('c'), async () => 'z'.repeat(9));
    expect(memo.size).toEqual({ entries: 1, bytes: 9 });
  });
});
