/**
 * A sheet's documents as a set (docs/content-model.md, "Documents"): its own PDF, the one its link
 * goes to, and others (its data sheet in other languages, safety data sheets, brochures). For each,
 * what it is (kind, language, region, revision and its date: saved with the draft), a new revision
 * with progress, and its earlier versions, each at its own `?v=N`, superseded by the newest, and
 * withdrawn (410) where an editor chose. Uploads save the draft first, so each starts from the
 * revision on screen.
 */
import { useState } from 'react';
import { Button, FileTrigger, Input } from 'react-aria-components';
import { DOCUMENT_KINDS, type DocumentKind, type SheetDocument } from '../../sheet/shape';
import { call, fileUrl, languageName, sendFile, type SheetState, type SheetView, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { Choose, Notice, type Outcome } from '../common/parts';
import { TextEntry } from '../common/text-entry';

export const KIND_NAMES: Record<DocumentKind, string> = {
  'data-sheet': 'Data sheet',
  'safety-data-sheet': 'Safety data sheet',
  brochure: 'Brochure',
  certificate: 'Certificate',
  other: 'Other document',
};

/** Which of the sheet's documents: its own, or the set's by position. */
type Place = 'own' | number;

interface SheetDocumentsProps {
  context: StudioContext;
  view: SheetView;
  draft: SheetState;
  /** Saves what is on screen, then runs a change from the revision saved (null: it could not be saved). */
  hold: <T>(run: (revision: number) => Promise<T>) => Promise<T | null>;
  onUploaded: (answer: SheetView) => void;
  onEdit: (change: (draft: SheetState) => SheetState) => void;
  problems: ReadonlyMap<string, string>;
}

type Facts = Pick<SheetDocument, 'kind' | 'language' | 'region' | 'revision' | 'revisedOn'>;

/** The draft with one document's facts changed; an emptied fact is left out (it is optional). */
function withFacts(draft: SheetState, place: Place, facts: Facts): SheetState {
  const change = <T extends SheetDocument>(document: T): T => {
    const next: Record<string, unknown> = { ...document, ...facts };
    for (const [name, value] of Object.entries(facts)) if (value === '') delete next[name];
    return next as T;
  };
  if (place === 'own') return draft.document === null ? draft : { ...draft, document: change(draft.document) };
  return { ...draft, documents: (draft.documents ?? []).map((document, index) => (index === place ? change(document) : document)) };
}

export function SheetDocuments({ context, view, draft, hold, onUploaded, onEdit, problems }: SheetDocumentsProps) {
  const [progress, setProgress] = useState<{ what: string; percent: number } | null>(null);
  const [message, setMessage] = useState<Outcome | null>(null);
  const [newKind, setNewKind] = useState<DocumentKind>('data-sheet');
  const params = { id: view.id };
  /** Sends a file to one of the sheet's upload operations, from `revision`, telling its progress. */
  type Upload = (revision: number, file: File, onProgress: (percent: number) => void) => Promise<SheetView & { proposedTranslation?: string | null }>;
  const ownDocument: Upload = (revision, file, onProgress) =>
    sendFile(context, { operation: editingApi.sheets.uploadDocument, params, query: { revision } }, file, onProgress);

  /** Sends a file as `what` says, then tells what happened. */
  const send = async (what: string, upload: Upload, files: FileList | null, told: (answer: SheetView & { proposedTranslation?: string | null }) => string) => {
    const file = files?.[0];
    if (file === undefined) return;
    setMessage(null);
    setProgress({ what, percent: 0 });
    try {
      const answer = await hold((revision) => upload(revision, file, (percent) => setProgress({ what, percent })));
      if (answer === null) return setMessage({ text: 'Fix the marked fields first: the sheet must be saved before a file is added.', failed: true });
      onUploaded(answer);
      setMessage({ text: told(answer), failed: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), failed: true });
    } finally {
      setProgress(null);
    }
  };

  // An outdated version (a safety data sheet since revised) can be withdrawn: its address then answers 410.
  const withdraw = async (assetId: string, own: boolean, version: number, withdrawn: boolean) => {
    setMessage(null);
    try {
      const operation = withdrawn ? editingApi.sheets.withdrawDocument : editingApi.sheets.restoreDocument;
      const answer = await hold(() => call(context, { operation, params: { ...params, version: String(version) }, query: own ? {} : { asset: assetId } }));
      if (answer === null) return;
      onUploaded(answer);
      setMessage({
        text: withdrawn ? `Version ${version} is withdrawn: its address says it is gone and links the current one.` : `Version ${version} is served again.`,
        failed: false,
      });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), failed: true });
    }
  };

  const languages = [...new Set([...view.siteLanguages, ...Object.keys(draft.translations)])];
  const entries: Array<[Place, SheetDocument]> = [
    ...(draft.document === null ? [] : [['own', draft.document] as [Place, SheetDocument]]),
    ...(draft.documents ?? []).map((document, index): [Place, SheetDocument] => [index, document]),
  ];
  const busy = progress !== null;

  return (
    <div className="studio-file studio-documents">
      <h3>Documents</h3>
      {entries.length === 0 && <p>No PDF yet.</p>}
      {entries.map(([place, document]) => (
        <DocumentEntry
          key={document.assetId}
          context={context}
          view={view}
          document={document}
          place={place}
          languages={languages}
          primaryLanguage={draft.primaryLanguage}
          problems={problems}
          busy={busy}
          onFacts={(facts) => onEdit((current) => withFacts(current, place, facts))}
          onRevision={(files) =>
            void send(
              'the new revision',
              place === 'own'
                ? ownDocument
                : (revision, file, onProgress) =>
                    sendFile(
                      context,
                      { operation: editingApi.sheets.reviseDocument, params: { ...params, assetId: document.assetId }, query: { revision } },
                      file,
                      onProgress,
                    ),
              files,
              () => `${files?.[0]?.name ?? 'The file'} is the new revision: publish the sheet to put it on the site.`,
            )
          }
          onRemove={
            place === 'own'
              ? null
              : () => onEdit((current) => ({ ...current, documents: (current.documents ?? []).filter((other) => other.assetId !== document.assetId) }))
          }
          onWithdraw={(version, withdrawn) => void withdraw(document.assetId, place === 'own', version, withdrawn)}
        />
      ))}
      <div className="studio-documents__add">
        {draft.document === null ? (
          <FileTrigger
            acceptedFileTypes={['application/pdf']}
            onSelect={(files) => void send('the PDF', ownDocument, files, () => `${files?.[0]?.name ?? 'The file'} is the sheet’s PDF now.`)}
          >
            <Button className="studio-button" isDisabled={busy}>
              Add a PDF
            </Button>
          </FileTrigger>
        ) : (
          <>
            <Choose
              label="Kind of the next document"
              items={DOCUMENT_KINDS.map((kind) => ({ id: kind, name: KIND_NAMES[kind] }))}
              value={newKind}
              onChange={setNewKind}
            />
            <FileTrigger
              acceptedFileTypes={['application/pdf']}
              onSelect={(files) =>
                void send(
                  'the document',
                  (revision, file, onProgress) =>
                    sendFile(context, { operation: editingApi.sheets.addDocument, params, query: { revision, kind: newKind } }, file, onProgress),
                  files,
                  (answer) => {
                    const added = answer.draft.documents?.at(-1);
                    const said =
                      added === undefined
                        ? ''
                        : ` (${KIND_NAMES[added.kind ?? 'data-sheet']}, ${languageName(added.language ?? draft.primaryLanguage)}: change either below if that is wrong)`;
                    const proposed = typeof answer.proposedTranslation === 'string' ? answer.proposedTranslation : null;
                    return `${files?.[0]?.name ?? 'The document'} is added${said}.${proposed === null ? '' : ` A ${languageName(proposed)} text was proposed from it: check it before publishing.`}`;
                  },
                )
              }
            >
              <Button className="studio-button" isDisabled={busy}>
                Add a document
              </Button>
            </FileTrigger>
          </>
        )}
      </div>
      {progress !== null && <progress max={100} value={progress.percent < 100 ? progress.percent : undefined} aria-label={`Sending ${progress.what}`} />}
      <Notice outcome={message} />
    </div>
  );
}

