/**
 * `npm start` (scripts/start.mjs) runs the server in a process of its own, with the memory
 * settings of scripts/server-process.json unless the operator chose otherwise, passes signals on
 * and ends as the server does; the server never outlives it, nor npm.
 */
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import settings from '../../scripts/server-process.json';
import { freePort, startProcess, startServerProcess } from '../helpers/server-process';
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

/** Every process below `pid`, however deep (Linux's /proc). */
async function descendantsOf(pid: number): Promise<number[]> {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean).map(Number);
  return [...children, ...(await Promise.all(children.map(descendantsOf))).flat()];
}

/** Whether a process runs: a zombie has ended, only its exit status is still to be collected. */
async function isRunning(pid: number): Promise<boolean> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return status !== '' && !/^State:\s+Z/m.test(status);
}

/** Whether something accepts connections on the port. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
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

  it('stops the server when npm itself gets SIGTERM, which its shell does not pass on', async () => {
    const port = await freePort();
    const npm = startProcess('npm', ['start'], {
      PORT: String(port),
      DATABASE_URL: testStore().databaseUrl,
      SHUTDOWN_DRAIN_MS: '200',
      npm_config_update_notifier: 'false',
    });
    await npm.waitFor(/is serving/);
    const below = await descendantsOf(npm.child.pid!);
    expect(below.length).toBeGreaterThanOrEqual(2); // scripts/start.mjs and the server, maybe a shell between

    npm.child.kill('SIGTERM');
    await npm.exited;
    await expect.poll(() => isListening(port), { timeout: 15_000 }).toBe(false);
    await expect.poll(async () => (await Promise.all(below.map(isRunning))).some(Boolean), { timeout: 15_000 }).toBe(false);
  }, 60_000);

  it('stops the server when scripts/start.mjs is killed outright (SIGKILL)', async () => {
    const port = await freePort();
    const started = startServerProcess({ PORT: String(port), DATABASE_URL: testStore().databaseUrl, SHUTDOWN_DRAIN_MS: '200' }, START);
    await started.waitFor(/is serving/);
    const server = await serverUnder(started.child.pid!);

    started.child.kill('SIGKILL');
    await started.exited;
    await expect.poll(() => isListening(port), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => isRunning(server.pid), { timeout: 15_000 }).toBe(false);
  }, 60_000);

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
