/**
 * Paginators are loaded on demand (spec §4.5): a page asks for the variants its grids use, and
 * each is fetched as its own chunk. The server and the browser both wait for them before
 * rendering, so the HTML and the hydrated page agree. If one fails to load, its message is kept
 * and the grid shows no paginator.
 */
import type { ComponentType } from 'react';
import type { PaginatorSettings } from '../../page-model/page-definition';
import type { ShowMorePaginatorProps } from './show-more-paginator';
import type { StandardPaginatorProps } from './standard-paginator';

export type PaginatorVariant = PaginatorSettings['variant'];

interface PaginatorComponents {
  showmore: ComponentType<ShowMorePaginatorProps>;
  standard: ComponentType<StandardPaginatorProps>;
}

type Loaders = { [V in PaginatorVariant]: () => Promise<{ default: PaginatorComponents[V] }> };

const DEFAULT_LOADERS: Loaders = {
  showmore: () => import('./show-more-paginator'),
  standard: () => import('./standard-paginator'),
};

export type LoadedPaginator<V extends PaginatorVariant> = { component: PaginatorComponents[V]; error?: undefined } | { component?: undefined; error: string };

const loaded = new Map<PaginatorVariant, LoadedPaginator<PaginatorVariant>>();

export async function loadPaginators(variants: PaginatorVariant[], loaders: Loaders = DEFAULT_LOADERS): Promise<void> {
  await Promise.all(
    [...new Set(variants)].map(async (variant) => {
      if (loaded.get(variant)?.component) return;
      try {
        loaded.set(variant, { component: (await loaders[variant]()).default });
      } catch (error) {
        loaded.set(variant, { error: error instanceof Error ? error.message : String(error) });
      }
    }),
  );
}

/** The paginator of a variant once loaded; before that (or after a failure) no component. */
export function loadedPaginator<V extends PaginatorVariant>(variant: V): LoadedPaginator<V> {
  return (loaded.get(variant) as LoadedPaginator<V> | undefined) ?? { error: 'not loaded' };
}

/** For tests: forget what was loaded. */
export function resetPaginators(): void {
  loaded.clear();
}
