/**
 * The questions a sheet's screen puts to the editor where two changes met on the same fields:
 * another editor's save (asked at once), and an import's change under the draft (asked when the
 * editor chooses to, and only while no other editor's save is waiting for an answer).
 */
import type { SheetState, SheetView } from '../common/api';
import { ConflictDialog } from './conflict-dialog';
import { getAt } from '../../shared/merge';
import type { SheetDraft } from './use-sheet-draft';

interface SheetConflictsProps {
  view: SheetView;
  draft: SheetState;
  sheet: SheetDraft;
  /** Whether the editor asked to choose between the draft's fields and the import's. */
  choosing: boolean;
  /** Closes that choice, made or left for later. */
  onChoosingDone: () => void;
}

export function SheetConflicts({ view, draft, sheet, choosing, onChoosingDone }: SheetConflictsProps) {
  return (
    <>
      <ConflictDialog
        conflict={
          sheet.conflict === null
            ? null
            : {
                conflicts: sheet.conflict.conflicts,
                who: `${sheet.conflict.theirs.updatedBy ?? 'Another editor'}’s`,
                heading: `${sheet.conflict.theirs.updatedBy ?? 'Another editor'} changed this sheet too`,
                intro: `${sheet.conflict.theirs.updatedBy ?? 'Another editor'} saved changes while you were editing. Where you both changed the same field, choose which text to keep. Everything else from both of you is kept.`,
              }
        }
        onResolve={sheet.resolve}
      />
      {view.attention !== null && sheet.conflict === null && (
        <ConflictDialog
          conflict={
            choosing
              ? {
                  // Ours as the draft has it now (it may have changed since the import).
                  conflicts: view.attention.conflicts.map((field) => ({ ...field, ours: getAt(draft, field.path) })),
                  who: view.attention.into === 'draft' ? 'The import’s' : 'On the site',
                  heading: `Choose: your draft or the ${view.attention.source}`,
                  intro:
                    view.attention.into === 'draft'
                      ? `The ${view.attention.source} (by ${view.attention.by}) would change these fields, which your draft had changed too. Review before publish is on, so the import went into the draft and the site shows neither; choose for each what the draft keeps. Everything else from the import is in the draft.`
                      : `The ${view.attention.source} (by ${view.attention.by}) changed these fields on the site while your draft had changed them too. The site shows the import’s; choose for each what the draft keeps. Everything else was merged.`,
                }
              : null
          }
          onResolve={(takeTheirs) => {
            onChoosingDone();
            sheet.settle(takeTheirs);
          }}
          onLater={onChoosingDone}
        />
      )}
    </>
  );
}
