/**
 * With WORKERS > 1, a change made in one worker must be seen by the others from the next request
 * on: a publish answered by worker A, then a page asked of worker B, must show it. B would learn of
 * the change by itself within milliseconds (the store's change token), but "within" is not "next".
 * So a worker that changed content tells the primary, the primary tells every other worker, each
 * forgets the content version it knows (its next request reads the store), says so, and only then
 * does the first worker answer the change. One process, or no primary: nothing to tell.
 */
import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';

/** How long a change waits for the other workers before answering anyway (a worker may be stuck). */
const WAIT_MS = 2000;

type Notice = { type: 'content-changed'; id: string } | { type: 'content-changed-seen'; id: string } | { type: 'content-changed-told'; id: string };

const isNotice = (message: unknown): message is Notice =>
  typeof message === 'object' &&
  message !== null &&
  typeof (message as { type?: unknown }).type === 'string' &&
  (message as { type: string }).type.startsWith('content-changed');

/** In a worker: forget the known version when told, and tell of this worker's changes. */
export function listenForChangeNotices(forget: () => void): { announce(): Promise<void> } {
  if (!cluster.isWorker || process.send === undefined) return { announce: async () => undefined };
  const waiting = new Map<string, () => void>();
  process.on('message', (message) => {
    if (!isNotice(message)) return;
    if (message.type === 'content-changed') {
      forget();
      process.send?.({ type: 'content-changed-seen', id: message.id } satisfies Notice);
    } else if (message.type === 'content-changed-told') {
      waiting.get(message.id)?.();
    }
  });
  return {
    announce: () =>
      new Promise<void>((resolve) => {
        const id = randomUUID();
        const done = () => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve();
        };
        const timer = setTimeout(done, WAIT_MS);
        waiting.set(id, done);
        process.send?.({ type: 'content-changed', id } satisfies Notice);
      }),
  };
}

/** In the primary: passes a worker's notice to the others and tells it when they have all seen it. */
export function relayChangeNotices(workers: () => Worker[]): void {
  // One listener for every notice and reply: each notice waits here for the workers yet to see it.
  const waiting = new Map<string, { from: Worker; unseen: Set<Worker>; timer: NodeJS.Timeout }>();
  const tell = (id: string) => {
    const notice = waiting.get(id);
    if (notice === undefined) return;
    waiting.delete(id);
    clearTimeout(notice.timer);
    if (notice.from.isConnected()) notice.from.send({ type: 'content-changed-told', id } satisfies Notice);
  };
  cluster.on('message', (worker, message: unknown) => {
    if (!isNotice(message)) return;
    if (message.type === 'content-changed-seen') {
      const notice = waiting.get(message.id);
      notice?.unseen.delete(worker);
      if (notice?.unseen.size === 0) tell(message.id);
      return;
    }
    if (message.type !== 'content-changed') return;
    const others = workers().filter((other) => other !== worker && other.isConnected());
    waiting.set(message.id, { from: worker, unseen: new Set(others), timer: setTimeout(() => tell(message.id), WAIT_MS) });
    for (const other of others) other.send(message);
    if (others.length === 0) tell(message.id);
  });
  // A worker that stops is not waited for.
  cluster.on('exit', (worker) => {
    for (const [id, notice] of waiting) if (notice.unseen.delete(worker) && notice.unseen.size === 0) tell(id);
  });
}
