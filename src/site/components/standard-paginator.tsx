import type { MouseEvent } from 'react';

export interface StandardPaginatorProps {
  style: 'primary' | 'secondary';
  /** Words in the page's language: the navigation's name, the two links, "Page 2 of 6". */
  labels: { navigation: string; previous: string; next: string; status: string };
  previousHref: string | null;
  nextHref: string | null;
  busy: boolean;
  onPrevious: (event: MouseEvent<HTMLAnchorElement>) => void;
  onNext: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** Previous / next paging (spec §4.1, §4.2): one page of items at a time. */
export default function StandardPaginator({ style, labels, previousHref, nextHref, busy, onPrevious, onNext }: StandardPaginatorProps) {
  return (
    <nav className="paginator paginator--standard" aria-label={labels.navigation}>
      {previousHref !== null && (
        <a className={`button button--${style}`} href={previousHref} onClick={onPrevious} aria-disabled={busy || undefined} rel="prev">
          {labels.previous}
        </a>
      )}
      <span className="paginator__status">{labels.status}</span>
      {nextHref !== null && (
        <a className={`button button--${style}`} href={nextHref} onClick={onNext} aria-disabled={busy || undefined} rel="next">
          {labels.next}
        </a>
      )}
    </nav>
  );
}
