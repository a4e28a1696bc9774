/**
 * The page data layer analytics tags read (spec §2.2 hidden region, §3.6): `window.pageDataLayer`
 * holds the current user as a provider of type "user", `{ crmId, attributes: { isGuest } }` (no
 * id for guests), and the page's name and language. `pagedatalayer:change` fires when it changes;
 * `viewchange` fires on every view change (the first view, and each address the page moves to).
 * The visitor starts as a guest; the session code publishes who signed in (session/publish-user.ts).
 * See docs/data-layer.md.
 */

export interface UserProvider {
  type: 'user';
  data: { crmId?: string; attributes: { isGuest: boolean } };
}

export interface PageDataLayer {
  providers: UserProvider[];
  page: { name: string; language: string; url: string };
}

export interface ViewChange {
  url: string;
  pageName: string;
  language: string;
}

declare global {
  interface Window {
    pageDataLayer?: PageDataLayer;
  }
}

export function initPageDataLayer(page: { name: string; language: string }): PageDataLayer {
  // Until the session is known the visitor counts as a guest (spec §6: guest data is always available).
  const layer: PageDataLayer = { providers: [{ type: 'user', data: { attributes: { isGuest: true } } }], page: { ...page, url: window.location.href } };
  window.pageDataLayer = layer;
  window.dispatchEvent(new CustomEvent('pagedatalayer:change', { detail: layer }));
  return layer;
}

export function notifyViewChange(): void {
  const layer = window.pageDataLayer;
  if (layer) layer.page.url = window.location.href;
  const detail: ViewChange = { url: window.location.href, pageName: layer?.page.name ?? '', language: layer?.page.language ?? '' };
  window.dispatchEvent(new CustomEvent('viewchange', { detail }));
}

/** Moves the address without a navigation (Show More, paging) and tells listeners the view changed. */
export function replaceAddress(url: string): void {
  window.history.replaceState(window.history.state, '', url);
  notifyViewChange();
}
