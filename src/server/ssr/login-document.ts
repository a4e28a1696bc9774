/**
 * The sign-in page at {BASE_PATH}/login, in the site's style: two labelled fields and a button,
 * or, for a signed-in visitor, a sign-out button. Works without JavaScript.
 */
import type { ClientAssets } from './client-assets';
import { escapeHtml } from './html';

export interface LoginPage {
  basePath: string;
  assets: ClientAssets;
  /** Where to go after signing in (a path of this site). */
  returnTo: string;
  email: string;
  error: string | null;
  /** Set when a visitor is already signed in: the page offers to sign out. */
  signedIn: { csrfToken: string } | null;
}

export function renderLoginDocument(page: LoginPage): string {
  const asset = (file: string) => escapeHtml(`${page.basePath}/${file}`);
  const form = page.signedIn
    ? `<p>You are signed in.</p>
<form method="post" action="${escapeHtml(page.basePath)}/logout">
<input type="hidden" name="csrf" value="${escapeHtml(page.signedIn.csrfToken)}">
<button class="button button--secondary" type="submit">Sign out</button>
</form>`
    : `${page.error ? `<p class="collection__message collection__message--error" role="alert">${escapeHtml(page.error)}</p>` : ''}
<form class="login-form" method="post" action="${escapeHtml(page.basePath)}/login">
<input type="hidden" name="returnTo" value="${escapeHtml(page.returnTo)}">
<div class="login-form__field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(page.email)}">
</div>
<div class="login-form__field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
</div>
<button class="button button--primary" type="submit">Sign in</button>
</form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in - Literature Sheets</title>
<link rel="icon" href="${asset('assets/favicon.svg')}" type="image/svg+xml">
${page.assets.styles.map((file) => `<link rel="stylesheet" href="${asset(file)}">`).join('\n')}
</head>
<body>
<main class="page login">
<h1 class="rich-text-heading is-bold">Sign in</h1>
${form}
<p><a href="${escapeHtml(page.basePath)}/">Back to the literature sheets</a></p>
</main>
</body>
</html>
`;
}
