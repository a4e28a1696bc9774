/**
 * When the same fields of a sheet were changed twice: by another editor who saved meanwhile, or by
 * an import that changed the site while the draft had changed them too. Each such field with theirs
 * and ours side by side, the editor picks per field, and the choice is saved. Fields only one side
 * changed were merged already.
 */
import { useState } from 'react';
import { Button, Dialog, Heading, Modal } from 'react-aria-components';
import type { FieldConflict } from '../../shared/merge';
import { fieldName, shownValue } from '../common/field-names';
import { SideChoice, type Side } from '../common/side-choice';

export interface ConflictQuestion {
  conflicts: FieldConflict[];
  /** Who made the other change: "editor@example.com", "The import imp-…". */
  who: string;
  heading: string;
  intro: string;
}

export function ConflictDialog({
  conflict,
  onResolve,
  onLater,
}: {
  conflict: ConflictQuestion | null;
  onResolve: (takeTheirs: Set<number>) => void;
  /** Closes without choosing (the question stays open for later); none: the editor must choose now. */
  onLater?: () => void;
}) {
  const [choices, setChoices] = useState<Record<number, Side>>({});
  if (conflict === null) return null;
  const { who } = conflict;
  return (
    <Modal isOpen className="studio-modal studio-modal--wide">
      <Dialog className="studio-dialog">
        <Heading slot="title">{conflict.heading}</Heading>
        <p>{conflict.intro}</p>
        {conflict.conflicts.map((field, index) => (
          <SideChoice
            key={field.path.join('.')}
            label={fieldName(field.path)}
            value={choices[index] ?? 'ours'}
            onChange={(side) => setChoices((all) => ({ ...all, [index]: side }))}
            ours={{ who: 'Yours', text: shownValue(field.ours) }}
            theirs={{ who, text: shownValue(field.theirs) }}
          />
        ))}
        <div className="studio-dialog__actions">
          <Button
            className="studio-button studio-button--primary"
            onPress={() => {
              onResolve(new Set(conflict.conflicts.flatMap((_field, index) => (choices[index] === 'theirs' ? [index] : []))));
              setChoices({});
            }}
          >
            Keep these and save
          </Button>
          {onLater !== undefined && (
            <Button className="studio-button studio-button--quiet" onPress={onLater}>
              Choose later
            </Button>
          )}
        </div>
      </Dialog>
    </Modal>
  );
}
