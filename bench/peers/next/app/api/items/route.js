/** Show More's next page: `?page=N` (from 1) → { items, labels, nextPage } as JSON. */
import { itemsPage } from '../../../generated/literature.mjs';

export const dynamic = 'force-dynamic';

export function GET(request) {
  return Response.json(itemsPage(new URL(request.url).searchParams.get('page')));
}
