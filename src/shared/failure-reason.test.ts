import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { reasonOf } from './failure-reason';

describe('the reason of a failed call', () => {
  it('names the cause fetch keeps to itself', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await fetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(reasonOf(refused)).toBe('fetch failed (ECONNREFUSED)');
  });

  it('says a timeout in words, and keeps any other message', async () => {
    const timedOut = await fetch('http://10.255.255.1/', { signal: AbortSignal.timeout(1) }).catch((error: unknown) => error);
    expect(reasonOf(timedOut)).toBe('no answer in time');
    expect(reasonOf(new Error('Varnish answered 503'))).toBe('Varnish answered 503');
    expect(reasonOf('plain words')).toBe('plain words');
    expect(reasonOf(new Error('outer', { cause: new Error('inner') }))).toBe('outer: inner');
  });
});
