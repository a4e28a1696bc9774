/**
 * Fields, for admins (docs/content-model.md): what a literature sheet holds. Add a field, label it
 * in the site's languages, move it, say whether publishing needs it, whether the sheet page shows
 * it and how much search weighs it; retire one (its values are kept, and it can be brought back).
 * Each change is on the site at once, with a version and an audit entry; the sheet form, the CSV,
 * the delivery API, the sheet page and search follow it.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, Checkbox, Dialog, Heading, Input, Label, Modal, Text, TextField } from 'react-aria-components';
import type { ContentType, Field, FieldKind } from '../content-model/definition';
import { LITERATURE_CONTENT_TYPE } from '../shared/constants';
import { callApi, languageName, type StudioContext } from './api';
import { Choose, Confirmed, Notice, RowLabel, wordsOf } from './parts';
import { labelOf } from './value-fields';

interface TypeView {
  revision: number;
  type: ContentType;
  languages: string[];
}

const KIND_NAMES: Record<FieldKind, string> = {
  text: 'Text (one line)',
  'long-text': 'Long text',
  'rich-text': 'Rich text',
  link: 'Link',
  image: 'Image',
  'document-set': 'Documents',
  identifier: 'Identifier (a CAS number or a code)',
  formula: 'Chemical formula',
  number: 'Number with a unit',
  date: 'Date',
  topics: 'Topics',
};
/** What an admin may add: the kinds a value of which the form can take as typed. */
const ADDABLE: FieldKind[] = ['text', 'long-text', 'link', 'identifier', 'formula', 'number', 'date'];
const SEARCH_WEIGHTS = [
  { id: 0, name: 'Not searched' },
  { id: 1, name: 'Searched, as much as a PDF’s text' },
  { id: 2, name: 'Searched, as much as a description' },
  { id: 3, name: 'Searched, as much as a title' },
];
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

/** The sheet's own fields: always there, never retired (sheet/shape.ts has places for them). */
const SHAPED = new Set(['Title', 'description', 'url', 'image', 'documents', 'topics']);

