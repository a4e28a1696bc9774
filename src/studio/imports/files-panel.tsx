/**
 * The Files panel of the Import screen: choosing or dropping the files, each file's progress as it
 * goes up, and, once an import is open, its options and the way to cancel it.
 */
import { Button, Checkbox, DropZone, FileTrigger, isFileDropItem, Text } from 'react-aria-components';
import { IMPORT_EXTENSIONS } from '../../shared/import-files';
import type { ImportSession } from './session';
import type { SentFile } from './uploads';
import { Choose } from '../common/parts';

export function ImportFilesPanel({ session }: { session: ImportSession }) {
  return (
    <div className="studio-panel">
      <h2>Files</h2>
      <FileChooser isDisabled={session.busy} onChoose={session.add} />
      <SentFileList sent={session.sent} />
      {session.token !== null && <ImportOptions session={session} />}
    </div>
  );
}

function FileChooser({ isDisabled, onChoose }: { isDisabled: boolean; onChoose: (files: File[]) => Promise<void> }) {
  return (
    <DropZone
      className="studio-drop__zone"
      isDisabled={isDisabled}
      onDrop={async (event) => void onChoose(await Promise.all(event.items.filter(isFileDropItem).map((item) => item.getFile())))}
    >
      <Text slot="label">Drop a CSV or an Excel workbook (.xlsx) and its files, or one zip, here, or</Text>{' '}
      <FileTrigger acceptedFileTypes={[...IMPORT_EXTENSIONS]} allowsMultiple onSelect={(list) => list && void onChoose([...list])}>
        <Button className="studio-button" isDisabled={isDisabled}>
          Choose files
        </Button>
      </FileTrigger>
    </DropZone>
  );
}

/** Each file of the import with its progress: sending, checking, and how it ended. */
function SentFileList({ sent }: { sent: SentFile[] }) {
  if (sent.length === 0) return null;
  return (
    <ul className="studio-uploads" aria-label="Files of this import">
      {sent.map((file) => (
        <li key={file.id} className={`studio-upload studio-upload--${file.state}`}>
          <span className="studio-upload__name">{file.name}</span>
          <progress max={100} value={file.state === 'checking' ? undefined : file.percent} aria-label={`${file.name} sent`} />
          <span role={file.state === 'failed' ? 'alert' : 'status'}>{file.message}</span>
        </li>
      ))}
    </ul>
  );
}

/** The open import's options, each compared again as it changes, and cancelling it. */
function ImportOptions({ session }: { session: ImportSession }) {
  const { collections, collection, removeUnlisted, busy } = session;
  return (
    <div className="studio-sheets__tools">
      {collections.length > 1 && (
        <Choose
          label="Collection a CSV fills"
          items={collections.map((entry) => ({ id: entry.id, name: entry.title }))}
          value={collection}
          onChange={session.chooseCollection}
          isDisabled={busy}
        />
      )}
      <Checkbox className="studio-checkbox" isSelected={removeUnlisted} isDisabled={busy} onChange={session.chooseRemoveUnlisted}>
        <span className="studio-checkbox__box" aria-hidden="true" />
        Take the sheets the file does not list off the collection (they stay in the store)
      </Checkbox>
      <Button className="studio-button studio-button--quiet" isDisabled={busy} onPress={() => void session.cancel()}>
        Cancel the import
      </Button>
    </div>
  );
}
