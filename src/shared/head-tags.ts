/**
 * Custom head tags (spec §5.4), read with a real HTML parser: only meta, link and script elements
 * are kept, and a script only when its sole attribute is type="application/ld+json" and its body
 * is valid JSON (written out again so that no `<` can close it). Meta refreshes, javascript: or
 * other unsafe links, and link relations that load code or styles are dropped.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { resolveLink } from './links';

type Element = DefaultTreeAdapterMap['element'];

export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attributes: Array<[string, string]>;
  /** JSON-LD, already safe to place inside <script>. */
  json?: string;
}

const META_ATTRIBUTES = new Set(['name', 'property', 'content', 'charset', 'itemprop', 'lang']);
const LINK_ATTRIBUTES = new Set(['rel', 'href', 'hreflang', 'type', 'sizes', 'title', 'media']);
/** Relations that would load styles, code or other documents into the page. */
const FORBIDDEN_RELATIONS = new Set(['stylesheet', 'import', 'preload', 'modulepreload', 'prefetch', 'prerender', 'serviceworker', 'manifest', 'dns-prefetch', 'preconnect']);

/** JSON as text inside <script>: `<`, `>`, `&` and line separators are escaped. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function filterHeadTags(html: string, basePath: string): HeadTag[] {
  const tags: HeadTag[] = [];
  const visit = (nodes: DefaultTreeAdapterMap['childNode'][]) => {
    for (const node of nodes) {
      if (!('tagName' in node)) continue;
      const tag = readElement(node, basePath);
      if (tag !== null) tags.push(tag);
      // Elements of other kinds are dropped, but what they wrap may be allowed.
      else if (!['meta', 'link', 'script'].includes(node.tagName) && node.childNodes) visit(node.childNodes);
    }
  };
  visit(parseFragment(html).childNodes);
  return tags;
}

function readElement(element: Element, basePath: string): HeadTag | null {
  const attributes = element.attrs.map(({ name, value }) => [name.toLowerCase(), value] as [string, string]);
  switch (element.tagName) {
    case 'meta': {
      // No http-equiv at all: refresh, set-cookie and CSP overrides are not content's to set.
      if (attributes.some(([name]) => !META_ATTRIBUTES.has(name))) return null;
      return attributes.length === 0 ? null : { tag: 'meta', attributes };
    }
    case 'link': {
      if (attributes.some(([name]) => !LINK_ATTRIBUTES.has(name))) return null;
      const rel = attributes.find(([name]) => name === 'rel')?.[1].toLowerCase().split(/\s+/) ?? [];
      if (rel.length === 0 || rel.some((relation) => FORBIDDEN_RELATIONS.has(relation))) return null;
      const href = attributes.find(([name]) => name === 'href')?.[1];
      const resolved = resolveLink(href, basePath);
      if (href === undefined || resolved.href === '' || resolved.opensNewWindow) return null;
      return { tag: 'link', attributes: attributes.map(([name, value]) => [name, name === 'href' ? resolved.href : value]) };
    }
    case 'script': {
      const [only, ...others] = attributes;
      if (others.length > 0 || only === undefined || only[0] !== 'type' || only[1].trim().toLowerCase() !== 'application/ld+json') return null;
      const text = element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
      try {
        return { tag: 'script', attributes: [['type', 'application/ld+json']], json: scriptSafeJson(JSON.parse(text)) };
      } catch {
        return null;
      }
    }
    default:
      return null;
  }
}
