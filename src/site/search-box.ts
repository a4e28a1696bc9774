/**
 * Search as the visitor types, and facets chosen in place (docs/search.md), when script runs: the
 * results page the search field's form would open (`?q=`, with the choices made), or the page a
 * facet's link leads to, is fetched (a query 150 ms after the last keystroke, spec §9) and takes
 * the place of the grid, the facets and the status line, and the address follows, so a reload or
 * a shared link shows the same. An emptied field brings the choices' page back. Without script,
 * or should a fetch fail, the form or the link opens its page as it would.
 */
import { PAGE_DATA_ELEMENT_ID, type GridBoot, type PageBoot } from './page-data';
import { replaceAddress } from './page-data-layer';

/** spec §9: rapid changes cause one request, 150 ms after the last. */
const TYPING_PAUSE_MS = 150;

/** Called with each grid frame a new page of results (or the collection) brings, to ready it as the page's own. */
export type FramePrepared = (frame: HTMLElement, grid: GridBoot, page: PageBoot) => void;

/** A search field readied: it follows typing, and `follow` shows another address (a facet's link) in place. */
export interface SearchBox {
  follow(address: string): Promise<void>;
}

const boxes = new WeakMap<HTMLElement, SearchBox>();

/** Readies a search container once (later calls answer the same box). */
export function enhanceSearch(container: HTMLElement, prepare: FramePrepared): SearchBox {
  const ready = boxes.get(container);
  if (ready !== undefined) return ready;
  const box = readied(container, prepare);
  boxes.set(container, box);
  return box;
}

function readied(container: HTMLElement, prepare: FramePrepared): SearchBox {
  const form = container.querySelector('form');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const status = container.querySelector<HTMLElement>('[role="status"]');
  if (!form || !input || status === null) return { follow: async (address) => location.assign(address) };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | null = null;
  /** The address whose results are shown: the page's own when this code came. */
  let shown = location.pathname + location.search;

  /** The address the form would open now: its action with its fields (the query, the choices kept). */
  const formAddress = () => {
    // The query first, then the choices: as the server writes the address (facet-view.ts).
    const params = new URLSearchParams(input.value.trim() === '' ? '' : { q: input.value.trim() });
    for (const [name, value] of new FormData(form)) if (name !== 'q' && typeof value === 'string') params.append(name, value);
    const search = params.toString();
    return new URL(form.action || location.pathname, location.href).pathname + (search === '' ? '' : `?${search}`);
  };

  /** Shows `address` in place; `fallback`: on a failure, the form is sent or the link followed. */
  const show = async (address: string, fallback: (() => void) | null) => {
    if (address === shown) return;
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      const response = await fetch(address, { signal: controller.signal, headers: { Accept: 'text/html' } });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      if (controller.signal.aborted) return;
      const boot = JSON.parse(page.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent ?? 'null') as PageBoot | null;
      for (const [id, grid] of Object.entries(boot?.grids ?? {})) {
        const selector = `[data-grid="${CSS.escape(id)}"]`;
        const current = document.querySelector<HTMLElement>(selector);
        const next = page.querySelector<HTMLElement>(selector);
        if (current === null || next === null || boot === null) continue;
        // A new element: whatever took over the old one (the grid's code) stays with it.
        const adopted = document.adoptNode(next);
        current.replaceWith(adopted);
        prepare(adopted, grid, boot);
      }
      const found = page.querySelector(`[data-search="${CSS.escape(container.dataset.search ?? '')}"]`);
      // The choices the form keeps and where it sends them, and the facets with their new counts.
      const nextForm = found?.querySelector('form');
      if (nextForm) {
        form.action = nextForm.action;
        for (const hidden of form.querySelectorAll('input[type="hidden"]')) hidden.remove();
        form.append(...[...nextForm.querySelectorAll('input[type="hidden"]')].map((node) => document.adoptNode(node)));
      }
      const facets = container.querySelector('[data-facets]');
      const nextFacets = found?.querySelector('[data-facets]');
      // Left open (or closed) as the visitor has it.
      if (facets instanceof HTMLDetailsElement && nextFacets instanceof HTMLDetailsElement) {
        nextFacets.open = facets.open;
        facets.replaceWith(document.adoptNode(nextFacets));
      }
      // The status line stays the same element, so assistive technology reads out its new text.
      const said = found?.querySelector('[role="status"]');
      status.replaceChildren(...[...(said?.childNodes ?? [])].map((node) => document.adoptNode(node)));
      shown = address;
      replaceAddress(address);
    } catch {
      if (!controller.signal.aborted) fallback?.();
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  };

  const typed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void show(formAddress(), null), TYPING_PAUSE_MS);
  };
  input.addEventListener('input', typed);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void show(formAddress(), () => form.submit());
  });
  // Typed while this code was on its way.
  if (input.value.trim() !== (new URLSearchParams(location.search).get('q') ?? '').trim()) typed();
  return {
    follow: (address) => {
      clearTimeout(timer);
      const url = new URL(address, location.href);
      return show(url.pathname + url.search, () => location.assign(address));
    },
  };
}
