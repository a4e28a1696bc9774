/**
 * The fields of the literature type, in the form's order: what each is, how the sheet page, the
 * cards and search show it, whether publishing needs it, and the buttons that label, move and
 * retire it.
 */
import { Button, Checkbox } from 'react-aria-components';
import type { Field } from '../../content-model/definition';
import { KIND_NAMES } from './kinds';
import type { ChangeField } from './type';
import { Choose, Confirmed, RowLabel } from '../common/parts';
import { labelOf } from '../common/value-fields';

const SEARCH_WEIGHTS = [
  { id: 0, name: 'Not searched' },
  { id: 1, name: 'Searched, as much as a PDF’s text' },
  { id: 2, name: 'Searched, as much as a description' },
  { id: 3, name: 'Searched, as much as a title' },
];

/** The sheet's own fields: always there, never retired (sheet/shape.ts has places for them). */
const SHAPED = new Set(['Title', 'description', 'url', 'image', 'documents', 'topics']);

interface FieldListProps {
  fields: Field[];
  busy: boolean;
  change: ChangeField;
  /** Opens the dialog that labels `field` in the site's languages. */
  onLabel: (field: Field) => void;
}

export function FieldList({ fields, busy, change, onLabel }: FieldListProps) {
  // The sheet's own fields keep their places: the others move among themselves.
  const firstMovable = fields.findIndex((field) => !SHAPED.has(field.name));
  return (
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
              <FieldSettings field={field} busy={busy} change={change} />
            )}
            <FieldMoves
              field={field}
              isShaped={SHAPED.has(field.name)}
              canMoveUp={index !== firstMovable}
              canMoveDown={index !== fields.length - 1}
              index={index}
              busy={busy}
              change={change}
              onLabel={onLabel}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How search weighs a field, where it shows, and whether publishing needs it. */
function FieldSettings({ field, busy, change }: { field: Field; busy: boolean; change: ChangeField }) {
  return (
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
  );
}

interface FieldMovesProps {
  field: Field;
  /** A sheet's own field is labelled only: it neither moves nor retires. */
  isShaped: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  index: number;
  busy: boolean;
  change: ChangeField;
  onLabel: (field: Field) => void;
}

/** A field's buttons: label it, move it up or down, retire it or bring it back. */
function FieldMoves({ field, isShaped, canMoveUp, canMoveDown, index, busy, change, onLabel }: FieldMovesProps) {
  const buttonClass = 'studio-button studio-button--small studio-button--quiet';
  return (
    <span className="studio-order__moves">
      <Button className={buttonClass} isDisabled={busy} onPress={() => onLabel(field)}>
        Labels of {labelOf(field)}
      </Button>
      {!isShaped && (
        <Button
          className={buttonClass}
          isDisabled={busy || !canMoveUp}
          onPress={() => void change(field, { position: index - 1 }, `${labelOf(field)} moved up.`)}
        >
          Move {labelOf(field)} up
        </Button>
      )}
      {!isShaped && (
        <Button
          className={buttonClass}
          isDisabled={busy || !canMoveDown}
          onPress={() => void change(field, { position: index + 1 }, `${labelOf(field)} moved down.`)}
        >
          Move {labelOf(field)} down
        </Button>
      )}
      {!isShaped &&
        (field.retired ? (
          <Button
            className={buttonClass}
            isDisabled={busy}
            onPress={() => void change(field, { retired: false }, `${labelOf(field)} is offered again, with the values sheets kept.`)}
          >
            Bring {labelOf(field)} back
          </Button>
        ) : (
          <Confirmed
            trigger={{ label: `Retire ${labelOf(field)}`, className: buttonClass, isDisabled: busy }}
            question={`Retire ${labelOf(field)}?`}
            keep="Keep it"
            confirm="Retire it"
            onConfirm={() => void change(field, { retired: true, required: false }, `${labelOf(field)} is retired: its values are kept.`)}
          >
            The sheet form, the delivery API’s metadata, the sheet page and search leave it out. Its values stay in the sheets, their versions and exports, and
            come back if you bring the field back.
          </Confirmed>
        ))}
    </span>
  );
}
