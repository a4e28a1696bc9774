/**
 * A grid in the browser, loaded when the visitor first needs it (entry-client.ts): React takes
 * over the grid's frame the server rendered. The cards already there stay as their markup, since
 * the page does not carry their data a second time (page-data.ts); paging adds cards rendered here.
 */
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CollectionGrid, type GridPreload } from './components/collection-grid';
import type { ServerItem } from './components/grid-items';
import { loadPaginators } from './components/paginators';
import { paginatorVariantsOf, type GridBoot, type GridPreloadBoot, type PageBoot } from './page-data';

/** Hydrates one grid's frame; resolves once React has taken it over. */
export async function hydrateGrid(frame: HTMLElement, boot: GridBoot, page: Pick<PageBoot, 'basePath' | 'language' | 'gridText'>): Promise<void> {
  // The paginator the server rendered must be here before hydrating, so the two agree.
  await loadPaginators(paginatorVariantsOf([boot.grid]));
  const preload: GridPreload | null = boot.preload === null ? null : { ...boot.preload, items: serverItemsOf(frame, boot.preload) };
  await new Promise<void>((resolve) => {
    hydrateRoot(
      frame,
      <Hydrated onHydrated={resolve}>
        <CollectionGrid grid={boot.grid} preload={preload} basePath={page.basePath} language={page.language} text={page.gridText} />
      </Hydrated>,
    );
  });
}

/** The server's cards in the frame, in the order of the ids it sent, numbered from the first page shown. */
function serverItemsOf(frame: HTMLElement, preload: GridPreloadBoot): ServerItem[] {
  const elements = frame.querySelectorAll(':scope > .collection-grid > .collection-grid__item');
  const first = preload.pageToken * preload.pageSize;
  return preload.ids.map((id, offset) => ({ key: id, id, index: first + offset, html: elements[offset]?.innerHTML ?? '' }));
}

function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}
