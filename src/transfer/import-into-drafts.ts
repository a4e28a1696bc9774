/**
 * An import while review before publish is on (docs/editing.md, "Review"). Nothing goes past
 * review, whoever changes a sheet and however: the import's changes go into the sheets' drafts,
 * merged as an import's are (fields the draft changed itself stay the draft's and ask the editor's
 * choice), and each changed draft is put up for review in the importer's name. The site shows none
 * of it until a reviewer approves a draft and it is published. Records that are not sheets have no
 * review, so a file that would change them (a site, a collection's order, an SEO record) is
 * refused, naming them; new content types and a sheet's documents of a language are written, as
 * nothing on the site links to them until a sheet that names them is published.
 *
 * One change, in one transaction: drafts are rows of their own, nothing for the journal's readers
 * to follow, so even thousands of sheets hold the editing lock for seconds at most; undoing it
 * (editing/imports.ts) is one change too.
 */
import type { ContentStore } from '../cms/database';
import { saveContentType } from '../cms/repositories/contents';
import { recordChange } from '../editing/audit';
import { EditingError, editingChange } from '../editing/editable';
import { newImportId, recordImport, type ImportedSheet } from '../editing/imports';
import { SHEET_ADAPTER, sheets } from '../editing/sheets';
import { changesBetween } from '../shared/merge';
import { planProposal, type PlanEntry } from './import-plan';
import {
  changedSheets,
  describeImport,
  readTexts,
  refuseMoved,
  saveDocumentsOfLanguages,
  saveProposedFiles,
  type AppliedImport,
  type ApplyOptions,
  type ImportProposal,
} from './import-proposal';
import { unplaced } from '../shared/problems';

/** Applies a proposal into the drafts of the sheets it changes (or makes), each put up for review. */
export async function applyToDrafts(db: ContentStore, proposal: ImportProposal, options: ApplyOptions): Promise<AppliedImport> {
  const { actor } = options;
  const changed = changedSheets(proposal);
  const { summary, added, changed: altered } = describeImport(proposal);
  await refuseOutsideReview(db, proposal);
  const texts = await readTexts(proposal);
  const now = new Date();
  const at = now.toISOString();
  const importId = newImportId(now);
  // What the history and the import lists say of it: where it went, beside what it did.
  const recorded = `${summary}, into drafts for review`;
  return editingChange(
    db,
    async (trx) => {
      await options.verify?.(trx);
      await refuseMoved(trx, changed);
      const auditId = await recordChange(trx, {
        actor,
        action: 'content.import-into-drafts',
        target: { type: 'import', id: importId, label: recorded },
        at: now,
      });
      for (const type of proposal.records.contentTypes) await saveContentType(trx, type);
      await saveProposedFiles(trx, proposal, texts, at);
      await saveDocumentsOfLanguages(trx, proposal, texts);
      const change = { event: 'import', actor, at: now, auditId, changeId: importId, source: `import ${importId}` };
      const done: ImportedSheet[] = [];
      const needAttention: string[] = [];
      for (const [index, sheet] of changed.entries()) {
        const made = await sheets.applyDraftChange(trx, sheet.id, { ...change, after: sheet.target, base: sheet.base });
        const label = SHEET_ADAPTER.labelOf(made.after);
        if (made.conflicts.length > 0) needAttention.push(label);
        const changes = changesBetween(made.before ?? undefined, made.after);
        if (changes.length > 0 || made.conflicts.length > 0) {
          done.push({ id: sheet.id, label, added: made.before === null, changes, conflicts: made.conflicts.map(({ path, theirs }) => ({ path, theirs })) });
          await askForReview(trx, sheet.id, options, `import ${importId}: ${summary}`);
        }
        options.onProgress?.(index + 1, changed.length);
      }
      await recordImport(trx, { id: importId, actor, at: now, summary: recorded, sheets: done, collections: [], into: 'drafts' });
      return { importId, summary, added, changed: altered, needAttention, into: 'drafts' as const };
    },
    importId,
  );
}

/** Puts a draft the import changed up for review, unless it is waiting for one of the draft as it is (or shows nothing new). */
async function askForReview(trx: ContentStore, sheetId: string, { actor }: ApplyOptions, note: string): Promise<void> {
  const view = await sheets.view(trx, sheetId);
  if (view === null || view.status === 'published' || (view.review?.state === 'pending' && view.review.current)) return;
  await sheets.requestReviewIn(trx, sheetId, view.revision, { actor, role: 'editor' }, note);
}

/**
 * Refused, naming them, when the file changes records that have no review (a site, an SEO record,
 * another content, a document nothing links, a content type's fields, a collection's title or
 * order, a new collection): an import under review could only put them on the site past it.
 * Sheets joining or leaving a collection do so through their drafts.
 */
async function refuseOutsideReview(db: ContentStore, proposal: ImportProposal): Promise<void> {
  const outside = (await planProposal(db, proposal)).entries.filter(outsideReview);
  if (outside.length === 0) return;
  const named = outside.map((entry) => `${entry.record} (${entry.action === 'add' ? 'added' : 'changed'})`);
  throw new EditingError(
    `Review before publish is on: an import puts its changes to sheets into their drafts, for review, but this file also changes ${named.join('; ')}, which have no review. Nothing was imported. Import the sheets alone, or have an operator import it with \`npm run cli -- content import … --bypass-review\` (the audit log names it).`,
    'not-approved',
    { problems: unplaced(named.map((record) => `${record}: not a sheet, so it would go on the site without review`)) },
  );
}

function outsideReview(entry: PlanEntry): boolean {
  if (entry.kind === 'sheet' || entry.action === 'keep') return false;
  if (entry.kind === 'content type') return entry.action !== 'add';
  if (entry.kind === 'collection') return entry.action === 'add' || entry.fields.some((field) => field.field !== 'items');
  return true;
}
