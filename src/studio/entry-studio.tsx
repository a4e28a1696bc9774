/**
 * The studio's browser entry: its own bundle (built apart from the public page's, so none of its
 * modules is ever in a visitor's download). The server's shell names the base path and the
 * session's CSRF token in data attributes of #studio.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SheetsScreen } from './sheets-screen';
import './studio.css';

const element = document.getElementById('studio');
if (element !== null) {
  const context = { basePath: element.dataset.basePath ?? '', csrfToken: element.dataset.csrfToken ?? '' };
  createRoot(element).render(
    <StrictMode>
      <SheetsScreen context={context} />
    </StrictMode>,
  );
  document.documentElement.dataset.studioReady = 'true';
}
