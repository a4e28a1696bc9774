/**
 * One PDF worker of the pool pdf-reader.ts keeps (piscina runs the default export for each task).
 * A refusal comes back as words, since an error's class does not survive the trip between threads.
 */
import { readFile } from 'node:fs/promises';
import { checkPdfBytes, PdfRefused, readDocumentText, type CheckedDocument } from './pdf-reading';

export type PdfTask =
  /** Check the uploaded file at `path`, as an upload is checked. */
  | { kind: 'check'; path: string; textPages: number }
  /** The text of a stored document, for search. */
  | { kind: 'text'; bytes: Uint8Array; textPages: number };

export type PdfTaskResult = { kind: 'checked'; document: CheckedDocument } | { kind: 'refused'; message: string } | { kind: 'text'; text: string | null };

export default async function runPdfTask(task: PdfTask): Promise<PdfTaskResult> {
  if (task.kind === 'text') return { kind: 'text', text: await readDocumentText(task.bytes, task.textPages) };
  try {
    // The bytes are read here, in the worker, whose memory is bounded and freed with it.
    return { kind: 'checked', document: await checkPdfBytes(await readFile(task.path), task.textPages) };
  } catch (error) {
    if (error instanceof PdfRefused) return { kind: 'refused', message: error.message };
    throw error;
  }
}
