/**
 * Import: a CSV with the documents and images its rows name, or a zip of an export folder, chosen
 * or dropped. Each file goes up with its own progress and is checked as it arrives; then the
 * comparison shows, record by record and field by field, what the import would do. Nothing changes
 * until the editor applies it, and an applied import is undone here or under Trash and imports.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, DropZone, FileTrigger, isFileDropItem, Link, Text } from 'react-aria-components';
import { IMPORT_EXTENSIONS } from '../shared/import-files';
import { callApi, sendFile, StudioError, type StudioContext } from './api';
import { fieldName, shownValue } from './field-names';
import { ImportUndo } from './import-undo';
import { Choose, Notice, wordsOf, type Outcome } from './parts';

type Action = 'add' | 'change' | 'remove' | 'keep';

interface PlanEntry {
  action: Action;
  kind: string;
  record: string;
  fields: Array<{ field: string; before: string | null; after: string | null }>;
  sheetId?: string;
  /** A sheet with a draft: what the import carries into it, and what the draft changed itself. */
  draft?: { carried: string[]; conflicts: string[] };
}

interface Comparison {
  source: 'csv' | 'folder';
  files: string[];
  plan: { entries: PlanEntry[]; summary: string; live: string[]; notes: string[] };
  digest: string;
  collectionKey: string | null;
}

interface Applied {
  importId: string;
  summary: string;
  needAttention: string[];
}

interface Sent {
  id: number;
  name: string;
  percent: number;
  state: 'waiting' | 'sending' | 'checking' | 'done' | 'failed';
  message: string;
}

interface Collection {
  id: string;
  title: string;
}

const GROUPS: Array<{ action: Action; title: string }> = [
  { action: 'add', title: 'Added' },
  { action: 'change', title: 'Changed' },
  { action: 'remove', title: 'Taken off the collection' },
  { action: 'keep', title: 'Left alone' },
];
const SHEET = (entry: PlanEntry) => entry.kind === 'sheet';
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Fields of records other than sheets, as the comparison names them. */
const RECORD_FIELDS: Record<string, string> = {
  items: 'Sheets',
  order: 'Order',
  file: 'File',
  'image file': 'Image file',
  name: 'Name',
  languages: 'Languages',
};

/**
 * A field as the comparison names it, as the studio does: a sheet's `translations.de_DE.title` is
 * "Title (German (Germany))"; another record's `de_DE title` the same.
 */
function planFieldName(field: string): string {
  if (field.includes('.')) return fieldName(field.split('.'));
  const translated = /^([a-z]{2,3}(?:_[A-Z]{2})?)(?: (.+))?$/.exec(field);
  if (translated === null) return RECORD_FIELDS[field] ?? fieldName([field]);
  return fieldName(['translations', translated[1]!, ...(translated[2] === undefined ? [] : [translated[2]])]);
}

let nextId = 0;

