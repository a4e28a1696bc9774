/**
 * Translations: the round trip with a translation agency (docs/studio.md, "Translations"). Send: a
 * language's texts as an XLIFF file (only what is outdated, or everything), for the agency's tool.
 * Bring back: the translated file is compared with the drafts first, text by text, with the texts
 * whose English changed since the export flagged and left out; applied, the translations go into
 * the drafts, to be published as usual.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { callApi, languageName, type StudioContext } from './api';
import { fieldName } from './field-names';
import { readHomePage } from './page-api';
import { Choose, Notice, useAnswer, wordsOf, type Outcome } from './parts';

interface TranslationPlan {
  language: string;
  digest: string;
  changes: Array<{ unit: string; kind: 'sheet' | 'page'; field: string; label: string; before: string | null; after: string }>;
  unchanged: number;
  untranslated: number;
  flagged: Array<{ unit: string; label: string | null; field: string | null; reason: string; exported?: string; current?: string }>;
  ignored: number;
}

const FORMATS = [
  { id: '2.0', name: 'XLIFF 2.0' },
  { id: '1.2', name: 'XLIFF 1.2 (for tools that read only that)' },
];
const SCOPES = [
  { id: 'outdated', name: 'Only outdated texts' },
  { id: 'all', name: 'All texts' },
];
// An open release's drafts ('release:<id>') are offered too: what it will publish, translated before it is.

/** A text's name for people: a sheet's field as elsewhere in the studio, a page's text by its key. */
const textName = (kind: 'sheet' | 'page', field: string, language: string) =>
  kind === 'sheet' ? fieldName(['translations', language, ...field.split('.')]) : `${field} (${languageName(language)})`;

export function TranslationsScreen({ context }: { context: StudioContext }) {
  const [languages, setLanguages] = useState<{ primary: string; others: string[] } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    readHomePage(context)
      .then((page) => setLanguages({ primary: page.primaryLanguage, others: page.languages }))
      .catch((error: unknown) => setOutcome({ text: wordsOf(error), failed: true }));
  }, [context]);

  return (
    <section className="studio-translations" aria-labelledby="translations-heading">
      <h1 id="translations-heading">Translations</h1>
      <p className="studio-hint">
        Send texts to translators as an XLIFF file, which translation tools read, and bring their translations back. Nothing changes on the site until you
        publish: translations go into the drafts.
      </p>
      <Notice outcome={outcome} />
      {languages !== null && languages.others.length === 0 && <p>The site has only one language ({languageName(languages.primary)}).</p>}
      {languages !== null && languages.others.length > 0 && (
        <>
          <SendPanel context={context} primary={languages.primary} languages={languages.others} />
          <BringBackPanel context={context} languages={languages.others} />
        </>
      )}
    </section>
  );
}

function SendPanel({ context, primary, languages }: { context: StudioContext; primary: string; languages: string[] }) {
  const { basePath } = context;
  const [language, setLanguage] = useState(languages[0]!);
  const [scope, setScope] = useState('outdated');
  const [format, setFormat] = useState('2.0');
  const { answer: releases } = useAnswer<Array<{ id: string; name: string; state: string }>>(context, '/releases', 0);
  const scopes = [
    ...SCOPES,
    ...(releases ?? [])
      .filter((release) => release.state === 'open')
      .map((release) => ({ id: `release:${release.id}`, name: `The release “${release.name}”` })),
  ];
  const released: Record<string, string> = scope.startsWith('release:') ? { release: scope.slice('release:'.length) } : {};
  const query = new URLSearchParams({ language, format, ...(scope === 'outdated' ? { outdated: 'true' } : {}), ...released });
  return (
    <div className="studio-panel">
      <h2>Send to translators</h2>
      <p className="studio-hint">
        Each text goes with its {languageName(primary)} source, its translation so far, and notes saying what it is. Outdated texts are those whose{' '}
        {languageName(primary)} changed since they were translated.
      </p>
      <div className="studio-sheets__tools">
        <Choose label="Into" items={languages.map((id) => ({ id, name: languageName(id) }))} value={language} onChange={setLanguage} />
        <Choose label="Texts" items={scopes} value={scope} onChange={setScope} />
        <Choose label="Format" items={FORMATS} value={format} onChange={setFormat} />
      </div>
      <div className="studio-dialog__actions">
        <a className="studio-button" href={`${basePath}/studio/api/translations/export?${query.toString()}`} download>
          Download the {languageName(language)} file
        </a>
      </div>
    </div>
  );
}

