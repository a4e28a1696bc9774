/**
 * Receiving one uploaded file (multipart, a form field `file`) for the editing API's routes. An
 * upload first waits for its turn (upload-gate.ts: a few per account and per process; too many:
 * 429 with Retry-After). The file then streams to a temporary file, never into memory, and stops at
 * its limit; it is hashed as it comes. Too large: 413; refused by the checks (UploadRefused): 422
 * with their words. A client that hangs up aborts the signal its checks get, so a PDF being read
 * for it stops (pdf-reader.ts). The temporary folder goes whatever happens, so nothing is kept.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PdfReadCancelled } from '../files/pdf-reader';
import { UploadRefused } from '../files/uploads';
import { ApiError, ERROR_CODES } from '../shared/errors';
import { UploadAbandoned, UploadsBusy, type UploadGate } from './upload-gate';

export interface Received {
  path: string;
  fileName: string;
  sha256: string;
  byteSize: number;
}

/** One file per request, and a few small fields at most; each route limits the file's size. */
export async function registerFileUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 } });
}

/** Streams the request's one file into `folder`; answers null when it broke `maxBytes`. */
async function receive(request: FastifyRequest, folder: string, maxBytes: number, what: string): Promise<Received | null> {
  if (!request.isMultipart()) throw new ApiError(415, ERROR_CODES.INVALID_API_INPUT, `Send the ${what} as multipart/form-data, in a field named "file"`);
  const part = await request.file({ limits: { fileSize: maxBytes } });
  if (part === undefined || part.fieldname !== 'file') throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, `Send the ${what} in a form field named "file"`);
  const path = join(folder, 'upload');
  const hash = createHash('sha256');
  let byteSize = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      byteSize += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, measure, createWriteStream(path));
  } catch (error) {
    // The stream stops at the limit: what came so far is thrown away with the folder.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw error;
  }
  if (part.file.truncated) return null;
  return { path, fileName: safeFileName(part.filename, what), sha256: hash.digest('hex'), byteSize };
}

export interface UploadLimit {
  /** The most the file may be: the stream stops here. */
  maxBytes: number;
  /** What the file is, for the refusal ("the most a PDF may be"). */
  what: string;
  /** A narrower limit once the file's name is known (an import takes a CSV, a PDF, an image…). */
  forFile?: (fileName: string) => { maxBytes: number; what: string };
}

/** Whose upload it is, and the gate it waits at. */
export interface UploadTurn {
  gate: UploadGate;
  owner: string;
}

/**
 * Waits for the upload's turn, receives the request's file into a temporary folder and hands it
 * to `use` with a signal that aborts when the client goes away; the folder goes whatever happens.
 */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  turn: UploadTurn,
  limit: UploadLimit,
  use: (received: Received, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const gone = new AbortController();
  // Before the answer is sent, the response only closes when the connection does.
  const hangUp = () => {
    if (!reply.raw.writableEnded) gone.abort();
  };
  reply.raw.once('close', hangUp);
  try {
    const leave = await turn.gate.enter(turn.owner, gone.signal);
    try {
      return await receiveAndUse(request, limit, gone.signal, use);
    } finally {
      leave();
    }
  } catch (error) {
    if (error instanceof UploadsBusy) {
      reply.header('Retry-After', String(error.retryAfterSeconds));
      throw new ApiError(429, ERROR_CODES.TOO_MANY_REQUESTS, error.message);
    }
    if (error instanceof UploadAbandoned || error instanceof PdfReadCancelled)
      throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, 'The upload was cancelled before it was read. Nothing was stored.');
    throw error;
  } finally {
    reply.raw.off('close', hangUp);
  }
}

async function receiveAndUse<T>(
  request: FastifyRequest,
  limit: UploadLimit,
  signal: AbortSignal,
  use: (received: Received, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'literature-upload-'));
  try {
    const received = await receive(request, folder, limit.maxBytes, limit.what);
    const { maxBytes, what } = received === null ? limit : (limit.forFile?.(received.fileName) ?? limit);
    if (received === null || received.byteSize > maxBytes) {
      const name = received === null ? `The ${what}` : received.fileName;
      throw new ApiError(
        413,
        ERROR_CODES.PAYLOAD_TOO_LARGE,
        `${name} is larger than ${maxBytes / 1024 / 1024} MB, the most ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what} may be. Nothing was stored.`,
      );
    }
    return await use(received, signal);
  } catch (error) {
    if (error instanceof UploadRefused) throw new ApiError(422, ERROR_CODES.UNPROCESSABLE, `${error.message.replace(/\.?$/, '.')} Nothing was stored.`);
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The name the file came with, for people: no folders, no control characters; never trusted for its type. */
function safeFileName(name: string, what: string): string {
  const cleaned = basename(name.replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? what : cleaned;
}
