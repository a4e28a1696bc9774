import { NO_CLIENT_ASSETS } from './client-assets';
import { privateHead, writeDocument } from './document';
import { escapeHtml } from '../../shared/html';

interface ErrorPage {
  status: number;
  title: string;
  message: string;
  basePath: string;
}

/** A plain, self-contained error page: it must work when nothing else does, so it links no styles or script. */
export function renderErrorDocument({ status, title, message, basePath }: ErrorPage): string {
  return writeDocument({
    lang: 'en',
    headHtml: privateHead(`${title} (${status})`),
    basePath,
    assets: NO_CLIENT_ASSETS,
    bodyHtml: `<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(basePath)}/">Go to the literature sheets</a></p>
</main>`,
  });
}
