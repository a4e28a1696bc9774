/**
 * The head-tag allow-list (spec §5.4; docs/seo.md): every link type and meta name of the HTML
 * standard and its registries (tests/fixtures/html-standard, with their sources) is tried, and
 * generated names the list does not know must be dropped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import linkTypes from '../../tests/fixtures/html-standard/link-types.json';
import metaNames from '../../tests/fixtures/html-standard/meta-names.json';
import { filterHeadTags, reviewHeadTags } from './head-tags';

/** What the site keeps of the link types: each one makes a browser fetch nothing by itself. */
const KEPT_RELATIONS = ['alternate', 'author', 'help', 'license', 'me', 'privacy-policy', 'terms-of-service'];

/** Meta names kept as they are (descriptive, read by crawlers only), by name… */
const KEPT_NAMES = ['author', 'creator', 'designer', 'generator', 'keywords', 'msvalidate.01', 'p:domain_verify', 'publisher', 'rating'];
/** …by family: Highwire (Google Scholar), Dublin Core, Twitter cards… */
const KEPT_FAMILIES = ['citation_', 'dc.', 'dcterms.', 'twitter:'];
/** …and the site-verification tokens of the registry. */
const KEPT_VERIFICATIONS = [
  'detectify-verification',
  'google-site-verification',
  'norton-safeweb-site-verification',
  'wot-verification',
  'yandex-verification',
];
/** Registered names whose value is a URL: kept only with an https: or site URL. */
const URL_VALUED_NAMES = [
  'citation_fulltext_html_url',
  'citation_pdf_url',
  'twitter:image',
  'twitter:image:src',
  'twitter:player',
  'twitter:player:stream',
  'twitter:url',
];

const allRelations = [...linkTypes.standard.map((entry) => entry.keyword), ...linkTypes.extensions.map((entry) => entry.keyword)];
const allMetaNames = [...metaNames.standard, ...metaNames.extensions];
const isKeptName = (name: string) =>
  (KEPT_NAMES.includes(name) || KEPT_VERIFICATIONS.includes(name) || KEPT_FAMILIES.some((family) => name.startsWith(family))) &&
  !URL_VALUED_NAMES.includes(name);

const keeps = (html: string) => filterHeadTags(html, '/base').length === 1;

