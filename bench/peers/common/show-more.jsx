'use client';
/**
 * Show More for the peers: without JavaScript a link to `?page=N` (the server renders that many
 * pages); in the browser it fetches the next page from the peer's own endpoint
 * ({basePath}/api/items?page=N, JSON cards), appends the cards to the grid's list (a portal into
 * the server-rendered <ul>), moves focus to the first new card and keeps the address in step,
 * as our grid does.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Card } from './card.jsx';

export default function ShowMore({ gridId, basePath, label, style, nextPage, shown, card }) {
  const [pages, setPages] = useState([]);
  const [next, setNext] = useState(nextPage);
  const [busy, setBusy] = useState(false);
  const [list, setList] = useState(null);
  const focusOn = useRef(null);
  const count = shown + pages.reduce((sum, page) => sum + page.items.length, 0);

  useEffect(() => {
    const position = focusOn.current;
    if (position === null) return;
    focusOn.current = null;
    document.getElementById(`item-${position}`)?.focus();
  }, [pages]);

  if (next === null) return list === null ? null : createPortal(cardsOf(pages, card), list);

  async function showMore(event) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(`${basePath}/api/items?page=${next}`);
      if (!response.ok) throw new Error(`${response.status}`);
      const page = await response.json();
      setList(document.querySelector(`.pc-${gridId} .collection-grid`));
      focusOn.current = page.items[0]?.position ?? null;
      setPages((current) => [...current, page]);
      window.history.replaceState(window.history.state, '', `?page=${next}`);
      setNext(page.nextPage);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {list !== null && createPortal(cardsOf(pages, card), list)}
      <div className="paginator paginator--showmore">
        <a className={`button button--${style}`} href={`?page=${next}#item-${count + 1}`} onClick={showMore} aria-disabled={busy || undefined}>
          {label}
        </a>
      </div>
    </>
  );
}

function cardsOf(pages, card) {
  return pages.flatMap((page) =>
    page.items.map((item, index) => (
      <li key={item.position} className="collection-grid__item">
        <Card item={item} card={card} label={page.labels[index]} />
      </li>
    )),
  );
}