export function FieldsScreen({ context }: { context: StudioContext }) {
  const [view, setView] = useState<TypeView | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState(NEW_FIELD);
  const [labelling, setLabelling] = useState<{ field: Field; labels: Record<string, string> } | null>(null);
  const path = `/content-types/${LITERATURE_CONTENT_TYPE}`;

  const load = useCallback(async () => setView(await callApi<TypeView>(context, 'GET', path)), [context, path]);
  useEffect(() => {
    load().catch((error: unknown) => setMessage({ text: wordsOf(error), failed: true }));
  }, [load]);

  const act = async (run: () => Promise<TypeView>, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      setView(await run());
      setMessage({ text: done, failed: false });
    } catch (error) {
      setMessage({ text: wordsOf(error), failed: true });
    } finally {
      setBusy(false);
    }
  };
  const change = (field: Field, body: Record<string, unknown>, done: string) =>
    act(() => callApi<TypeView>(context, 'PATCH', `${path}/fields/${encodeURIComponent(field.name)}`, body), done);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const { name, label, kind, identifier, unit, shared, multiple, required } = draft;
    void act(
      async () => {
        const added = await callApi<TypeView>(context, 'POST', `${path}/fields`, {
          name,
          kind,
          labels: { [view?.languages[0] ?? 'en_US']: label },
          perLanguage: !shared,
          multiple,
          required,
          limits: { ...(kind === 'identifier' ? { identifier } : {}), ...(kind === 'number' && unit !== '' ? { unit } : {}) },
        });
        setDraft(NEW_FIELD);
        return added;
      },
      `${label || name} is a field now: the sheet form, the CSV, the delivery API, the sheet page and search have it.`,
    );
  };

  if (view === null)
    return (
      <section className="studio-fields" aria-labelledby="fields-heading">
        <h1 id="fields-heading">Fields</h1>
        <Notice outcome={message} />
        {message === null && <p role="status">Loading the fields…</p>}
      </section>
    );

  const fields = view.type.fields;
  // The sheet's own fields keep their places: the others move among themselves.
  const firstMovable = fields.findIndex((field) => !SHAPED.has(field.name));
  return (
    <section className="studio-fields" aria-labelledby="fields-heading">
      <h1 id="fields-heading">Fields</h1>
      <p className="studio-hint">What a {view.type.name.toLowerCase()} holds. A change is on the site at once, with a version and an entry in the audit log.</p>
      <Notice outcome={message} />
      <div className="studio-panel">
        <h2>The fields, in the form’s order</h2>
        <ul className="studio-rows">
          {fields.map((field, index) => (
            <li key={field.name} className={`studio-fields__row${field.retired ? ' studio-rows__retired' : ''}`}>
              <RowLabel title={<>{labelOf(field)}</>}>
                {field.name} · {KIND_NAMES[field.kind]} · {field.perLanguage ? 'per language' : 'one value for all languages'}
                {field.multiple ? ' · several values' : ''}
                {field.retired ? ' · retired: not offered, its values kept' : ''}
              </RowLabel>
              {SHAPED.has(field.name) ? (
                <p className="studio-hint">A sheet’s own field: the form, the sheet page and search place it themselves. Its label is the delivery API’s.</p>
              ) : (
                <span className="studio-fields__settings">
                  <Choose<number>
                    label={`Search for ${labelOf(field)}`}
                    items={SEARCH_WEIGHTS}
                    value={field.shows.search}
                    isDisabled={busy}
                    onChange={(search) => void change(field, { shows: { search } }, `Search weighs ${labelOf(field)} anew from the next search.`)}
                  />
                  <Checkbox
                    className="studio-checkbox"
                    isSelected={field.shows.page}
                    isDisabled={busy}
                    onChange={(page) => void change(field, { shows: { page } }, `${labelOf(field)} ${page ? 'shows' : 'does not show'} on the sheet page.`)}
                  >
                    <span className="studio-checkbox__box" aria-hidden="true" />
                    On the sheet page
                  </Checkbox>
                  <Checkbox
                    className="studio-checkbox"
                    isSelected={field.shows.card}
                    isDisabled={busy}
                    onChange={(card) => void change(field, { shows: { card } }, `${labelOf(field)} ${card ? 'shows' : 'does not show'} on the cards.`)}
                  >
                    <span className="studio-checkbox__box" aria-hidden="true" />
                    On the cards
                  </Checkbox>
                  <Checkbox
                    className="studio-checkbox"
                    isSelected={field.required}
                    isDisabled={busy}
                    onChange={(required) =>
                      void change(field, { required }, `${labelOf(field)} is ${required ? 'needed to publish a sheet' : 'no longer needed to publish'}.`)
                    }
                  >
                    <span className="studio-checkbox__box" aria-hidden="true" />
                    Needed to publish
                  </Checkbox>
                </span>
              )}
              <span className="studio-order__moves">
                <Button
                  className="studio-button studio-button--small studio-button--quiet"
                  isDisabled={busy}
                  onPress={() =>
                    setLabelling({ field, labels: Object.fromEntries(view.languages.map((language) => [language, field.labels[language] ?? ''])) })
                  }
                >
                  Labels of {labelOf(field)}
                </Button>
                {!SHAPED.has(field.name) && (
                  <Button
                    className="studio-button studio-button--small studio-button--quiet"
                    isDisabled={busy || index === firstMovable}
                    onPress={() => void change(field, { position: index - 1 }, `${labelOf(field)} moved up.`)}
                  >
                    Move {labelOf(field)} up
                  </Button>
                )}
                {!SHAPED.has(field.name) && (
                  <Button
                    className="studio-button studio-button--small studio-button--quiet"
                    isDisabled={busy || index === fields.length - 1}
                    onPress={() => void change(field, { position: index + 1 }, `${labelOf(field)} moved down.`)}
                  >
                    Move {labelOf(field)} down
                  </Button>
                )}
                {!SHAPED.has(field.name) &&
                  (field.retired ? (
                    <Button
                      className="studio-button studio-button--small studio-button--quiet"
                      isDisabled={busy}
                      onPress={() => void change(field, { retired: false }, `${labelOf(field)} is offered again, with the values sheets kept.`)}
                    >
                      Bring {labelOf(field)} back
                    </Button>
                  ) : (
                    <Confirmed
                      trigger={{ label: `Retire ${labelOf(field)}`, className: 'studio-button studio-button--small studio-button--quiet', isDisabled: busy }}
                      question={`Retire ${labelOf(field)}?`}
                      keep="Keep it"
                      confirm="Retire it"
                      onConfirm={() => void change(field, { retired: true, required: false }, `${labelOf(field)} is retired: its values are kept.`)}
                    >
                      The sheet form, the delivery API’s metadata, the sheet page and search leave it out. Its values stay in the sheets, their versions and
                      exports, and come back if you bring the field back.
                    </Confirmed>
                  ))}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <form className="studio-panel" onSubmit={add} aria-labelledby="add-field-heading">
        <h2 id="add-field-heading">Add a field</h2>
        <div className="studio-sheets__tools">
          <TextField className="studio-field" value={draft.label} onChange={(label) => setDraft({ ...draft, label })} isRequired>
            <Label>Label ({languageName(view.languages[0] ?? 'en_US')})</Label>
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
      <Modal isOpen={labelling !== null} isDismissable onOpenChange={(open) => !open && setLabelling(null)} className="studio-modal">
        <Dialog className="studio-dialog" aria-labelledby="labels-heading">
          {labelling !== null && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                const { field, labels } = labelling;
                setLabelling(null);
                void change(field, { labels }, `${labels[view.languages[0] ?? 'en_US'] || labelOf(field)} is labelled anew.`);
              }}
            >
              <Heading id="labels-heading" slot="title">
                Labels of {labelOf(labelling.field)}
              </Heading>
              {view.languages.map((language, index) => (
                <TextField
                  key={language}
                  className="studio-field"
                  value={labelling.labels[language] ?? ''}
                  onChange={(label) => setLabelling({ ...labelling, labels: { ...labelling.labels, [language]: label } })}
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
                <Button className="studio-button studio-button--quiet" onPress={() => setLabelling(null)}>
                  Cancel
                </Button>
              </div>
            </form>
          )}
        </Dialog>
      </Modal>
    </section>
  );
}
