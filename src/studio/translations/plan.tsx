/**
 * A translated file compared with the drafts (docs/studio.md, "Translations"): the texts it would
 * change; the texts the studio and the file both changed since the export, each with both
 * versions and the editor's choice (the draft's until the editor takes the file's); the texts the
 * file marks as not translated yet; and what it leaves out and why. Saving sends the choices.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { languageName } from '../common/api';
import type { AnswerOf, editingApi } from '../../editing-contract/operations';
import { fieldName } from '../common/field-names';
import { SideChoice, type Side } from '../common/side-choice';

type Kind = 'sheet' | 'page';

/** A translated file compared with the drafts, as the editing API answers it. */
export type TranslationPlan = AnswerOf<typeof editingApi.translations.compare>;

/** A text's name for people: a sheet's field as elsewhere in the studio, a page's text by its key. */
const textName = (kind: Kind, field: string, language: string) =>
  kind === 'sheet' ? fieldName(['translations', language, ...field.split('.')]) : `${field} (${languageName(language)})`;

const texts = (count: number) => `${count} ${count === 1 ? 'text' : 'texts'}`;

export function PlanView({ plan, isBusy, onApply }: { plan: TranslationPlan; isBusy: boolean; onApply: (choices: Record<string, Side>) => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [choices, setChoices] = useState<Record<string, Side>>({});
  // The keyboard and screen readers go on at the comparison once it is shown, after everything the file's choosing moved.
  useEffect(() => {
    const frame = requestAnimationFrame(() => headingRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const taken = plan.changes.length + Object.values(choices).filter((side) => side === 'theirs').length;
  const left = [
    `${plan.unchanged} already so`,
    ...(plan.kept > 0 ? [`${plan.kept} changed in the studio since the export and kept`] : []),
    `${plan.untranslated} without a translation`,
    ...(plan.ignored > 0 ? [`${plan.ignored} not this site’s (left alone)`] : []),
  ].join(', ');
  return (
    <div className="studio-translation-plan">
      <h3 ref={headingRef} tabIndex={-1}>
        What the translation would change: {texts(plan.changes.length)} in {languageName(plan.language)}
      </h3>
      <p className="studio-hint">
        {left}. {plan.flagged.length > 0 ? `${plan.flagged.length} flagged and left out (below).` : ''}
      </p>
      {plan.changes.length > 0 && <ChangesTable plan={plan} />}
      {plan.conflicts.length > 0 && (
        <section aria-labelledby="conflicts-heading">
          <h4 id="conflicts-heading">Changed in the studio and in the file: choose which to keep</h4>
          <p className="studio-hint">
            {plan.withoutExport > 0
              ? 'The file does not name an export of this site, so a text it changes that the draft has may be a correction made since: each is shown here.'
              : 'These texts were changed in the studio after the file was exported, and the file changes them too.'}
          </p>
          {plan.conflicts.map((conflict) => (
            <SideChoice
              key={conflict.unit}
              label={`${conflict.label} · ${textName(conflict.kind, conflict.field, plan.language)}`}
              value={choices[conflict.unit] ?? 'ours'}
              onChange={(side) => setChoices((all) => ({ ...all, [conflict.unit]: side }))}
              ours={{ who: 'Keep the draft’s', text: conflict.ours ?? '(none)' }}
              theirs={{ who: 'Take the file’s', text: conflict.theirs }}
            />
          ))}
        </section>
      )}
      {plan.notTranslated.length > 0 && <NotTranslated plan={plan} />}
      {plan.flagged.length > 0 && <Flagged plan={plan} />}
      {taken > 0 && (
        <div className="studio-dialog__actions">
          <Button className="studio-button" isDisabled={isBusy} onPress={() => onApply(choices)}>
            Save {texts(taken)} into the drafts
          </Button>
        </div>
      )}
    </div>
  );
}

function ChangesTable({ plan }: { plan: TranslationPlan }) {
  return (
    <table className="studio-table">
      <thead>
        <tr>
          <th scope="col">Sheet or page</th>
          <th scope="col">Text</th>
          <th scope="col">Now</th>
          <th scope="col">Translated</th>
        </tr>
      </thead>
      <tbody>
        {plan.changes.map((change) => (
          <tr key={change.unit}>
            <th scope="row">{change.label}</th>
            <td>{textName(change.kind, change.field, plan.language)}</td>
            <td>{change.before ?? <span className="studio-hint">(none)</span>}</td>
            <td>{change.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function NotTranslated({ plan }: { plan: TranslationPlan }) {
  return (
    <section className="studio-outdated" aria-labelledby="not-translated-heading">
      <h4 id="not-translated-heading">Not translated yet, as the file says: left out</h4>
      <ul>
        {plan.notTranslated.map((unit) => (
          <li key={unit.unit}>
            <strong>
              {unit.label} · {unit.field}
            </strong>{' '}
            ({unit.state}): {unit.target}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Flagged({ plan }: { plan: TranslationPlan }) {
  return (
    <section className="studio-outdated" aria-labelledby="flagged-heading">
      <h4 id="flagged-heading">Flagged and left out</h4>
      <ul>
        {plan.flagged.map((flagged) => (
          <li key={flagged.unit}>
            <strong>
              {flagged.label ?? flagged.unit}
              {flagged.field === null ? '' : ` · ${flagged.field}`}
            </strong>
            : {flagged.reason}.
            {flagged.current !== undefined && (
              <dl>
                <dt>Translated from</dt>
                <dd>{flagged.exported}</dd>
                <dt>The text now</dt>
                <dd>{flagged.current}</dd>
              </dl>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
