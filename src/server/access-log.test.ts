import { spawn, spawnSync } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { frontAccessLine, milliseconds, requestLogSerializers } from './access-log';

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

// Each test starts Node processes under tsx, each bounded at 30 s; the tests have the suite's own
// bound (vite.config.ts), which is longer than one such process.
describe('the log destination', () => {
  const run = (script: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8', timeout: 30_000 });
  const importing = `import { logDestination } from ${JSON.stringify(join(import.meta.dirname, 'access-log.ts'))};`;

  it('writes every line, in order, by the time the process exits (exit called or the loop emptied)', () => {
    for (const end of ['process.exit(0);', '']) {
      const result = run(`${importing} const out = logDestination(); for (let i = 0; i < 20000; i++) out.write('line ' + i + '\\n'); ${end}`);
      expect(result.status).toBe(0);
      expect(result.stdout.split('\n').slice(0, -1)).toEqual(Array.from({ length: 20000 }, (_, i) => `line ${i}`));
    }
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
