/** Whether visitors see the page's settings yet, the button that publishes them, and a preview with them. */
import { Button } from 'react-aria-components';
import { addressOf, type SheetStatus, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import type { PageView } from '../common/page-api';
import type { SaveState } from './draft';

const STATUS_SENTENCES: Record<SheetStatus, string> = {
  draft: 'A draft: visitors do not see it yet.',
  published: 'Published: visitors see these settings.',
  changed: 'Changed since publish: visitors still see the settings as they were.',
  unpublished: 'Not on the site.',
};

interface PagePublishingProps {
  context: StudioContext;
  view: PageView;
  saveState: SaveState;
  onPublish: () => void;
}

export function PagePublishing({ context, view, saveState, onPublish }: PagePublishingProps) {
  return (
    <div className="studio-panel">
      <h2>Publishing</h2>
      <p>{STATUS_SENTENCES[view.status]}</p>
      <div className="studio-actions">
        <Button className="studio-button studio-button--primary" isDisabled={view.status === 'published' && saveState === 'saved'} onPress={onPublish}>
          Publish the page
        </Button>
        <a className="studio-link" href={addressOf(context, { operation: editingApi.pages.preview, params: { id: view.name } })} target="_blank" rel="noopener">
          Preview the page with these settings
        </a>
      </div>
    </div>
  );
}
