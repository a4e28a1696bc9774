import { describe, expect, it } from 'vitest';
import { pointAtDraftFiles } from './previews';

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