interface DocumentEntryProps {
  context: StudioContext;
  view: SheetView;
  document: SheetDocument;
  place: Place;
  languages: string[];
  primaryLanguage: string;
  problems: ReadonlyMap<string, string>;
  busy: boolean;
  onFacts: (facts: Facts) => void;
  onRevision: (files: FileList | null) => void;
  onRemove: (() => void) | null;
  onWithdraw: (version: number, withdrawn: boolean) => void;
}

/** One document: what it is, its file, a new revision, and its published versions. */
function DocumentEntry({
  context,
  view,
  document,
  place,
  languages,
  primaryLanguage,
  problems,
  busy,
  onFacts,
  onRevision,
  onRemove,
  onWithdraw,
}: DocumentEntryProps) {
  const kind = document.kind ?? 'data-sheet';
  const language = document.language ?? primaryLanguage;
  const field = (name: keyof Facts) => problems.get(`${place === 'own' ? 'document' : `documents[${place}]`}.${name}`);
  const versions = view.documentVersions.filter((version) => version.assetId === document.assetId);
  const publishedSha = (place === 'own' ? [view.published?.document] : (view.published?.documents ?? [])).find(
    (published) => published?.assetId === document.assetId,
  )?.sha256;
  const isNew = publishedSha !== document.sha256;
  const earlier = versions.filter((version) => version.version !== document.version || !isNew);
  const heading = `${KIND_NAMES[kind]}, ${languageName(language)}${document.region === undefined ? '' : `, ${document.region}`}`;
  return (
    <section className="studio-document" aria-label={heading}>
      <h4>
        {heading}
        {place === 'own' && <span className="studio-hint"> · the sheet’s link goes to it</span>}
      </h4>
      <p>
        <a
          href={
            isNew
              ? fileUrl(context, document.sha256)
              : (versions.find((version) => version.version === document.version)?.url ?? fileUrl(context, document.sha256))
          }
        >
          {document.fileName}
        </a>{' '}
        (version {document.version}
        {isNew ? ', not published yet' : ''})
      </p>
      <div className="studio-document__facts">
        <Choose label="Kind" items={DOCUMENT_KINDS.map((id) => ({ id, name: KIND_NAMES[id] }))} value={kind} onChange={(next) => onFacts({ kind: next })} />
        <Choose
          label="Language"
          items={[...new Set([...languages, language])].map((id) => ({ id, name: languageName(id) }))}
          value={language}
          onChange={(next) => onFacts({ language: next })}
        />
        <TextEntry
          label="Region"
          value={document.region ?? ''}
          onChange={(region) => onFacts({ region: region.toUpperCase() })}
          problem={field('region')}
          description="DE, FR… or EU; empty for everywhere."
        >
          <Input maxLength={2} autoComplete="off" />
        </TextEntry>
        <TextEntry label="Revision" value={document.revision ?? ''} onChange={(revision) => onFacts({ revision })} problem={field('revision')}>
          <Input maxLength={40} autoComplete="off" />
        </TextEntry>
        <TextEntry label="Revision date" value={document.revisedOn ?? ''} onChange={(revisedOn) => onFacts({ revisedOn })} problem={field('revisedOn')}>
          <Input type="date" />
        </TextEntry>
      </div>
      <div className="studio-document__actions">
        <FileTrigger acceptedFileTypes={['application/pdf']} onSelect={onRevision}>
          <Button className="studio-button studio-button--small" isDisabled={busy}>
            Upload a new revision
          </Button>
        </FileTrigger>
        {onRemove !== null && (
          <Button className="studio-button studio-button--small studio-button--quiet" isDisabled={busy} onPress={onRemove}>
            Remove from the sheet
          </Button>
        )}
      </div>
      {earlier.length > 0 && (
        <>
          <h5>Published versions</h5>
          <ul className="studio-versions">
            {earlier.map((version, index) => (
              <li key={version.version}>
                <a href={version.url}>Version {version.version}</a> <code>{version.url.replace(/^.*\//, '')}</code>
                {version.withdrawn ? ' · withdrawn: its address answers “gone”' : index > 0 ? ` · superseded by version ${earlier[0]!.version}` : ''}
                {index > 0 && version.version !== document.version && (
                  <Button
                    className="studio-button studio-button--small studio-button--quiet"
                    isDisabled={busy}
                    onPress={() => onWithdraw(version.version, !version.withdrawn)}
                  >
                    {version.withdrawn ? `Serve version ${version.version} again` : `Withdraw version ${version.version}`}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
