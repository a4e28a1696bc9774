/**
 * The browser entry every visitor loads: a small script without React. The page works without
 * any script (paginators are links); this starts the page data layer and readies each grid for
 * the visitor's first move. React and the grid's code (grid-island.tsx) load on the first intent
 * (the pointer over a paginator, focus on it, a touch) and take the grid over; an activation
 * that comes before they run is handed to them once they do. A grid without preloaded cards
 * loads at once. The session code loads only in a browser that signed in.
 */
import type { GridBoot, PageBoot } from './page-data';
import { PAGE_DATA_ELEMENT_ID } from './page-data';
import { initPageDataLayer, notifyViewChange } from './page-data-layer';
import { SIGNED_IN_COOKIE } from '../shared/constants';
import './styles/site.css';

/** The paginator controls a grid hands over: Show More and the standard paginator's two links. */
const CONTROL = '.paginator a';
const SHOW_MORE = '.paginator--showmore a';

function readBoot(): PageBoot | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PageBoot) : null;
}

/** A control of the grid's paginator the event is on, if any. */
function controlOf(event: Event): HTMLAnchorElement | null {
  return event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(CONTROL) : null;
}

/** How to find the control again once React has the frame (the same element when hydration keeps it). */
function selectorOf(control: HTMLAnchorElement): string {
  const rel = control.getAttribute('rel');
  return rel === null ? SHOW_MORE : `${CONTROL}[rel="${rel}"]`;
}

/** A click the browser should handle as it does for any link: a new tab, a download. */
const isModified = (event: MouseEvent) => event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;

function prepareGrid(frame: HTMLElement, grid: GridBoot, page: PageBoot): void {
  let hydrating: Promise<void> | null = null;
  let handedOver = false;
  let pending: string | null = null;
  const hydrate = () => {
    hydrating ??= import('./grid-island')
      .then((island) => island.hydrateGrid(frame, grid, page))
      .then(() => {
        handedOver = true;
        frame.dataset.hydrated = 'true';
        if (pending !== null) frame.querySelector<HTMLElement>(pending)?.click();
        pending = null;
      });
    return hydrating;
  };
  if (grid.preload === null) {
    void hydrate();
    return;
  }
  // Show More is a button once script runs (a link without it): it says so, and Space presses it.
  for (const link of frame.querySelectorAll(SHOW_MORE)) link.setAttribute('role', 'button');
  const onIntent = (event: Event) => {
    if (controlOf(event) !== null) void hydrate();
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) frame.addEventListener(type, onIntent, { passive: true });
  // Capture, and stopped here until React runs: the one activation is handed over, never two.
  frame.addEventListener(
    'click',
    (event) => {
      const control = controlOf(event);
      if (handedOver || control === null || isModified(event)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      pending ??= selectorOf(control);
      void hydrate();
    },
    { capture: true },
  );
  frame.addEventListener(
    'keydown',
    (event) => {
      if (handedOver || event.key !== ' ' || !(event.target instanceof Element) || !event.target.matches(SHOW_MORE)) return;
      event.preventDefault();
      (event.target as HTMLElement).click();
    },
    { capture: true },
  );
}

function start(): void {
  const page = readBoot();
  if (page === null) return;
  initPageDataLayer({ name: page.pageName, language: page.language });
  notifyViewChange();
  for (const [id, grid] of Object.entries(page.grids)) {
    const frame = document.querySelector<HTMLElement>(`[data-grid="${CSS.escape(id)}"]`);
    if (frame !== null) prepareGrid(frame, grid, page);
  }
  document.documentElement.dataset.ready = 'true';
  // A preview (the studio's frames, a shared link) shows the page as a visitor gets it: no session.
  if (document.documentElement.dataset.preview !== undefined || !document.cookie.split('; ').includes(`${SIGNED_IN_COOKIE}=1`)) return;
  void import('./session/session-manager').then((session) => session.mountSessionManager(page.basePath));
}

start();
