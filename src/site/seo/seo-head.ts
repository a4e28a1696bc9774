/**
 * The head tags the SEO assistant owns (spec §2.4): title, description, custom head tags, hreflang
 * alternates, canonical, robots, and structured data. The server writes them into `<head>`, once;
 * nothing in the browser changes them (the page is not hydrated as a whole: decision 016).
 */
import type { HeadTag } from '../../shared/head-tags';

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
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
const attributes = (pairs: Array<[string, string]>) => pairs.map(([name, value]) => ` ${name}="${escape(value)}"`).join('');

/** Each owned element as [tag name, attributes, text], in the order they appear in <head>. */
function elementsOf(head: SeoHead): Array<[string, Array<[string, string]>, string?]> {
  return [
    ...(head.description === ''
      ? []
      : ([
          [
            'meta',
            [
              ['name', 'description'],
              ['content', head.description],
            ],
          ],
        ] as Array<[string, Array<[string, string]>]>)),
    ...(head.robots === null
      ? []
      : ([
          [
            'meta',
            [
              ['name', 'robots'],
              ['content', head.robots],
            ],
          ],
        ] as Array<[string, Array<[string, string]>]>)),
    [
      'link',
      [
        ['rel', 'canonical'],
        ['href', head.canonical],
      ],
    ],
    ...head.alternates.map(({ hreflang, href }): [string, Array<[string, string]>] => [
      'link',
      [
        ['rel', 'alternate'],
        ['hreflang', hreflang],
        ['href', href],
      ],
    ]),
    ...head.headTags.map((tag): [string, Array<[string, string]>, string?] => [tag.tag, tag.attributes, tag.json]),
    ...head.jsonLd.map((json): [string, Array<[string, string]>, string] => ['script', [['type', 'application/ld+json']], json]),
  ];
}

/** The owned tags as HTML for the server's <head>. Script bodies are JSON made safe by the builder. */
export function renderSeoHead(head: SeoHead): string {
  const tags = elementsOf(head).map(([tag, pairs, text]) =>
    tag === 'script' ? `<script${attributes(pairs)}>${text ?? '{}'}</script>` : `<${tag}${attributes(pairs)}>`,
  );
  return [`<title>${escape(head.title)}</title>`, ...tags].join('\n');
}
