/**
 * Search as the visitor types, and facets chosen in place (docs/search.md), when script runs: the
 * results page the search field's form would open (`?q=`, with the choices made), or the page a
 * facet's link leads to, is fetched (a query 150 ms after the last keystroke, spec §9) and takes
 * the place of the grid, the facets, the status line and what names the page (its title, the
 * topic's heading, the header's menus), and the address follows, so a reload or a shared link
 * shows the same. A choice is a step in the history (Back takes it back); typing is not. Without
 * script, or should a fetch fail, the form or the link opens its page as it would.
 */
import { PAGE_DATA_ELEMENT_ID, type GridBoot, type PageBoot } from './page-data';
import { notifyViewChange, replaceAddress } from './page-data-layer';

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

/** An address with the query set to `query` (none when empty), the query first as the server writes it (facet-view.ts). */
function withQuery(address: URL, query: string): string {
  const params = new URLSearchParams(query === '' ? '' : { q: query });
  for (const [name, value] of address.searchParams) if (name !== 'q') params.append(name, value);
  const search = params.toString();
  return address.pathname + (search === '' ? '' : `?${search}`);
}

/** Replaces `current` with the element `selector` finds in `page` (or removes it, or puts the new one before `before`). */
function swap(page: Document, selector: string, scope: ParentNode, before: Element | null = null): void {
  const current = scope.querySelector(selector);
  const next = page.querySelector(selector);
  if (next === null) current?.remove();
  else if (current !== null) current.replaceWith(document.adoptNode(next));
  else if (before !== null) before.before(document.adoptNode(next));
}

function readied(container: HTMLElement, prepare: FramePrepared): SearchBox {
  const form = container.querySelector('form');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const status = container.querySelector<HTMLElement>('[role="status"]');
  if (!form || !input || status === null) return { follow: async (address) => location.assign(address) };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | null = null;
  /** The address shown, and the one being fetched (a query typed now applies to it: its choices). */
  let shown = location.pathname + location.search;
  let target = new URL(shown, location.href);

  /** Shows `address` in place; `fallback`: on a failure, the form is sent or the link followed; `step`: a step in the history. */
  const show = async (address: string, fallback: (() => void) | null, step: 'push' | 'replace' | 'none') => {
    if (address === shown) return;
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    target = new URL(address, location.href);
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
      // What names the page: its title, the header's menus (their links are to this page), the topic's heading, the field's label.
      document.title = page.title;
      swap(page, '.site-header', document);
      swap(page, '.collection-search__topic', container, form);
      const label = found?.querySelector('label');
      if (label) form.querySelector('label')?.replaceChildren(...[...label.childNodes].map((node) => document.adoptNode(node)));
      // The choices the form keeps and where it sends them, and the facets with their new counts.
      const nextForm = found?.querySelector('form');
      if (nextForm) {
        form.action = nextForm.action;
        for (const hidden of form.querySelectorAll('input[type="hidden"]')) hidden.remove();
        form.append(...[...nextForm.querySelectorAll('input[type="hidden"]')].map((node) => document.adoptNode(node)));
      }
      const facets = container.querySelector('[data-facets]');
      const nextFacets = found?.querySelector('[data-facets]');
      if (facets instanceof HTMLDetailsElement && nextFacets instanceof HTMLDetailsElement) {
        // Left open (or closed) as the visitor has it; the choice that had the focus keeps it.
        nextFacets.open = facets.open;
        const focused = facets.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
        facets.replaceWith(document.adoptNode(nextFacets));
        if (focused !== null) {
          const choice = focused.dataset.choice;
          (
            nextFacets.querySelector<HTMLElement>(choice === undefined ? 'summary' : `[data-choice="${CSS.escape(choice)}"]`) ??
            nextFacets.querySelector('summary')
          )?.focus();
        }
      }
      // The status line stays the same element, so assistive technology reads out its new text.
      const said = found?.querySelector('[role="status"]');
      status.replaceChildren(...[...(said?.childNodes ?? [])].map((node) => document.adoptNode(node)));
      shown = address;
      if (step === 'push') {
        history.pushState(history.state, '', address);
        notifyViewChange();
      } else if (step === 'replace') replaceAddress(address);
    } catch {
      if (!controller.signal.aborted) fallback?.();
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  };

  /** The address the form would open now: the query typed, with the choices of the page shown (or on its way). */
  const formAddress = () => withQuery(target, input.value.trim());

  const typed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void show(formAddress(), null, 'replace'), TYPING_PAUSE_MS);
  };
  input.addEventListener('input', typed);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void show(formAddress(), () => form.submit(), 'replace');
  });
  // Back and Forward across the choices made in place: the page they lead to, shown again.
  window.addEventListener('popstate', () => {
    clearTimeout(timer);
    const address = location.pathname + location.search;
    input.value = new URLSearchParams(location.search).get('q') ?? '';
    void show(address, () => location.reload(), 'none');
  });
  // Typed while this code was on its way.
  if (input.value.trim() !== (new URLSearchParams(location.search).get('q') ?? '').trim()) typed();
  return {
    follow: (address) => {
      clearTimeout(timer);
      // A query typed and not yet shown applies to the choice too.
      const url = new URL(address, location.href);
      return show(withQuery(url, input.value.trim()), () => location.assign(address), 'push');
    },
  };
}
