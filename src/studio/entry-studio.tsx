/**
 * The studio's browser entry: its own bundle (built apart from the public page's, so none of its
 * modules is ever in a visitor's download). The server's shell names the base path and the
 * session's CSRF token in data attributes of #studio.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { StudioContext } from './api';
import { NavigationProvider, useNavigation } from './navigation';
import { SheetScreen } from './sheet-screen';
import { SheetsScreen } from './sheets-screen';
import './studio.css';

/** The screen an address shows: {base}/studio/sheets/{id} a sheet, anything else the list. */
function Screens({ context }: { context: StudioContext }) {
  const { path } = useNavigation();
  const sheet = new RegExp(`^${context.basePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/studio/sheets/([^/]+)$`).exec(path);
  if (sheet !== null) return <SheetScreen key={sheet[1]} context={context} id={decodeURIComponent(sheet[1]!)} />;
  return <SheetsScreen context={context} />;
}

const element = document.getElementById('studio');
if (element !== null) {
  const context = { basePath: element.dataset.basePath ?? '', csrfToken: element.dataset.csrfToken ?? '' };
  createRoot(element).render(
    <StrictMode>
      <NavigationProvider>
        <Screens context={context} />
      </NavigationProvider>
    </StrictMode>,
  );
  document.documentElement.dataset.studioReady = 'true';
}
