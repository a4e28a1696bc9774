/**
 * The files of an import as they go up: each listed with its own progress, sent one after another
 * and checked as it arrives, and sent again when the server asks the account to wait.
 */
import { useState } from 'react';
import { sendFile, StudioError, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { wordsOf } from '../common/parts';

export interface SentFile {
  id: number;
  name: string;
  percent: number;
  state: 'waiting' | 'sending' | 'checking' | 'done' | 'failed';
  message: string;
}

/** A file waiting its turn, with the id its line of progress goes by. */
interface QueuedFile {
  file: File;
  id: number;
}

let nextId = 0;

/** The files of the open import and how far each got; `sendEach` sends queued files to the import `at`. */
export function useSentFiles(context: StudioContext) {
  const [sent, setSent] = useState<SentFile[]>([]);

  const update = (id: number, change: Partial<SentFile>) => setSent((all) => all.map((file) => (file.id === id ? { ...file, ...change } : file)));

  /** Lists the files as waiting, before the import they go to is known. */
  function queue(files: File[]): QueuedFile[] {
    const queued = files.map((file) => ({ file, id: nextId++ }));
    // A file chosen again (corrected) takes the place of the one of its name.
    const names = new Set(files.map((file) => file.name));
    setSent((all) => [
      ...all.filter((file) => !names.has(file.name)),
      ...queued.map(({ file, id }) => ({ id, name: file.name, percent: 0, state: 'waiting' as const, message: 'Waiting…' })),
    ]);
    return queued;
  }

  /** Sends the files one after another (a zip must come alone); true when every one arrived. */
  async function sendEach(at: string, queued: QueuedFile[]): Promise<boolean> {
    let failed = false;
    for (const { file, id } of queued) {
      try {
        await sendPaced(context, at, file, (change) => update(id, change));
        update(id, {
          percent: 100,
          state: 'done',
          message: /\.(?:csv|xlsx)$/i.test(file.name) ? 'Received' : /\.zip$/i.test(file.name) ? 'Unpacked and checked' : 'Checked',
        });
      } catch (error) {
        failed = true;
        update(id, { state: 'failed', message: wordsOf(error) });
      }
    }
    return !failed;
  }

  const clear = () => setSent([]);

  return { sent, queue, sendEach, clear };
}

/** Sends one file; when the account has made its changes for the minute (429), waits as long as the server says, and sends it again. */
async function sendPaced(context: StudioContext, at: string, file: File, update: (change: Partial<SentFile>) => void): Promise<void> {
  for (;;) {
    update({ state: 'sending', percent: 0, message: 'Sending…' });
    try {
      await sendFile(context, { operation: editingApi.importUploads.addFile, params: { token: at } }, file, (percent) =>
        update(percent < 100 ? { percent } : { percent, state: 'checking', message: 'Checking the file…' }),
      );
      return;
    } catch (error) {
      const wait = error instanceof StudioError && error.status === 429 ? (error.details.retryAfterSeconds ?? 10) : null;
      if (wait === null) throw error;
      update({ state: 'waiting', message: `Waiting ${wait} s: the server takes a limited number of changes a minute from one account.` });
      await new Promise((resume) => setTimeout(resume, wait * 1000));
    }
  }
}
