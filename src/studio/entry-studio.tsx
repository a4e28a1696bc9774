/**
 * The studio's browser entry: its own bundle (built apart from the public page's, so none of its
 * modules is ever in a visitor's download). The server's shell names the base path and the
 * session's CSRF token in data attributes of #studio.
 */
import { lazy, StrictMode, Suspense, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import type { StudioContext } from './common/api';
import { NavigationProvider, useNavigation } from './common/navigation';
import { SheetScreen } from './sheets/sheet-screen';
import { SheetsScreen } from './sheets/sheets-screen';
import { StudioNav } from './studio-nav';
import { CdnWarning } from './webhooks/cdn-status';

// The sections are fetched when first opened: the sheets, where editors spend their time, load
// without the drag and drop, the head-tag parser or the admin screens.
const OrderScreen = lazy(() => import('./order/order-screen').then((module) => ({ default: module.OrderScreen })));
const PageScreen = lazy(() => import('./pages/page-screen').then((module) => ({ default: module.PageScreen })));
const ImportScreen = lazy(() => import('./imports/import-screen').then((module) => ({ default: module.ImportScreen })));
const TranslationsScreen = lazy(() => import('./translations/translations-screen').then((module) => ({ default: module.TranslationsScreen })));
const ReleasesScreen = lazy(() => import('./releases/releases-screen').then((module) => ({ default: module.ReleasesScreen })));
const TrashScreen = lazy(() => import('./trash/trash-screen').then((module) => ({ default: module.TrashScreen })));
const FieldsScreen = lazy(() => import('./fields/fields-screen').then((module) => ({ default: module.FieldsScreen })));
const AccountsScreen = lazy(() => import('./accounts/accounts-screen').then((module) => ({ default: module.AccountsScreen })));
const SearchReportScreen = lazy(() => import('./searches/search-report-screen').then((module) => ({ default: module.SearchReportScreen })));
const WebhooksScreen = lazy(() => import('./webhooks/webhooks-screen').then((module) => ({ default: module.WebhooksScreen })));
const AuditScreen = lazy(() => import('./audit/audit-screen').then((module) => ({ default: module.AuditScreen })));
import './studio.css';

/** The screen an address shows: {base}/studio/sheets/{id} a sheet, {base}/studio/{section} a section, anything else the list. */
function Screens({ context }: { context: StudioContext }) {
  const { path } = useNavigation();
  const within = path.startsWith(`${context.basePath}/studio`) ? path.slice(`${context.basePath}/studio`.length) : '';
  const sheet = /^\/sheets\/([^/]+)$/.exec(within);
  const screen =
    sheet !== null ? (
      <SheetScreen key={sheet[1]} context={context} id={decodeURIComponent(sheet[1]!)} />
    ) : within === '/order' ? (
      <OrderScreen context={context} />
    ) : within === '/page' ? (
      <PageScreen context={context} />
    ) : within === '/import' ? (
      <ImportScreen context={context} />
    ) : within === '/translations' ? (
      <TranslationsScreen context={context} />
    ) : within === '/releases' ? (
      <ReleasesScreen context={context} />
    ) : within === '/trash' ? (
      <TrashScreen context={context} />
    ) : within === '/searches' ? (
      <SearchReportScreen context={context} />
    ) : within === '/fields' && context.role === 'admin' ? (
      <FieldsScreen context={context} />
    ) : within === '/accounts' && context.role === 'admin' ? (
      <AccountsScreen context={context} />
    ) : within === '/webhooks' && context.role === 'admin' ? (
      <WebhooksScreen context={context} />
    ) : within === '/audit' && context.role === 'admin' ? (
      <AuditScreen context={context} />
    ) : (
      <SheetsScreen context={context} />
    );
  return (
    <>
      <StudioNav context={context} />
      <CdnWarning context={context} path={path} />
      <Suspense fallback={<p role="status">Loading…</p>}>
        {screen}
        <FocusHeading path={path} />
      </Suspense>
    </>
  );
}

/**
 * A new screen: the keyboard and screen readers start at its heading, as on a page load. Inside
 * the screen's Suspense, so it runs once a screen fetched on first use is there (before, a screen
 * opened by an action, such as Trash after moving a sheet there, left the focus on the page).
 */
function FocusHeading({ path }: { path: string }) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>('#studio h1');
    const target = heading ?? document.getElementById('studio');
    if (target === null) return;
    target.tabIndex = -1;
    target.focus();
  }, [path]);
  return null;
}

const element = document.getElementById('studio');
if (element !== null) {
  const context = {
    basePath: element.dataset.basePath ?? '',
    csrfToken: element.dataset.csrfToken ?? '',
    role: element.dataset.role ?? 'editor',
    email: element.dataset.email ?? '',
  };
  createRoot(element).render(
    <StrictMode>
      <NavigationProvider>
        <Screens context={context} />
      </NavigationProvider>
    </StrictMode>,
  );
  document.documentElement.dataset.studioReady = 'true';
}
