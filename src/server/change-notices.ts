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
  cluster.on('message', (from, message: unknown) => {
    if (!isNotice(message) || message.type !== 'content-changed') return;
    const others = workers().filter((worker) => worker !== from && worker.isConnected());
    const listening = new Map<Worker, (reply: unknown) => void>();
    const told = () => {
      clearTimeout(timer);
      for (const [worker, onSeen] of listening) worker.off('message', onSeen);
      if (from.isConnected()) from.send({ type: 'content-changed-told', id: message.id } satisfies Notice);
    };
    const timer = setTimeout(told, WAIT_MS);
    for (const worker of others) {
      const onSeen = (reply: unknown) => {
        if (!isNotice(reply) || reply.type !== 'content-changed-seen' || reply.id !== message.id) return;
        worker.off('message', onSeen);
        listening.delete(worker);
        if (listening.size === 0) told();
      };
      listening.set(worker, onSeen);
      worker.on('message', onSeen);
      worker.send(message);
    }
    if (others.length === 0) told();
  });
}
