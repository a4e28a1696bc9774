/**
 * What the editing API asks of the page pipeline to show a draft: a page rendered from the
 * transaction the draft is applied in (editing/editable.ts), as visitors would get it. The server
 * hands one over (server/page-kinds/preview.ts); the editing API knows no more of pages than this.
 */
import type { ContentStore } from '../cms/database';

/** A public page's address below the base path, as a visitor asks for it: '/de-DE/topics/hafnium', ?q= and facet choices. */
export interface PreviewAddress {
  path: string;
  query: Record<string, unknown>;
}

export interface PreviewRequest {
  /** Any page of any kind at its public address; the fields below are then unused. */
  address?: PreviewAddress;
  /** The page to render; by default the home page (the one at '/'), or the first. */
  pageName?: string;
  /** A sheet to show: enough pages of the page's grid are rendered to include it. */
  contentId?: string;
  /** Which kind of page shows it: by default the page (a page definition); 'sheet', the sheet's own page (with contentId). */
  pageKind?: 'sheet';
  /** '/{lang}' as in a page URL (e.g. 'de-DE'); the site's default language when absent. */
  languageSegment?: string;
  origin: string;
}

export type Previewer = (db: ContentStore, request: PreviewRequest, log: { warn(message: string): void }) => Promise<string | null>;
