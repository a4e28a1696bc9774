/**
 * A sheet's history: every version (saves folded per editor within ten minutes, publishes, imports,
 * restores), any two compared field by field, and any one restored as the new draft (publish it to
 * show it to visitors). Restoring saves what is on screen first, so nothing typed is lost.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { call, type SheetView, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';

type Version = AnswerOf<typeof editingApi.sheets.versions>[number];
type FieldChange = AnswerOf<typeof editingApi.sheets.compare>[number];
import { fieldName, shownValue } from '../common/field-names';
import { Choose, Notice, RowLabel } from '../common/parts';

const EVENTS: Record<string, string> = {
  original: 'As it was before editing began',
  create: 'Created',
  save: 'Saved',
  publish: 'Published',
  unpublish: 'Unpublished',
  restore: 'Restored from an earlier version',
  delete: 'Moved to the trash',
  'restore-from-trash': 'Restored from the trash',
  import: 'Imported',
  'undo-import': 'Import undone',
  'undo-import-taken-back': 'Undo of an import taken back',
};

interface SheetHistoryProps {
  context: StudioContext;
  view: SheetView;
  hold: <T>(run: (revision: number) => Promise<T>) => Promise<T | null>;
  onRestored: (answer: SheetView) => void;
}

export function SheetHistory({ context, view, hold, onRestored }: SheetHistoryProps) {
  const [open, setOpen] = useState(false);
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [pair, setPair] = useState<{ from: number; to: number } | null>(null);
  const [changes, setChanges] = useState<FieldChange[] | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const id = view.id;
  const choices = (versions ?? []).map((version) => ({ id: version.number, name: `Version ${version.number}: ${EVENTS[version.event] ?? version.event}` }));

  // Asked again whenever the sheet moves on (a save, a publish), while the history is open.
  useEffect(() => {
    if (!open) return;
    call(context, { operation: editingApi.sheets.versions, params: { id } }).then(
      (answer) => {
        setVersions(answer);
        setPair((now) => now ?? (answer.length >= 2 ? { from: answer[1]!.number, to: answer[0]!.number } : null));
      },
      (error: unknown) => setMessage({ text: error instanceof Error ? error.message : String(error), failed: true }),
    );
  }, [context, open, id, view.revision]);

  useEffect(() => {
    if (pair === null) return;
    // Only the answer for the pair chosen last is shown.
    let current = true;
    call(context, { operation: editingApi.sheets.compare, params: { id }, query: pair }).then(
      (answer) => current && setChanges(answer),
      (error: unknown) => current && setMessage({ text: error instanceof Error ? error.message : String(error), failed: true }),
    );
    return () => {
      current = false;
    };
  }, [context, pair, id]);

  const restore = useCallback(
    async (number: number) => {
      setMessage(null);
      try {
        const answer = await hold((revision) =>
          call(context, { operation: editingApi.sheets.restore, params: { id, number: String(number) }, body: { revision } }),
        );
        if (answer === null) throw new Error('Fix the marked fields first: the sheet must be saved before a version is restored.');
        onRestored(answer);
        setMessage({ text: `Version ${number} is the draft now. Publish it to show it to visitors.`, failed: false });
      } catch (error) {
        setMessage({ text: error instanceof Error ? error.message : String(error), failed: true });
      }
    },
    [context, hold, onRestored, id],
  );

  return (
    <Disclosure className="studio-panel studio-history" isExpanded={open} onExpandedChange={setOpen}>
      <Heading level={2} className="studio-preview__heading">
        <Button slot="trigger" className="studio-disclosure">
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> History
        </Button>
      </Heading>
      <DisclosurePanel>
        <Notice outcome={message} />
        {versions === null ? (
          <p>Loading the versions…</p>
        ) : (
          <>
            <ol className="studio-rows" reversed aria-label="Versions, newest first">
              {versions.map((version) => (
                <li key={version.number}>
                  <RowLabel
                    title={
                      <>
                        Version {version.number}: {EVENTS[version.event] ?? version.event}
                      </>
                    }
                  >
                    {new Date(version.updatedAt).toLocaleString()} by {version.actor}
                  </RowLabel>
                  <Button
                    className="studio-button studio-button--small studio-button--quiet"
                    onPress={() => void restore(version.number)}
                    aria-label={`Restore version ${version.number} as the draft`}
                  >
                    Restore as the draft
                  </Button>
                </li>
              ))}
            </ol>
            {pair !== null && versions.length >= 2 && (
              <div className="studio-compare">
                <h3>Compare two versions</h3>
                <div className="studio-sheets__tools">
                  <Choose label="From" items={choices} value={pair.from} onChange={(from) => setPair({ ...pair, from })} />
                  <Choose label="To" items={choices} value={pair.to} onChange={(to) => setPair({ ...pair, to })} />
                </div>
                {changes === null ? null : changes.length === 0 ? (
                  <p>These two versions are the same.</p>
                ) : (
                  <table className="studio-table studio-compare__table">
                    <caption className="studio-visually-hidden">
                      What changed from version {pair.from} to version {pair.to}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">Field</th>
                        <th scope="col">Version {pair.from}</th>
                        <th scope="col">Version {pair.to}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {changes.map((change) => (
                        <tr key={change.field}>
                          <th scope="row">{fieldName(change.field.split('.'))}</th>
                          <td data-column={`Version ${pair.from}`}>{shownValue(change.before)}</td>
                          <td data-column={`Version ${pair.to}`}>{shownValue(change.after)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </div>
            )}
          </>
        )}
      </DisclosurePanel>
    </Disclosure>
  );
}
