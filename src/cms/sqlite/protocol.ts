/** Messages between the main thread and the SQLite worker (sqlite-worker.ts). */

export interface WorkerSettings {
  path: string;
  busyTimeoutMs: number;
  /** Int32Array view: see SHARED_* below. */
  shared: SharedArrayBuffer;
}

/** PRAGMA data_version as last polled. */
export const SHARED_DATA_VERSION = 0;
/** How many polls have completed: the main thread sees the worker is alive and current. */
export const SHARED_POLLS = 1;
/** The main thread bumps this on every look, so the worker polls often only while it is needed. */
export const SHARED_LOOKS = 2;
export const SHARED_LENGTH = 3;

export interface QueryRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

export type QueryReply =
  | { id: number; rows: unknown[]; changes?: number; lastInsertRowid?: number | bigint }
  | { id: number; error: { message: string; code?: string } };
