import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { findMediaByContentKey } from '../../cms/repositories/files';
import { DEMO_CATALOGUE } from '../../demo/catalogue';
import { renderIllustration } from '../../demo/illustrations';
import { DEMO_IDS } from '../../demo/seed-demo';
import { effectiveRequest, negotiateFormat, readResizeOptions } from './image-resizer';

const key = DEMO_IDS.imageKey('teos');
const mediaPath = `sfsites/c/cms/delivery/media/${key}`;
const resized = (options: string, path = mediaPath) => `/lit/cdn-cgi/image/${options}/${path}`;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { BASE_PATH: '/lit' } });
});
afterAll(async () => {
  await test.close();
});

describe('GET /cdn-cgi/image (spec §7.6)', () => {
  it('answers a resized WebP to a browser that accepts it', async () => {
    const response = await test.app.inject({ url: resized('format=auto,fit=scale-down,width=320'), headers: { accept: 'image/webp,image/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers.vary).toContain('Accept');
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(320);
  });

  it('answers AVIF when the browser accepts it', async () => {
    const response = await test.app.inject({
      url: resized('format=auto,onerror=redirect,fit=scale-down,width=640'),
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(response.headers['content-type']).toBe('image/avif');
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata.format).toBe('heif');
    expect(metadata.width).toBe(640);
  });

  it('falls back to the original kind of format without Accept', async () => {
    const response = await test.app.inject({ url: resized('format=auto,width=200') });
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('never enlarges a photo: widths past its own give its own size, as one output with one ETag', async () => {
    const accept = { accept: 'image/webp' };
    const own = await test.app.inject({ url: resized('format=auto,fit=scale-down,width=960'), headers: accept });
    const wider = await test.app.inject({ url: resized('format=auto,fit=scale-down,width=1920'), headers: accept });
    expect((await sharp(wider.rawPayload).metadata()).width).toBe(960);
    expect(wider.headers.etag).toBe(own.headers.etag);
    expect(wider.rawPayload.equals(own.rawPayload)).toBe(true);
  });

  it('rasterises a vector source at the asked width, past its nominal size', async () => {
    const drawing = DEMO_IDS.imageKey('gas-cabinet');
    const svg = Buffer.from(renderIllustration(DEMO_CATALOGUE.find((entry) => entry.slug === 'gas-cabinet')!));
    await sql`UPDATE media SET bytes = ${svg}, mime_type = 'image/svg+xml', width = 480, height = 360, sha256 = 'vector' WHERE content_id IN (SELECT id FROM contents WHERE content_key = ${drawing})`.execute(
      test.store.db,
    );
    const response = await test.app.inject({
      url: resized('format=auto,fit=scale-down,width=1200', `sfsites/c/cms/delivery/media/${drawing}`),
      headers: { accept: 'image/webp' },
    });
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 900 });
  });

  it('keeps its output: a repeat is served from memory with the same ETag, and 304 when asked', async () => {
    const first = await test.app.inject({ url: resized('width=300'), headers: { accept: 'image/webp' } });
    const again = await test.app.inject({ url: resized('width=300'), headers: { accept: 'image/webp' } });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const second = await test.app.inject({ url: resized('width=300'), headers: { accept: 'image/webp', 'if-none-match': first.headers.etag as string } });
    expect(second.statusCode).toBe(304);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers.vary).toContain('Accept');
  });

  it('gives every format and size its own ETag, and caches the current version for ever', async () => {
    const { sha256 } = (await findMediaByContentKey(test.store.db, key))!;
    const url = (width: number) => `${resized(`format=auto,width=${width}`)}?v=${sha256.slice(0, 12)}`;
    const answers = await Promise.all(
      [
        [400, 'image/avif,image/webp'],
        [400, 'image/webp'],
        [400, '*/*'],
        [500, 'image/webp'],
      ].map(([width, accept]) => test.app.inject({ url: url(width as number), headers: { accept: accept as string } })),
    );
    expect(answers.map((answer) => answer.headers['content-type'])).toEqual(['image/avif', 'image/webp', 'image/png', 'image/webp']);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(answers.length);
    expect(answers.every((answer) => answer.headers['cache-control'] === 'public, max-age=31536000, immutable')).toBe(true);
    // A webp validator does not revalidate the AVIF answer.
    const avif = await test.app.inject({ url: url(400), headers: { accept: 'image/avif,image/webp', 'if-none-match': answers[1]!.headers.etag as string } });
    expect(avif.statusCode).toBe(200);
    // Without the version the URL may come to mean another file: revalidated on every use.
    expect((await test.app.inject({ url: resized('format=auto,width=400'), headers: { accept: 'image/webp' } })).headers['cache-control']).toMatch(
      /^public, max-age=0,/,
    );
  });

  it.each([
    ['a width under 100', resized('width=50')],
    ['a width over 4000', resized('width=5000')],
    ['a height that is not a number', resized('height=tall')],
    ['an unknown option', resized('blur=20,width=200')],
    ['an unknown format', resized('format=gif')],
    ['a path outside the site’s media', resized('width=200', 'sfsites/c/file-asset/literature-sheet-teos')],
    ['another site’s image', resized('width=200', 'https://evil.example/a.png')],
    ['a path that climbs out', resized('width=200', `sfsites/c/cms/delivery/media/../../../etc/passwd`)],
  ])('refuses %s with 400', async (_name, url) => {
    const response = await test.app.inject({ url });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown image', async () => {
    expect((await test.app.inject({ url: resized('width=200', 'sfsites/c/cms/delivery/media/MC0000000000000000000000000A') })).statusCode).toBe(404);
  });

  it('redirects to the original when processing fails and onerror=redirect, else answers 422', async () => {
    const broken = DEMO_IDS.imageKey('silane');
    // The stored file is damaged, as a disk or a hand-written statement could damage it.
    await sql`UPDATE media SET bytes = ${Buffer.from('not an image')}, sha256 = 'broken' WHERE content_id IN (SELECT id FROM contents WHERE content_key = ${broken})`.execute(
      test.store.db,
    );
    const path = `sfsites/c/cms/delivery/media/${broken}`;
    const redirected = await test.app.inject({ url: resized('onerror=redirect,width=200', path) });
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe(`/lit/${path}`);
    expect((await test.app.inject({ url: resized('width=200', path) })).statusCode).toBe(422);
  });
});

describe('options', () => {
  it('reads the platform’s option names', () => {
    expect(readResizeOptions('format=auto,onerror=redirect,fit=scale-down,width=640,height=480,q=70')).toEqual({
      format: 'auto',
      fit: 'scale-down',
      width: 640,
      height: 480,
      quality: 70,
      redirectOnError: true,
    });
  });

  it('bounds a scale-down of a raster image by its own size, and nothing else', () => {
    const asked = readResizeOptions('fit=scale-down,width=1920,height=400');
    const photo = { mime_type: 'image/png', width: 960, height: 720 };
    expect(effectiveRequest(asked, photo)).toMatchObject({ width: 960, height: 400 });
    expect(effectiveRequest(readResizeOptions('width=640'), photo)).toMatchObject({ width: 640, height: undefined });
    expect(effectiveRequest(asked, { ...photo, mime_type: 'image/svg+xml' })).toMatchObject({ width: 1920 });
    expect(effectiveRequest(readResizeOptions('fit=cover,width=1920'), photo)).toMatchObject({ width: 1920 });
  });

  it('negotiates formats from Accept', () => {
    expect(negotiateFormat('auto', 'image/avif,image/webp', 'image/png')).toBe('avif');
    expect(negotiateFormat('auto', 'image/webp', 'image/png')).toBe('webp');
    expect(negotiateFormat('auto', '*/*', 'image/jpeg')).toBe('jpeg');
    expect(negotiateFormat('png', 'image/avif', 'image/jpeg')).toBe('png');
  });
});
