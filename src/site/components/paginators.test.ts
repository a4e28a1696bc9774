import { afterEach, describe, expect, it } from 'vitest';
import { loadedPaginator, loadPaginators, resetPaginators } from './paginators';

afterEach(() => resetPaginators());

describe('paginators load on demand (spec §4.5)', () => {
  it('loads only the variants asked for', async () => {
    await loadPaginators(['showmore']);
    expect(loadedPaginator('showmore').component).toBeTypeOf('function');
    expect(loadedPaginator('standard').component).toBeUndefined();
  });

  it('keeps the message when one fails to load, and offers no paginator', async () => {
    await loadPaginators(['standard'], {
      showmore: () => import('./show-more-paginator'),
      standard: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
    });
    expect(loadedPaginator('standard')).toEqual({ error: 'Failed to fetch dynamically imported module' });
  });
});
