/**
 * Uploads in flight, bounded (docs/operations.md, "Uploads and PDFs"): at most `perAccount` of one
 * account's and `perProcess` in all are received and checked at once. One more waits its turn, in
 * order, for up to `waitMs`, and only while the line is short (as many waiting as may run); past
 * that, or once its wait is over, it is told to come back (UploadsBusy: 429 with Retry-After).
 * Its body is not read while it waits: the client's bytes stay on its side of the connection.
 */

export interface UploadGateLimits {
  perAccount: number;
  perProcess: number;
  /** How long an upload may wait for its turn. */
  waitMs: number;
}

export const DEFAULT_UPLOAD_GATE_LIMITS: UploadGateLimits = { perAccount: 4, perProcess: 8, waitMs: 10_000 };

/** Too many uploads at once: try again after `retryAfterSeconds`. */
export class UploadsBusy extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'UploadsBusy';
  }
}

/** The client went away while its upload waited. */
export class UploadAbandoned extends Error {
  constructor() {
    super('The client went away before its upload had its turn');
    this.name = 'UploadAbandoned';
  }
}

interface Waiter {
  owner: string;
  admit: () => void;
}

export interface UploadGate {
  /** Waits for the upload's turn; the function it answers ends the turn. */
  enter(owner: string, signal?: AbortSignal): Promise<() => void>;
  /** Uploads in flight and waiting, for tests and health. */
  load(): { running: number; waiting: number };
}

export function createUploadGate(limits: UploadGateLimits = DEFAULT_UPLOAD_GATE_LIMITS): UploadGate {
  const running = new Map<string, number>();
  let total = 0;
  const line: Waiter[] = [];
  const runningOf = (owner: string) => running.get(owner) ?? 0;
  const mayRun = (owner: string) => total < limits.perProcess && runningOf(owner) < limits.perAccount;
  const retryAfterSeconds = Math.max(1, Math.ceil(limits.waitMs / 1000));

  const start = (owner: string): (() => void) => {
    running.set(owner, runningOf(owner) + 1);
    total += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = runningOf(owner) - 1;
      if (left === 0) running.delete(owner);
      else running.set(owner, left);
      total -= 1;
      // The first in line that may run now goes: another account's upload passes one whose account is at its bound.
      const next = line.findIndex((waiter) => mayRun(waiter.owner));
      if (next >= 0) line.splice(next, 1)[0]!.admit();
    };
  };

  return {
    load: () => ({ running: total, waiting: line.length }),
    enter(owner, signal) {
      if (signal?.aborted) return Promise.reject(new UploadAbandoned());
      // Whoever waits is held by its account's bound (a turn that frees goes to the first who may
      // take it), so an upload that may run now passes no one.
      if (mayRun(owner)) return Promise.resolve(start(owner));
      const own = line.filter((waiter) => waiter.owner === owner).length;
      if (line.length >= limits.perProcess || own >= limits.perAccount) {
        const whose = runningOf(owner) >= limits.perAccount ? `this account has ${limits.perAccount} uploads` : `the server has ${limits.perProcess} uploads`;
        return Promise.reject(new UploadsBusy(`Too many uploads at once: ${whose} in progress, and others waiting. Try again in a moment.`, retryAfterSeconds));
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          owner,
          admit: () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', leave);
            resolve(start(owner));
          },
        };
        const leaveLine = () => {
          const index = line.indexOf(waiter);
          if (index >= 0) line.splice(index, 1);
          signal?.removeEventListener('abort', leave);
        };
        const leave = () => {
          clearTimeout(timer);
          leaveLine();
          reject(new UploadAbandoned());
        };
        const timer = setTimeout(() => {
          leaveLine();
          reject(new UploadsBusy(`Too many uploads at once: this one waited ${retryAfterSeconds} s for its turn. Try again in a moment.`, retryAfterSeconds));
        }, limits.waitMs);
        line.push(waiter);
        signal?.addEventListener('abort', leave, { once: true });
      });
    },
  };
}
