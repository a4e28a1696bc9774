/** Browser entry: hydrates the server's HTML with the data the server rendered it from. */
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PageLayout } from './layout/page-layout';
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

const root = document.getElementById('root');
const dataElement = document.getElementById(PAGE_DATA_ELEMENT_ID);
if (root && dataElement?.textContent) {
  const data = JSON.parse(dataElement.textContent) as PageData;
  hydrateRoot(
    root,
    <HydrationMarker>
      <PageLayout page={LITERATURE_PAGE} data={data} />
    </HydrationMarker>,
  );
}
