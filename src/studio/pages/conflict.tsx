/** The alert shown when someone else saved the page's settings while this editor was editing them. */
import { Button } from 'react-aria-components';
import type { PageView } from '../common/page-api';

interface PageConflictProps {
  /** The page as the other editor left it. */
  theirs: PageView;
  onKeepMine: (theirs: PageView) => void;
  onTakeTheirs: (theirs: PageView) => void;
}

export function PageConflict({ theirs, onKeepMine, onTakeTheirs }: PageConflictProps) {
  return (
    <div className="studio-error" role="alert">
      <p>{theirs.updatedBy ?? 'Someone'} changed the page’s settings while you were editing. Keep yours (theirs stay in the history) or take theirs?</p>
      <div className="studio-actions">
        <Button className="studio-button" onPress={() => onKeepMine(theirs)}>
          Keep mine and save
        </Button>
        <Button className="studio-button studio-button--quiet" onPress={() => onTakeTheirs(theirs)}>
          Take theirs
        </Button>
      </div>
    </div>
  );
}
