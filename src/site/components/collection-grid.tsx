/**
 * A collection shown as a grid of cards (spec §2.2, §2.3, §4.1, §4.2, §4.5). The server renders
 * the preloaded pages; a grid without them shows placeholders and loads in the browser. Paging
 * appends (Show More) or moves between pages (standard paginator); either way focus moves to the
 * first new item. Without JavaScript every paginator is a link to the same page, `?page=N`.
 *
 * The page layout renders the grid's frame (the `.collection` element); in the browser the grid
 * takes over its frame when first needed (grid-island.tsx), keeping the server's cards as markup.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { CollectionProvider, type CollectionConfig, type CollectionPage, type CollectionResult } from '../data/collection-provider';
import { pageDataLayer } from '../data/data-layer';
import { isAbortError } from '../data/errors';
import { fillIn, type GridText } from '../grid-text';
import type { CollectionPreload, GridMarkupDefinition } from '../page-data';
import { Card } from './card';
import { isModifiedClick } from './link-clicks';
import { appendUniqueItems, isServerItem, type ShownItem } from './grid-items';
import { loadedPaginator } from './paginators';
import { replaceAddress } from '../page-data-layer';

/** The pages shown before the grid starts: cards to render (server) or their markup (browser). */
export type GridPreload = Omit<CollectionPreload, 'items'> & { items: ShownItem[] };

interface CollectionGridProps {
  grid: GridMarkupDefinition;
  preload: GridPreload | null;
  basePath: string;
  language: string;
  text: GridText;
}

interface GridState {
  items: ShownItem[];
  /** loading: nothing shown yet; paging: a page is on its way while items show. */
  status: 'loading' | 'idle' | 'paging';
  /** spec §4.1: an error from the fetch is kept together with the items (true: the server found the collection missing). */
  error: unknown;
  pageToken: number;
  nextPageToken: number | null;
  previousPageToken: number | null;
  total: number;
}

/** The provider configuration of a grid. */
export function collectionConfigOf(grid: GridMarkupDefinition, language: string): CollectionConfig {
  return {
    siteId: grid.input.channelOrSiteId,
    collectionKeyOrId: grid.input.collectionKeyOrId,
    language,
    pageSize: grid.settings.pageSize,
    ...(grid.settings.sortBy ? { sortBy: grid.settings.sortBy } : {}),
    ...(grid.settings.sortOrder ? { sortOrder: grid.settings.sortOrder } : {}),
  };
}

/** Placeholders until the first page comes; the preloaded pages when the server sent them. */
const initialState = (preload: GridPreload | null): GridState =>
  preload === null
    ? { items: [], status: 'loading', error: undefined, pageToken: 0, nextPageToken: null, previousPageToken: null, total: 0 }
    : { ...showPage(preload), error: preload.failed };

/** The no-JavaScript address of a page of the grid, counted from 1 (of a search's results at their address, when searched). */
const pageHref = (pageNumber: number, address = '?') => `${address}page=${pageNumber}`;

