import type { MouseEvent } from 'react';
import { stripTags } from '../../shared/text';

interface ShowMorePaginatorProps {
  label: string;
  style: 'primary' | 'secondary';
  /** Where the link goes without JavaScript: the page with one more page of items. */
  href: string;
  busy: boolean;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** "Show More" (spec §2.2, §9: secondary style, standard size and width, centred, no padding). */
export function ShowMorePaginator({ label, style, href, busy, onClick }: ShowMorePaginatorProps) {
  return (
    <div className="paginator paginator--showmore">
      <a className={`button button--${style}`} href={href} onClick={onClick} aria-disabled={busy || undefined}>
        {stripTags(label)}
      </a>
    </div>
  );
}
