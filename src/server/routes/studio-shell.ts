/**
 * The studio at {BASE_PATH}/studio, for editors and admins (docs/studio.md): a guest is sent to
 * sign in and comes back; a visitor's account is told it cannot use the studio (403). The page is
 * a shell for the studio's own bundle (dist/studio, built apart from the public page's), served
 * with its assets at {BASE_PATH}/studio/assets/. Never cached: it carries the session's CSRF token.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentStore } from '../../cms/database';
import { findUser } from '../../cms/repositories/users';
import type { SessionService } from '../../http/session-service';
import { SECURITY_HEADERS } from '../../http/security-headers';
import { NO_CLIENT_ASSETS, readClientAssets, type ClientAssets } from '../ssr/client-assets';
import { privateHead, writeDocument } from '../ssr/document';
import { escapeHtml } from '../../shared/html';
import { registerStaticAssets } from './static-assets';

export const STUDIO_ENTRY = 'src/studio/entry-studio.tsx';

/** The studio's screens besides the sheets (src/studio/entry-studio.tsx routes them in the browser). */
export const STUDIO_SCREENS = ['order', 'page', 'import', 'translations', 'releases', 'trash', 'searches', 'fields', 'accounts', 'webhooks', 'audit'] as const;

export async function registerStudioShell(
  app: FastifyInstance,
  options: { sessions: SessionService; db: ContentStore; basePath: string; studioDir: string | null },
): Promise<void> {
  const { sessions, basePath } = options;
  const built = options.studioDir !== null && existsSync(join(options.studioDir, '.vite', 'manifest.json'));
  const assets = built ? readClientAssets(options.studioDir, STUDIO_ENTRY) : NO_CLIENT_ASSETS;
  if (built) await registerStaticAssets(app, join(options.studioDir!, 'assets'), `${basePath}/studio/assets/`);

  const studio = `${basePath}/studio`;
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'private, no-store');
    const lookup = await sessions.read(request);
    if (lookup.state !== 'live') {
      if (lookup.state === 'expired') reply.header('Set-Cookie', sessions.clearCookies());
      // Back to the screen asked for (a sheet's address), which is always under the studio.
      const asked = request.url.split('?')[0] ?? studio;
      return reply.redirect(`${basePath}/login?returnTo=${encodeURIComponent(asked.startsWith(studio) ? asked : studio)}`, 303);
    }
    if (lookup.session.mustChangePassword) {
      const asked = request.url.split('?')[0] ?? studio;
      return reply.redirect(`${basePath}/password?returnTo=${encodeURIComponent(asked.startsWith(studio) ? asked : studio)}`, 303);
    }
    // A nonce per answer (it is never cached) for the one <style> element the UI library adds
    // (react-aria's scroll lock), which the site's policy would block (docs/decisions/015).
    const nonce = randomBytes(16).toString('base64');
    reply.header('Content-Security-Policy', studioPolicy(nonce));
    if (lookup.session.role !== 'editor' && lookup.session.role !== 'admin') {
      return reply
        .code(403)
        .type('text/html; charset=utf-8')
        .send(shell({ basePath, assets, csrfToken: null, role: lookup.session.role, nonce }));
    }
    const email = (await findUser(options.db, lookup.session.userId))?.email ?? '';
    return reply
      .type('text/html; charset=utf-8')
      .send(shell({ basePath, assets, csrfToken: lookup.session.csrfToken, role: lookup.session.role, nonce, email }));
  };
  app.get(studio, serve);
  app.get(`${studio}/sheets/:id`, serve);
  for (const screen of STUDIO_SCREENS) app.get(`${studio}/${screen}`, serve);
  app.get(`${studio}/`, (_request, reply) => reply.redirect(studio, 301));
}

/** The site's policy, but for styles: the studio's own files and the answer's nonce. */
function studioPolicy(nonce: string): string {
  return SECURITY_HEADERS['content-security-policy']!.replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`);
}

function shell({
  basePath,
  assets,
  csrfToken,
  role,
  nonce,
  email = '',
}: {
  basePath: string;
  assets: ClientAssets;
  csrfToken: string | null;
  role: string;
  nonce: string;
  /** The signed-in account, said in the bar beside Sign out. */
  email?: string;
}): string {
  const body =
    csrfToken === null
      ? `<main class="studio-main"><h1>The studio is for editors</h1><p>This account cannot change content. Ask the site's administrator for the editor role.</p><p><a href="${escapeHtml(basePath)}/">Back to the literature sheets</a></p></main>`
      : `<main class="studio-main" aria-label="Studio" id="studio" data-base-path="${escapeHtml(basePath)}" data-csrf-token="${escapeHtml(csrfToken)}" data-role="${escapeHtml(role)}" data-email="${escapeHtml(email)}">${
          assets.scripts.length === 0 ? '<p>The studio needs its browser bundle: run <code>npm run build</code>.</p>' : '<p>Loading the studio…</p>'
        }</main>`;
  const bar = `<header class="studio-bar" aria-label="Studio"><a href="${escapeHtml(basePath)}/">Literature Sheets</a><span>Studio</span>${
    csrfToken === null
      ? ''
      : `<form class="studio-bar__account" method="post" action="${escapeHtml(basePath)}/logout"><span>Signed in as <strong>${escapeHtml(email)}</strong> (${escapeHtml(role)})</span><input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}"><button type="submit" class="studio-button studio-button--small studio-button--quiet">Sign out</button></form>`
  }</header>`;
  return writeDocument({
    lang: 'en',
    headHtml: `${privateHead('Studio - Literature Sheets')}\n<meta name="csp-nonce" nonce="${escapeHtml(nonce)}">`,
    basePath,
    assets,
    assetBase: `${basePath}/studio`,
    bodyHtml: `${bar}\n${body}`,
  });
}
