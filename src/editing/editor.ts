/**
 * The editor of a kind (editable.ts says what editing is): one engine for every kind, put together
 * from its records (editor-records.ts) and its operations on drafts, on the site (by the editor's
 * hand, and by changes from elsewhere), on drafts by changes from elsewhere, and in the trash.
 */
import { editingChange, type KindAdapter } from './editable';
import { draftOperations } from './editor-drafts';
import { createEditorRecords } from './editor-records';
import { previewOperations, publishingOperations } from './editor-publishing';
import { siteChangeOperations } from './editor-site-changes';
import { draftChangeOperations } from './editor-draft-changes';
import { trashOperations } from './editor-trash';
import { reviewOperations } from './editor-reviews';

export function createEditor<S>(adapter: KindAdapter<S>) {
  const records = createEditorRecords(adapter);
  const siteChanges = siteChangeOperations(records);
  return {
    kind: records.kind,
    /** How the audit log names a target in a state (its title, a page's path). */
    auditTargetOf: records.targetOf,
    view: records.view,
    ...draftOperations(records),
    ...siteChanges,
    ...draftChangeOperations(records),
    ...publishingOperations(records, siteChanges),
    ...previewOperations(records),
    ...trashOperations(records),
    ...reviewOperations(records),
    change: editingChange,
  };
}

export type Editor<S> = ReturnType<typeof createEditor<S>>;
