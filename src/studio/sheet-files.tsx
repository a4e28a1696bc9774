/**
 * A sheet's image and PDF: what it has now (the image shown, the PDF to open), replacing either with
 * progress, and the PDF's earlier versions, each at its own `?v=N` address, superseded by the
 * newest, and withdrawn (410) where an editor chose. The draft is saved first, so an upload always
 * starts from the revision on screen.
 */
import { useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { callApi, fileUrl, sendFile, type SheetView, type StudioContext } from './api';
import { Notice } from './parts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'];

interface SheetFilesProps {
  context: StudioContext;
  view: SheetView;
  /** Saves what is on screen, then runs a change from the revision saved (null: it could not be saved). */
  hold: <T>(run: (revision: number) => Promise<T>) => Promise<T | null>;
  onUploaded: (answer: SheetView) => void;
  imageAlt: string;
}

type Progress = { kind: 'image' | 'document'; percent: number } | null;

export function SheetFiles({ context, view, hold, onUploaded, imageAlt }: SheetFilesProps) {
  const [progress, setProgress] = useState<Progress>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const { image, document } = view.draft;

  const upload = async (kind: 'image' | 'document', files: FileList | null) => {
    const file = files?.[0];
    if (file === undefined) return;
    setMessage(null);
    setProgress({ kind, percent: 0 });
    try {
      const answer = await hold((revision) =>
        sendFile<SheetView>(context, 'PUT', `/sheets/${encodeURIComponent(view.id)}/${kind}?revision=${revision}`, file, (percent) =>
          setProgress({ kind, percent }),
        ),
      );
      if (answer === null) {
        setMessage({ text: 'Fix the marked fields first: the sheet must be saved before a file is added.', failed: true });
        return;
      }
      onUploaded(answer);
      setMessage({ text: kind === 'image' ? `${file.name} is the sheet’s image now.` : `${file.name} is the sheet’s PDF now.`, failed: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), failed: true });
    } finally {
      setProgress(null);
    }
  };

  // An outdated version (a safety data sheet since revised) can be withdrawn: its address then answers 410.
  const withdraw = async (version: number, withdrawn: boolean) => {
    setMessage(null);
    try {
      const answer = await hold(() =>
        callApi<SheetView>(context, 'POST', `/sheets/${encodeURIComponent(view.id)}/documents/${version}/${withdrawn ? 'withdraw' : 'restore'}`),
      );
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

  const publishedVersions = view.documentVersions.filter(
    (version) => version.version !== document?.version || document.sha256 === view.published?.document?.sha256,
  );
  const draftVersionIsNew = document !== null && view.published?.document?.sha256 !== document.sha256;

  return (
    <section className="studio-panel" aria-labelledby="files-heading">
      <h2 id="files-heading">Image and PDF</h2>
      <div className="studio-files">
        <div className="studio-file">
          <h3>Image</h3>
          {image === null ? (
            <p>No image yet.</p>
          ) : (
            <figure className="studio-file__image">
              <img src={fileUrl(context, image.sha256)} alt={imageAlt} width={image.width} height={image.height} />
              <figcaption>
                {image.fileName} · {image.width} × {image.height} px
              </figcaption>
            </figure>
          )}
          <FileTrigger acceptedFileTypes={IMAGE_TYPES} onSelect={(files) => void upload('image', files)}>
            <Button className="studio-button" isDisabled={progress !== null}>
              {image === null ? 'Add an image' : 'Replace the image'}
            </Button>
          </FileTrigger>
        </div>
        <div className="studio-file">
          <h3>PDF</h3>
          {document === null ? (
            <p>No PDF yet.</p>
          ) : (
            <p>
              <a
                href={
                  draftVersionIsNew
                    ? fileUrl(context, document.sha256)
                    : `${view.documentVersions.find((version) => version.version === document.version)?.url ?? fileUrl(context, document.sha256)}`
                }
              >
                {document.fileName}
              </a>{' '}
              (version {document.version}
              {draftVersionIsNew ? ', not published yet' : ''})
            </p>
          )}
          <FileTrigger acceptedFileTypes={['application/pdf']} onSelect={(files) => void upload('document', files)}>
            <Button className="studio-button" isDisabled={progress !== null}>
              {document === null ? 'Add a PDF' : 'Upload a new version'}
            </Button>
          </FileTrigger>
          {publishedVersions.length > 0 && (
            <>
              <h4>Published versions</h4>
              <ul className="studio-versions">
                {publishedVersions.map((version, index) => (
                  <li key={version.version}>
                    <a href={version.url}>Version {version.version}</a> <code>{version.url.replace(/^.*\//, '')}</code>
                    {version.withdrawn
                      ? ' · withdrawn: its address answers “gone”'
                      : index > 0
                        ? ` · superseded by version ${publishedVersions[0]!.version}`
                        : ''}
                    {index > 0 && version.version !== document?.version && (
                      <Button
                        className="studio-button studio-button--small studio-button--quiet"
                        isDisabled={progress !== null}
                        onPress={() => void withdraw(version.version, !version.withdrawn)}
                      >
                        {version.withdrawn ? `Serve version ${version.version} again` : `Withdraw version ${version.version}`}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      {progress !== null && (
        <progress
          max={100}
          value={progress.percent < 100 ? progress.percent : undefined}
          aria-label={`Sending the ${progress.kind === 'image' ? 'image' : 'PDF'}`}
        />
      )}
      <Notice outcome={message} />
    </section>
  );
}
