import { escapeHtml } from '../../shared/html';

interface ErrorPage {
  status: number;
  title: string;
  message: string;
  basePath: string;
}

/** A plain, self-contained error page: it must work when nothing else does. */
export function renderErrorDocument({ status, title, message, basePath }: ErrorPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} (${status})</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(basePath)}/">Go to the literature sheets</a></p>
</main>
</body>
</html>
`;
}
