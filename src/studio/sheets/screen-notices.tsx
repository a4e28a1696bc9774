/**
 * What a sheet's screen says above the form: fields an import changed under the draft, which wait
 * for the editor's choice, and the server's reasons for refusing a save that name no field.
 */
import { Button } from 'react-aria-components';
import type { SheetView } from '../common/api';
import { fieldName } from '../common/field-names';

interface SheetNoticesProps {
  view: SheetView;
  /** The server's problems that are not about one field. */
  otherProblems: string[];
  /** Opens the choice between the draft's fields and the site's. */
  onChoose: () => void;
}

export function SheetNotices({ view, otherProblems, onChoose }: SheetNoticesProps) {
  return (
    <>
      {view.attention !== null && (
        <div className="studio-warning" role="status">
          <p>
            <strong>Needs attention.</strong> The {view.attention.source} {view.attention.into === 'draft' ? 'would change' : 'changed'}{' '}
            {view.attention.conflicts.length === 1 ? 'a field' : `${view.attention.conflicts.length} fields`}
            {view.attention.into === 'draft' ? '' : ' on the site'} that your draft had changed too (
            {view.attention.conflicts.map((field) => fieldName(field.path)).join(', ')}). Your draft keeps its own until you choose, and is not published until
            then.
          </p>
          <Button className="studio-button studio-button--small" onPress={onChoose}>
            Choose what to keep
          </Button>
        </div>
      )}
      {otherProblems.length > 0 && (
        <ul className="studio-error" role="alert">
          {otherProblems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </>
  );
}
