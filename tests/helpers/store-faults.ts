/**
 * Takes a test store away and brings it back, as an outage would:
 * - SQLite: another process holds the WAL-index locks, so every reader waits (see sqliteFault).
 * - PostgreSQL: the app connects through a TCP proxy; "down" drops every connection and refuses
 *   new ones (what a stopped server looks like from the app), "up" accepts again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface StoreFault {
  /** What DATABASE_URL the app under test should use. */
  databaseUrl: string;
  down(): Promise<void>;
  up(): Promise<void>;
  /** Undoes everything (the store is up afterwards). */
  release(): Promise<void>;
}

export async function holdStoreDown(databaseUrl: string): Promise<StoreFault> {
  return databaseUrl.startsWith('sqlite:') ? sqliteFault(databaseUrl) : postgresFault(databaseUrl);
}

/**
 * SQLite in WAL mode: another process takes the WAL-index locks (bytes 120–127 of the -shm file)
 * exclusively with fcntl, as a stuck or crashed writer would. Every reader then waits (SQLite
 * retries for up to ten seconds, then fails). Perl does the fcntl: it is part of every Debian.
 */
function sqliteFault(databaseUrl: string): StoreFault {
  const path = databaseUrl.slice('sqlite:'.length);
  let locker: ChildProcess | null = null;
  const up = async () => {
    const running = locker;
    locker = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.stdin?.end();
    await exited;
  };
  return {
    databaseUrl,
    async down() {
      const child = spawn('perl', ['-e', LOCK_SHM, `${path}-shm`], { stdio: ['pipe', 'pipe', 'inherit'] });
      locker = child;
      await new Promise<void>((resolve, reject) => {
        child.stdout!.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`the lock holder stopped (${code})`)));
      });
    },
    up,
    release: up,
  };
}

const LOCK_SHM = `
use Fcntl;
open(my $fh, '+<', $ARGV[0]) or die "open: $!";
my $lock = pack('s s x4 q q l x4', F_WRLCK, SEEK_SET, 120, 8, 0);
fcntl($fh, F_SETLKW, $lock) or die "lock: $!";
$| = 1;
print "locked\n";
<STDIN>;
`;

async function postgresFault(databaseUrl: string): Promise<StoreFault> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const proxy = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      proxy.once('error', reject);
      proxy.listen(port, '127.0.0.1', () => {
        server = proxy;
        const address = proxy.address();
        resolve(typeof address === 'object' && address !== null ? address.port : port);
      });
    });
  const port = await listen(0);
  const down = async () => {
    const closing = server;
    server = null;
    const closed = closing === null ? Promise.resolve() : new Promise((resolve) => closing.close(resolve));
    // Open connections are cut, as a stopped server's would be; close() then completes.
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    databaseUrl: proxied.toString(),
    down,
    async up() {
      if (server === null) await listen(port);
    },
    async release() {
      await down();
    },
  };
}
