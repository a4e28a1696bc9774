/**
 * Fields, for admins (docs/content-model.md): what a literature sheet holds. Add a field, label it
 * in the site's languages, move it, say whether publishing needs it, whether the sheet page shows
 * it and how much search weighs it; retire one (its values are kept, and it can be brought back).
 * Each change is on the site at once, with a version and an audit entry; the sheet form, the CSV,
 * the delivery API, the sheet page and search follow it.
 */
import { useState } from 'react';
import type { Field } from '../../content-model/definition';
import type { StudioContext } from '../common/api';
import { AddFieldForm } from './add-form';
import { FieldLabelsDialog } from './labels-dialog';
import { FieldList } from './list';
import { useLiteratureType } from './type';
import { Notice } from '../common/parts';

export function FieldsScreen({ context }: { context: StudioContext }) {
  const { view, message, busy, change, add } = useLiteratureType(context);
  const [labelling, setLabelling] = useState<Field | null>(null);

  if (view === null)
    return (
      <section className="studio-fields" aria-labelledby="fields-heading">
        <h1 id="fields-heading">Fields</h1>
        <Notice outcome={message} />
        {message === null && <p role="status">Loading the fields…</p>}
      </section>
    );

  return (
    <section className="studio-fields" aria-labelledby="fields-heading">
      <h1 id="fields-heading">Fields</h1>
      <p className="studio-hint">What a {view.type.name.toLowerCase()} holds. A change is on the site at once, with a version and an entry in the audit log.</p>
      <Notice outcome={message} />
      <FieldList fields={view.type.fields} busy={busy} change={change} onLabel={setLabelling} />
      <AddFieldForm languages={view.languages} busy={busy} add={add} />
      <FieldLabelsDialog field={labelling} languages={view.languages} change={change} onClose={() => setLabelling(null)} />
    </section>
  );
}
