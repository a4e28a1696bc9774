/**
 * What the import would do, as the Import screen shows it before anything changes: the comparison
 * record by record and field by field, or the problems that keep the files from being imported;
 * and the button that applies it.
 */
import type { RefObject } from 'react';
import { Button } from 'react-aria-components';
import { shownValue } from '../common/field-names';
import { plural, planFieldName, type Comparison, type ImportProblems, type PlanAction, type PlanEntry } from './plan';

interface ImportProposalProps {
  comparison: Comparison | null;
  problems: ImportProblems | null;
  isBusy: boolean;
  /** Takes the keyboard after new files are compared. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onApply: () => void;
}

/** The panel of the comparison, or of the problems, with the button that applies the import. */
export function ImportProposal({ comparison, problems, isBusy, headingRef, onApply }: ImportProposalProps) {
  if (comparison === null && problems === null) return null;
  const changes = comparison?.plan.entries.filter((entry) => entry.action !== 'keep').length ?? 0;
  return (
    <div className="studio-panel">
      <h2 ref={headingRef} tabIndex={-1}>
        {problems !== null ? 'Cannot be imported' : 'What the import would do'}
      </h2>
      {problems !== null ? (
        <div role="alert">
          <p className="studio-error">{problems.message}</p>
          {problems.problems.length > 0 && (
            <ul className="studio-problems">
              {problems.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <p>Correct the file and choose it again, or cancel the import.</p>
        </div>
      ) : (
        comparison !== null && <ComparisonView comparison={comparison} />
      )}
      {comparison !== null && (
        <div className="studio-dialog__actions">
          <Button className="studio-button" isDisabled={isBusy || changes === 0} onPress={onApply}>
            Apply the import
          </Button>
        </div>
      )}
    </div>
  );
}

/** The comparison's groups of records, by what the import does to them. */
const GROUPS: Array<{ action: PlanAction; title: string }> = [
  { action: 'add', title: 'Added' },
  { action: 'change', title: 'Changed' },
  { action: 'remove', title: 'Taken off the collection' },
  { action: 'keep', title: 'Left alone' },
];
const SHEET = (entry: PlanEntry) => entry.kind === 'sheet';

/** Where the rows come from, as the editor chose them: a CSV, an Excel workbook (read as a CSV is), or an export folder. */
const sourceWords = ({ source, files }: Comparison) =>
  source === 'folder' ? 'From the export folder' : files.some((name) => /\.xlsx$/i.test(name)) ? 'From the Excel workbook' : 'From the CSV';

function ComparisonView({ comparison }: { comparison: Comparison }) {
  const { entries, summary, live, notes } = comparison.plan;
  const others = entries.filter((entry) => !SHEET(entry) && entry.action !== 'keep' && entry.action !== 'remove');
  const groups = GROUPS.map((group) => ({
    ...group,
    entries: entries.filter((entry) => entry.action === group.action && (group.action === 'keep' || group.action === 'remove' || SHEET(entry))),
  }));
  const nothing = entries.every((entry) => entry.action === 'keep');
  return (
    <>
      <p role="status">
        {sourceWords(comparison)}: {summary}
        {others.length > 0
          ? `; ${others.length <= 2 ? others.map((entry) => entry.record).join(' and ') : plural(others.length, 'other record')} change${others.length === 1 ? 's' : ''} too`
          : ''}
        .{nothing ? ' The store has all of it already: there is nothing to apply.' : ''}
      </p>
      {notes.map((note) => (
        <p key={note} className="studio-note">
          {note}
        </p>
      ))}
      {live.length > 0 && (
        <p className="studio-note">
          <strong>{live.length === 1 ? 'This sheet goes' : `These ${live.length} sheets go`} on the site when you apply:</strong> {live.join('; ')}. Changed
          sheets show their changes on the site at once too; drafts keep their own.
        </p>
      )}
      {[
        ...groups.filter((group) => group.action !== 'keep'),
        { action: 'other' as const, title: 'Other records', entries: others },
        ...groups.filter((group) => group.action === 'keep'),
      ]
        .filter((group) => group.entries.length > 0)
        .map((group) =>
          group.action === 'keep' ? (
            <details key={group.action} className="studio-import__group">
              <summary>
                {group.title} ({group.entries.length}): the same in the file and the store
              </summary>
              <ul>
                {group.entries.map((entry) => (
                  <li key={entry.record}>{entry.record}</li>
                ))}
              </ul>
            </details>
          ) : (
            <div key={group.action} className="studio-import__group">
              <h3>
                {group.title} ({group.entries.length})
              </h3>
              <ul className="studio-import__entries">
                {group.entries.map((entry) => (
                  <li key={entry.record}>
                    <strong>{entry.record}</strong>
                    {entry.draft !== undefined && <DraftNote draft={entry.draft} intoDrafts={comparison.plan.intoDrafts} />}
                    {entry.fields.length > 0 && (
                      <table className="studio-table studio-compare__table">
                        <caption className="studio-visually-hidden">What changes in {entry.record}</caption>
                        <thead>
                          <tr>
                            <th scope="col">Field</th>
                            <th scope="col">Now</th>
                            <th scope="col">After the import</th>
                          </tr>
                        </thead>
                        <tbody>
                          {entry.fields.map((change) => (
                            <tr key={change.field}>
                              <th scope="row">{planFieldName(change.field)}</th>
                              <td data-column="Now">{shownValue(change.before)}</td>
                              <td data-column="After the import">{shownValue(change.after)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ),
        )}
    </>
  );
}

/** What the import does to a sheet's pending draft. */
/** `intoDrafts`: review before publish is on, and the import changes drafts only. */
function DraftNote({ draft, intoDrafts }: { draft: NonNullable<PlanEntry['draft']>; intoDrafts: boolean }) {
  const names = (fields: string[]) => fields.map(planFieldName).join(', ');
  return (
    <p className={draft.conflicts.length > 0 ? 'studio-warning' : 'studio-hint'}>
      It has a draft.
      {draft.carried.length > 0 ? ` The import’s changes to ${names(draft.carried)} go into the draft${intoDrafts ? '' : ' too'}.` : ''}
      {draft.conflicts.length > 0
        ? ` The draft changed ${names(draft.conflicts)} itself: the draft keeps its own, ${intoDrafts ? 'the import’s is kept beside it' : 'the site shows the import’s'}, and the sheet will ask which to keep.`
        : ''}
    </p>
  );
}
