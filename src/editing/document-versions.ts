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

export async function withdrawDocumentVersion(
  db: ContentStore,
  sheetId: string,
  version: number,
  withdrawn: boolean,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  await editingChange(db, async (trx) => {
    const view = await sheets.view(trx, sheetId);
    if (view === null) throw new EditingError(`There is no sheet ${sheetId}`, 'not-found');
    const document = view.published?.document ?? view.draft.document;
    if (document === null) throw new EditingError(`${view.label} has no document`, 'not-found');
    const versions = await listFileAssetVersions(trx, document.assetId);
    const found = versions.find((entry) => entry.version === version);
    if (found === undefined) throw new EditingError(`${view.label}'s document has no published version ${version}`, 'not-found');
    if (withdrawn && (version === versions[0]?.version || version === view.published?.document?.version || version === view.draft.document?.version))
      throw new EditingError(`Version ${version} is the sheet's current document: upload a new version first, then withdraw this one`, 'invalid', {
        problems: [`document.version: ${version} is the current version`],
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
