import { describe, expect, it } from 'vitest';
import { classifyLink, resolveLink, resolveUrlFields, withBasePath } from './links';

describe('resolveLink', () => {
  // The full table of verdicts is in page-references.test.ts.
  it('treats non-strings as invalid', () => {
    expect(resolveLink(undefined, '')).toEqual({ href: '', opensNewWindow: false });
    expect(resolveLink({ href: '/x' }, '')).toEqual({ href: '', opensNewWindow: false });
  });

  it('classifies', () => {
    expect(classifyLink('/a')).toBe('relative');
    expect(classifyLink('//a')).toBe('invalid');
    expect(classifyLink('mailto:a@b.c')).toBe('new-window');
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

describe('resolveUrlFields at depth', () => {
  it('maps url fields at any depth a body may have, and leaves out what lies beyond', () => {
    const body = { url: 'javascript:alert(1)', image: { url: '/media/x' }, list: [{ url: '//evil.example' }] };
    expect(resolveUrlFields(body, '/lit')).toEqual({ url: '', image: { url: '/lit/media/x' }, list: [{ url: '' }] });
    const deep = JSON.parse(`${'{"a":'.repeat(10_000)}{"url":"/x"}${'}'.repeat(10_000)}`) as unknown;
    expect(() => resolveUrlFields(deep, '')).not.toThrow();
    const kept = JSON.parse(`${'{"a":'.repeat(30)}{"url":"/x"}${'}'.repeat(30)}`) as unknown;
    expect(JSON.stringify(resolveUrlFields(kept, '/lit'))).toContain('"url":"/lit/x"');
  });

  it('keeps a field named __proto__ a field', () => {
    const copy = resolveUrlFields(JSON.parse('{"__proto__":{"url":"/x"}}') as Record<string, unknown>, '');
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
  });
});
