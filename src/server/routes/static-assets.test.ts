import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE } from '../http-cache';
import { registerStaticAssets } from './static-assets';

describe('a bundle’s files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assets-'));
  let app: FastifyInstance;

  beforeAll(async () => {
    const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(2000))});`);
    for (const name of ['page-1a2B3c4D.js', 'plain.js']) {
      writeFileSync(join(dir, name), script);
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(script));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(script));
    }
    app = Fastify();
    await registerStaticAssets(app, dir, '/assets/');
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are kept a year when hashed, in every encoding a browser asks for, and an hour when not', async () => {
    for (const encoding of [undefined, 'br', 'gzip', 'gzip, deflate, br']) {
      const headers = encoding === undefined ? {} : { 'accept-encoding': encoding };
      const hashed = await app.inject({ url: '/assets/page-1a2B3c4D.js', headers });
      expect(hashed.statusCode).toBe(200);
      expect(hashed.headers['content-encoding']).toBe(encoding === undefined ? undefined : encoding.endsWith('br') ? 'br' : 'gzip');
      expect(hashed.headers['cache-control'], `hashed, ${encoding ?? 'identity'}`).toBe(IMMUTABLE);
      const plain = await app.inject({ url: '/assets/plain.js', headers });
      expect(plain.headers['cache-control'], `plain, ${encoding ?? 'identity'}`).toBe('public, max-age=3600');
    }
  });
});