describe('link relations (every link type of the HTML standard and its registries)', () => {
  it.each(allRelations)('rel=%s', (relation) => {
    expect(keeps(`<link rel="${relation}" href="https://docs.example.com/sheet">`)).toBe(KEPT_RELATIONS.includes(relation));
  });

  it.each([
    'icon',
    'shortcut icon',
    'apple-touch-icon',
    'dictionary',
    'compression-dictionary',
    'search',
    'pingback',
    'preload',
    'prefetch',
    'modulepreload',
    'preconnect',
    'dns-prefetch',
    'stylesheet',
    'manifest',
    'alternate stylesheet',
    'author icon',
    'AUTHOR\u00a0icon',
  ])('drops rel=%s, which makes a browser fetch', (relation) => {
    expect(keeps(`<link rel="${relation}" href="https://evil.example/favicon.ico">`)).toBe(false);
  });

  it('keeps a kept relation whatever its letter case or ASCII whitespace, with the base path on a site path', () => {
    expect(filterHeadTags('<link rel=" Author\tLICENSE " href="/about">', '/base')).toEqual([
      {
        tag: 'link',
        attributes: [
          ['rel', ' Author\tLICENSE '],
          ['href', '/base/about'],
        ],
      },
    ]);
  });

  it.each([
    'http://docs.example.com/',
    '//docs.example.com/',
    'javascript:alert(1)',
    '#top',
    'mailto:a@example.com',
    'data:text/html,x',
    ' https://x.example/',
    '',
  ])('drops an href of %j', (href) => {
    expect(keeps(`<link rel="author" href="${href}">`)).toBe(false);
  });

  it('drops what the SEO assistant writes itself: canonical links and hreflang alternates', () => {
    expect(reviewHeadTags('<link rel="canonical" href="https://x.example/"><link rel="alternate" hreflang="de" href="/de/">', '')).toEqual([
      { dropped: 'the canonical link is written by the SEO assistant', tag: 'link' },
      { dropped: 'hreflang alternates are written by the SEO assistant', tag: 'link' },
    ]);
  });

  it('drops links with attributes that load or describe loading (as, imagesrcset, crossorigin, blocking, …)', () => {
    for (const attribute of [
      'as="image"',
      'imagesrcset="https://evil.example/a.png 1x"',
      'crossorigin',
      'blocking="render"',
      'sizes="16x16"',
      'onload="x()"',
      'integrity="sha256-x"',
    ]) {
      expect(keeps(`<link rel="author" href="https://x.example/" ${attribute}>`)).toBe(false);
    }
  });

  it('drops every generated relation that is not on the list', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9._:-]{0,24}$/), (relation) => {
        fc.pre(!KEPT_RELATIONS.includes(relation));
        expect(keeps(`<link rel="${relation}" href="https://x.example/">`)).toBe(false);
        expect(keeps(`<link rel="author ${relation}" href="https://x.example/">`)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('meta names (every metadata name of the HTML standard and the MetaExtensions registry)', () => {
  it.each(allMetaNames)('name=%s', (name) => {
    expect(keeps(`<meta name="${name}" content="ALD precursors">`)).toBe(isKeptName(name));
  });

  it.each(URL_VALUED_NAMES)('%s keeps an https: or site URL and drops any other', (name) => {
    expect(filterHeadTags(`<meta name="${name}" content="/files/sheet.pdf">`, '/base')[0]?.attributes).toContainEqual(['content', '/base/files/sheet.pdf']);
    expect(keeps(`<meta name="${name}" content="https://cdn.example.com/sheet.pdf">`)).toBe(true);
    for (const value of ['http://cdn.example.com/a', '//cdn.example.com/a', 'javascript:alert(1)', 'sheet.pdf'])
      expect(keeps(`<meta name="${name}" content="${value}">`)).toBe(false);
  });

  it.each([
    'referrer',
    'viewport',
    'theme-color',
    'color-scheme',
    'description',
    'robots',
    'googlebot',
    'google',
    'application-name',
    'format-detection',
    'msapplication-config',
    'origin-trials',
    'apple-itunes-app',
    'csrf-token',
  ])('drops meta name=%s, which a browser or the SEO settings act on', (name) => {
    expect(keeps(`<meta name="${name}" content="unsafe-url">`)).toBe(false);
  });

  it.each(metaNames.httpEquiv)('drops http-equiv=%s', (pragma) => {
    expect(keeps(`<meta http-equiv="${pragma}" content="0; url=https://evil.example/">`)).toBe(false);
  });

  it('keeps Open Graph properties, and takes names in any letter case', () => {
    expect(keeps('<meta property="og:title" content="TEOS">')).toBe(true);
    expect(keeps('<meta property="og:image" content="https://evil.example/a.png">')).toBe(true);
    expect(keeps('<meta property="og:image" content="http://evil.example/a.png">')).toBe(false);
    expect(keeps('<meta NAME="Keywords" content="CVD">')).toBe(true);
  });

  it('drops a meta with no name, two names, charset, itemprop or no content', () => {
    for (const html of [
      '<meta content="x">',
      '<meta name="author" property="og:title" content="x">',
      '<meta charset="utf-7">',
      '<meta itemprop="name" content="x">',
      '<meta name="author">',
    ]) {
      expect(keeps(html)).toBe(false);
    }
  });

  it('drops a text value that starts like a URL of another scheme', () => {
    expect(keeps('<meta name="keywords" content="http://evil.example/">')).toBe(false);
    expect(keeps('<meta name="keywords" content="CVD, ALD: precursors">')).toBe(true);
  });

  it('drops every generated name outside the kept families', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9._:-]{0,30}$/), (name) => {
        fc.pre(!isKeptName(name) && !name.startsWith('og:') && !/^(?:article|book|profile|product|fb):/.test(name) && !name.endsWith('-verification'));
        fc.pre(!['abstract', 'category', 'classification', 'copyright', 'owner', 'subject', 'summary', 'topic'].includes(name));
        expect(keeps(`<meta name="${name}" content="x">`)).toBe(false);
        expect(keeps(`<meta property="${name}" content="x">`)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('scripts and structure', () => {
  it('keeps JSON-LD written out again, and drops other scripts and deep JSON', () => {
    expect(filterHeadTags('<script type="application/ld+json">{"name":"</script"}</script>', '')[0]?.json).toBe('{"name":"\\u003c/script"}');
    expect(filterHeadTags('<script type="application/ld+json">{"name":"a<b"}</script>', '')[0]?.json).toBe('{"name":"a\\u003cb"}');
    expect(keeps('<script>alert(1)</script>')).toBe(false);
    expect(keeps('<script type="application/ld+json" src="https://evil.example/a.json">{}</script>')).toBe(false);
    expect(keeps(`<script type="application/ld+json">${'['.repeat(40)}${']'.repeat(40)}</script>`)).toBe(false);
    expect(keeps(`<script type="application/ld+json">${'['.repeat(20)}${']'.repeat(20)}</script>`)).toBe(true);
  });

  it('looks inside other elements, however deep, without exhausting the stack', () => {
    const kept = '<meta name="keywords" content="ALD">';
    expect(filterHeadTags(`${'<b>'.repeat(20_000)}${kept}`, '')).toHaveLength(1);
    expect(filterHeadTags(`${'<div><span>'.repeat(50_000)}${kept}`, '')).toHaveLength(1);
    expect(filterHeadTags(`<template>${kept}</template>`, '')).toHaveLength(1);
  });

  it('writes each attribute once, the first of two of one name (as browsers read it)', () => {
    expect(filterHeadTags('<svg><link rel="author" href="/a" xlink:href="/b" title="x" xlink:title="y"></svg>', '')).toEqual([
      {
        tag: 'link',
        attributes: [
          ['rel', 'author'],
          ['href', '/a'],
          ['title', 'x'],
        ],
      },
    ]);
  });

  it('keeps only well-formed kept tags from generated tag soup', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '<meta name="keywords" content="a">',
        '<link rel="icon" href="https://evil.example/">',
        '<b>',
        '</b>',
        '<div',
        '"',
        "'",
        '<script>',
        '</script>',
        '<!--',
        '-->',
        '<svg><link rel="author" href="/x">',
        '<noscript>',
      ),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        for (const tag of filterHeadTags(pieces.join(''), '')) {
          expect(['meta', 'link', 'script']).toContain(tag.tag);
          const href = tag.attributes.find(([name]) => name === 'href')?.[1];
          if (href !== undefined) expect(href).toMatch(/^(?:https:\/\/|\/(?!\/))/i);
          const names = tag.attributes.map(([name]) => name);
          expect(names.every((name) => ['name', 'property', 'content', 'lang', 'rel', 'href', 'type', 'title'].includes(name))).toBe(true);
          expect(new Set(names).size).toBe(names.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('foreign content (svg, math) and templates', () => {
  /** The values that once made the filter throw: a `template` in svg or math has no `content` fragment. */
  const ONCE_THREW = ['<svg><template></template>', '<math><template></template>', '<math><![CDATA[</math>]]><template></template>'];

  it.each(ONCE_THREW)('reads %j without throwing', (html) => {
    expect(reviewHeadTags(html, '')).toEqual([]);
  });

  it('looks inside a template in foreign content', () => {
    expect(filterHeadTags('<svg><template><meta name="keywords" content="ALD"></template></svg>', '')).toHaveLength(1);
    expect(filterHeadTags('<math><mi><template><svg><template><meta name="keywords" content="ALD">', '')).toHaveLength(1);
  });

  it('never throws, and keeps only allowed tags, on generated mixtures of foreign content, templates, CDATA, comments and unclosed tags', () => {
    const piece = fc.constantFrom(
      '<svg>',
      '</svg>',
      '<math>',
      '</math>',
      '<mi>',
      '<mtext>',
      '<annotation-xml encoding="text/html">',
      '<foreignObject>',
      '<desc>',
      '<template>',
      '</template>',
      '<![CDATA[',
      ']]>',
      '<!--',
      '-->',
      '<!DOCTYPE html>',
      '<table>',
      '<select>',
      '<noscript>',
      '<p',
      '<b>',
      '<script>',
      '</script>',
      '<script type="application/ld+json">{"a":1}</script>',
      '<meta name="keywords" content="a">',
      '<meta http-equiv="refresh" content="0">',
      '<link rel="author" href="/x">',
      '<link rel="stylesheet" href="https://evil.example/">',
      '<style>',
      '"',
      '>',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 6 })), { maxLength: 60 }), (pieces) => {
        const html = pieces.join('');
        const verdicts = reviewHeadTags(html, '/base');
        for (const verdict of verdicts) expect(['meta', 'link', 'script']).toContain('kept' in verdict ? verdict.kept.tag : verdict.tag);
        for (const tag of filterHeadTags(html, '/base')) {
          const names = tag.attributes.map(([name]) => name);
          expect(names.every((name) => ['name', 'property', 'content', 'lang', 'rel', 'href', 'type', 'title'].includes(name))).toBe(true);
          const href = tag.attributes.find(([name]) => name === 'href')?.[1];
          if (href !== undefined) expect(href).toMatch(/^(?:https:\/\/|\/(?!\/))/i);
          if (tag.tag === 'script') expect(tag.json).not.toMatch(/</);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
