/**
 * Custom head tags (spec §5.4), read with a real HTML parser. The spec keeps meta, link and
 * ld+json script tags; of those we keep only what can neither make the browser fetch from
 * anywhere by itself nor change how it behaves, by allow-list (docs/seo.md, "Custom head tags";
 * docs/decisions/012):
 * - tags the SEO assistant writes itself are dropped (title, meta description and robots, link
 *   canonical, hreflang alternates), so there is always exactly one of each;
 * - `link` only with relations that fetch nothing, and an https: or site href;
 * - `meta` only with names and properties that change no browser behaviour, URL values https: or
 *   site paths;
 * - `script` only as JSON-LD whose only attribute is its type, written out again so that no `<`
 *   can close it.
 * The walk over the parsed tags is iterative: no input can exhaust the stack.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { CONTENT_LIMITS, findNestingProblem } from './content-limits';
import { classifyLink, resolveLink } from './links';

type Element = DefaultTreeAdapterMap['element'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attributes: Array<[string, string]>;
  /** JSON-LD, already safe to place inside <script>. */
  json?: string;
}

/** What the filter made of one element of the custom head tags. */
export type HeadTagVerdict = { kept: HeadTag } | { dropped: string; tag: string };

/**
 * Link relations kept: each names a related document and makes the browser fetch nothing.
 * `next` and `prev` are left out (Firefox has prefetched `next`), and `alternate` is kept only
 * without hreflang (those the SEO assistant writes).
 */
export const KEPT_LINK_RELATIONS: ReadonlySet<string> = new Set(['alternate', 'author', 'help', 'license', 'me', 'privacy-policy', 'terms-of-service']);
const LINK_ATTRIBUTES = new Set(['rel', 'href', 'type', 'title']);

/** Meta names kept as they are: descriptive, read by crawlers and no browser. */
export const KEPT_META_NAMES: ReadonlySet<string> = new Set([
  'abstract',
  'author',
  'category',
  'classification',
  'copyright',
  'creator',
  'designer',
  'generator',
  'keywords',
  'msvalidate.01',
  'owner',
  'p:domain_verify',
  'publisher',
  'rating',
  'subject',
  'summary',
  'topic',
]);
/** Families of names and properties kept: Open Graph, Twitter cards, Dublin Core, Highwire (Google Scholar). */
export const KEPT_META_PREFIXES: readonly string[] = ['og:', 'article:', 'book:', 'profile:', 'product:', 'fb:', 'twitter:', 'dc.', 'dcterms.', 'citation_'];
/** Site-verification tokens: google-site-verification, yandex-verification, facebook-domain-verification, … */
const VERIFICATION_NAME = /^[a-z0-9][a-z0-9._-]*-verification$/;
const META_ATTRIBUTES = new Set(['name', 'property', 'content', 'lang']);
/** Names and properties whose value is a URL (og:image, og:url, twitter:image:src, citation_pdf_url, …). */
const URL_VALUED = /(?:url|image|video|audio|player|stream|src)$/;
/** A value that starts like an absolute URL or a protocol-relative one. */
const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/\/)/i;
/** ASCII whitespace, which is what separates tokens in rel (HTML "split on ASCII whitespace"). */
const ASCII_WHITESPACE = /[\t\n\f\r ]+/;

/** JSON as text inside <script>: `<`, `>`, `&` and line separators are escaped. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Whether a meta name or property is one the filter keeps. */
export function isKeptMetaName(name: string): boolean {
  return (
    KEPT_META_NAMES.has(name) || VERIFICATION_NAME.test(name) || KEPT_META_PREFIXES.some((prefix) => name.startsWith(prefix) && name.length > prefix.length)
  );
}

/** The kept tags of a custom head tags value. */
export function filterHeadTags(html: string, basePath: string): HeadTag[] {
  return reviewHeadTags(html, basePath).flatMap((verdict) => ('kept' in verdict ? [verdict.kept] : []));
}

/**
 * Every meta, link and script element of a custom head tags value, with what the filter made of
 * it and, for a dropped one, why. Other elements are dropped without a word, but what they wrap
 * is looked at.
 */
export function reviewHeadTags(html: string, basePath: string): HeadTagVerdict[] {
  const verdicts: HeadTagVerdict[] = [];
  const pending: ChildNode[] = [...parseFragment(html).childNodes].reverse();
  while (pending.length > 0) {
    const node = pending.pop() as ChildNode;
    if (!('tagName' in node)) continue;
    if (node.tagName === 'meta' || node.tagName === 'link' || node.tagName === 'script') {
      verdicts.push(readElement(node, basePath));
      continue;
    }
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index] as ChildNode);
  }
  return verdicts;
}

/**
 * What an element wraps. Only an HTML template keeps it in a separate `content` fragment; a
 * `template` inside <svg> or <math> is a foreign element with no `content`, and its children are
 * ordinary child nodes (HTML §13.2.6.5, "in foreign content").
 */
