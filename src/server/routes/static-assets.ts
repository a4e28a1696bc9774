/**
 * A browser bundle's files: the public page's under {basePath}/assets/ (spec §2.1), the studio's
 * under {basePath}/studio/assets/. Vite names built files by content hash, so they can be cached
 * for a year; anything unhashed is cached for an hour.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE } from '../http-cache';

const HASHED_FILE = /-[A-Za-z0-9_-]{8,}\.(?:js|css|svg|png|webp|avif|woff2?)$/;

export async function registerStaticAssets(app: FastifyInstance, assetsDir: string, prefix: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix,
    // One reply.sendFile for the app: a second bundle's registration does not add it again.
    decorateReply: !app.hasReplyDecorator('sendFile'),
    cacheControl: false,
    etag: true,
    lastModified: false,
    index: false,
    // The build writes .br and .gz beside each text file (scripts/build.mjs): sent as they are.
    preCompressed: true,
    setHeaders(reply, path) {
      // A compressed copy is its file's: app-1a2b3c4d.js.br is as hashed as app-1a2b3c4d.js.
      const file = basename(path).replace(/\.(?:br|gz)$/, '');
      reply.header('Cache-Control', HASHED_FILE.test(file) ? IMMUTABLE : 'public, max-age=3600');
    },
  });
}

/**
 * Browsers ask the origin for /favicon.ico on their own (the PDF viewer does, whatever the page
 * says), so answer it with the site icon instead of a 404.
 */
export function registerFavicon(app: FastifyInstance, assetsDir: string): void {
  const icon = readFileSync(join(assetsDir, 'favicon.svg'));
  app.get('/favicon.ico', (_request, reply) => reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(icon));
}
