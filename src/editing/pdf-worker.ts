/**
 * A PDF reader process (pdf-reader.ts starts one per PDF): it takes one task over IPC, answers it
 * and ends, and all its memory goes with it. A refusal comes back as words, since an error's class
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

// Started as a child process: one task, one answer, then the process ends.
if (process.send !== undefined) {
  process.once('message', (task: PdfTask) => {
    void runPdfTask(task).then(
      (result) => process.send!(result, () => process.exit(0)),
      (error: unknown) => {
        process.stderr.write(`PDF reader failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
