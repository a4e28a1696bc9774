/** Server entry: renders a page to HTML. The server owns the document around it (server/ssr). */
import { renderToString } from 'react-dom/server';
import { PageLayout } from './layout/page-layout';
import type { PageDefinition } from './pages/page-definition';
import type { PageData } from './page-data';

export function renderPageBody(page: PageDefinition, data: PageData): string {
  return renderToString(<PageLayout page={page} data={data} />);
}
