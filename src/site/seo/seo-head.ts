/**
 * The head tags the SEO assistant owns (spec §2.4): title, description, custom head tags, hreflang
 * alternates, canonical, robots, structured data, and what a shared link shows (Open Graph). The server writes them into `<head>`, once;
 * nothing in the browser changes them (the page is not hydrated as a whole: decision 016).
 */
import type { HeadTag } from '../../shared/head-tags';
import { SHARE_IMAGE_SIZE } from '../../shared/images';

export interface SeoHead {
  title: string;
  /** Plain text; empty means no description tag. */
  description: string;
  canonical: string;
  /** 'noindex,nofollow' when the record is not to be indexed, else null (spec §2.4). */
  robots: string | null;
  alternates: Array<{ hreflang: string; href: string }>;
  headTags: HeadTag[];
  /** JSON-LD documents, each already safe inside <script>. */
  jsonLd: string[];
  /** What a link to the page shows where it is shared; absent on a page that is not public. */
  share?: ShareCard;
}

/**
 * Open Graph and Twitter Card: the title, description and canonical URL are the head's own; the
 * image is a site image at the size the platforms take (SHARE_IMAGE_SIZE, from the resizer).
 */
export interface ShareCard {
  type: 'website' | 'article';
  siteName: string;
  /** The page's language as Open Graph writes it (en_US), and the site's other languages. */
  locale: string;
  alternateLocales: string[];
  /** An absolute URL of a JPEG of SHARE_IMAGE_SIZE, and its text. */
  image: { url: string; alt: string } | null;
}

type Element = [tag: string, attributes: Array<[string, string]>, text?: string];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
const attributes = (pairs: Array<[string, string]>) => pairs.map(([name, value]) => ` ${name}="${escape(value)}"`).join('');

/** `<meta name=…>` (or `property=…`, as Open Graph names its tags), none when there is no content. */
const meta = (key: 'name' | 'property', name: string, content: string): Element[] =>
  content === ''
    ? []
    : [
        [
          'meta',
          [
            [key, name],
            ['content', content],
          ],
        ],
      ];

function shareElements(head: SeoHead, card: ShareCard): Element[] {
  const { image } = card;
  return [
    ...meta('property', 'og:type', card.type),
    ...meta('property', 'og:title', head.title),
    ...meta('property', 'og:description', head.description),
    ...meta('property', 'og:url', head.canonical),
    ...meta('property', 'og:site_name', card.siteName),
    ...meta('property', 'og:locale', card.locale),
    ...card.alternateLocales.flatMap((locale) => meta('property', 'og:locale:alternate', locale)),
    ...(image === null
      ? []
      : [
          ...meta('property', 'og:image', image.url),
          ...meta('property', 'og:image:type', 'image/jpeg'),
          ...meta('property', 'og:image:width', String(SHARE_IMAGE_SIZE.width)),
          ...meta('property', 'og:image:height', String(SHARE_IMAGE_SIZE.height)),
          ...meta('property', 'og:image:alt', image.alt),
        ]),
    ...meta('name', 'twitter:card', image === null ? 'summary' : 'summary_large_image'),
    ...meta('name', 'twitter:title', head.title),
    ...meta('name', 'twitter:description', head.description),
    ...(image === null ? [] : [...meta('name', 'twitter:image', image.url), ...meta('name', 'twitter:image:alt', image.alt)]),
  ];
}

/**
 * The share tags an author's custom head tags do not name themselves: theirs win. An author's own
 * og:image takes every tag about the generated image with it (its size and text are not theirs).
 */
function withoutAuthored(elements: Element[], authored: HeadTag[]): Element[] {
  const named = (attributes: Array<[string, string]>) => attributes.find(([key]) => key === 'name' || key === 'property')?.[1].toLowerCase() ?? '';
  const taken = new Set(authored.filter((tag) => tag.tag === 'meta').map((tag) => named(tag.attributes)));
  const imageTaken = taken.has('og:image') || taken.has('twitter:image');
  return elements.filter(([, attributes]) => {
    const name = named(attributes);
    return !taken.has(name) && !(imageTaken && /^(og|twitter):image/.test(name));
  });
}

/** Each owned element, in the order they appear in <head>. */
function elementsOf(head: SeoHead): Element[] {
  return [
    ...meta('name', 'description', head.description),
    ...(head.robots === null ? [] : meta('name', 'robots', head.robots)),
    [
      'link',
      [
        ['rel', 'canonical'],
        ['href', head.canonical],
      ],
    ],
    ...head.alternates.map(({ hreflang, href }): Element => [
      'link',
      [
        ['rel', 'alternate'],
        ['hreflang', hreflang],
        ['href', href],
      ],
    ]),
    ...(head.share === undefined ? [] : withoutAuthored(shareElements(head, head.share), head.headTags)),
    ...head.headTags.map((tag): Element => [tag.tag, tag.attributes, tag.json]),
    ...head.jsonLd.map((json): Element => ['script', [['type', 'application/ld+json']], json]),
  ];
}

/** The owned tags as HTML for the server's <head>. Script bodies are JSON made safe by the builder. */
export function renderSeoHead(head: SeoHead): string {
  const tags = elementsOf(head).map(([tag, pairs, text]) =>
    tag === 'script' ? `<script${attributes(pairs)}>${text ?? '{}'}</script>` : `<${tag}${attributes(pairs)}>`,
  );
  return [`<title>${escape(head.title)}</title>`, ...tags].join('\n');
}
