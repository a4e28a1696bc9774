/**
 * A PDF reader process (pdf-reader.ts starts them, and ends each after some PDFs): it takes tasks
 * over IPC one at a time and answers each with its memory use, so that one grown big is replaced. A refusal comes back as words, since an error's class
 * does not survive the trip between processes.
 */
import { readFile } from 'node:fs/promises';
import { checkPdfBytes, PdfRefused, readDocumentText, type CheckedDocument } from './pdf-reading';

export type PdfTask =
  /** Check the uploaded file at `path`, as an upload is checked. */
  | { kind: 'check'; path: string; textPages: number }
  /** The text of a stored document, for search. */
  | { kind: 'text'; bytes: Uint8Array; textPages: number };

export type PdfTaskResult = { kind: 'checked'; document: CheckedDocument } | { kind: 'refused'; message: string } | { kind: 'text'; text: string | null };

export async function runPdfTask(task: PdfTask): Promise<PdfTaskResult> {
  if (task.kind === 'text') return { kind: 'text', text: await readDocumentText(task.bytes, task.textPages) };
  try {
    // The bytes are read here, in the reader process, whose memory is bounded and freed with it.
    return { kind: 'checked', document: await checkPdfBytes(await readFile(task.path), task.textPages) };
  } catch (error) {
    if (error instanceof PdfRefused) return { kind: 'refused', message: error.message };
    throw error;
  }
}

/** What the reader process sends back: the task's result, and the process's memory after it. */
export interface PdfAnswer {
  result: PdfTaskResult;
  rss: number;
}

// Started as a child process (pdf-reader.ts): one task at a time, until it is ended.
if (process.send !== undefined) {
  process.on('message', (task: PdfTask) => {
    void runPdfTask(task).then(
      (result) => process.send!({ result, rss: process.memoryUsage().rss } satisfies PdfAnswer),
      (error: unknown) => {
        process.stderr.write(`PDF reader failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
