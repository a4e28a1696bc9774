/**
 * Undoing an import, as the Import screen and the Trash and imports screen offer it. The question
 * names every sheet and field the import changed; undoing puts back exactly those. When something
 * changed one of them since (an editor's publish, a later import), the server refuses and names
 * them, and the editor chooses: undo the rest and keep those later changes, or leave the import.
 */
import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal } from 'react-aria-components';
import { call, StudioError, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';

/** What an undo did, and a field changed since the import that it left or would take back. */
export type UndoneImport = AnswerOf<typeof editingApi.imports.undo>;
type LaterChange = UndoneImport['kept'][number];
import { fieldName, shownValue } from '../common/field-names';
import { wordsOf } from '../common/parts';

interface ImportUndoProps {
  context: StudioContext;
  importId: string;
  /** The button's name for screen readers when "Undo" is not enough. */
  ariaLabel?: string;
  label?: string;
  isDisabled?: boolean;
  onDone: (message: { text: string; failed: boolean }) => void;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "Description (German)", or the whole sheet. */
const fieldWords = (field: string) => (field === '' ? 'the sheet as a whole' : fieldName(field.split('.')));

/** What an undo did, in words. */
export function undoneWords(done: UndoneImport): string {
  const parts = [
    `${plural(done.restored, 'sheet')} put back as ${done.restored === 1 ? 'it was' : 'they were'}`,
    `${done.removed} added by the import moved to the trash`,
    done.skipped > 0 ? `${done.skipped} deleted since left in the trash` : '',
    done.kept.length > 0 ? `${plural(done.kept.length, 'later change')} kept` : '',
  ].filter(Boolean);
  return `The import was undone: ${parts.join(', ')}.`;
}

export function ImportUndo({ context, importId, ariaLabel, label = 'Undo this import', isDisabled = false, onDone }: ImportUndoProps) {
  const [details, setDetails] = useState<AnswerOf<typeof editingApi.imports.details> | null>(null);
  const [later, setLater] = useState<LaterChange[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const params = { id: importId };

  const open = async () => {
    setLater(null);
    setFailure(null);
    setDetails(null);
    try {
      setDetails(await call(context, { operation: editingApi.imports.details, params }));
    } catch (error) {
      setFailure(wordsOf(error));
    }
  };

  const undo = async (keepLater: boolean, close: () => void) => {
    setBusy(true);
    try {
      const done = await call(context, { operation: editingApi.imports.undo, params, body: { keepLater } });
      close();
      onDone({ text: undoneWords(done), failed: false });
    } catch (error) {
      const found = error instanceof StudioError && error.status === 409 ? (error.details as { later?: LaterChange[] }).later : undefined;
      if (found !== undefined) setLater(found);
      else setFailure(wordsOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogTrigger onOpenChange={(isOpen) => isOpen && void open()}>
      <Button className="studio-button studio-button--small" isDisabled={isDisabled} {...(ariaLabel === undefined ? {} : { 'aria-label': ariaLabel })}>
        {label}
      </Button>
      <Modal isDismissable className="studio-modal studio-modal--wide">
        <Dialog role="alertdialog" className="studio-dialog">
          {({ close }) => (
            <>
              <Heading slot="title">{later === null ? 'Undo this import?' : 'Changed since the import'}</Heading>
              {failure !== null && (
                <p className="studio-error" role="alert">
                  {failure}
                </p>
              )}
              {details === null && failure === null && <p>Reading what the import changed…</p>}
              {details !== null && later === null && (
                <>
                  <p>
                    {details.into === 'drafts'
                      ? `${details.summary}. Undoing puts back exactly what it changed in each draft, and moves the drafts it made of new sheets into the trash; the site is not touched, and every version stays in each sheet’s history.`
                      : `${details.summary}. Undoing puts back exactly what it changed, and takes the sheets it added off the site into the trash; every version stays in each sheet’s history.`}
                  </p>
                  <ul className="studio-problems" aria-label="What the undo puts back">
                    {details.sheets.map((sheet) => (
                      <li key={sheet.id}>
                        <strong>{sheet.label}</strong>:{' '}
                        {sheet.added
                          ? `added by the import: ${details.into === 'drafts' ? 'its draft moved to the trash' : 'taken off the site'}`
                          : sheet.fields.map((field) => fieldWords(field)).join(', ')}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {later !== null && (
                <>
                  <p role="alert">
                    {plural(later.length, 'field')} the import changed {later.length === 1 ? 'was' : 'were'} changed again since. Nothing has been undone yet.
                    Undo the rest and keep these later changes, or keep the import as it is.
                  </p>
                  <table className="studio-table studio-compare__table">
                    <caption className="studio-visually-hidden">Fields changed since the import</caption>
                    <thead>
                      <tr>
                        <th scope="col">Sheet</th>
                        <th scope="col">Field</th>
                        <th scope="col">The import made it</th>
                        <th scope="col">Now</th>
                      </tr>
                    </thead>
                    <tbody>
                      {later.map((change) => (
                        <tr key={`${change.sheet} ${change.field}`}>
                          <th scope="row">{change.sheet}</th>
                          <td data-column="Field">{fieldWords(change.field)}</td>
                          <td data-column="The import made it">{shownValue(change.imported)}</td>
                          <td data-column="Now">{shownValue(change.now)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </>
              )}
              <div className="studio-dialog__actions">
                <Button className="studio-button" autoFocus onPress={close}>
                  Keep the import
                </Button>
                {later === null ? (
                  <Button className="studio-button studio-button--quiet" isDisabled={busy || details === null} onPress={() => void undo(false, close)}>
                    Undo the import
                  </Button>
                ) : (
                  <Button className="studio-button studio-button--quiet" isDisabled={busy} onPress={() => void undo(true, close)}>
                    Undo the rest, keep these changes
                  </Button>
                )}
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}
