/** `/`: the literature page rendered on every request (`?page=N` shows N pages, as ours does). */
import { literaturePage, pagesShownOf } from '../generated/literature.mjs';
import { LiteraturePage } from './literature-page.jsx';

export const dynamic = 'force-dynamic';

export default async function Page({ searchParams }) {
  const { page } = await searchParams;
  return <LiteraturePage page={literaturePage(pagesShownOf(page))} />;
}
