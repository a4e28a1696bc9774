/** Show More's next page: `?page=N` (from 1) → { items, labels, nextPage } as JSON. */
import { itemsPage } from '../../../generated/literature.mjs';

export function GET({ url }) {
  return Response.json(itemsPage(url.searchParams.get('page')));
}
