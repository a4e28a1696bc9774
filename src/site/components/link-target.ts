/** A link as the site builder stores it: a page reference (spec §3.7; standard__webPage here). */
export interface LinkTarget {
  type: 'standard__webPage';
  attributes: { url: string };
}
