/**
 * What a component does when it has something to tell the visitor (spec §9 "Actions"): show an
 * inline message (the default), or redirect to an existing page.
 */
import type { PageReference } from '../shared/page-references';

export type ComponentAction = { type: 'inline' } | { type: 'redirect'; target: PageReference };
