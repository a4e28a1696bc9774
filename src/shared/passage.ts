/** A stretch of a found sheet's text, as a search result shows it: words, some marked. */
export interface PassagePart {
  text: string;
  /** A word the query matched, to highlight. */
  mark: boolean;
}
