/** The form that adds a field to the literature type: its label in the site's first language, its name, kind and settings. */
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Input, Label, Text, TextField } from 'react-aria-components';
import type { FieldKind } from '../../content-model/definition';
import { languageName } from '../common/api';
import { KIND_NAMES } from './kinds';
import type { AddField } from './type';
import { Choose } from '../common/parts';

/** What an admin may add: the kinds a value of which the form can take as typed. */
const ADDABLE: FieldKind[] = ['text', 'long-text', 'link', 'identifier', 'formula', 'number', 'date'];
const NEW_FIELD = {
  name: '',
  label: '',
  kind: 'text' as FieldKind,
  identifier: 'cas' as 'cas' | 'code',
  unit: '',
  shared: true,
  multiple: false,
  required: false,
};

export function AddFieldForm({ languages, busy, add }: { languages: string[]; busy: boolean; add: AddField }) {
  const [draft, setDraft] = useState(NEW_FIELD);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { name, label, kind, identifier, unit, shared, multiple, required } = draft;
    void add(
      {
        name,
        kind,
        labels: { [languages[0] ?? 'en_US']: label },
        perLanguage: !shared,
        multiple,
        required,
        limits: { ...(kind === 'identifier' ? { identifier } : {}), ...(kind === 'number' && unit !== '' ? { unit } : {}) },
      },
      `${label || name} is a field now: the sheet form, the CSV, the delivery API, the sheet page and search have it.`,
      () => setDraft(NEW_FIELD),
    );
  };

  return (
    <form className="studio-panel" onSubmit={submit} aria-labelledby="add-field-heading">
      <h2 id="add-field-heading">Add a field</h2>
      <div className="studio-sheets__tools">
        <TextField className="studio-field" value={draft.label} onChange={(label) => setDraft({ ...draft, label })} isRequired>
          <Label>Label ({languageName(languages[0] ?? 'en_US')})</Label>
          <Input />
          <Text slot="description">What editors and visitors read. Other languages’ labels: with the field’s Labels button.</Text>
        </TextField>
        <TextField className="studio-field" value={draft.name} onChange={(name) => setDraft({ ...draft, name })} isRequired>
          <Label>Name</Label>
          <Input spellCheck={false} autoComplete="off" />
          <Text slot="description">How the CSV and the delivery API name it: a letter, then letters, digits or _. It never changes.</Text>
        </TextField>
        <Choose<string>
          label="Kind"
          items={ADDABLE.map((kind) => ({ id: kind, name: KIND_NAMES[kind] }))}
          value={draft.kind}
          onChange={(kind) => setDraft({ ...draft, kind: kind as FieldKind })}
        />
        {draft.kind === 'identifier' && (
          <Choose<string>
            label="Identifies by"
            items={[
              { id: 'cas', name: 'CAS Registry Number (its check digit checked)' },
              { id: 'code', name: 'A code of your own' },
            ]}
            value={draft.identifier}
            onChange={(identifier) => setDraft({ ...draft, identifier: identifier as 'cas' | 'code' })}
          />
        )}
        {draft.kind === 'number' && (
          <TextField className="studio-field" value={draft.unit} onChange={(unit) => setDraft({ ...draft, unit })}>
            <Label>Unit</Label>
            <Input />
          </TextField>
        )}
      </div>
      <div className="studio-fields__settings">
        <Checkbox className="studio-checkbox" isSelected={draft.shared} onChange={(shared) => setDraft({ ...draft, shared })}>
          <span className="studio-checkbox__box" aria-hidden="true" />
          One value for all languages
        </Checkbox>
        <Checkbox className="studio-checkbox" isSelected={draft.multiple} onChange={(multiple) => setDraft({ ...draft, multiple })}>
          <span className="studio-checkbox__box" aria-hidden="true" />
          Several values
        </Checkbox>
        <Checkbox className="studio-checkbox" isSelected={draft.required} onChange={(required) => setDraft({ ...draft, required })}>
          <span className="studio-checkbox__box" aria-hidden="true" />
          Needed to publish
        </Checkbox>
      </div>
      <div className="studio-actions">
        <Button type="submit" className="studio-button" isDisabled={busy}>
          Add the field
        </Button>
      </div>
    </form>
  );
}
