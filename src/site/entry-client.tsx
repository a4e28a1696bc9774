/** Browser entry: hydrates the server's HTML with the data the server rendered it from. */
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { collectionConfigOf } from './components/collection-grid';
import { primeCollectionPages } from './data/collection-provider';
import { createDataLayer, DataLayerProvider, type DataLayer } from './data/data-layer';
import { PageLayout } from './layout/page-layout';
import type { PageDefinition } from './pages/page-definition';
import { LITERATURE_PAGE } from './pages/literature-page';
import { PAGE_DATA_ELEMENT_ID, type PageData } from './page-data';
import './styles/site.css';

/** Marks the document once hydration has committed, so tests can tell the page is interactive. */
function HydrationMarker({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

/** The server's data goes into the store once, so nothing it rendered is fetched again. */
function primeFromServer(layer: DataLayer, page: PageDefinition, data: PageData): void {
  for (const section of page.sections) {
    for (const column of section.columns) {
      for (const component of column.components) {
        const preload = component.type === 'collectionGrid' ? data.collections[component.id] : undefined;
        if (component.type === 'collectionGrid' && preload) {
          primeCollectionPages(layer.store, collectionConfigOf(component.settings, data.siteId, data.language), preload.items, preload.total);
        }
      }
    }
  }
}

const root = document.getElementById('root');
const dataElement = document.getElementById(PAGE_DATA_ELEMENT_ID);
if (root && dataElement?.textContent) {
  const data = JSON.parse(dataElement.textContent) as PageData;
  const layer = createDataLayer(data.basePath);
  primeFromServer(layer, LITERATURE_PAGE, data);
  hydrateRoot(
    root,
    <DataLayerProvider layer={layer}>
      <HydrationMarker>
        <PageLayout page={LITERATURE_PAGE} data={data} />
      </HydrationMarker>
    </DataLayerProvider>,
  );
}
