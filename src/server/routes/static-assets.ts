/**
 * The browser bundle under {basePath}/assets/ (spec §2.1). Vite names built files by content
 * hash, so they can be cached for a year; anything unhashed is cached for an hour.
 */
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE } from '../http-cache';

const HASHED_FILE = /-[A-Za-z0-9_-]{8,}\.(?:js|css|svg|png|webp|avif|woff2?)$/;

export async function registerStaticAssets(app: FastifyInstance, assetsDir: string, basePath: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: `${basePath}/assets/`,
    cacheControl: false,
    etag: true,
    lastModified: false,
    index: false,
    setHeaders(reply, path) {
      reply.header('Cache-Control', HASHED_FILE.test(basename(path)) ? IMMUTABLE : 'public, max-age=3600');
    },
  });
}
