/**
 * When another editor saved the same sheet meanwhile and both changed a field: each such field
 * with theirs and ours side by side, the editor picks per field, and the choice is saved. Fields
 * only one of them changed were merged already.
 */
import { useState } from 'react';
import { Button, Dialog, Heading, Label, Modal, Radio, RadioGroup } from 'react-aria-components';
import { fieldName, shownValue } from './field-names';
import type { Conflict } from './use-sheet-draft';

export function ConflictDialog({ conflict, onResolve }: { conflict: Conflict | null; onResolve: (takeTheirs: Set<number>) => void }) {
  const [choices, setChoices] = useState<Record<number, 'ours' | 'theirs'>>({});
  if (conflict === null) return null;
  const who = conflict.theirs.updatedBy ?? 'Another editor';
  return (
    <Modal isOpen className="studio-modal studio-modal--wide">
      <Dialog className="studio-dialog">
        <Heading slot="title">{who} changed this sheet too</Heading>
        <p>
          {who} saved changes while you were editing. Where you both changed the same field, choose which text to keep. Everything else from both of you is
          kept.
        </p>
        {conflict.conflicts.map((field, index) => (
          <RadioGroup
            key={field.path.join('.')}
            className="studio-choice"
            value={choices[index] ?? 'ours'}
            onChange={(value) => setChoices((all) => ({ ...all, [index]: value as 'ours' | 'theirs' }))}
          >
            <Label className="studio-choice__field">{fieldName(field.path)}</Label>
            <div className="studio-choice__options">
              <Radio value="ours" className="studio-radio">
                <span className="studio-radio__who">Yours</span>
                <span className="studio-radio__text">{shownValue(field.ours)}</span>
              </Radio>
              <Radio value="theirs" className="studio-radio">
                <span className="studio-radio__who">{who}’s</span>
                <span className="studio-radio__text">{shownValue(field.theirs)}</span>
              </Radio>
            </div>
          </RadioGroup>
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
        </div>
      </Dialog>
    </Modal>
  );
}
