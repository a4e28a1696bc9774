/**
 * A sheet's image and documents: the image shown, replaced with progress (the draft is saved first,
 * so an upload always starts from the revision on screen), beside its documents (documents.tsx).
 */
import { useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { fileUrl, sendFile, type SheetState, type SheetView, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { SheetDocuments } from './documents';
import { Notice } from '../common/parts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'];

interface SheetFilesProps {
  context: StudioContext;
  view: SheetView;
  /** Saves what is on screen, then runs a change from the revision saved (null: it could not be saved). */
  hold: <T>(run: (revision: number) => Promise<T>) => Promise<T | null>;
  onUploaded: (answer: SheetView) => void;
  imageAlt: string;
  draft: SheetState;
  onEdit: (change: (draft: SheetState) => SheetState) => void;
  problems: ReadonlyMap<string, string>;
}

export function SheetFiles({ context, view, hold, onUploaded, imageAlt, draft, onEdit, problems }: SheetFilesProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const { image } = view.draft;

  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (file === undefined) return;
    setMessage(null);
    setProgress(0);
    try {
      const answer = await hold((revision) =>
        sendFile(context, { operation: editingApi.sheets.uploadImage, params: { id: view.id }, query: { revision } }, file, (percent) => setProgress(percent)),
      );
      if (answer === null) {
        setMessage({ text: 'Fix the marked fields first: the sheet must be saved before a file is added.', failed: true });
        return;
      }
      onUploaded(answer);
      setMessage({ text: `${file.name} is the sheet’s image now.`, failed: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), failed: true });
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className="studio-panel" aria-labelledby="files-heading">
      <h2 id="files-heading">Image and documents</h2>
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
          <FileTrigger acceptedFileTypes={IMAGE_TYPES} onSelect={(files) => void upload(files)}>
            <Button className="studio-button" isDisabled={progress !== null}>
              {image === null ? 'Add an image' : 'Replace the image'}
            </Button>
          </FileTrigger>
        </div>
        <SheetDocuments context={context} view={view} draft={draft} hold={hold} onUploaded={onUploaded} onEdit={onEdit} problems={problems} />
      </div>
      {progress !== null && <progress max={100} value={progress < 100 ? progress : undefined} aria-label="Sending the image" />}
      <Notice outcome={message} />
    </section>
  );
}
