/**
 * The account pages, in the site's style and without JavaScript: the sign-in page at
 * {BASE_PATH}/login (two labelled fields and a button, or for a signed-in visitor a sign-out
 * button) and the password page at {BASE_PATH}/password (an account chooses its own password).
 */
import type { ClientAssets } from './client-assets';
import { MIN_PASSWORD_LENGTH } from '../../editing/passwords';
import { escapeHtml } from '../../shared/html';
import { privateHead, writeDocument } from './document';

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
  return accountDocument(page, 'Sign in', form);
}

export interface PasswordPage {
  basePath: string;
  assets: ClientAssets;
  returnTo: string;
  email: string;
  csrfToken: string;
  /** The account signed in with a password someone else chose: it must choose its own now. */
  required: boolean;
  error: string | null;
}

export function renderPasswordDocument(page: PasswordPage): string {
  const field = (id: string, label: string, autocomplete: string) => `<div class="login-form__field">
<label for="${id}">${label}</label>
<input id="${id}" name="${id}" type="password" autocomplete="${autocomplete}" required>
</div>`;
  const body = `${
    page.required
      ? `<p>${escapeHtml(page.email)} signed in with a temporary password. Choose your own to go on: at least ${MIN_PASSWORD_LENGTH} characters.</p>`
      : `<p>A new password for ${escapeHtml(page.email)}: at least ${MIN_PASSWORD_LENGTH} characters. Your other sessions end; this one stays.</p>`
  }
${page.error ? `<p class="collection__message collection__message--error" role="alert">${escapeHtml(page.error)}</p>` : ''}
<form class="login-form" method="post" action="${escapeHtml(page.basePath)}/password">
<input type="hidden" name="csrf" value="${escapeHtml(page.csrfToken)}">
<input type="hidden" name="returnTo" value="${escapeHtml(page.returnTo)}">
<input type="text" name="username" autocomplete="username" value="${escapeHtml(page.email)}" hidden>
${field('current', page.required ? 'Temporary password' : 'Current password', 'current-password')}
${field('next', 'New password', 'new-password')}
${field('repeat', 'New password again', 'new-password')}
<button class="button button--primary" type="submit">Change the password</button>
</form>`;
  return accountDocument(page, 'Choose your password', body);
}

/** The frame of an account page: the site's styles (not its script), a heading, the form. */
function accountDocument(page: { basePath: string; assets: ClientAssets }, title: string, body: string): string {
  return writeDocument({
    lang: 'en',
    headHtml: privateHead(`${title} - Literature Sheets`),
    basePath: page.basePath,
    assets: { ...page.assets, scripts: [], preloads: [] },
    bodyHtml: `<main class="page login">
<h1 class="rich-text-heading is-bold">${escapeHtml(title)}</h1>
${body}
<p><a href="${escapeHtml(page.basePath)}/">Back to the literature sheets</a></p>
</main>`,
  });
}
