/**
 * Trash and imports: deleted sheets, each restorable as it was (on the site again if it was), and
 * the last imports, each undoable as a whole. Nothing here is lost: a restored sheet keeps its
 * history, and an undone import leaves what it added in the trash.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Button, Link } from 'react-aria-components';
import { call, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';

type Trashed = AnswerOf<typeof editingApi.trash.list>[number];
type ImportEntry = AnswerOf<typeof editingApi.imports.list>[number];
import { ImportUndo } from '../imports/undo';
import { Notice, RowLabel } from '../common/parts';

/** Where an import is, after who made it and when ("" for one that is simply in). */
function importState(entry: ImportEntry): string {
  const when = (at: string) => new Date(at).toLocaleString();
  if (entry.undoneAt !== null)
    return entry.undoCutOff ? `; its undo of ${when(entry.undoneAt)} stopped part-way: finish it to undo the rest` : `; undone ${when(entry.undoneAt)}`;
  if (entry.applying) return '; being applied';
  return entry.applyCutOff ? '; applying it stopped part-way: undo it to take back what it applied' : '';
}

export function TrashScreen({ context }: { context: StudioContext }) {
  const [trash, setTrash] = useState<Trashed[] | null>(null);
  const [imports, setImports] = useState<ImportEntry[] | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean; sheet?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const read = useCallback(
    () => Promise.all([call(context, { operation: editingApi.trash.list }), call(context, { operation: editingApi.imports.list })]),
    [context],
  );
  const show = ([trashed, imported]: [Trashed[], ImportEntry[]]) => {
    setTrash(trashed);
    setImports(imported);
  };

  // Read as the screen opens; the lists are shown once the answer is in.
  useEffect(() => {
    read().then(show, (error: unknown) => setMessage({ text: error instanceof Error ? error.message : String(error), failed: true }));
  }, [read]);

  const deletedHeading = useRef<HTMLHeadingElement>(null);
  const importsHeading = useRef<HTMLHeadingElement>(null);

  /** Runs an action; the row it was on goes, so the keyboard is put at the top of its list. */
  const act = async (run: () => Promise<{ text: string; sheet?: string }>, list: RefObject<HTMLHeadingElement | null>) => {
    setBusy(true);
    try {
      setMessage({ ...(await run()), failed: false });
      show(await read());
      list.current?.focus();
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="studio-trash" aria-labelledby="trash-heading">
      <h1 id="trash-heading">Trash and imports</h1>
      <Notice outcome={message}>
        {message?.sheet !== undefined && (
          <>
            {' '}
            <Link href={`${context.basePath}/studio/sheets/${encodeURIComponent(message.sheet)}`}>Open it</Link>
          </>
        )}
      </Notice>
      <div className="studio-panel">
        <h2 ref={deletedHeading} tabIndex={-1}>
          Deleted sheets
        </h2>
        {trash === null ? (
          <p>Loading…</p>
        ) : trash.length === 0 ? (
          <p>The trash is empty.</p>
        ) : (
          <ul className="studio-rows">
            {trash.map((entry) => (
              <li key={entry.id}>
                <RowLabel title={<>{entry.label}</>}>
                  Deleted {new Date(entry.deletedAt).toLocaleString()} by {entry.deletedBy}
                  {entry.wasPublished ? '; it was on the site and goes back on when restored' : ''}
                </RowLabel>
                <Button
                  className="studio-button studio-button--small"
                  isDisabled={busy}
                  aria-label={`Restore ${entry.label}`}
                  onPress={() =>
                    void act(async () => {
                      await call(context, { operation: editingApi.trash.restore, params: { id: entry.id } });
                      return { text: `${entry.label} is back.`, sheet: entry.id };
                    }, deletedHeading)
                  }
                >
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="studio-panel">
        <h2 ref={importsHeading} tabIndex={-1}>
          Last imports
        </h2>
        {imports === null ? (
          <p>Loading…</p>
        ) : imports.length === 0 ? (
          <p>No import yet.</p>
        ) : (
          <ul className="studio-rows">
            {imports.map((entry) => (
              <li key={entry.id}>
                <RowLabel title={<>{entry.summary}</>}>
                  {new Date(entry.at).toLocaleString()} by {entry.by}
                  {importState(entry)}
                </RowLabel>
                {((entry.undoneAt === null && !entry.applying) || entry.undoCutOff) && (
                  <ImportUndo
                    context={context}
                    importId={entry.id}
                    label={entry.undoCutOff ? 'Finish the undo' : 'Undo'}
                    ariaLabel={`${entry.undoCutOff ? 'Finish the undo of' : 'Undo'} the import of ${new Date(entry.at).toLocaleString()}`}
                    isDisabled={busy}
                    onDone={(done) => void act(async () => done, importsHeading)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
