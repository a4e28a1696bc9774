/**
 * The visitor as the page data layer shows them (page-data-layer.ts, spec §3.6), once the session
 * code knows who is signed in. It lives with the session code, its only caller, so that a guest's
 * browser never downloads it (decision 016); until it runs, the bootstrap's guest stands.
 */
import type { UserProvider } from '../page-data-layer';

/** spec §3.6: guests have no user id. */
export function publishUser(user: { isGuest: true } | { isGuest: false; userId: string }): void {
  const layer = window.pageDataLayer;
  if (!layer) return;
  const provider: UserProvider = user.isGuest
    ? { type: 'user', data: { attributes: { isGuest: true } } }
    : { type: 'user', data: { crmId: user.userId, attributes: { isGuest: false } } };
  layer.providers = [provider, ...layer.providers.filter((entry) => entry.type !== 'user')];
  window.dispatchEvent(new CustomEvent('pagedatalayer:change', { detail: layer }));
}