export function CollectionGrid({ grid, preload, basePath, language, text }: CollectionGridProps) {
  const { settings } = grid;
  const [state, setState] = useState<GridState>(() => initialState(preload));
  const provider = useRef<CollectionProvider | null>(null);
  const itemElements = useRef(new Map<number, HTMLDivElement>());
  const pendingFocus = useRef<number | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  /** The provider, connected on first use; after preloaded pages it goes on from them. */
  const connect = async (): Promise<{ provider: CollectionProvider; first: CollectionResult | null }> => {
    if (provider.current !== null) return { provider: provider.current, first: null };
    const { store, client } = pageDataLayer(basePath);
    provider.current = new CollectionProvider(store, client, basePath, () => {});
    const config = collectionConfigOf(grid, language);
    if (preload === null) return { provider: provider.current, first: await provider.current.connect(config) };
    provider.current.resume(config);
    return { provider: provider.current, first: null };
  };

  // A grid without preloaded items loads them now (placeholders show meanwhile).
  useEffect(() => {
    if (preload !== null) return;
    let cancelled = false;
    void connect().then(({ first }) => {
      if (cancelled || first === null) return;
      setState((current) => (first.page ? showPage(first.page) : { ...current, status: 'idle', error: first.error }));
    });
    return () => {
      cancelled = true;
    };
    // The grid connects once, for the configuration it was rendered with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(
    () => () => {
      inFlight.current?.abort();
      provider.current?.disconnect();
    },
    [],
  );

  // Focus moves to the first new item (spec §2.3), and scrolls to it when auto-scroll is on.
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    pendingFocus.current = null;
    const element = itemElements.current.get(index);
    element?.focus({ preventScroll: settings.autoScroll });
    if (settings.autoScroll) element?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [state.items, settings.autoScroll]);

  // spec §9 actions: an error state may redirect to an existing page instead of showing a message.
  const action = settings.errorState.action;
  useEffect(() => {
    if (state.error !== undefined && settings.errorState.enabled && action.type === 'redirect' && action.href !== '') window.location.assign(action.href);
  }, [state.error, settings.errorState.enabled, action]);

  /** Loads a page and either appends it or shows it instead of the current one. */
  async function goTo(pageToken: number | null, mode: 'append' | 'replace', event: MouseEvent<HTMLAnchorElement>, address: string) {
    // A new tab or window is the link's to open, as before React ran (entry-client.ts).
    if (pageToken === null || isModifiedClick(event)) return;
    event.preventDefault();
    if (inFlight.current !== null) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setState((current) => ({ ...current, status: 'paging' }));
    try {
      const page = await (await connect()).provider.loadPage(pageToken, controller.signal);
      setState((current) => {
        if (mode === 'replace') {
          pendingFocus.current = page.items[0]?.index ?? null;
          return showPage(page);
        }
        const appended = appendUniqueItems(
          current.items,
          page.items.map((item) => item.data),
        );
        pendingFocus.current = appended.firstNewIndex;
        return { ...current, items: appended.items, status: 'idle', error: undefined, nextPageToken: page.nextPageToken, total: page.total };
      });
      // Keep the address in step, so reload and "back" return to the same list.
      replaceAddress(address);
    } catch (error) {
      if (!isAbortError(error)) setState((current) => ({ ...current, status: 'idle', error }));
    } finally {
      inFlight.current = null;
    }
  }

  const gridClassName = [
    'collection-grid',
    `collection-grid--spacing-${settings.spacing}`,
    settings.centered ? 'collection-grid--centered' : '',
    settings.showBorder ? 'collection-grid--bordered' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const loadingFirstPage = state.status === 'loading' && state.items.length === 0;
  // Search results say themselves when nothing matched (page-layout.tsx).
  const showEmpty = settings.emptyState.enabled && state.status === 'idle' && state.error === undefined && state.items.length === 0 && !preload?.search;
  const showError = settings.errorState.enabled && state.error !== undefined && action.type === 'inline';

  return (
    <>
      {loadingFirstPage && (
        <p className="visually-hidden" role="status">
          {text.loading}
        </p>
      )}
      <ul className={gridClassName} aria-busy={state.status !== 'idle'}>
        {loadingFirstPage
          ? placeholders(settings.columns)
          : state.items.map((item) =>
              isServerItem(item) ? (
                // The server's card, as it is: React neither checks nor changes its inside.
                <li key={item.key} className="collection-grid__item" dangerouslySetInnerHTML={{ __html: item.html }} suppressHydrationWarning />
              ) : (
                <li key={item.key} className="collection-grid__item">
                  <Card
                    item={item}
                    settings={settings.card}
                    basePath={basePath}
                    label={fillIn(text.item, { position: item.index + 1 })}
                    language={language}
                    ref={(element) => {
                      if (element) itemElements.current.set(item.index, element);
                      else itemElements.current.delete(item.index);
                    }}
                  />
                </li>
              ),
            )}
      </ul>
      {showEmpty && <p className="collection__message collection__message--empty">{settings.emptyState.message}</p>}
      {showError && (
        <p className="collection__message collection__message--error" role="alert">
          {settings.errorState.message}
        </p>
      )}
      {state.items.length > 0 && <Paginator grid={grid} state={state} goTo={goTo} text={text} address={preload?.search?.address} />}
    </>
  );
}

/** spec §2.3: while nothing has loaded, one placeholder per grid column. */
const placeholders = (columns: number) =>
  Array.from({ length: columns }, (_, index) => (
    <li key={`placeholder-${index}`} className="collection-grid__item" aria-hidden="true">
      <div className="card card--placeholder" data-placeholder="">
        <div className="card__media" />
        <div className="card__content">
          <span className="placeholder-line placeholder-line--title" />
          <span className="placeholder-line" />
          <span className="placeholder-line placeholder-line--short" />
        </div>
      </div>
    </li>
  ));

/** A page shown on its own (the first, or the standard paginator's next or previous). */
function showPage(page: Omit<CollectionPage, 'items'> & { items: ShownItem[] }): GridState {
  return {
    items: page.items,
    status: 'idle',
    error: undefined,
    pageToken: page.pageToken,
    nextPageToken: page.nextPageToken,
    previousPageToken: page.previousPageToken,
    total: page.total,
  };
}

interface PaginatorProps {
  grid: GridMarkupDefinition;
  state: GridState;
  text: GridText;
  goTo: (pageToken: number | null, mode: 'append' | 'replace', event: MouseEvent<HTMLAnchorElement>, address: string) => void;
  /** Search results: their pages' address, keeping the query and choices. */
  address: string | undefined;
}

/** The grid's paginator, if it has one and it loaded (spec §4.5). */
function Paginator({ grid, state, goTo, text, address }: PaginatorProps) {
  const paginator = grid.settings.paginator;
  if (paginator === null) return null;
  const busy = state.status === 'paging';
  if (paginator.variant === 'showmore') {
    const { component: ShowMore } = loadedPaginator('showmore');
    if (ShowMore === undefined || state.nextPageToken === null) return null;
    const next = pageHref(state.nextPageToken + 1, address);
    return (
      <ShowMore
        label={paginator.label}
        style={paginator.style}
        href={`${next}#item-${state.items.length + 1}`}
        busy={busy}
        onShowMore={(event) => goTo(state.nextPageToken, 'append', event, next)}
      />
    );
  }
  const { component: Standard } = loadedPaginator('standard');
  if (Standard === undefined) return null;
  const { nextPageToken, previousPageToken } = state;
  const hrefOf = (token: number | null) => pageHref((token ?? 0) + 1, address);
  return (
    <Standard
      style={paginator.style}
      labels={{
        navigation: text.pages,
        previous: text.previousPage,
        next: text.nextPage,
        status: fillIn(text.pageStatus, { page: state.pageToken + 1, pages: Math.max(1, Math.ceil(state.total / grid.settings.pageSize)) }),
      }}
      previousHref={previousPageToken === null ? null : hrefOf(previousPageToken)}
      nextHref={nextPageToken === null ? null : hrefOf(nextPageToken)}
      busy={busy}
      onPrevious={(event) => goTo(previousPageToken, 'replace', event, hrefOf(previousPageToken))}
      onNext={(event) => goTo(nextPageToken, 'replace', event, hrefOf(nextPageToken))}
    />
  );
}
