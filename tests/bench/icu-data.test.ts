/** The benchmark's count of ICU's data resident in a process: found in Node's binary, and grown by the first use of Intl. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findIcuData, residentIcuDataMb } from '../../bench/lib/icu-data';

const data = findIcuData(process.execPath);
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** A Node process that formats with Intl when told to, and says when it has. */
async function startIdleNode(): Promise<{ pid: number; useIntl: () => Promise<void> }> {
  const script = `
    process.on('message', () => {
      new Intl.DisplayNames(['de'], { type: 'language' }).of('fr');
      (1234.5).toLocaleString('fr');
      process.send('used');
    });
    process.send('ready');`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.push(child);
  await once(child, 'message');
  return {
    pid: child.pid!,
    useIntl: async () => {
      child.send('use');
      await once(child, 'message');
    },
  };
}

describe.runIf(existsSync('/proc/self/pagemap') && data !== null)("ICU's data resident in a process", () => {
  it('spans most of the megabytes Node carries it in', () => {
    // Full ICU is some 30 MB; a mistaken header would give a size far from it.
    expect(data!.bytes / 1024 / 1024).toBeGreaterThan(10);
    expect(data!.bytes / 1024 / 1024).toBeLessThan(100);
  });

  it('grows by megabytes when a process first formats with Intl, and is small before', async () => {
    const node = await startIdleNode();
    const before = residentIcuDataMb(node.pid, data!);
    await node.useIntl();
    const after = residentIcuDataMb(node.pid, data!);
    expect(before).not.toBeNull();
    expect(before!).toBeLessThan(2);
    // V8 opens every locale's data to list the ones it can serve (about 4–5 MB here).
    expect(after! - before!).toBeGreaterThan(2);
  });
});

describe('finding ICU data', () => {
  it('finds none in a file without it', () => {
    expect(findIcuData(fileURLToPath(import.meta.url))).toBeNull();
  });
});
