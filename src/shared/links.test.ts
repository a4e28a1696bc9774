import { describe, expect, it } from 'vitest';
import { classifyLink, resolveLink, resolveUrlFields, withBasePath } from './links';

describe('resolveLink (spec §5.1)', () => {
  const cases: Array<[string, string, boolean?]> = [
    ['https://example.com/a.pdf', 'https://example.com/a.pdf'],
    ['HTTPS://EXAMPLE.COM/', 'HTTPS://EXAMPLE.COM/'],
    ['/sfsites/c/file-asset/x?v=1', '/lit/sfsites/c/file-asset/x?v=1'],
    ['/lit/already', '/lit/already'],
    ['/lit', '/lit'],
    ['/literature', '/lit/literature'],
    ['#top', '#top'],
    ['mailto:sales@example.com', 'mailto:sales@example.com', true],
    ['TEL:+15551234', 'TEL:+15551234', true],
    ['http://example.com/', ''],
    ['javascript:alert(1)', ''],
    ['JaVaScRiPt:alert(1)', ''],
    [' javascript:alert(1)', ''],
    ['java\tscript:alert(1)', ''],
    ['data:text/html,<script>alert(1)</script>', ''],
    ['vbscript:msgbox(1)', ''],
    ['//evil.example/', ''],
    ['/\\evil.example/', ''],
    ['/ok\nnext', ''],
    ['', ''],
    ['relative/path', ''],
    ['/' + 'a'.repeat(2048), ''],
  ];

  it.each(cases)('%j → %j', (link, href, opensNewWindow = false) => {
    expect(resolveLink(link, '/lit')).toEqual({ href, opensNewWindow });
  });

  it('treats non-strings as invalid', () => {
    expect(resolveLink(undefined, '')).toEqual({ href: '', opensNewWindow: false });
    expect(resolveLink({ href: '/x' }, '')).toEqual({ href: '', opensNewWindow: false });
  });

  it('classifies', () => {
    expect(classifyLink('/a')).toBe('relative');
    expect(classifyLink('//a')).toBe('invalid');
  });
});

describe('withBasePath', () => {
  it('leaves paths alone when there is no base path', () => {
    expect(withBasePath('', '/a')).toBe('/a');
  });
  it('does not add the base path twice', () => {
    expect(withBasePath('/lit', '/lit/a')).toBe('/lit/a');
    expect(withBasePath('/lit', '/lit?page=2')).toBe('/lit?page=2');
    expect(withBasePath('/lit', '/literature')).toBe('/lit/literature');
  });
});

describe('resolveUrlFields (spec §3.1)', () => {
  it('turns every url field at any depth into a site URL and leaves the input alone', () => {
    const item = {
      url: '/a.pdf',
      title: '/not-a-url-field',
      image: { url: '/img', nested: [{ url: 'javascript:alert(1)' }, { url: 'https://cdn.example/x.png' }] },
    };
    const resolved = resolveUrlFields(item, '/lit');
    expect(resolved).toEqual({
      url: '/lit/a.pdf',
      title: '/not-a-url-field',
      image: { url: '/lit/img', nested: [{ url: '' }, { url: 'https://cdn.example/x.png' }] },
    });
    expect(item.url).toBe('/a.pdf');
  });
});
