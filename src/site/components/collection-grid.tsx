/**
 * The literature collection as a grid of cards with a "Show More" paginator (spec §2.2, §2.3,
 * §4.1, §4.2). The server renders the preloaded pages; in the browser Show More fetches the next
 * page from the delivery API, appends the new items and moves focus to the first of them. Without
 * JavaScript, Show More is a link to the same page showing one more page of items.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { CollectionProvider, type CollectionConfig } from '../data/collection-provider';
import { useDataLayer } from '../data/data-layer';
import type { CollectionGridDefinition } from '../pages/page-definition';
import type { CollectionPreload } from '../page-data';
import { appendUniqueItems, toGridItems, type GridItem } from './grid-items';
import { LiteratureCard } from './literature-card';
import { ShowMorePaginator } from './show-more-paginator';

interface CollectionGridProps {
  settings: CollectionGridDefinition['settings'];
  preload: CollectionPreload | null;
  basePath: string;
  siteId: string;
  language: string;
}

type LoadState = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string };

/** The provider configuration of a grid; the browser entry primes the store under the same one. */
export function collectionConfigOf(settings: CollectionGridDefinition['settings'], siteId: string, language: string): CollectionConfig {
  return { siteId, collectionKeyOrId: settings.collectionKey, language, pageSize: settings.pageSize };
}

export function CollectionGrid({ settings, preload, basePath, siteId, language }: CollectionGridProps) {
  const [items, setItems] = useState<GridItem[]>(() => toGridItems(preload?.items ?? []));
  const [nextPageToken, setNextPageToken] = useState<number | null>(preload?.nextPageToken ?? null);
  const [loadState, setLoadState] = useState<LoadState>({ status: 'idle' });
  const itemElements = useRef(new Map<number, HTMLDivElement>());
  const pendingFocus = useRef<number | null>(null);
  const abortController = useRef<AbortController | null>(null);
  const inFlight = useRef(false);
  const dataLayer = useDataLayer(basePath);
  const provider = useRef<CollectionProvider | null>(null);

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    pendingFocus.current = null;
    itemElements.current.get(index)?.focus();
  }, [items]);

  useEffect(
    () => () => {
      abortController.current?.abort();
      provider.current?.disconnect();
    },
    [],
  );

  /** The provider, connected on first use: its first page comes from the primed store. */
  async function connectedProvider(): Promise<CollectionProvider> {
    if (provider.current === null) {
      provider.current = new CollectionProvider(dataLayer.store, dataLayer.client, basePath, () => {});
      await provider.current.connect(collectionConfigOf(settings, siteId, language));
    }
    return provider.current;
  }

  async function showMore(event: MouseEvent<HTMLAnchorElement>) {
    if (nextPageToken === null) return;
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const controller = new AbortController();
    abortController.current = controller;
    setLoadState({ status: 'loading' });
    try {
      const page = await (await connectedProvider()).loadPage(nextPageToken, controller.signal);
      setItems((current) => {
        const appended = appendUniqueItems(
          current,
          page.items.map((item) => item.data),
        );
        pendingFocus.current = appended.firstNewIndex;
        return appended.items;
      });
      setNextPageToken(page.nextPageToken);
      setLoadState({ status: 'idle' });
      // Keep the address in step, so reload and "back" return to the same list.
      window.history.replaceState(window.history.state, '', showMoreHref(nextPageToken + 1));
    } catch (error) {
      if (controller.signal.aborted) return;
      setLoadState({ status: 'error', message: 'More literature sheets could not be loaded. Please try again.' });
      console.warn('Show More failed', error);
    } finally {
      inFlight.current = false;
    }
  }

  const gridClassName = [
    'collection-grid',
    `collection-grid--columns-${settings.columns}`,
    `collection-grid--spacing-${settings.spacing}`,
    settings.centered ? 'collection-grid--centered' : '',
    `collection-grid--width-${settings.widthPercent}`,
    settings.showBorder ? 'collection-grid--bordered' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="collection">
      <ul className={gridClassName} aria-busy={loadState.status === 'loading'}>
        {items.map((item) => (
          <li key={item.key} className="collection-grid__item">
            <LiteratureCard
              item={item}
              settings={settings.card}
              basePath={basePath}
              ref={(element) => {
                if (element) itemElements.current.set(item.index, element);
                else itemElements.current.delete(item.index);
              }}
            />
          </li>
        ))}
      </ul>
      {loadState.status === 'error' && (
        <p className="collection__error" role="alert">
          {loadState.message}
        </p>
      )}
      {nextPageToken !== null && (
        <ShowMorePaginator
          label={settings.paginator.label}
          style={settings.paginator.style}
          href={`${showMoreHref(nextPageToken + 1)}#item-${items.length + 1}`}
          busy={loadState.status === 'loading'}
          onClick={showMore}
        />
      )}
    </div>
  );
}

/** The no-JavaScript address that shows `pages` pages of items. */
function showMoreHref(pages: number): string {
  return `?page=${pages}`;
}
