import type { MouseEvent } from 'react';

export interface StandardPaginatorProps {
  style: 'primary' | 'secondary';
  /** Page numbers counted from 1. */
  pageNumber: number;
  pageCount: number;
  previousHref: string | null;
  nextHref: string | null;
  busy: boolean;
  onPrevious: (event: MouseEvent<HTMLAnchorElement>) => void;
  onNext: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** Previous / next paging (spec §4.1, §4.2): one page of items at a time. */
export default function StandardPaginator({ style, pageNumber, pageCount, previousHref, nextHref, busy, onPrevious, onNext }: StandardPaginatorProps) {
  return (
    <nav className="paginator paginator--standard" aria-label="Pages">
      {previousHref !== null && (
        <a className={`button button--${style}`} href={previousHref} onClick={onPrevious} aria-disabled={busy || undefined} rel="prev">
          Previous<span className="visually-hidden"> page</span>
        </a>
      )}
      <span className="paginator__status">
        Page {pageNumber} of {Math.max(1, pageCount)}
      </span>
      {nextHref !== null && (
        <a className={`button button--${style}`} href={nextHref} onClick={onNext} aria-disabled={busy || undefined} rel="next">
          Next<span className="visually-hidden"> page</span>
        </a>
      )}
    </nav>
  );
}
