/**
 * The studio's browser entry: its own bundle (built apart from the public page's, so none of its
 * modules is ever in a visitor's download). The server's shell names the base path and the
 * session's CSRF token in data attributes of #studio.
 */
import { StrictMode, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import type { StudioContext } from './api';
import { NavigationProvider, useNavigation } from './navigation';
import { SheetScreen } from './sheet-screen';
import { SheetsScreen } from './sheets-screen';
import { OrderScreen } from './order-screen';
import { PageScreen } from './page-screen';
import { TrashScreen } from './trash-screen';
import { ImportScreen } from './import-screen';
import { AccountsScreen } from './accounts-screen';
import { AuditScreen } from './audit-screen';
import { StudioNav } from './studio-nav';
import './studio.css';

/** The screen an address shows: {base}/studio/sheets/{id} a sheet, {base}/studio/{section} a section, anything else the list. */
function Screens({ context }: { context: StudioContext }) {
  const { path } = useNavigation();
  // A new screen: the keyboard and screen readers start at its heading, as on a page load.
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
    ) : within === '/trash' ? (
      <TrashScreen context={context} />
    ) : within === '/accounts' && context.role === 'admin' ? (
      <AccountsScreen context={context} />
    ) : within === '/audit' && context.role === 'admin' ? (
      <AuditScreen context={context} />
    ) : (
      <SheetsScreen context={context} />
    );
  return (
    <>
      <StudioNav context={context} />
      {screen}
    </>
  );
}

const element = document.getElementById('studio');
if (element !== null) {
  const context = { basePath: element.dataset.basePath ?? '', csrfToken: element.dataset.csrfToken ?? '', role: element.dataset.role ?? 'editor' };
  createRoot(element).render(
    <StrictMode>
      <NavigationProvider>
        <Screens context={context} />
      </NavigationProvider>
    </StrictMode>,
  );
  document.documentElement.dataset.studioReady = 'true';
}
