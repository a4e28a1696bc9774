/**
 * The benchmark compares peers only when they send the same page as ours: samePage reads what a
 * visitor or a search engine gets (text, links, images, head tags) and ignores how each framework
 * writes it (scripts, whitespace, attribute case, its own origin, where structured data sits).
 */
import { describe, expect, it } from 'vitest';
import { pageFacts, samePage } from '../../bench/lib/peers';

const ours = `<!doctype html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Literature Sheets</title>
<meta name="description" content="Demo data">
<link rel="canonical" href="http://127.0.0.1:3411/">
<link rel="alternate" hreflang="de-DE" href="http://127.0.0.1:3411/de-DE/">
<script type="application/ld+json">{"@type":"CollectionPage","url":"http://127.0.0.1:3411/","name":"Literature Sheets"}</script>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/entry-client-abc.css">
<script type="module" src="/assets/entry-client-abc.js"></script>
</head>
<body>
<div id="root"><link rel="preload" as="image" href="/media/a?v=1"/><main class="page"><h2>Literature Sheets</h2><ul><li><div class="card"><img src="/media/a?v=1" srcset="/cdn-cgi/image/width=640/media/a 640w, /cdn-cgi/image/width=960/media/a 960w" alt="A bubbler"><h1><a href="/files/tma?v=1">Trimethylaluminum (TMA)</a></h1><h3>The archetypal ALD precursor.</h3><div><a href="/files/tma?v=1">Read More<span class="visually-hidden">: <!-- -->Trimethylaluminum (TMA)</span></a></div></div></li></ul><div class="paginator"><a href="?page=2#item-2">Show More</a></div></main></div>
<script type="application/json" id="page-data">{"items":["repeated"]}</script>
</body>
</html>
`;

/** The same page as another framework writes it: its own origin, markup style, scripts and order. */
const peer = `<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
<script src="/_next/static/chunks/main.js" async=""></script><link rel="stylesheet" href="/assets/site.css"/>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml"/><title>Literature Sheets</title>
<meta name="description" content="Demo data"/><link rel="alternate" hrefLang="de-DE" href="http://127.0.0.1:3433/de-DE/"/><link rel="canonical" href="http://127.0.0.1:3433/"/></head>
<body><div hidden=""><!--$--><!--/$--></div><div id="root"><script type="application/ld+json">{"@type":"CollectionPage","url":"http://127.0.0.1:3433/","name":"Literature Sheets"}</script>
<main class="page">
  <h2>Literature Sheets</h2>
  <ul>
    <li><div class="card"><img src="/media/a?v=1" srcset="/cdn-cgi/image/width=640/media/a 640w,/cdn-cgi/image/width=960/media/a 960w" alt="A bubbler">
      <h1><a href="/files/tma?v=1">Trimethylaluminum (TMA)</a></h1>
      <h3>The archetypal ALD precursor.</h3>
      <div><a href="/files/tma?v=1">Read More<span class="visually-hidden">: Trimethylaluminum (TMA)</span></a></div></div></li>
  </ul>
  <astro-island><div class="paginator"><a href="?page=2#item-2">Show More</a></div></astro-island>
</main></div><script>self.__next_f.push([1,"payload"])</script></body></html>`;

describe('samePage', () => {
  it('finds no difference between the same page written by two frameworks on two origins', () => {
    expect(samePage(ours, peer)).toEqual([]);
  });

  it('reads the text block by block, links with their text, and every image URL', () => {
    const facts = pageFacts(ours);
    expect(facts.text).toEqual([
      'Literature Sheets',
      'Trimethylaluminum (TMA)',
      'The archetypal ALD precursor.',
      'Read More: Trimethylaluminum (TMA)',
      'Show More',
    ]);
    expect(facts.links).toEqual([
      '/files/tma?v=1 "Trimethylaluminum (TMA)"',
      '/files/tma?v=1 "Read More: Trimethylaluminum (TMA)"',
      '?page=2#item-2 "Show More"',
    ]);
    expect(facts.images).toEqual(['/media/a?v=1', 'srcset /cdn-cgi/image/width=640/media/a 640w', 'srcset /cdn-cgi/image/width=960/media/a 960w']);
    // Stylesheets, scripts and preloads are how a framework delivers the page, not the page.
    expect(facts.headTags).toEqual([
      'link alternate hreflang=de-DE: /de-DE/',
      'link canonical: /',
      'link icon: /assets/favicon.svg',
      'meta charset: utf-8',
      'meta description: Demo data',
      'meta viewport: width=device-width, initial-scale=1',
      'title: Literature Sheets',
    ]);
    expect(facts.jsonLd).toEqual(['{"@type":"CollectionPage","url":"/","name":"Literature Sheets"}']);
  });

  it('reports changed text, a missing link, another image and a different head tag', () => {
    const changed = peer
      .replace('The archetypal ALD precursor.', 'An ALD precursor.')
      .replace('<div><a href="/files/tma?v=1">Read More<span class="visually-hidden">: Trimethylaluminum (TMA)</span></a></div>', '')
      .replace('<img src="/media/a?v=1"', '<img src="/media/b?v=1"')
      .replace('<title>Literature Sheets</title>', '<title>Another title</title>');
    const differences = samePage(ours, changed);
    expect(differences).toEqual(
      expect.arrayContaining([
        'head tag missing in the peer: "title: Literature Sheets"',
        'head tag only in the peer: "title: Another title"',
        'text #3: ours "The archetypal ALD precursor.", peer "An ALD precursor."',
        'link #2: ours "/files/tma?v=1 \\"Read More: Trimethylaluminum (TMA)\\"", peer "?page=2#item-2 \\"Show More\\""',
        'link: ours has 3, the peer 2',
        'image #1: ours "/media/a?v=1", peer "/media/b?v=1"',
      ]),
    );
  });

  it('reports head tags and structured data that differ or are missing, and the document language', () => {
    const changed = peer
      .replace('lang="en-US"', 'lang="en"')
      .replace('<meta name="description" content="Demo data"/>', '')
      .replace('hrefLang="de-DE" href="http://127.0.0.1:3433/de-DE/"', 'hrefLang="de-DE" href="http://127.0.0.1:3433/de/"')
      .replace('"name":"Literature Sheets"}', '"name":"Other"}');
    const differences = samePage(ours, changed);
    expect(differences).toContain('html lang: ours "en-US", peer "en"');
    expect(differences).toContain('head tag missing in the peer: "meta description: Demo data"');
    expect(differences).toContain('head tag only in the peer: "link alternate hreflang=de-DE: /de/"');
    expect(differences.filter((line) => line.startsWith('JSON-LD'))).toHaveLength(2);
  });

  it('takes a page’s own origin out of URLs, but not another origin', () => {
    const elsewhere = peer.replace('<img src="/media/a?v=1"', '<img src="https://cdn.example/media/a?v=1"');
    expect(samePage(ours, elsewhere)).toContain('image #1: ours "/media/a?v=1", peer "https://cdn.example/media/a?v=1"');
    expect(samePage(ours, peer, { ours: 'http://127.0.0.1:3411', peer: 'http://127.0.0.1:3433' })).toEqual([]);
  });
});
