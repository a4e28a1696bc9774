/** Messages between the main thread and the SQLite worker (sqlite-worker.ts). */

export interface WorkerSettings {
  path: string;
  busyTimeoutMs: number;
  /** Int32Array view: see SHARED_* below. */
  shared: SharedArrayBuffer;
  /** Date.now() when the main thread made the shared memory; times in it count from here. */
  clockBase: number;
}

/** PRAGMA data_version as last polled. */
export const SHARED_DATA_VERSION = 0;
/**
 * When the last poll completed, in milliseconds since clockBase (wrapping at 2³¹: compare with
 * int32 subtraction). The main thread sees from it that the worker is alive and the value current.
 */
export const SHARED_POLLED_AT = 1;
/** The main thread bumps this on every look, so the worker polls often only while it is needed. */
export const SHARED_LOOKS = 2;
/** What the worker is busy with: a statement's id, POLLING, or 0 (nothing); and since when (clock as above). */
export const SHARED_RUNNING = 3;
export const SHARED_RUNNING_SINCE = 4;
export const SHARED_LENGTH = 5;
/** SHARED_RUNNING while the worker polls data_version (which waits on a stuck lock as a statement does). */
export const POLLING = -1;

/** Milliseconds since `clockBase`, as an int32 that wraps. */
export const clockSince = (clockBase: number) => (Date.now() - clockBase) | 0;

export interface QueryRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

export type QueryReply =
  { id: number; rows: unknown[]; changes?: number; lastInsertRowid?: number | bigint } | { id: number; error: { message: string; code?: string } };