export function ImportScreen({ context }: { context: StudioContext }) {
  const [token, setToken] = useState<string | null>(null);
  // The import's token as soon as it is known: files dropped meanwhile join the same import.
  const tokenRef = useRef<string | null>(null);
  const keepToken = (next: string | null) => {
    tokenRef.current = next;
    setToken(next);
  };
  const [sent, setSent] = useState<Sent[]>([]);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [problems, setProblems] = useState<{ message: string; problems: string[] } | null>(null);
  const [outcome, setOutcome] = useState<(Outcome & { importId?: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [collections, setCollections] = useState<Collection[]>([]);
  const [collection, setCollection] = useState('');
  const [removeUnlisted, setRemoveUnlisted] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    callApi<Collection[]>(context, 'GET', '/collections').then(
      (found) => {
        setCollections(found);
        setCollection((chosen) => chosen || (found[0]?.id ?? ''));
      },
      () => undefined,
    );
  }, [context]);

  // An import left open goes when the editor leaves the screen (its files would wait an hour).
  useEffect(
    () => () => void (tokenRef.current !== null && callApi(context, 'DELETE', `/imports/uploads/${tokenRef.current}`).catch(() => undefined)),
    [context],
  );

  const update = (id: number, change: Partial<Sent>) => setSent((all) => all.map((file) => (file.id === id ? { ...file, ...change } : file)));

  const options = (chosen = collection, remove = removeUnlisted) => ({ ...(chosen === '' ? {} : { collection: chosen }), removeUnlisted: remove });

  /** Asks for the comparison; after new files (not after a changed option) the keyboard goes to it. */
  async function compare(at: string, chosen = collection, remove = removeUnlisted, focus = false) {
    setBusy(true);
    setProblems(null);
    try {
      setComparison(await callApi<Comparison>(context, 'POST', `/imports/uploads/${at}/comparison`, options(chosen, remove)));
    } catch (error) {
      setComparison(null);
      setProblems({ message: wordsOf(error), problems: error instanceof StudioError ? (error.details.problems ?? []) : [] });
    } finally {
      setBusy(false);
    }
    if (focus) resultHeading.current?.focus();
  }

  /** Sends one file; when the account has made its changes for the minute (429), waits as long as the server says, and sends it again. */
  async function sendPaced(at: string, file: File, id: number): Promise<void> {
    for (;;) {
      update(id, { state: 'sending', percent: 0, message: 'Sending…' });
      try {
        await sendFile(context, 'POST', `/imports/uploads/${at}/files`, file, (percent) =>
          update(id, percent < 100 ? { percent } : { percent, state: 'checking', message: 'Checking the file…' }),
        );
        return;
      } catch (error) {
        const wait = error instanceof StudioError && error.status === 429 ? (error.details.retryAfterSeconds ?? 10) : null;
        if (wait === null) throw error;
        update(id, { state: 'waiting', message: `Waiting ${wait} s: the server takes a limited number of changes a minute from one account.` });
        await new Promise((resume) => setTimeout(resume, wait * 1000));
      }
    }
  }

  /** Sends the files one after another (a zip must come alone), then compares. */
  async function add(files: File[]) {
    if (files.length === 0) return;
    setOutcome(null);
    setBusy(true);
    const queued = files.map((file) => ({ file, id: nextId++ }));
    // A file chosen again (corrected) takes the place of the one of its name.
    const names = new Set(files.map((file) => file.name));
    setSent((all) => [
      ...all.filter((file) => !names.has(file.name)),
      ...queued.map(({ file, id }) => ({ id, name: file.name, percent: 0, state: 'waiting' as const, message: 'Waiting…' })),
    ]);
    let at = tokenRef.current;
    let failed = false;
    try {
      at ??= (await callApi<{ token: string }>(context, 'POST', '/imports/uploads')).token;
      keepToken(at);
      for (const { file, id } of queued) {
        try {
          await sendPaced(at, file, id);
          update(id, {
            percent: 100,
            state: 'done',
            message: /\.csv$/i.test(file.name) ? 'Received' : /\.zip$/i.test(file.name) ? 'Unpacked and checked' : 'Checked',
          });
        } catch (error) {
          failed = true;
          update(id, { state: 'failed', message: wordsOf(error) });
        }
      }
    } catch (error) {
      setOutcome({ text: wordsOf(error), failed: true });
      setBusy(false);
      return;
    }
    setBusy(false);
    if (!failed) await compare(at, collection, removeUnlisted, true);
  }

  async function apply() {
    if (token === null || comparison === null) return;
    setBusy(true);
    try {
      const applied = await callApi<Applied>(context, 'POST', `/imports/uploads/${token}/apply`, { ...options(), digest: comparison.digest });
      const removed = comparison.plan.entries.filter((entry) => entry.action === 'remove').length;
      const attention =
        applied.needAttention.length > 0
          ? ` ${plural(applied.needAttention.length, 'sheet')} had a draft that changed the same fields (${applied.needAttention.join('; ')}): the site shows the import’s, each draft keeps its own, and the sheet asks you to choose.`
          : '';
      setOutcome({
        text: `Imported: ${applied.summary}${removed > 0 ? `, ${plural(removed, 'sheet')} taken off the collection` : ''}. The site shows it now.${attention}`,
        failed: false,
        importId: applied.importId,
      });
      reset();
    } catch (error) {
      setOutcome({ text: wordsOf(error), failed: true });
      // The store moved on since the comparison: the new one is shown, to be applied again.
      if (error instanceof StudioError && error.status === 409) await compare(token);
    } finally {
      setBusy(false);
    }
  }

  function reset() {
    keepToken(null);
    setSent([]);
    setComparison(null);
    setProblems(null);
  }

  async function cancel() {
    // Forgotten before it is deleted: files chosen meanwhile start a new import, not this one.
    const cancelled = tokenRef.current;
    reset();
    setOutcome({ text: 'The import was cancelled; nothing was changed.', failed: false });
    if (cancelled !== null) await callApi(context, 'DELETE', `/imports/uploads/${cancelled}`).catch(() => undefined);
  }

  const changes = comparison?.plan.entries.filter((entry) => entry.action !== 'keep').length ?? 0;
  return (
    <section className="studio-import" aria-labelledby="import-heading">
      <h1 id="import-heading">Import</h1>
      <p className="studio-hint">
        Bring in a CSV with the PDFs and images its rows name, or a zip of an export folder. You see what would change, field by field, before anything does; an
        applied import can be undone. <Link href={`${context.basePath}/studio/trash`}>Earlier imports</Link>
      </p>
      <div className="studio-panel">
        <h2>Export</h2>
        <p className="studio-hint">
          The sheets as a CSV to edit in a spreadsheet and import again (the PDFs and images it names stay where they are: choose only the files you change), or
          everything as a zip of an export folder.
        </p>
        <div className="studio-dialog__actions">
          <a className="studio-button" href={`${context.basePath}/studio/api/exports/sheets.csv`} download>
            Export CSV
          </a>
          <a className="studio-button" href={`${context.basePath}/studio/api/exports/content.zip`} download>
            Export zip
          </a>
        </div>
      </div>
      <Notice outcome={outcome}>
        {outcome?.importId !== undefined && (
          <>
            {' '}
            <ImportUndo context={context} importId={outcome.importId} isDisabled={busy} onDone={setOutcome} />
          </>
        )}
      </Notice>

      <div className="studio-panel">
        <h2>Files</h2>
        <DropZone
          className="studio-drop__zone"
          isDisabled={busy}
          onDrop={async (event) => void add(await Promise.all(event.items.filter(isFileDropItem).map((item) => item.getFile())))}
        >
          <Text slot="label">Drop a CSV and its files, or one zip, here, or</Text>{' '}
          <FileTrigger acceptedFileTypes={[...IMPORT_EXTENSIONS]} allowsMultiple onSelect={(list) => list && void add([...list])}>
            <Button className="studio-button" isDisabled={busy}>
              Choose files
            </Button>
          </FileTrigger>
        </DropZone>
        {sent.length > 0 && (
          <ul className="studio-uploads" aria-label="Files of this import">
            {sent.map((file) => (
              <li key={file.id} className={`studio-upload studio-upload--${file.state}`}>
                <span className="studio-upload__name">{file.name}</span>
                <progress max={100} value={file.state === 'checking' ? undefined : file.percent} aria-label={`${file.name} sent`} />
                <span role={file.state === 'failed' ? 'alert' : 'status'}>{file.message}</span>
              </li>
            ))}
          </ul>
        )}
        {token !== null && (
          <div className="studio-sheets__tools">
            {collections.length > 1 && (
              <Choose
                label="Collection a CSV fills"
                items={collections.map((entry) => ({ id: entry.id, name: entry.title }))}
                value={collection}
                onChange={(chosen: string) => {
                  setCollection(chosen);
                  void compare(token, chosen);
                }}
                isDisabled={busy}
              />
            )}
            <Checkbox
              className="studio-checkbox"
              isSelected={removeUnlisted}
              isDisabled={busy}
              onChange={(remove) => {
                setRemoveUnlisted(remove);
                void compare(token, collection, remove);
              }}
            >
              <span className="studio-checkbox__box" aria-hidden="true" />
              Take the sheets the file does not list off the collection (they stay in the store)
            </Checkbox>
            <Button className="studio-button studio-button--quiet" isDisabled={busy} onPress={() => void cancel()}>
              Cancel the import
            </Button>
          </div>
        )}
      </div>

      {(comparison !== null || problems !== null) && (
        <div className="studio-panel">
          <h2 ref={resultHeading} tabIndex={-1}>
            {problems !== null ? 'Cannot be imported' : 'What the import would do'}
          </h2>
          {problems !== null ? (
            <div role="alert">
              <p className="studio-error">{problems.message}</p>
              {problems.problems.length > 0 && (
                <ul className="studio-problems">
                  {problems.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
              <p>Correct the file and choose it again, or cancel the import.</p>
            </div>
          ) : (
            comparison !== null && <ComparisonView comparison={comparison} />
          )}
          {comparison !== null && (
            <div className="studio-dialog__actions">
              <Button className="studio-button" isDisabled={busy || changes === 0} onPress={() => void apply()}>
                Apply the import
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

function ComparisonView({ comparison }: { comparison: Comparison }) {
  const { entries, summary, live, notes } = comparison.plan;
  const others = entries.filter((entry) => !SHEET(entry) && entry.action !== 'keep' && entry.action !== 'remove');
  const groups = GROUPS.map((group) => ({
    ...group,
    entries: entries.filter((entry) => entry.action === group.action && (group.action === 'keep' || group.action === 'remove' || SHEET(entry))),
  }));
  const nothing = entries.every((entry) => entry.action === 'keep');
  return (
    <>
      <p role="status">
        {comparison.source === 'csv' ? 'From the CSV' : 'From the export folder'}: {summary}
        {others.length > 0
          ? `; ${others.length <= 2 ? others.map((entry) => entry.record).join(' and ') : plural(others.length, 'other record')} change${others.length === 1 ? 's' : ''} too`
          : ''}
        .{nothing ? ' The store has all of it already: there is nothing to apply.' : ''}
      </p>
      {notes.map((note) => (
        <p key={note} className="studio-note">
          {note}
        </p>
      ))}
      {live.length > 0 && (
        <p className="studio-note">
          <strong>{live.length === 1 ? 'This sheet goes' : `These ${live.length} sheets go`} on the site when you apply:</strong> {live.join('; ')}. Changed
          sheets show their changes on the site at once too; drafts keep their own.
        </p>
      )}
      {[
        ...groups.filter((group) => group.action !== 'keep'),
        { action: 'other' as const, title: 'Other records', entries: others },
        ...groups.filter((group) => group.action === 'keep'),
      ]
        .filter((group) => group.entries.length > 0)
        .map((group) =>
          group.action === 'keep' ? (
            <details key={group.action} className="studio-import__group">
              <summary>
                {group.title} ({group.entries.length}): the same in the file and the store
              </summary>
              <ul>
                {group.entries.map((entry) => (
                  <li key={entry.record}>{entry.record}</li>
                ))}
              </ul>
            </details>
          ) : (
            <div key={group.action} className="studio-import__group">
              <h3>
                {group.title} ({group.entries.length})
              </h3>
              <ul className="studio-import__entries">
                {group.entries.map((entry) => (
                  <li key={entry.record}>
                    <strong>{entry.record}</strong>
                    {entry.draft !== undefined && <DraftNote draft={entry.draft} />}
                    {entry.fields.length > 0 && (
                      <table className="studio-table studio-compare__table">
                        <caption className="studio-visually-hidden">What changes in {entry.record}</caption>
                        <thead>
                          <tr>
                            <th scope="col">Field</th>
                            <th scope="col">Now</th>
                            <th scope="col">After the import</th>
                          </tr>
                        </thead>
                        <tbody>
                          {entry.fields.map((change) => (
                            <tr key={change.field}>
                              <th scope="row">{planFieldName(change.field)}</th>
                              <td data-column="Now">{shownValue(change.before)}</td>
                              <td data-column="After the import">{shownValue(change.after)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ),
        )}
    </>
  );
}

/** What the import does to a sheet's pending draft. */
function DraftNote({ draft }: { draft: NonNullable<PlanEntry['draft']> }) {
  const names = (fields: string[]) => fields.map(planFieldName).join(', ');
  return (
    <p className={draft.conflicts.length > 0 ? 'studio-warning' : 'studio-hint'}>
      It has a draft.
      {draft.carried.length > 0 ? ` The import’s changes to ${names(draft.carried)} go into the draft too.` : ''}
      {draft.conflicts.length > 0
        ? ` The draft changed ${names(draft.conflicts)} itself: the draft keeps its own, the site shows the import’s, and the sheet will ask which to keep.`
        : ''}
    </p>
  );
}
