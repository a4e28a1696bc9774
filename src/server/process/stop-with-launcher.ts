/**
 * A server that scripts/start.mjs (`npm start`) launched stops when start.mjs is gone, however it
 * went: start.mjs keeps an IPC channel open to it, and the kernel closes the channel when start.mjs
 * ends, even by SIGKILL, which sends the server no signal. Without this the server ran on, orphaned,
 * holding the port (issue 34). A server started any other way (systemd, a container, a test) has no
 * channel and is left to its own process manager; a cluster worker has the primary's channel,
 * which cluster already watches.
 */
import cluster from 'node:cluster';

export function stopWithLauncher(): void {
  if (cluster.isWorker || process.channel === undefined) return;
  // The same path as an operator's SIGTERM: drain, then exit.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  // Listening for 'disconnect' holds the event loop open; the channel must not keep the process alive.
  process.channel.unref();
}
