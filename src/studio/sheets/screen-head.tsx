/**
 * The top of a sheet's screen: where it is in the studio, its title, its status on the site, and
 * its save state, always visible and announced.
 */
import { Button, Link } from 'react-aria-components';
import type { SheetView, StudioContext } from '../common/api';
import { STATUS_WORDS } from '../../shared/editing-status';
import type { SaveState, SheetDraft } from './use-sheet-draft';

const SAVE_WORDS: Record<SaveState, string> = {
  loading: 'Loading…',
  saved: 'Saved',
  editing: 'Unsaved changes',
  saving: 'Saving…',
  refused: 'Not saved: see the marked fields',
  failed: 'Not saved',
  conflict: 'Not saved: someone else changed this sheet',
};

interface SheetScreenHeadProps {
  context: StudioContext;
  view: SheetView;
  sheet: SheetDraft;
  /** The title in the primary language, as typed. */
  title: string;
  /** The values typed that do not read, which the saves leave out: each field's name for people, and why. */
  unsent: Array<{ name: string; problems: string[] }>;
}

export function SheetScreenHead({ context, view, sheet, title, unsent }: SheetScreenHeadProps) {
  const { state } = sheet;
  // The rest of the sheet saves without them; the head says which are left out, and how to write each.
  const except = state === 'saved' && unsent.length > 0 ? `, except ${unsent.map(({ name, problems }) => `${name} (${problems.join('; ')})`).join(', ')}` : '';
  return (
    <>
      <nav aria-label="Breadcrumb" className="studio-breadcrumb">
        <Link href={`${context.basePath}/studio`}>Sheets</Link> <span aria-hidden="true">›</span> <span aria-current="page">{title || 'Untitled'}</span>
      </nav>
      <header className="studio-sheet__head">
        <h1 id="sheet-heading">{title || 'Untitled sheet'}</h1>
        <span className={`studio-status studio-status--${view.status}`}>{STATUS_WORDS[view.status]}</span>
        {view.attention !== null && <span className="studio-status studio-status--attention">{STATUS_WORDS.attention}</span>}
        {view.siteUrl !== null && (
          <a className="studio-link" href={view.siteUrl} target="_blank" rel="noopener">
            View on site<span className="studio-visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        <p className={`studio-save studio-save--${state}`} role="status" aria-live="polite">
          {SAVE_WORDS[state]}
          {except}
          {state === 'failed' && sheet.message !== null ? `: ${sheet.message}` : ''}
        </p>
        {state === 'failed' && (
          <Button className="studio-button studio-button--small" onPress={() => void sheet.flush()}>
            Try again
          </Button>
        )}
      </header>
    </>
  );
}
