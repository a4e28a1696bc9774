/** Server entry: renders a page to HTML. The server owns the document around it (server/ssr). */
import { renderToString } from 'react-dom/server';
import { loadPaginators } from './components/paginators';
import { PageLayout } from './layout/page-layout';
import { gridsOf, paginatorVariantsOf, type PageData } from './page-data';

export async function renderPageBody(data: PageData): Promise<string> {
  await loadPaginators(paginatorVariantsOf(gridsOf(data.page)));
  return renderToString(<PageLayout data={data} />);
}
