import { describe, expect, it } from 'vitest';
import { serializePageData } from '../../site/page-data';
import { writeDocument } from './document';
import { gridText } from '../../site/ui-text';

const parts = {
  lang: 'en-US',
  headHtml: '<title>A &lt;b&gt;title&lt;/b&gt;</title>',
  basePath: '/lit',
  assets: { scripts: ['assets/entry-abc.js'], styles: ['assets/entry-abc.css'], preloads: [] },
  bodyHtml: '<main></main>',
  pageData: { elementId: 'page-data', json: '{}' },
};

describe('writeDocument', () => {
  it('puts the SEO tags in the head and links the bundle under the base path', () => {
    const html = writeDocument(parts);
    expect(html).toMatch(/<head>[\s\S]*<title>A &lt;b&gt;title&lt;\/b&gt;<\/title>[\s\S]*<\/head>/);
    expect(html).toContain('<link rel="stylesheet" href="/lit/assets/entry-abc.css">');
    expect(html).toContain('<script type="module" src="/lit/assets/entry-abc.js"></script>');
  });
});

describe('serializePageData', () => {
  it('cannot close the script element it is written into', () => {
    const json = serializePageData({
      basePath: '',
      language: 'en_US',
      gridText: gridText('en_US'),
      pageName: '</script><script>alert(1)</script>\u2028',
      grids: {},
    });
    expect(json).not.toMatch(/[<\u2028]/);
    expect(JSON.parse(json).pageName).toBe('</script><script>alert(1)</script>\u2028');
  });
});
