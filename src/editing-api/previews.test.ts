import { describe, expect, it } from 'vitest';
import { keepInPreview, pointAtDraftFiles } from './previews';

describe('a preview pointed at the draft’s files', () => {
  const files = [
    { paths: ['/sfsites/c/cms/delivery/media/MCNEW'], url: '/lit/studio/api/files/aa' },
    { paths: ['/sfsites/c/file-asset/sheet-x?v=2'], url: '/lit/studio/api/files/bb' },
  ];

  it('replaces every address of an unpublished file and drops its public variants, leaving other files alone', () => {
    const html = [
      '<link rel="preload" as="image" href="/lit/sfsites/c/cms/delivery/media/MCNEW?v=1a"/>',
      '<img src="/lit/sfsites/c/cms/delivery/media/MCNEW?v=1a" srcset="/lit/cdn-cgi/image/width=640/sfsites/c/cms/delivery/media/MCNEW?v=1a 640w" sizes="50vw" alt="New">',
      '<img src="/lit/sfsites/c/cms/delivery/media/MCOLD?v=9" srcset="/lit/cdn-cgi/image/width=640/sfsites/c/cms/delivery/media/MCOLD?v=9 640w">',
      '<a href="/lit/sfsites/c/file-asset/sheet-x?v=2">PDF</a><a href="/lit/sfsites/c/file-asset/sheet-x?v=1">Older</a>',
      '<script type="application/json">{\\"image\\":\\"http://example.com/lit/sfsites/c/cms/delivery/media/MCNEW?v=1a\\"}</script>',
    ].join('\n');
    expect(pointAtDraftFiles(html, files).split('\n')).toEqual([
      '',
      '<img src="/lit/studio/api/files/aa" alt="New">',
      '<img src="/lit/sfsites/c/cms/delivery/media/MCOLD?v=9" srcset="/lit/cdn-cgi/image/width=640/sfsites/c/cms/delivery/media/MCOLD?v=9 640w">',
      '<a href="/lit/studio/api/files/bb">PDF</a><a href="/lit/sfsites/c/file-asset/sheet-x?v=1">Older</a>',
      '<script type="application/json">{\\"image\\":\\"/lit/studio/api/files/aa\\"}</script>',
    ]);
  });
});

describe('a preview walked as the site', () => {
  const site = { origin: 'https://example.com', basePath: '/lit', filesSegment: 'sfsites' };
  const root = '/lit/studio/api/releases/r1/preview';

  it('keeps links and forms to the site’s pages in the preview, and leaves files, assets, the studio and other sites alone', () => {
    const html = [
      '<a href="/lit/de-DE/topics/silicon" hrefLang="de-DE">Silizium</a>',
      '<a class="card" href="https://example.com/lit/sheets/silane?x=1&amp;y=2">Silane</a>',
      '<form class="search" action="/lit/" method="get">',
      '<a href="?page=2#item-8">More</a>',
      '<a href="/lit/sfsites/c/file-asset/sheet-x?v=2">PDF</a>',
      '<a href="/lit/assets/site.css">Styles</a><a href="/lit/studio">Studio</a>',
      '<a href="https://other.example/lit/sheets/x">Elsewhere</a><a href="//other.example/">Protocol-relative</a>',
      '<link rel="canonical" href="https://example.com/lit/sheets/silane">',
    ].join('\n');
    expect(keepInPreview(html, site, root).split('\n')).toEqual([
      `<a href="${root}/de-DE/topics/silicon" hrefLang="de-DE">Silizium</a>`,
      `<a class="card" href="${root}/sheets/silane?x=1&amp;y=2">Silane</a>`,
      `<form class="search" action="${root}/" method="get">`,
      '<a href="?page=2#item-8">More</a>',
      '<a href="/lit/sfsites/c/file-asset/sheet-x?v=2">PDF</a>',
      '<a href="/lit/assets/site.css">Styles</a><a href="/lit/studio">Studio</a>',
      '<a href="https://other.example/lit/sheets/x">Elsewhere</a><a href="//other.example/">Protocol-relative</a>',
      '<link rel="canonical" href="https://example.com/lit/sheets/silane">',
    ]);
  });

  it('with no base path, takes no protocol-relative address for a page', () => {
    const html = '<a href="//evil.example/topics/x">x</a><a href="/topics/x">y</a>';
    expect(keepInPreview(html, { ...site, basePath: '' }, '/studio/api/releases/r1/preview')).toBe(
      '<a href="//evil.example/topics/x">x</a><a href="/studio/api/releases/r1/preview/topics/x">y</a>',
    );
  });
});
