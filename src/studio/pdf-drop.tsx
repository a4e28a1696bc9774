/**
 * PDFs to sheets: drop one or many PDFs on the Sheets screen, or pick them. Each becomes a draft
 * sheet the server proposes (title, description, the PDF, page 1 as its image); each file shows
 * its own progress, and one that fails says why while the others go on.
 */
import { useState } from 'react';
import { Button, DropZone, FileTrigger, isFileDropItem, Text } from 'react-aria-components';
import { sendFile, type StudioContext } from './api';

interface Upload {
  id: number;
  name: string;
  /** 0 to 100 while the file goes up; then the server reads it. */
  percent: number;
  state: 'sending' | 'reading' | 'done' | 'failed';
  message: string;
}

let nextId = 0;

export function PdfDrop({ context, onCreated }: { context: StudioContext; onCreated: () => void }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const update = (id: number, change: Partial<Upload>) => setUploads((all) => all.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const start = (files: File[]) => {
    for (const file of files) {
      const id = nextId++;
      setUploads((all) => [...all, { id, name: file.name, percent: 0, state: 'sending', message: 'Sending…' }]);
      sendFile<{ label: string }>(context, 'POST', '/sheets/from-pdf', file, (percent) =>
        update(id, percent < 100 ? { percent, message: `Sending… ${percent}%` } : { percent, state: 'reading', message: 'Reading the PDF…' }),
      ).then(
        ({ label }) => {
          update(id, { percent: 100, state: 'done', message: `Draft “${label}” made: check it, then publish.` });
          onCreated();
        },
        (error: unknown) => update(id, { state: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    }
  };

  return (
    <div className="studio-drop">
      <DropZone
        className="studio-drop__zone"
        getDropOperation={(types) => (types.has('application/pdf') ? 'copy' : 'cancel')}
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
              <span role={upload.state === 'failed' ? 'alert' : 'status'}>{upload.message}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
