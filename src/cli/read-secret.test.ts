import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSecret } from './read-secret';

describe('readSecret', () => {
  it('reads the first line of piped input and prints nothing of it', async () => {
    let printed = '';
    const output = new Writable({ write: (chunk, _encoding, done) => ((printed += String(chunk)), done()) });
    expect(await readSecret('Password: ', Readable.from(['s3cret pass', 'word\nsecond line\n']), output)).toBe('s3cret password');
    expect(printed).toBe('');
  });
});
