import { describe, expect, it } from 'vitest';
import { filterHeadTags } from '../../shared/head-tags';
import { renderSeoHead, type SeoHead } from './seo-head';

const head = (changes: Partial<SeoHead>): SeoHead => ({
  title: 'TMA – Literature',
  description: 'An ALD precursor.',
  canonical: 'https://lit.example.com/sheets/tma',
  robots: null,
  alternates: [],
  headTags: [],
  jsonLd: [],
  share: {
    type: 'article',
    siteName: 'Literature',
    locale: 'en_US',
    alternateLocales: ['de_DE'],
    image: { url: 'https://lit.example.com/i.jpg', alt: 'A bubbler' },
  },
  ...changes,
});
const tags = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]);

describe('what a shared link shows', () => {
  it('takes the head’s title, description and canonical, with the image and a large card', () => {
    const html = renderSeoHead(head({}));
    expect(tags(html, /<meta property="(og:[^"]+)"/g)).toEqual([
      'og:type',
      'og:title',
      'og:description',
      'og:url',
      'og:site_name',
      'og:locale',
      'og:locale:alternate',
      'og:image',
      'og:image:type',
      'og:image:width',
      'og:image:height',
      'og:image:alt',
    ]);
    expect(html).toContain('<meta property="og:url" content="https://lit.example.com/sheets/tma">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('is a small card without an image, and says nothing of a description the page lacks', () => {
    const html = renderSeoHead(head({ description: '', share: { ...head({}).share!, image: null } }));
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toMatch(/og:image|og:description|twitter:description|twitter:image/);
  });

  it('leaves a tag to the author’s custom head tags when they name it themselves', () => {
    const html = renderSeoHead(head({ headTags: filterHeadTags('<meta property="og:image" content="https://cdn.example.com/own.png">', '') }));
    expect(tags(html, /<meta property="og:image" content="([^"]+)"/g)).toEqual(['https://cdn.example.com/own.png']);
    // The generated image's size and text go with it.
    expect(html).not.toMatch(/og:image:|twitter:image/);
    expect(html).toContain('<meta property="og:title" content="TMA – Literature">');
  });

  it('is left out of a page that has no share card', () => {
    expect(renderSeoHead(head({ share: undefined }))).not.toContain('og:');
  });
});
