/**
 * Translations: the round trip with a translation agency (docs/studio.md, "Translations"). Send: a
 * language's texts as an XLIFF file (only what is outdated, or everything), for the agency's tool.
 * Bring back: the translated file is compared with the drafts first, text by text
 * (translations/plan.tsx), merged with what the studio changed since the export; applied, the
 * translations go into the drafts, to be published as usual.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, FileTrigger } from 'react-aria-components';
import { addressOf, call, languageName, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { readHomePage } from '../common/page-api';
import { Choose, Notice, useAnswer, wordsOf, type Outcome } from '../common/parts';
import type { Side } from '../common/side-choice';
import { PlanView, type TranslationPlan } from './plan';

// 1.2 first: most translators' tools read it; translate-toolkit (and so Pootle, Weblate's XLIFF) reads no 2.0 (docs/translators.md).
const FORMATS = [
  { id: '1.2', name: 'XLIFF 1.2 (most tools)' },
  { id: '2.0', name: 'XLIFF 2.0' },
];
const SCOPES = [
  { id: 'outdated', name: 'Only outdated texts' },
  { id: 'all', name: 'All texts' },
];
// An open release's drafts ('release:<id>') are offered too: what it will publish, translated before it is.

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
  const [language, setLanguage] = useState(languages[0]!);
  const [scope, setScope] = useState('outdated');
  const [format, setFormat] = useState('1.2');
  const { answer: releases } = useAnswer(context, { operation: editingApi.releases.list }, 0);
  const scopes = [
    ...SCOPES,
    ...(releases ?? [])
      .filter((release) => release.state === 'open')
      .map((release) => ({ id: `release:${release.id}`, name: `The release “${release.name}”` })),
  ];
  const released: Record<string, string> = scope.startsWith('release:') ? { release: scope.slice('release:'.length) } : {};
  const download = addressOf(context, {
    operation: editingApi.translations.export,
    query: { language, format: format === '2.0' ? '2.0' : '1.2', ...(scope === 'outdated' ? { outdated: true } : {}), ...released },
  });
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
      <p className="studio-hint">
        XLIFF 1.2 is read by most translation tools, 2.0 only by some (translate-toolkit reads none): which format for which tool is in docs/translators.md.
      </p>
      <div className="studio-dialog__actions">
        <a className="studio-button" href={download} download>
          Download the {languageName(language)} file
        </a>
      </div>
    </div>
  );
}

interface ComparisonOptions {
  language?: string;
  includeNotTranslated: boolean;
}

function BringBackPanel({ context, languages }: { context: StudioContext; languages: string[] }) {
  const [file, setFile] = useState<{ name: string; xliff: string } | null>(null);
  const [options, setOptions] = useState<ComparisonOptions>({ includeNotTranslated: false });
  const [plan, setPlan] = useState<TranslationPlan | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

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
  const compare = (chosen: { name: string; xliff: string }, using = options) =>
    run(async () => {
      setPlan(null);
      setPlan(await call(context, { operation: editingApi.translations.compare, body: { xliff: chosen.xliff, ...using } }));
    });
  // A change of how to compare compares the file again, if there is one.
  const change = (next: ComparisonOptions) => {
    setOptions(next);
    if (file !== null) void compare(file, next);
  };
  const choose = async (files: FileList | null) => {
    const chosen = files?.[0];
    if (chosen === undefined) return;
    const read = { name: chosen.name, xliff: await chosen.text() };
    setFile(read);
    await compare(read);
  };
  const apply = (choices: Record<string, Side>) =>
    run(async () => {
      if (file === null || plan === null) return;
      const body = { xliff: file.xliff, digest: plan.digest, choices, ...options };
      const applied = await call(context, { operation: editingApi.translations.apply, body });
      setPlan(null);
      setOutcome({
        text: `Saved ${applied.texts} ${applied.texts === 1 ? 'text' : 'texts'} into the drafts of ${applied.saved.join(', ')}. Publish them to put them on the site.`,
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
          value={options.language ?? 'file'}
          isDisabled={busy}
          onChange={(next) => change({ includeNotTranslated: options.includeNotTranslated, ...(next === 'file' ? {} : { language: next }) })}
        />
        <Checkbox
          className="studio-checkbox"
          isSelected={options.includeNotTranslated}
          isDisabled={busy}
          onChange={(includeNotTranslated) => change({ ...options, includeNotTranslated })}
        >
          <span className="studio-checkbox__box" aria-hidden="true" />
          Also take texts the file marks as not translated yet
        </Checkbox>
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
      {plan !== null && <PlanView key={plan.digest} plan={plan} isBusy={busy} onApply={(choices) => void apply(choices)} />}
    </div>
  );
}
