/**
 * Import: a CSV (or an Excel workbook's first sheet) with the documents and images its rows name,
 * or a zip of an export folder, chosen or dropped. Each file goes up with its own progress and is
 * checked as it arrives; then the
 * comparison shows, record by record and field by field, what the import would do. Nothing changes
 * until the editor applies it, and an applied import is undone here or under Trash and imports.
 */
import { Link } from 'react-aria-components';
import { addressOf, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { ImportProposal } from './comparison';
import { ImportFilesPanel } from './files-panel';
import { useImportSession } from './session';
import { ImportUndo } from './undo';
import { Notice } from '../common/parts';

export function ImportScreen({ context }: { context: StudioContext }) {
  const session = useImportSession(context);
  const { outcome, busy } = session;
  return (
    <section className="studio-import" aria-labelledby="import-heading">
      <h1 id="import-heading">Import</h1>
      <p className="studio-hint">
        Bring in a CSV or an Excel workbook (.xlsx, its first sheet) with the PDFs and images its rows name, or a zip of an export folder. You see what would
        change, field by field, before anything does; an applied import can be undone. <Link href={`${context.basePath}/studio/trash`}>Earlier imports</Link>
      </p>
      <ExportPanel context={context} />
      <Notice outcome={outcome}>
        {outcome?.importId !== undefined && (
          <>
            {' '}
            <ImportUndo context={context} importId={outcome.importId} isDisabled={busy} onDone={session.setOutcome} />
          </>
        )}
      </Notice>

      <ImportFilesPanel session={session} />

      <ImportProposal
        comparison={session.comparison}
        problems={session.problems}
        isBusy={busy}
        headingRef={session.resultHeading}
        onApply={() => void session.apply()}
      />
    </section>
  );
}

/** Export, beside import: what is exported comes back in unchanged, or edited. */
function ExportPanel({ context }: { context: StudioContext }) {
  return (
    <div className="studio-panel">
      <h2>Export</h2>
      <p className="studio-hint">
        The sheets as a CSV to edit in a spreadsheet and import again (the PDFs and images it names stay where they are: choose only the files you change), or
        everything as a zip of an export folder.
      </p>
      <div className="studio-dialog__actions">
        <a className="studio-button" href={addressOf(context, { operation: editingApi.exports.sheetsCsv })} download>
          Export CSV
        </a>
        <a className="studio-button" href={addressOf(context, { operation: editingApi.exports.contentZip })} download>
          Export zip
        </a>
      </div>
    </div>
  );
}
