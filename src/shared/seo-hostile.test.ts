/**
 * Hostile strings pushed through the SEO templates and the head-tag filter: only meta, link and
 * JSON-LD survive, attributes carry no handlers or scripts, JSON cannot close its script.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS } from '../../tests/fixtures/hostile-strings';
import { renderSeoHead } from '../site/seo/seo-head';
import { filterHeadTags } from './head-tags';
import { fillSeoTemplate, HEAD_TAGS_FIELD } from './seo-templates';

const record = (value: string) => ({ recordName: value, objectName: value, fields: { Name: value, [HEAD_TAGS_FIELD]: value } });

/** Reads the head the assistant writes as a browser would, and checks every element and attribute. */
function expectHarmless(html: string): void {
  const elements: Array<{ tag: string; attributes: Array<{ name: string; value: string }>; text: string }> = [];
  const visit = (nodes: DefaultTreeAdapterMap['childNode'][]) => {
    for (const node of nodes) {
      if (!('tagName' in node)) continue;
      elements.push({ tag: node.tagName, attributes: node.attrs, text: node.childNodes.map((child) => ('value' in child ? child.value : '')).join('') });
      visit(node.childNodes);
    }
  };
  visit(parse(`<!doctype html><html><head>${html}</head></html>`).childNodes);
  for (const element of elements) {
    expect(['html', 'head', 'body', 'title', 'meta', 'link', 'script']).toContain(element.tag);
    for (const attribute of element.attributes) {
      expect(attribute.name).not.toMatch(/^on/);
      expect(attribute.name).not.toBe('http-equiv');
      if (attribute.name === 'href') expect(attribute.value.trim().toLowerCase()).not.toMatch(/^javascript:/);
      if (attribute.name === 'rel') expect(attribute.value).not.toMatch(/import|stylesheet/);
    }
    if (element.tag === 'script') {
      expect(element.attributes.map(({ name, value }) => `${name}=${value}`)).toEqual(['type=application/ld+json']);
      // A JSON-LD body is valid JSON with no '<': nothing can close the script early.
      expect(element.text).not.toContain('<');
      expect(() => JSON.parse(element.text)).not.toThrow();
    }
  }
  // The title is text, whatever the record held.
  expect(elements.filter((element) => element.tag === 'title')).toHaveLength(1);
}

function head(title: string, description: string, headTags: string): string {
  return renderSeoHead({
    title,
    description,
    canonical: 'https://lit.example.com/',
    robots: null,
    alternates: [],
    headTags: filterHeadTags(headTags, ''),
    jsonLd: [],
    // What a shared link shows carries the same strings: the site's name, the image's text.
    share: { type: 'website', siteName: title, locale: 'en_US', alternateLocales: [], image: { url: 'https://lit.example.com/x.jpg', alt: description } },
  });
}

describe('fillSeoTemplate (spec §5.4)', () => {
  it('replaces _Title, _Object and fields, a missing field with nothing', () => {
    const data = { recordName: 'TEOS', objectName: 'Literature Sheet', fields: { CAS: '78-10-4' } };
    expect(fillSeoTemplate('{!Record._Title} · {!Content._Object} · {!Record.CAS}{!Record.Nope}', data, 'title')).toBe('TEOS · Literature Sheet · 78-10-4');
  });

  it('escapes quotes in descriptions and head tags, but not in the head-tags field', () => {
    const data = { recordName: `O'Brien "Q"`, objectName: '', fields: { [HEAD_TAGS_FIELD]: `<meta name="a" content="b">` } };
    expect(fillSeoTemplate('{!Record._Title}', data, 'description')).toBe('O&apos;Brien &quot;Q&quot;');
    expect(fillSeoTemplate('<meta content="{!Record._Title}">', data, 'headTags')).toBe('<meta content="O&apos;Brien &quot;Q&quot;">');
    expect(fillSeoTemplate(`{!Record.${HEAD_TAGS_FIELD}}`, data, 'headTags')).toBe('<meta name="a" content="b">');
    expect(fillSeoTemplate('{!Record._Title}', data, 'title')).toBe(`O'Brien "Q"`);
  });

  it('gives every placeholder an empty value without a record', () => {
    expect(fillSeoTemplate('[{!Record._Title}]', null, 'title')).toBe('[]');
  });
});

describe('filterHeadTags (spec §5.4)', () => {
  it('keeps meta, link and JSON-LD scripts, re-serialising the JSON', () => {
    const tags = filterHeadTags(
      '<meta name="author" content="Demo"><link rel="author" href="/about"><script type="application/ld+json">{ "name" : "a<b" }</script><p>text</p>',
      '/lit',
    );
    expect(tags).toEqual([
      {
        tag: 'meta',
        attributes: [
          ['name', 'author'],
          ['content', 'Demo'],
        ],
      },
      {
        tag: 'link',
        attributes: [
          ['rel', 'author'],
          ['href', '/lit/about'],
        ],
      },
      { tag: 'script', attributes: [['type', 'application/ld+json']], json: '{"name":"a\\u003cb"}' },
    ]);
  });

  it.each([
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">'],
    ['<meta name="x" content="y" onload="alert(1)">'],
    ['<link rel="stylesheet" href="/x.css">'],
    ['<link rel="import" href="/x.html">'],
    ['<link rel="alternate" href="javascript:alert(1)">'],
    ['<link rel="alternate" href="//evil.example/">'],
    ['<script>alert(1)</script>'],
    ['<script type="application/ld+json" async>{}</script>'],
    ['<script type="application/ld+json">not json</script>'],
    // The HTML parser ends the script at the first </script>: what is left is not JSON.
    ['<script type="application/ld+json">{"name":"</script>"}</script>'],
    ['<base href="https://evil.example/">'],
    ['<style>*{}</style>'],
  ])('drops %s', (html) => {
    expect(filterHeadTags(html, '')).toEqual([]);
  });
});

describe('hostile strings through the templates and the filter', () => {
  it.each(HOSTILE_STRINGS.map((value) => [value]))('%j', (value) => {
    const data = record(value);
    const title = fillSeoTemplate('{!Record._Title}', data, 'title');
    const description = fillSeoTemplate('{!Record.Name}', data, 'description');
    const headTags = [
      fillSeoTemplate(`<meta name="keywords" content="{!Record.Name}">`, data, 'headTags'),
      fillSeoTemplate(`<script type="application/ld+json">{"name":"{!Record.Name}"}</script>`, data, 'headTags'),
      fillSeoTemplate(`{!Record.${HEAD_TAGS_FIELD}}`, data, 'headTags'),
      fillSeoTemplate('<link rel="author" href="{!Record.Name}">', data, 'headTags'),
    ].join('');
    expectHarmless(head(title, description, headTags));
  });
});
