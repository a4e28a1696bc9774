/**
 * `npm start` (scripts/start.mjs) runs the server in a process of its own, with the memory
 * settings of scripts/server-process.json unless the operator chose otherwise, passes signals on
 * and ends as the server does.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import settings from '../../scripts/server-process.json';
import { freePort, startServerProcess } from '../helpers/server-process';
import { useBuiltServerStore } from '../helpers/server-store';

const START = 'scripts/start.mjs';
const testStore = useBuiltServerStore();

/** The one process `npm start` started, with its command line and environment (Linux's /proc). */
async function serverUnder(parentPid: number): Promise<{ pid: number; argv: string[]; env: string[] }> {
  const children = (await readFile(`/proc/${parentPid}/task/${parentPid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean);
  expect(children).toHaveLength(1);
  const pid = Number(children[0]);
  const listed = async (file: string) => (await readFile(`/proc/${pid}/${file}`, 'utf8')).split('\0').filter(Boolean);
  return { pid, argv: await listed('cmdline'), env: await listed('environ') };
}

describe.runIf(process.platform === 'linux')('npm start', () => {
  it('runs the server with the memory settings, passes SIGTERM on and exits as the server does', async () => {
    const port = await freePort();
    const started = startServerProcess({ PORT: String(port), DATABASE_URL: testStore().databaseUrl, SHUTDOWN_DRAIN_MS: '200' }, START);
    await started.waitFor(/is serving/);
    const server = await serverUnder(started.child.pid!);
    expect(server.argv.slice(1, -1)).toEqual(settings.nodeFlags);
    expect(server.argv.at(-1)).toMatch(/dist\/server\/main\.js$/);
    for (const [name, value] of Object.entries(settings.env)) expect(server.env).toContain(`${name}=${value}`);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    await expect(readFile(`/proc/${server.pid}/status`)).rejects.toThrow();
  });

  it('leaves a setting the operator chose as it is', async () => {
    const port = await freePort();
    const started = startServerProcess(
      { PORT: String(port), DATABASE_URL: testStore().databaseUrl, NODE_OPTIONS: '--max_semi_space_size=8', MALLOC_ARENA_MAX: '4' },
      START,
    );
    await started.waitFor(/is serving/);
    const server = await serverUnder(started.child.pid!);
    expect(server.argv.some((argument) => argument.startsWith('--max-semi-space-size'))).toBe(false);
    expect(server.env).toContain('NODE_OPTIONS=--max_semi_space_size=8');
    expect(server.env).toContain('MALLOC_ARENA_MAX=4');
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });

  it('with WORKERS=2, gives the workers the same settings and passes SIGHUP on (a rolling restart)', async () => {
    const port = await freePort();
    const started = startServerProcess({ PORT: String(port), DATABASE_URL: testStore().databaseUrl, WORKERS: '2', SHUTDOWN_DRAIN_MS: '200' }, START);
    await started.waitFor(/with 2 workers/);
    const primary = await serverUnder(started.child.pid!);
    const workers = (await readFile(`/proc/${primary.pid}/task/${primary.pid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean);
    expect(workers).toHaveLength(2);
    for (const worker of workers) expect((await readFile(`/proc/${worker}/cmdline`, 'utf8')).split('\0')).toEqual(expect.arrayContaining(settings.nodeFlags));

    started.child.kill('SIGHUP');
    await started.waitFor(/All workers restarted/);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  }, 60_000);

  it('ends with the server’s exit code and its one line on a bad setting', async () => {
    const started = startServerProcess({ DATABASE_URL: testStore().databaseUrl, PORT: 'eighty' }, START);
    expect(await started.exited).toBe(1);
    expect(started.stderr().trim()).toMatch(/^Configuration error: PORT must be a whole number/);
  });
});
