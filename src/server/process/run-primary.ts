/**
 * WORKERS > 1: this process forks one serving process per worker and shares the port among them.
 * SIGHUP restarts them one at a time (each new one listening before the old one drains), so a
 * deploy drops no request. SIGTERM drains them all. A worker that dies is replaced, unless it died
 * before it ever listened: that is a start-up fault (port taken, store unreachable) that another
 * fork would only repeat, so the primary stops instead of looping.
 */
import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from '../config';
import { servingMessage } from './serving-message';
import { relayChangeNotices } from '../change-notices';

export function runPrimary(config: AppConfig): void {
  const retiring = new Set<Worker>();
  const listening = new Set<Worker>();
  let stopping = false;

  const fork = () =>
    new Promise<Worker>((resolve) => {
      const worker = cluster.fork();
      worker.once('listening', () => {
        listening.add(worker);
        resolve(worker);
      });
    });

  cluster.on('exit', (worker, code, signal) => {
    const wasListening = listening.delete(worker);
    if (retiring.delete(worker) || stopping) return;
    if (!wasListening) {
      console.error(`A worker could not start (${signal ?? `exit code ${code}`}); stopping`);
      stop('start-up failure', 1);
      return;
    }
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    void fork();
  });

  const rollingRestart = async () => {
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker === undefined || retiring.has(worker) || stopping) continue;
      await fork();
      retiring.add(worker);
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.send('shutdown');
      await exited;
    }
    if (!stopping) console.log('All workers restarted');
  };

  function stop(reason: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    console.log(`${reason}: stopping ${workers.length} workers`);
    for (const worker of workers) {
      // A worker still starting has nothing in flight and may not listen for the message yet.
      if (!listening.has(worker)) worker.process.kill('SIGKILL');
      else if (worker.isConnected()) worker.send('shutdown');
    }
    setTimeout(() => process.exit(1), config.shutdown.timeoutMs + 1000).unref();
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return;
      clearInterval(check);
      process.exit(exitCode);
    }, 50);
  }

  relayChangeNotices(() => [...listening]);
  process.on('SIGHUP', () => void rollingRestart());
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  void Promise.all(Array.from({ length: config.workers }, fork)).then(() => {
    console.log(servingMessage(config, config.port, config.workers));
  });
}
