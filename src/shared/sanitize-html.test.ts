import { describe, expect, it } from 'vitest';
import { bindItemFields, itemFieldNames, mediaTokenKeys, resolveContentTokens } from './rich-text';
import { sanitizeHtml } from './sanitize-html';

const clean = (html: string) => sanitizeHtml(html, { basePath: '/lit' });

describe('sanitizeHtml (spec §5.3)', () => {
  it.each([
    ['<p>Plain <strong>bold</strong> and <em>em</em></p>', '<p>Plain <strong>bold</strong> and <em>em</em></p>'],
    ['<h2 class="heading-large evil">T</h2>', '<h2 class="heading-large">T</h2>'],
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    [
      '<img src="/sfsites/c/cms/delivery/media/MC1" alt="<b>A</b> tank" onload="x()">',
      '<img src="/lit/sfsites/c/cms/delivery/media/MC1" alt="A tank" loading="lazy">',
    ],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src="https://tracker.example/pixel.gif" alt="">', ''],
    ['<img src="data:image/png;base64,iVBORw0KGgo=" alt="">', '<img src="data:image/png;base64,iVBORw0KGgo=" alt="" loading="lazy">'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="/docs" onclick="x()">docs</a>', '<a href="/lit/docs">docs</a>'],
    ['<a href="mailto:a@b.c">mail</a>', '<a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer">mail</a>'],
    ['<a href="https://x.example" target="_blank">x</a>', '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<p style="background:url(javascript:x)">s</p>', '<p>s</p>'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['<iframe src="https://x.example"></iframe>', ''],
    ['<custom-tag>kept text</custom-tag>', 'kept text'],
    ['<form action="/x"><input name="a"></form>after', 'after'],
    ['<!-- comment --><p>x</p>', '<p>x</p>'],
    ["<p title='\"><script>'>q</p>", '<p title="&quot;&gt;&lt;script&gt;">q</p>'],
    // Parsed as a browser would: the noscript closes early and the image behind it is dropped.
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>', '"&gt;<p></p>'],
    ['<table><tr><td colspan="2" onclick="x">c</td></tr></table>', '<table><tbody><tr><td colspan="2">c</td></tr></tbody></table>'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
    ['<p>unclosed', '<p>unclosed</p>'],
    ['<textarea><script>alert(1)</script></textarea>', ''],
    ['<a href="/x"><img src="/y" alt="i"></a>', '<a href="/lit/x"><img src="/lit/y" alt="i" loading="lazy"></a>'],
  ])('%j → %j', (input, output) => {
    expect(clean(input)).toBe(output);
  });
});

describe('rich-text tokens (spec §5.3)', () => {
  const context = { basePath: '/lit', platformSitesSegment: 'sfsites', imageUrls: new Map([['MCIMAGE', '/lit/sfsites/c/cms/delivery/media/MCIMAGE?v=abc']]) };

  it('replaces content assets with file-asset URLs', () => {
    expect(resolveContentTokens('<a href="{!contentAsset.spec-sheet.3}">PDF</a>', context)).toBe('<a href="/lit/sfsites/c/file-asset/spec-sheet?v=3">PDF</a>');
  });

  it('replaces media with the image URL, or the media delivery URL in edit mode', () => {
    expect(resolveContentTokens('{!cmsMedia.MCIMAGE}', context)).toBe('/lit/sfsites/c/cms/delivery/media/MCIMAGE?v=abc');
    expect(resolveContentTokens('{!cmsMedia.MCIMAGE}', { ...context, editMode: true })).toBe('/lit/sfsites/c/cms/delivery/media/MCIMAGE');
    expect(resolveContentTokens('{!cmsMedia.MCOTHER}', context)).toBe('/lit/sfsites/c/cms/delivery/media/MCOTHER');
    expect(mediaTokenKeys('<img src="{!cmsMedia.MCA}"><img src="{!cmsMedia.MCA}">')).toEqual(['MCA']);
  });

  it('leaves malformed tokens alone, and the sanitiser then judges them', () => {
    expect(resolveContentTokens('{!contentAsset.x}', context)).toBe('{!contentAsset.x}');
    expect(clean(resolveContentTokens('<img src="{!cmsMedia.MC&quot;onerror=x}">', context))).toBe('');
  });

  it('binds item fields as escaped text', () => {
    const item = { Title: '<b>TMA</b>', body: { contentBody: { description: 'A & B' } }, count: 3 };
    expect(bindItemFields('<h3>{!Item.Title}</h3><p>{!Item.body.contentBody.description} {!Item.count} {!Item.missing}</p>', item)).toBe(
      '<h3>&lt;b&gt;TMA&lt;/b&gt;</h3><p>A &amp; B 3 </p>',
    );
    expect(itemFieldNames('{!Item.Title} {!Item.a.b} {!Item.Title}')).toEqual(['Title', 'a.b']);
  });
});

describe('sanitizeHtml at depth', () => {
  it('survives markup nested 100,000 deep and unwraps what lies beyond 64 levels, text kept', () => {
    const html = `${'<div>'.repeat(100_000)}deep text${'</div>'.repeat(100_000)}`;
    const clean100k = sanitizeHtml(html, { basePath: '' });
    expect(clean100k).toContain('deep text');
    expect(clean100k.match(/<div>/g)).toHaveLength(64);
    expect(clean100k.match(/<\/div>/g)).toHaveLength(64);
  });

  it('keeps structure and order within the limit', () => {
    expect(clean('<ul><li>a<b>b</b></li><li><i>c</i>d</li></ul><p>e</p>')).toBe('<ul><li>a<b>b</b></li><li><i>c</i>d</li></ul><p>e</p>');
  });
});

describe('item bindings inside URLs', () => {
  it('are percent-encoded, so a value cannot make a kept URL name another host', () => {
    const html = clean('<a href="/sheets/{!Item.name}">{!Item.name}</a><img src="/{!Item.path}" alt="">');
    expect(html).toBe('<a href="/lit/sheets/{!ItemUrl.name}">{!Item.name}</a><img src="/lit/{!ItemUrl.path}" alt="" loading="lazy">');
    const bound = bindItemFields(sanitizeHtml('<img src="/{!Item.path}" alt=""><a href="/{!Item.path}">{!Item.path}</a>', { basePath: '' }), {
      path: '/evil.example/p.png',
    });
    expect(bound).toBe('<img src="/%2Fevil.example%2Fp.png" alt="" loading="lazy"><a href="/%2Fevil.example%2Fp.png">/evil.example/p.png</a>');
    expect(bindItemFields(sanitizeHtml('<img src="/{!Item.path}" alt="">', { basePath: '' }), { path: '\\evil.example/"><script>' })).toBe(
      '<img src="/%5Cevil.example%2F%22%3E%3Cscript%3E" alt="" loading="lazy">',
    );
  });
});
