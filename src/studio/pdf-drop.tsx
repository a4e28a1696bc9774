/**
 * PDFs to sheets: drop one or many PDFs on the Sheets screen, or pick them. Each becomes a draft
 * sheet the server proposes (title, description, the PDF, page 1 as its image); each file shows
 * its own progress, and one that fails says why while the others go on: a file that is not a PDF,
 * a PDF a sheet already has (with a link to that sheet), and a PDF without text (a scan, which
 * search cannot find until the sheet is given a description) all say so.
 */
import { useState } from 'react';
import { Button, DropZone, FileTrigger, isFileDropItem, Link, Text } from 'react-aria-components';
import { sendFile, StudioError, type StudioContext } from './api';

interface Upload {
  id: number;
  name: string;
  /** 0 to 100 while the file goes up; then the server reads it. */
  percent: number;
  state: 'sending' | 'reading' | 'done' | 'failed' | 'warned';
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

export function PdfDrop({ context, onCreated }: { context: StudioContext; onCreated: () => void }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const update = (id: number, change: Partial<Upload>) => setUploads((all) => all.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const start = (files: File[]) => {
    for (const file of files) {
      const id = nextId++;
      if (!isPdf(file)) {
        const kind = KINDS.find(([pattern]) => pattern.test(file.name))?.[1] ?? 'not a PDF';
        const message = `Not a PDF: ${file.name} is ${kind}. Save or export it as a PDF, then drop the PDF here.`;
        setUploads((all) => [...all, { id, name: file.name, percent: 0, state: 'failed', message }]);
        continue;
      }
      setUploads((all) => [...all, { id, name: file.name, percent: 0, state: 'sending', message: 'Sending…' }]);
      sendFile<{ id: string; label: string; textless: boolean }>(context, 'POST', '/sheets/from-pdf', file, (percent) =>
        update(id, percent < 100 ? { percent, message: `Sending… ${percent}%` } : { percent, state: 'reading', message: 'Reading the PDF…' }),
      ).then(
        ({ id: sheetId, label, textless }) => {
          update(id, {
            percent: 100,
            state: textless ? 'warned' : 'done',
            sheet: { id: sheetId, label },
            message: textless
              ? `Draft “${label}” made, but no text could be read from this PDF (a scan?): search will not find it until you give it a title and description.`
              : `Draft “${label}” made: check it, then publish.`,
          });
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
