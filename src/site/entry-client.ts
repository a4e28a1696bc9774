/**
 * The browser entry every visitor loads: a small script without React. The page works without
 * any script (paginators are links); this starts the page data layer and readies each grid for
 * the visitor's first move. React and the grid's code (grid-island.tsx) load on the first intent
 * (the pointer over a paginator, focus on it, a touch) and take the grid over; an activation
 * that comes before they run is handed to them once they do. A grid without preloaded cards
 * loads at once. If the grid's code cannot load or run, the controls are links again (and a click
 * waiting for it goes where its link goes). The session code loads only in a browser that signed in.
 */
import type { GridBoot, PageBoot } from './page-data';
import { isModifiedClick } from './components/link-clicks';
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

/** The link matching `selector` the event is on, if any (by default a control of the grid's paginator). */
function controlOf(event: Event, selector = CONTROL): HTMLAnchorElement | null {
  return event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(selector) : null;
}

/** How to find the control again once React has the frame (the same element when hydration keeps it). */
function selectorOf(control: HTMLAnchorElement): string {
  const rel = control.getAttribute('rel');
  return rel === null ? SHOW_MORE : `${CONTROL}[rel="${rel}"]`;
}

/** How long the grid's code may take to load and take over before the controls are links again. */
const TAKE_OVER_MS = 15_000;

function prepareGrid(frame: HTMLElement, grid: GridBoot, page: PageBoot): void {
  // Some grids page by their links (search results; cards only the server renders: page-data.ts).
  if (grid.preload?.pagesByLinks) return;
  let hydrating: Promise<void> | null = null;
  /** 'waiting' until React has the grid ('react') or cannot have it ('links'). */
  let state: 'waiting' | 'react' | 'links' = 'waiting';
  let pending: HTMLAnchorElement | null = null;
  // Space presses Show More, as it presses any button, before React runs and after (not once it is
  // a link again: there Space scrolls).
  frame.addEventListener(
    'keydown',
    (event) => {
      if (state === 'links' || event.key !== ' ' || !(event.target instanceof Element) || !event.target.matches(SHOW_MORE)) return;
      event.preventDefault();
      (event.target as HTMLElement).click();
    },
    { capture: true },
  );
  const settle = (outcome: 'react' | 'links') => {
    if (state !== 'waiting') return;
    state = outcome;
    frame.removeAttribute('aria-busy');
    if (outcome === 'react') frame.dataset.hydrated = 'true';
    // Without React, Show More is the link it is without script.
    else for (const link of frame.querySelectorAll(SHOW_MORE)) link.removeAttribute('role');
    const waiting = pending;
    pending = null;
    if (waiting === null) return;
    if (outcome === 'react') frame.querySelector<HTMLElement>(selectorOf(waiting))?.click();
    else window.location.assign(waiting.href);
  };
  const hydrate = () => {
    hydrating ??= Promise.race([
      import('./grid-island').then((island) => island.hydrateGrid(frame, grid, page)),
      // Its reason is never read (the controls become links either way): rejected as it stands.
      new Promise<never>((_, reject) => setTimeout(reject, TAKE_OVER_MS)),
    ]).then(
      () => settle('react'),
      () => settle('links'),
    );
    return hydrating;
  };
  // A grid without preloaded cards loads them at once; one whose collection is missing redirects
  // at once when its error action says so (spec §9 actions).
  if (grid.preload === null || (grid.preload.failed && grid.grid.settings.errorState.action.type === 'redirect')) {
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
      if (state !== 'waiting' || control === null || isModifiedClick(event)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      pending ??= control;
      // Said while the grid's code is on its way (site.css shows it too).
      frame.setAttribute('aria-busy', 'true');
      void hydrate();
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
  // Search as-you-type comes with the first focus on the search field or its facets (search-box.ts),
  // and a facet's link is followed in place; should that code not come, the link is followed.
  for (const search of document.querySelectorAll<HTMLElement>('[data-search]')) {
    const box = () => import('./search-box').then((code) => code.enhanceSearch(search, prepareGrid));
    search.addEventListener('focusin', () => void box(), { once: true });
    search.addEventListener('click', (event) => {
      const link = controlOf(event, '[data-facets] a');
      if (link === null || isModifiedClick(event)) return;
      event.preventDefault();
      box().then(
        (code) => code.follow(link.href),
        () => location.assign(link.href),
      );
    });
  }
  document.documentElement.dataset.ready = 'true';
  // A preview (the studio's frames, a shared link) shows the page as a visitor gets it: no session.
  if (document.documentElement.dataset.preview !== undefined || !document.cookie.split('; ').includes(`${SIGNED_IN_COOKIE}=1`)) return;
  void import('./session/session-manager').then((session) => session.mountSessionManager(page.basePath));
}

start();
