/**
 * At most `size` at once, the others waiting in order: PDFs read by the server (files/pdf-reader.ts),
 * files sent by the studio (studio/sheets/pdf-drop.tsx). A waiter whose signal aborts leaves the line and
 * is refused with `cancelled()`.
 */
export interface Turns {
  /** Waits for a turn; the function it answers ends it (a second call does nothing). */
  take(signal?: AbortSignal): Promise<() => void>;
  taken(): number;
  waiting(): number;
}

export function createTurns(size: number, cancelled: () => Error = () => new Error('Cancelled while waiting for a turn')): Turns {
  let taken = 0;
  const line: Array<() => void> = [];
  const release = () => {
    const next = line.shift();
    if (next === undefined) taken -= 1;
    else next();
  };
  return {
    taken: () => taken,
    waiting: () => line.length,
    take(signal) {
      if (signal?.aborted) return Promise.reject(cancelled());
      if (taken < size) {
        taken += 1;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener('abort', leave);
          resolve(once(release));
        };
        const leave = () => {
          line.splice(line.indexOf(turn), 1);
          reject(cancelled());
        };
        line.push(turn);
        signal?.addEventListener('abort', leave, { once: true });
      });
    },
  };
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
