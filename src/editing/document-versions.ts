/**
 * Withdrawing a published version of a sheet's document (issue 35): an outdated safety data sheet
 * must not stay valid at its old `?v=N`. A withdrawn version answers 410 Gone, naming the newest;
 * its bytes stay, and bringing it back serves it again. The newest version, and the one the site
 * links to, cannot be withdrawn: upload a new version first. Each is one change with an audit entry.
 */
import type { ContentStore } from '../cms/database';
import { listFileAssetVersions, setFileAssetRetired } from '../cms/repositories/files';
import { recordChange, type Actor } from './audit';
import { editingChange, EditingError } from './editable';
import { sheets } from './sheets';
import { documentsOf } from '../sheet/documents';
import type { SheetState } from '../sheet/shape';
import { problemAt } from '../shared/problems';

export async function withdrawDocumentVersion(
  db: ContentStore,
  sheetId: string,
  version: number,
  withdrawn: boolean,
  actor: Actor,
  { assetId, now = new Date() }: { assetId?: string | undefined; now?: Date } = {},
): Promise<void> {
  await editingChange(db, async (trx) => {
    const view = await sheets.view(trx, sheetId);
    if (view === null) throw new EditingError(`There is no sheet ${sheetId}`, 'not-found');
    const states = view.published === null ? [view.draft] : [view.published, view.draft];
    const own = (state: SheetState) => (assetId === undefined ? state.document : (documentsOf(state).find((document) => document.assetId === assetId) ?? null));
    const document = states.map(own).find((candidate) => candidate !== null) ?? null;
    if (document === null) throw new EditingError(`${view.label} has no document${assetId === undefined ? '' : ` ${assetId}`}`, 'not-found');
    const versions = await listFileAssetVersions(trx, document.assetId);
    const found = versions.find((entry) => entry.version === version);
    if (found === undefined) throw new EditingError(`${view.label}'s document has no published version ${version}`, 'not-found');
    const current = states.map((state) => own(state)?.version);
    if (withdrawn && (version === versions[0]?.version || current.includes(version)))
      throw new EditingError(`Version ${version} is the sheet's current document: upload a new version first, then withdraw this one`, 'invalid', {
        problems: [problemAt('document.version', `${version} is the current version`)],
      });
    if (found.retired === withdrawn) return;
    await setFileAssetRetired(trx, document.assetId, version, withdrawn ? now.toISOString() : null);
    await recordChange(trx, {
      actor,
      action: withdrawn ? 'sheet.document-withdraw' : 'sheet.document-restore',
      target: { type: 'sheet', id: sheetId, label: view.label },
      after: { assetId: document.assetId, version },
      at: now,
    });
  });
}