function childrenOf(element: Element): ChildNode[] {
  const content = (element as Partial<DefaultTreeAdapterMap['template']>).content;
  return element.tagName === 'template' && content !== undefined ? content.childNodes : element.childNodes;
}

function readElement(element: Element, basePath: string): HeadTagVerdict {
  // The first of two attributes of one name wins, as in browsers (inside <svg>, xlink:href is read as href).
  const attributes: Array<[string, string]> = [];
  for (const { name, value } of element.attrs) if (!attributes.some(([seen]) => seen === name.toLowerCase())) attributes.push([name.toLowerCase(), value]);
  const drop = (reason: string): HeadTagVerdict => ({ dropped: reason, tag: element.tagName });
  switch (element.tagName) {
    case 'meta':
      return readMeta(attributes, basePath, drop);
    case 'link':
      return readLink(attributes, basePath, drop);
    default:
      return readScript(element, attributes, drop);
  }
}

type Drop = (reason: string) => HeadTagVerdict;

function readMeta(attributes: Array<[string, string]>, basePath: string, drop: Drop): HeadTagVerdict {
  const other = attributes.find(([name]) => !META_ATTRIBUTES.has(name));
  // http-equiv (refresh, set-cookie, CSP), charset and itemprop are not content's to set.
  if (other !== undefined) return drop(`meta with ${other[0]} is not kept`);
  const keys = attributes.filter(([name]) => name === 'name' || name === 'property').map(([, value]) => value.trim().toLowerCase());
  const key = keys[0];
  if (key === undefined || keys.length > 1) return drop('meta needs exactly one name or property');
  if (key === 'description' || key === 'robots') return drop(`meta ${key} is written by the SEO settings`);
  if (!isKeptMetaName(key)) return drop(`meta ${JSON.stringify(key)} may change how browsers behave, or is unknown`);
  const content = attributes.find(([name]) => name === 'content');
  if (content === undefined) return drop('meta without content');
  if (URL_VALUED.test(key) || URL_LIKE.test(content[1].trim())) {
    const href = siteOrHttpsUrl(content[1].trim(), basePath);
    if (href === null) return drop(`meta ${key}: a URL must be https: or a path on this site`);
    return { kept: { tag: 'meta', attributes: attributes.map(([name, value]) => [name, name === 'content' ? href : value]) } };
  }
  return { kept: { tag: 'meta', attributes } };
}

function readLink(attributes: Array<[string, string]>, basePath: string, drop: Drop): HeadTagVerdict {
  if (attributes.some(([name]) => name === 'hreflang')) return drop('hreflang alternates are written by the SEO assistant');
  const other = attributes.find(([name]) => !LINK_ATTRIBUTES.has(name));
  if (other !== undefined) return drop(`link with ${other[0]} is not kept`);
  const relations = (attributes.find(([name]) => name === 'rel')?.[1] ?? '').toLowerCase().split(ASCII_WHITESPACE).filter(Boolean);
  if (relations.length === 0) return drop('link without rel');
  if (relations.includes('canonical')) return drop('the canonical link is written by the SEO assistant');
  const fetching = relations.find((relation) => !KEPT_LINK_RELATIONS.has(relation));
  if (fetching !== undefined) return drop(`link rel ${JSON.stringify(fetching)} can make the browser fetch, or is unknown`);
  const href = siteOrHttpsUrl(attributes.find(([name]) => name === 'href')?.[1] ?? '', basePath);
  if (href === null) return drop('link href must be https: or a path on this site');
  return { kept: { tag: 'link', attributes: attributes.map(([name, value]) => [name, name === 'href' ? href : value]) } };
}

function readScript(element: Element, attributes: Array<[string, string]>, drop: Drop): HeadTagVerdict {
  const [only, ...others] = attributes;
  if (others.length > 0 || only === undefined || only[0] !== 'type' || only[1].trim().toLowerCase() !== 'application/ld+json') {
    return drop('only JSON-LD scripts (type="application/ld+json" and nothing else) are kept');
  }
  const text = element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return drop('the JSON-LD is not valid JSON');
  }
  // Written out again below: JSON.stringify recurses, so the depth is bounded first.
  if (findNestingProblem(json, CONTENT_LIMITS.depth) !== null) return drop(`the JSON-LD is nested more than ${CONTENT_LIMITS.depth} levels deep or too long`);
  return { kept: { tag: 'script', attributes: [['type', 'application/ld+json']], json: scriptSafeJson(json) } };
}

/** spec §5.1, for head tags: an https: URL, or a site path with the base path in front; else null. */
function siteOrHttpsUrl(value: string, basePath: string): string | null {
  const kind = classifyLink(value);
  if (kind !== 'absolute' && kind !== 'relative') return null;
  return resolveLink(value, basePath).href;
}