function BringBackPanel({ context, languages }: { context: StudioContext; languages: string[] }) {
  const [file, setFile] = useState<{ name: string; xliff: string } | null>(null);
  const [language, setLanguage] = useState('file');
  const [plan, setPlan] = useState<TranslationPlan | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const chosenLanguage = language === 'file' ? {} : { language };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setOutcome(null);
    try {
      await work();
    } catch (error) {
      setOutcome({ text: wordsOf(error), failed: true });
    } finally {
      setBusy(false);
    }
  };
  const compare = (chosen: { name: string; xliff: string }, languageChoice = chosenLanguage) =>
    run(async () => {
      setPlan(null);
      setPlan(await callApi<TranslationPlan>(context, 'POST', '/translations/comparison', { xliff: chosen.xliff, ...languageChoice }));
    });
  const choose = async (files: FileList | null) => {
    const chosen = files?.[0];
    if (chosen === undefined) return;
    const read = { name: chosen.name, xliff: await chosen.text() };
    setFile(read);
    await compare(read);
  };
  const apply = () =>
    run(async () => {
      if (file === null || plan === null) return;
      const applied = await callApi<{ saved: string[] }>(context, 'POST', '/translations/apply', { xliff: file.xliff, digest: plan.digest, ...chosenLanguage });
      setPlan(null);
      setOutcome({
        text: `Saved ${plan.changes.length} ${plan.changes.length === 1 ? 'text' : 'texts'} into the drafts of ${applied.saved.join(', ')}. Publish them to put them on the site.`,
        failed: false,
      });
    });

  return (
    <div className="studio-panel">
      <h2>Bring translations back</h2>
      <div className="studio-sheets__tools">
        <Choose
          label="Language of the translations"
          items={[{ id: 'file', name: 'As the file says' }, ...languages.map((id) => ({ id, name: languageName(id) }))]}
          value={language}
          isDisabled={busy}
          onChange={(next) => {
            setLanguage(next);
            if (file !== null) void compare(file, next === 'file' ? {} : { language: next });
          }}
        />
      </div>
      <div className="studio-dialog__actions">
        <FileTrigger acceptedFileTypes={['.xlf', '.xliff', '.xml']} onSelect={(files) => void choose(files)}>
          <Button className="studio-button" isDisabled={busy}>
            Choose the translated file
          </Button>
        </FileTrigger>
      </div>
      {file !== null && <p className="studio-hint">{file.name}</p>}
      <Notice outcome={outcome} />
      {plan !== null && <PlanView key={plan.digest} plan={plan} isBusy={busy} onApply={() => void apply()} />}
    </div>
  );
}

function PlanView({ plan, isBusy, onApply }: { plan: TranslationPlan; isBusy: boolean; onApply: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The keyboard and screen readers go on at the comparison once it is shown, after everything the file's choosing moved.
  useEffect(() => {
    const frame = requestAnimationFrame(() => headingRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const left = [
    `${plan.unchanged} already so`,
    `${plan.untranslated} without a translation`,
    ...(plan.ignored > 0 ? [`${plan.ignored} not this site’s (left alone)`] : []),
  ].join(', ');
  return (
    <div className="studio-translation-plan">
      <h3 ref={headingRef} tabIndex={-1}>
        What the translation would change: {plan.changes.length} {plan.changes.length === 1 ? 'text' : 'texts'} in {languageName(plan.language)}
      </h3>
      <p className="studio-hint">
        {left}. {plan.flagged.length > 0 ? `${plan.flagged.length} flagged and left out (below).` : ''}
      </p>
      {plan.changes.length > 0 && (
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
      )}
      {plan.flagged.length > 0 && (
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
      )}
      {plan.changes.length > 0 && (
        <div className="studio-dialog__actions">
          <Button className="studio-button" isDisabled={isBusy} onPress={onApply}>
            Save {plan.changes.length} {plan.changes.length === 1 ? 'text' : 'texts'} into the drafts
          </Button>
        </div>
      )}
    </div>
  );
}
