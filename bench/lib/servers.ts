/** Starts the servers under test on loopback ports and stops them when the benchmark ends. */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import START_SETTINGS from '../../scripts/server-process.json';
import { findIcuData, residentIcuDataMb, type IcuData } from './icu-data';
import { peakRssMb } from './process-memory';
import { pinTo } from './tools';

export interface RunningServer {
  url: string;
  pid: number;
  /** The process's peak resident memory so far, in MB (null where the system does not say). */
  peakRssMb(): number | null;
  /** MB of ICU's data (inside the node binary) resident in the process now (null where it cannot be read). */
  residentIcuDataMb(): number | null;
  stop(): Promise<void>;
}

let icuData: IcuData | null | undefined;
/** Where ICU's data sits in the node binary every server here runs on, found once. */
function icuDataOfNode(): IcuData | null {
  icuData ??= findIcuData(process.execPath);
  return icuData;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before answering ${url}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`No answer from ${url} within ${timeoutMs} ms`);
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
}

/**
 * Our server on one core, or unpinned (core null) to let WORKERS spread over every core, with the
 * node flags and environment `npm start` starts it with. Tuned by default (LOG_LEVEL=warn);
 * `logFile` runs it as `npm start` does (LOG_LEVEL=info) with its standard output written to that
 * file, as a service manager would.
 */
export async function startOurServer(options: {
  port: number;
  databasePath: string;
  core: number | null;
  env?: Record<string, string>;
  logFile?: string;
}): Promise<RunningServer> {
  // Started with the process settings `npm start` gives it (scripts/start.mjs).
  const command = [...(options.core === null ? [] : pinTo(options.core)), process.execPath, ...START_SETTINGS.nodeFlags, 'dist/server/main.js'];
  const stdout = options.logFile === undefined ? 'ignore' : openSync(options.logFile, 'a');
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...START_SETTINGS.env,
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${options.databasePath}`,
      LOG_LEVEL: options.logFile === undefined ? 'warn' : 'info',
      SEED_DEMO_CONTENT: 'false',
      ...options.env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  if (typeof stdout === 'number') closeSync(stdout);
  return running(child, options.port, '/services/data/v65.0/openapi.json');
}

/** Any program serving HTTP on a loopback port, pinned to one core. */
export async function startProcessServer(options: { port: number; core: number; command: string[]; env?: Record<string, string> }): Promise<RunningServer> {
  const command = [...pinTo(options.core), ...options.command];
  const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...options.env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return running(child, options.port, '/');
}

async function running(child: ChildProcess, port: number, readyPath: string): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url + readyPath, child);
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    peakRssMb: () => peakRssMb(pid),
    residentIcuDataMb: () => {
      const data = icuDataOfNode();
      return data === null ? null : residentIcuDataMb(pid, data);
    },
    stop: stopper(child),
  };
}

/** nginx serving a folder of files from disk, one worker, on one core. */
export async function startNginx(options: { port: number; root: string; workDir: string; core: number }): Promise<RunningServer> {
  mkdirSync(join(options.workDir, 'logs'), { recursive: true });
  const config = join(options.workDir, 'nginx.conf');
  writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${join(options.workDir, 'nginx.pid')};
error_log ${join(options.workDir, 'logs', 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${options.workDir};
  proxy_temp_path ${options.workDir};
  fastcgi_temp_path ${options.workDir};
  uwsgi_temp_path ${options.workDir};
  scgi_temp_path ${options.workDir};
  types { application/json json; text/html html; }
  server {
    listen 127.0.0.1:${options.port};
    root ${options.root};
    etag on;
  }
}
`,
  );
  const command = [...pinTo(options.core), 'nginx', '-c', config, '-p', options.workDir];
  const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
  return running(child, options.port, '/');
}
