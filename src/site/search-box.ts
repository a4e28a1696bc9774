/**
 * Search as the visitor types (docs/search.md), when script runs: the results page the search
 * field's form would open (`?q=`) is fetched 150 ms after the last keystroke (spec §9) and takes
 * the place of the grid and of the status line, and the address follows, so a reload or a shared
 * link shows the same. An emptied field brings the collection back. Without script, or should a
 * fetch fail, the form opens the results page as a link would.
 */
import { PAGE_DATA_ELEMENT_ID, type GridBoot, type PageBoot } from './page-data';
import { replaceAddress } from './page-data-layer';

/** spec §9: rapid changes cause one request, 150 ms after the last. */
const TYPING_PAUSE_MS = 150;

/** Called with each grid frame a new page of results (or the collection) brings, to ready it as the page's own. */
export type FramePrepared = (frame: HTMLElement, grid: GridBoot, page: PageBoot) => void;

export function enhanceSearch(container: HTMLElement, prepare: FramePrepared): void {
  const form = container.querySelector('form');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const status = container.querySelector<HTMLElement>('[role="status"]');
  if (!form || !input || status === null) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | null = null;
  /** The query whose results are shown: the page's own when this code came. */
  let shown = new URLSearchParams(location.search).get('q')?.trim() ?? '';

  /** Shows the results for `query`; `submitted`: asked for with Enter or the button, so a failure opens the results page instead. */
  const show = async (query: string, submitted: boolean) => {
    if (query === shown) return;
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const address = query === '' ? location.pathname : `${location.pathname}?q=${encodeURIComponent(query)}`;
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
      // The status line stays the same element, so assistive technology reads out its new text.
      const said = page.querySelector(`[data-search="${CSS.escape(container.dataset.search ?? '')}"] [role="status"]`);
      status.replaceChildren(...[...(said?.childNodes ?? [])].map((node) => document.adoptNode(node)));
      shown = query;
      replaceAddress(address);
    } catch {
      if (submitted && !controller.signal.aborted) form.submit();
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  };

  const typed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void show(input.value.trim(), false), TYPING_PAUSE_MS);
  };
  input.addEventListener('input', typed);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void show(input.value.trim(), true);
  });
  // Typed while this code was on its way.
  if (input.value.trim() !== shown) typed();
}
