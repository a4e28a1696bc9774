import { spawn, spawnSync } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { batchWriter, frontAccessLine, milliseconds, requestLogSerializers } from './access-log';

function capturingLogger(level: string) {
  const lines: string[] = [];
  const logger = pino({ level, serializers: requestLogSerializers }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

const request = (url: string) => ({ method: 'GET', url }) as IncomingMessage;

describe('the front cache access line', () => {
  it('is the line the logger writes for the same request, with the cache named', () => {
    const { logger, lines } = capturingLogger('info');
    const url = '/de-DE/?q="quoted"&name=\u00e9\u2028</script>';
    logger.info(
      { reqId: 'abc-123_x.y', req: { id: 'abc-123_x.y', method: 'GET', url }, res: { statusCode: 200 }, responseTime: 0.25, cache: 'front' },
      'request completed',
    );
    frontAccessLine(logger)!(request(url), 'abc-123_x.y', 200, 0.25);

    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('\n')).toBe(true);
    const [framework, front] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(front!.time).toEqual(expect.any(Number));
    expect({ ...front, time: 0 }).toEqual({ ...framework, time: 0 });
    // Same keys in the same order, so the two kinds of line read alike.
    expect(Object.keys(front!)).toEqual(Object.keys(framework!));
  });

  it('is not written when the level leaves out request lines', () => {
    expect(frontAccessLine(capturingLogger('warn').logger)).toBeNull();
    expect(frontAccessLine(capturingLogger('silent').logger)).toBeNull();
    expect(frontAccessLine(capturingLogger('debug').logger)).not.toBeNull();
  });
});

describe('a duration in a log line', () => {
  it('is milliseconds to the microsecond, as a JSON number', () => {
    expect([0, 0.0004, 0.0005, 0.042, 0.25, 1.5, 127.883061, 12345.6789].map(milliseconds)).toEqual([
      '0.000',
      '0.000',
      '0.001',
      '0.042',
      '0.250',
      '1.500',
      '127.883',
      '12345.679',
    ]);
    expect(JSON.parse(milliseconds(3.0071))).toBe(3.007);
  });
});

describe('the batch writer', () => {
  it('drops batches while the output refuses them, and says how many lines were lost once it takes them again', () => {
    const told: string[] = [];
    const written: string[] = [];
    let full = false;
    const write = batchWriter(
      (batch) => {
        if (full) throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
        written.push(batch.toString());
      },
      (text) => void told.push(text),
    );
    write(Buffer.from('a\n'), 1);
    full = true;
    write(Buffer.from('b\nc\n'), 2);
    write(Buffer.from('d\n'), 1);
    full = false;
    write(Buffer.from('e\n'), 1);
    write(Buffer.from('f\n'), 1);
    expect(written).toEqual(['a\n', 'e\n', 'f\n']);
    expect(told).toEqual([
      'Log lines cannot be written (ENOSPC); dropping them until they can\n',
      '3 log lines could not be written (ENOSPC) and were dropped\n',
    ]);
  });
});

// Each test starts Node processes under tsx, each bounded at 30 s; the tests have the suite's own
// bound (vite.config.ts), which is longer than one such process.
describe('the log destination', () => {
  // Through a pipe by default, as a process manager or container reads it (Node's own stdio pipes
  // are socket pairs, whose larger buffer hid a batch cut off at exit when the writer wrote in the
  // background); `output` is where the shell sends the process's standard output.
  const run = (script: string, output = '| cat') =>
    spawnSync('bash', ['-o', 'pipefail', '-c', `"${process.execPath}" --import tsx --input-type=module -e "$SCRIPT" ${output}`], {
      cwd: process.cwd(),
      env: { ...process.env, SCRIPT: script },
      encoding: 'utf8',
      timeout: 30_000,
    });
  const importing = `import { logDestination } from ${JSON.stringify(join(import.meta.dirname, 'access-log.ts'))};`;
  const writingLines = `${importing} const out = logDestination(); for (let i = 0; i < 20000; i++) out.write('line ' + i + '\\n');`;

  it('writes every line, in order, by the time the process exits (exit called or the loop emptied)', () => {
    for (const end of ['process.exit(0);', '']) {
      const result = run(`${writingLines} ${end}`);
      expect(result.status).toBe(0);
      expect(result.stdout.split('\n').slice(0, -1)).toEqual(Array.from({ length: 20000 }, (_, i) => `line ${i}`));
    }
  });

  it('drops lines its output refuses, says so once, and goes on', () => {
    const result = run(`${writingLines} console.error('went on');`, '> /dev/full');
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('Log lines cannot be written (ENOSPC); dropping them until they can\nwent on\n');
  });

  it('writes a line while the process runs, within the batch time', async () => {
    const child = spawn(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `${importing} logDestination().write('first\\n'); setInterval(() => {}, 1000);`,
    ]);
    try {
      let output = '';
      // Killed without its exit handlers: the line must have been written before.
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('\n')) resolve();
        });
        child.once('exit', () => reject(new Error(`exited first: ${output}`)));
      });
      expect(output).toBe('first\n');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
