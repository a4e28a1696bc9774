/** The dialog that labels a field in each of the site's languages (the first language's label is needed). */
import { useState } from 'react';
import { Button, Dialog, Heading, Input, Label, Modal, TextField } from 'react-aria-components';
import type { Field } from '../../content-model/definition';
import { languageName } from '../common/api';
import type { ChangeField } from './type';
import { labelOf } from '../common/value-fields';

interface FieldLabelsDialogProps {
  /** The field being labelled; null when the dialog is closed. */
  field: Field | null;
  languages: string[];
  change: ChangeField;
  onClose: () => void;
}

export function FieldLabelsDialog({ field, languages, change, onClose }: FieldLabelsDialogProps) {
  return (
    <Modal isOpen={field !== null} isDismissable onOpenChange={(open) => !open && onClose()} className="studio-modal">
      <Dialog className="studio-dialog" aria-labelledby="labels-heading">
        {field !== null && <LabelsForm key={field.name} field={field} languages={languages} change={change} onClose={onClose} />}
      </Dialog>
    </Modal>
  );
}

/** Starts from the labels the field has as the dialog opens: one field per language. */
function LabelsForm({ field, languages, change, onClose }: FieldLabelsDialogProps & { field: Field }) {
  const [labels, setLabels] = useState<Record<string, string>>(() => Object.fromEntries(languages.map((language) => [language, field.labels[language] ?? ''])));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onClose();
        void change(field, { labels }, `${labels[languages[0] ?? 'en_US'] || labelOf(field)} is labelled anew.`);
      }}
    >
      <Heading id="labels-heading" slot="title">
        Labels of {labelOf(field)}
      </Heading>
      {languages.map((language, index) => (
        <TextField
          key={language}
          className="studio-field"
          value={labels[language] ?? ''}
          onChange={(label) => setLabels({ ...labels, [language]: label })}
          isRequired={index === 0}
          autoFocus={index === 0}
        >
          <Label>{languageName(language)}</Label>
          <Input />
        </TextField>
      ))}
      <div className="studio-actions">
        <Button type="submit" className="studio-button">
          Save the labels
        </Button>
        <Button className="studio-button studio-button--quiet" onPress={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
