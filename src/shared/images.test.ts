import { describe, expect, it } from 'vitest';
import { clampDimension, formatSrcSet, optimizedImageUrl, parseSrcSet, pictureDataOf, responsiveSrcSet } from './images';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** [srcset, accepted candidates as "url descriptor", number of warnings] */
const SRCSETS: Array<[string, string[], number]> = [
  ['/a.png', ['/a.png'], 0],
  ['/a.png 640w', ['/a.png 640w'], 0],
  ['/a.png 2x', ['/a.png 2x'], 0],
  ['/a.png 1.5x', ['/a.png 1.5x'], 0],
  ['/a.png .5x', ['/a.png .5x'], 0],
  ['/a.png 640w, /b.png 960w', ['/a.png 640w', '/b.png 960w'], 0],
  ['/a.png 640w,/b.png 960w', ['/a.png 640w', '/b.png 960w'], 0],
  ['  /a.png   640w ,  /b.png  1920w  ', ['/a.png 640w', '/b.png 1920w'], 0],
  // As browsers read it: a comma inside a URL does not split candidates.
  ['/a.png,/b.png 2x', ['/a.png,/b.png 2x'], 0],
  ['/a.png, /b.png 2x', ['/a.png', '/b.png 2x'], 0],
  ['https://cdn.example/a.png 1x', ['https://cdn.example/a.png 1x'], 0],
  ['HTTPS://CDN.EXAMPLE/A.PNG 1x', ['HTTPS://CDN.EXAMPLE/A.PNG 1x'], 0],
  [`${PNG} 1x`, [`${PNG} 1x`], 0],
  ['/a.png?w=1,2 640w', ['/a.png?w=1,2 640w'], 0],
  ['', [], 0],
  [' , , ', [], 0],
  ['mailto:a@b.c 1x', [], 1],
  ['tel:+1 1x', [], 1],
  ['javascript:alert(1) 1x', [], 1],
  ['http://insecure.example/a.png 1x', [], 1],
  ['//evil.example/a.png 1x', [], 1],
  ['data:image/svg+xml;base64,PHN2Zz4= 1x', [], 1],
  ['data:text/html,hi 1x', [], 1],
  ['a.png 1x', [], 1],
  ['/ 1x', [], 1],
  ['#frag 1x', [], 1],
  ['/a.png 0w', [], 1],
  ['/a.png -1w', [], 1],
  ['/a.png 640', [], 1],
  ['/a.png 2y', [], 1],
  ['/a.png 640w 2x', [], 1],
  ['/a.png 640W', [], 1],
  ['/a.png 1e2w', [], 1],
  ['/good.png 1x, javascript:x 2x, /also-good.png 3x', ['/good.png 1x', '/also-good.png 3x'], 1],
  ['/a.png 640w, mailto:x@y.z 960w, /c.png 1920w', ['/a.png 640w', '/c.png 1920w'], 1],
];

describe(`parseSrcSet: ${SRCSETS.length} cases (spec §5.1)`, () => {
  it.each(SRCSETS)('%j', (value, accepted, warnings) => {
    const warned: string[] = [];
    const candidates = parseSrcSet(value, (message) => warned.push(message));
    expect(candidates.map(({ url, descriptor }) => (descriptor ? `${url} ${descriptor}` : url))).toEqual(accepted);
    expect(warned).toHaveLength(warnings);
    for (const message of warned) expect(message).toMatch(/^Bad srcset .+ \.\.\. Skipping image\.$/);
  });

  it('has at least 30 cases', () => {
    expect(SRCSETS.length).toBeGreaterThanOrEqual(30);
  });

  it('writes a srcset back', () => {
    expect(formatSrcSet(parseSrcSet('/a.png 1x, /b.png'))).toBe('/a.png 1x, /b.png');
  });
});

describe('optimised image URLs (spec §7.6, §5.6)', () => {
  it('uses the platform option names and keeps dimensions at least 100', () => {
    expect(optimizedImageUrl('/sfsites/c/cms/delivery/media/MC1', { width: 640 }, '')).toBe(
      '/cdn-cgi/image/format=auto,onerror=redirect,fit=scale-down,width=640/sfsites/c/cms/delivery/media/MC1',
    );
    expect(optimizedImageUrl('/lit/img/a.png', { width: 20, height: 50_000 }, '/lit')).toBe(
      '/lit/cdn-cgi/image/format=auto,onerror=redirect,fit=scale-down,width=100,height=4000/img/a.png',
    );
    expect(clampDimension(99.6)).toBe(100);
  });

  it('gives one source per form factor at 640, 960 and 1920 wide', () => {
    const entries = responsiveSrcSet('/img/a.png', '');
    expect(entries.map((entry) => [entry.formFactor, entry.srcSet.split(' ').at(-1)])).toEqual([
      ['Small', '640w'],
      ['Medium', '960w'],
      ['Large', '1920w'],
    ]);
    expect(entries[0]?.media).toBe('(max-width: 47.9375em)');
    expect(entries[2]?.media).toBe('(min-width: 64.0625em)');
    expect(responsiveSrcSet('https://cdn.example/a.png', '')).toEqual([]);
  });
});

describe('picture data (spec §3.3)', () => {
  it('offers Url, RawUrl, AltText, ContentKey, SrcSet, Picture and Pictures', () => {
    const { Picture, Pictures } = pictureDataOf(
      [
        { url: '/img/a.png', altText: 'A', contentKey: 'MC1' },
        { url: 'https://cdn.example/b.png', altText: 'B', contentKey: 'MC2' },
      ],
      '/lit',
    );
    expect(Pictures).toHaveLength(2);
    expect(Picture).toBe(Pictures[0]);
    expect(Picture).toMatchObject({ Url: '/lit/img/a.png', RawUrl: '/img/a.png', AltText: 'A', ContentKey: 'MC1' });
    expect(Picture?.SrcSet).toHaveLength(3);
    expect(Pictures[1]).toMatchObject({ Url: 'https://cdn.example/b.png', SrcSet: [] });
    expect(pictureDataOf([], '').Picture).toBeUndefined();
  });
});
