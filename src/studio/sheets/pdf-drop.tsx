/**
 * PDFs to sheets: drop one or many PDFs on the Sheets screen, or pick them. Each becomes a draft
 * sheet the server proposes (title, description, the PDF, page 1 as its image); each file shows
 * its own progress, and one that fails says why while the others go on: a file that is not a PDF,
 * a PDF a sheet already has (with a link to that sheet), and a PDF without text (a scan, which
 * search cannot find until the sheet is given a description) all say so. A few are sent at once,
 * the others wait their turn; one the server is too busy for (429 or 503 with Retry-After) is sent
 * again when the server says, for up to two minutes before it is said to have failed.
 */
import { useState } from 'react';
import { Button, DropZone, FileTrigger, isFileDropItem, Link, Text } from 'react-aria-components';
import { createTurns } from '../../shared/turns';
import { sendFile, StudioError, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';

/** What the server answers for a PDF made into a sheet. */
type Made = AnswerOf<typeof editingApi.sheets.fromPdf>;

/** PDFs sent at once: below the server's bound per account (UPLOADS_PER_ACCOUNT, 4 by default), so that an image can go up meanwhile. */
const SENT_AT_ONCE = 3;
/** How long one file keeps being sent again when the server asks it to come back later, before it is said to have failed. */
const RETRY_FOR_MS = 120_000;

interface Upload {
  id: number;
  name: string;
  /** 0 to 100 while the file goes up; then the server reads it. */
  percent: number;
  state: 'waiting' | 'sending' | 'reading' | 'done' | 'failed' | 'warned';
  message: string;
  /** The sheet this file made, or the one that has it already. */
  sheet?: { id: string; label: string };
}

/** What a dropped file is by its name, for a file that is not a PDF. */
const KINDS: Array<[RegExp, string]> = [
  [/\.docx?$/i, 'a Word document'],
  [/\.xlsx?$/i, 'an Excel workbook'],
  [/\.(png|jpe?g|gif|webp|avif|tiff?)$/i, 'an image'],
  [/\.(zip|csv)$/i, 'an import file (use Import for CSVs and zips)'],
];
const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

let nextId = 0;

/** Seconds the server asked this file to wait before it is sent again, or null when it refused it for good. */
function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof StudioError) || (error.status !== 429 && error.status !== 503)) return null;
  return error.details.retryAfterSeconds ?? null;
}

/** What the editor is told of a sheet made from a PDF. */
function madeMessage({ label, textless, pages }: Made): string {
  const made = textless
    ? `Draft “${label}” made, but no text could be read from this PDF (a scan?): search will not find it until you give it a title and description.`
    : `Draft “${label}” made: check it, then publish.`;
  if (pages === undefined || pages.textRead >= pages.count) return made;
  return `${made} Its text was read from the first ${pages.textRead.toLocaleString()} of ${pages.count.toLocaleString()} pages; search finds what is on those.`;
}

export function PdfDrop({ context, onCreated }: { context: StudioContext; onCreated: () => void }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [turns] = useState(() => createTurns(SENT_AT_ONCE));
  const update = (id: number, change: Partial<Upload>) => setUploads((all) => all.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  /** Sends one PDF in its turn; again when the server asks it to come back. */
  const send = async (file: File, id: number): Promise<Made> => {
    const end = await turns.take();
    const giveUpAt = Date.now() + RETRY_FOR_MS;
    try {
      for (;;) {
        try {
          return await sendFile(context, { operation: editingApi.sheets.fromPdf }, file, (percent) =>
            update(
              id,
              percent < 100 ? { state: 'sending', percent, message: `Sending… ${percent}%` } : { percent, state: 'reading', message: 'Reading the PDF…' },
            ),
          );
        } catch (error) {
          const seconds = retryAfterOf(error);
          if (seconds === null || Date.now() + seconds * 1000 > giveUpAt) throw error;
          update(id, { state: 'waiting', percent: 0, message: `The server is busy with other uploads: sending it again in ${seconds} s.` });
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        }
      }
    } finally {
      end();
    }
  };

  const start = (files: File[]) => {
    for (const file of files) {
      const id = nextId++;
      if (!isPdf(file)) {
        const kind = KINDS.find(([pattern]) => pattern.test(file.name))?.[1] ?? 'not a PDF';
        const message = `Not a PDF: ${file.name} is ${kind}. Save or export it as a PDF, then drop the PDF here.`;
        setUploads((all) => [...all, { id, name: file.name, percent: 0, state: 'failed', message }]);
        continue;
      }
      setUploads((all) => [...all, { id, name: file.name, percent: 0, state: 'waiting', message: 'Waiting to be sent…' }]);
      send(file, id).then(
        (made) => {
          update(id, { percent: 100, state: made.textless ? 'warned' : 'done', sheet: { id: made.id, label: made.label }, message: madeMessage(made) });
          onCreated();
        },
        (error: unknown) => {
          const sheet = error instanceof StudioError ? (error.details as { sheet?: { id: string; label: string } }).sheet : undefined;
          update(id, { state: 'failed', message: error instanceof Error ? error.message : String(error), ...(sheet === undefined ? {} : { sheet }) });
        },
      );
    }
  };

  return (
    <div className="studio-drop">
      <DropZone
        className="studio-drop__zone"
        // Every file is taken, so that one that is not a PDF can say why it was not used.
        getDropOperation={() => 'copy'}
        onDrop={async (event) => {
          const files = await Promise.all(event.items.filter(isFileDropItem).map((item) => item.getFile()));
          start(files);
        }}
      >
        <Text slot="label">Drop PDF literature sheets here to make draft sheets from them, or</Text>{' '}
        <FileTrigger acceptedFileTypes={['application/pdf']} allowsMultiple onSelect={(list) => list && start([...list])}>
          <Button className="studio-button">Choose PDFs</Button>
        </FileTrigger>
      </DropZone>
      {uploads.length > 0 && (
        <ul className="studio-uploads" aria-label="PDFs sent">
          {uploads.map((upload) => (
            <li key={upload.id} className={`studio-upload studio-upload--${upload.state}`}>
              <span className="studio-upload__name">{upload.name}</span>
              <progress max={100} value={upload.state === 'reading' ? undefined : upload.percent} aria-label={`${upload.name}: ${upload.message}`} />
              <span role={upload.state === 'failed' ? 'alert' : 'status'}>
                {upload.message}
                {upload.sheet !== undefined && (
                  <>
                    {' '}
                    <Link href={`${context.basePath}/studio/sheets/${encodeURIComponent(upload.sheet.id)}`}>Open “{upload.sheet.label}”</Link>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
