import type { MouseEvent } from 'react';
import { stripTags } from '../../shared/text';

export interface ShowMorePaginatorProps {
  label: string;
  style: 'primary' | 'secondary';
  /** Where the link goes without JavaScript: the page with one more page of items. */
  href: string;
  busy: boolean;
  onShowMore: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** "Show More" (spec §2.2, §9: secondary style, standard size and width, centred, no padding). */
export default function ShowMorePaginator({ label, style, href, busy, onShowMore }: ShowMorePaginatorProps) {
  return (
    <div className="paginator paginator--showmore">
      <a className={`button button--${style}`} href={href} onClick={onShowMore} aria-disabled={busy || undefined}>
        {stripTags(label)}
      </a>
    </div>
  );
}
