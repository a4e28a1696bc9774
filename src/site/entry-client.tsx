/** Browser entry: hydrates the server's HTML with the data the server rendered it from. */
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { collectionConfigOf } from './components/collection-grid';
import { loadPaginators } from './components/paginators';
import { primeCollectionPages } from './data/collection-provider';
import { createDataLayer, DataLayerProvider, type DataLayer } from './data/data-layer';
import { PageLayout } from './layout/page-layout';
import { gridsOf, PAGE_DATA_ELEMENT_ID, paginatorVariantsOf, type PageData } from './page-data';
import { initPageDataLayer, notifyViewChange } from './page-data-layer';
import { applySeoHead } from './seo/seo-head';
import './styles/site.css';

/** Marks the document once hydration has committed, so tests can tell the page is interactive. */
function HydrationMarker({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

/** The SEO assistant in the browser: it owns the head tags the server wrote and keeps them in step. */
function SeoAssistant({ data }: { data: PageData }) {
  useEffect(() => {
    applySeoHead(document, data.seo);
  }, [data.seo]);
  return null;
}

/** The server's data goes into the store once, so nothing it rendered is fetched again. */
function primeFromServer(layer: DataLayer, data: PageData): void {
  for (const grid of gridsOf(data.page)) {
    const preload = data.collections[grid.id];
    // A standard paginator's page N sits at token N-1; Show More pages start at 0.
    if (preload) primeCollectionPages(layer.store, collectionConfigOf(grid, data.language), preload.items, preload.total, preload.pageToken);
  }
}

async function hydrate(): Promise<void> {
  const root = document.getElementById('root');
  const dataElement = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!root || !dataElement?.textContent) return;
  const data = JSON.parse(dataElement.textContent) as PageData;
  const layer = createDataLayer(data.basePath);
  primeFromServer(layer, data);
  // The paginators the server rendered must be here before hydrating, so the two agree.
  await loadPaginators(paginatorVariantsOf(data));
  initPageDataLayer({ name: data.page.name, language: data.language });
  hydrateRoot(
    root,
    <DataLayerProvider layer={layer}>
      <HydrationMarker>
        <SeoAssistant data={data} />
        <PageLayout data={data} />
      </HydrationMarker>
    </DataLayerProvider>,
  );
  notifyViewChange();
  // Sessions matter only to signed-in visitors: their code loads after the page is interactive.
  // A preview (the studio's frames, a shared link) shows the page as a visitor gets it: none.
  if (document.documentElement.dataset.preview !== undefined) return;
  const { mountSessionManager } = await import('./session/session-manager');
  mountSessionManager(data.basePath, layer.store);
}

void hydrate();
