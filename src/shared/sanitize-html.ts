/**
 * Rich text made safe to show (spec §5.3; DESIGN: a real HTML parser, never regular expressions
 * over HTML). The input is parsed by parse5 exactly as a browser would parse it, then written out
 * again keeping only allowed elements and attributes: links through the link rules of spec §5.1,
 * images from the site or raster data URIs, no styles, no event handlers, no scripts.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { TEXT_STYLES } from './constants';
import { isSiteImageUrl } from './images';
import { isImageDataUri, resolveLink } from './links';
import { markUrlBindings } from './rich-text';
import { stripTags } from './text';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Elements kept as they are (with allowed attributes). */
const ALLOWED = new Set([
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'span',
  'div',
  'blockquote',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'figure',
  'figcaption',
]);

/** Elements dropped with everything inside them. Any other unknown element is unwrapped. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'dialog',
  'portal',
  'xmp',
  'plaintext',
]);

const VOID = new Set(['br', 'hr', 'img']);

/** Classes rich text may use: the site's text styles (spec §9). */
const ALLOWED_CLASSES = new Set<string>(TEXT_STYLES);

const GLOBAL_ATTRIBUTES = new Set(['title', 'lang', 'dir']);
const NUMERIC = /^\d{1,5}$/;

const escapeText = (text: string) => text.replace(/[&<>\u00a0]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\u00a0': '&nbsp;' })[char] ?? char);
const escapeAttribute = (text: string) =>
  text.replace(/[&"<>\u00a0]/g, (char) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', '\u00a0': '&nbsp;' })[char] ?? char);

export interface SanitizeOptions {
  basePath: string;
}

/**
 * Elements kept inside one another at most this deep; deeper ones are unwrapped (their text
 * stays). No real rich text comes near it, and browsers flatten deeper markup anyway.
 */
export const MAX_ELEMENT_DEPTH = 64;

export function sanitizeHtml(html: string, options: SanitizeOptions): string {
  return writeNodes(parseFragment(html).childNodes, options);
}

/** A node still to write at a depth, or a closing tag to write once its children are done. */
type Step = { node: Node; depth: number } | string;

/** Writes nodes without recursion, so no input can exhaust the stack. */
function writeNodes(nodes: Node[], options: SanitizeOptions): string {
  const out: string[] = [];
  const steps: Step[] = nodes.map((node) => ({ node, depth: 0 })).reverse();
  while (steps.length > 0) {
    const step = steps.pop() as Step;
    if (typeof step === 'string') {
      out.push(step);
      continue;
    }
    const { node, depth } = step;
    if (node.nodeName === '#text') {
      out.push(escapeText((node as DefaultTreeAdapterMap['textNode']).value));
      continue;
    }
    if (!('tagName' in node)) continue;
    const element = node as Element;
    const tag = element.tagName;
    if (DROPPED.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    const attributes = ALLOWED.has(tag) && depth < MAX_ELEMENT_DEPTH ? allowedAttributes(element, options) : null;
    // An element not kept is unwrapped: its children take its place, at its depth.
    const childDepth = attributes === null ? depth : depth + 1;
    if (attributes !== null) {
      out.push(`<${tag}${attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}>`);
      if (!VOID.has(tag)) steps.push(`</${tag}>`);
    }
    const children = element.childNodes ?? [];
    for (let index = children.length - 1; index >= 0; index--) steps.push({ node: children[index] as Node, depth: childDepth });
  }
  return out.join('');
}

/** The attributes kept for an element; null drops the element itself (an image without a source). */
function allowedAttributes(element: Element, options: SanitizeOptions): Array<[string, string]> | null {
  const kept: Array<[string, string]> = [];
  const tag = element.tagName;
  for (const { name, value } of element.attrs) {
    if (GLOBAL_ATTRIBUTES.has(name)) kept.push([name, value]);
    else if (name === 'class') {
      const classes = value.split(/\s+/).filter((token) => ALLOWED_CLASSES.has(token));
      if (classes.length > 0) kept.push(['class', classes.join(' ')]);
    } else if ((name === 'width' || name === 'height') && tag === 'img' && NUMERIC.test(value)) kept.push([name, value]);
    else if ((name === 'colspan' || name === 'rowspan') && (tag === 'td' || tag === 'th') && NUMERIC.test(value)) kept.push([name, value]);
    else if (name === 'scope' && tag === 'th' && /^(?:row|col|rowgroup|colgroup)$/.test(value)) kept.push([name, value]);
    else if ((name === 'start' && tag === 'ol') || (name === 'value' && tag === 'li')) {
      if (NUMERIC.test(value)) kept.push([name, value]);
    }
  }
  if (tag === 'a') {
    const link = resolveLink(element.attrs.find((attribute) => attribute.name === 'href')?.value, options.basePath);
    if (link.href !== '') kept.push(['href', markUrlBindings(link.href)]);
    const newWindow = link.opensNewWindow || element.attrs.some((attribute) => attribute.name === 'target' && attribute.value === '_blank');
    // spec §5.1: mailto: and tel: open in a new window; a new window never gets a handle on this one.
    if (newWindow && link.href !== '') kept.push(['target', '_blank'], ['rel', 'noopener noreferrer']);
  }
  if (tag === 'img') {
    const source = element.attrs.find((attribute) => attribute.name === 'src')?.value ?? '';
    // Images come from the site itself: an outside image would let a third party watch visitors.
    const src = !isSiteImageUrl(source) ? '' : isImageDataUri(source) ? source : resolveLink(source, options.basePath).href;
    if (src === '') return null;
    kept.push(['src', markUrlBindings(src)]);
    // spec §5.3: alt text is shown sanitised (no tags).
    kept.push(['alt', stripTags(element.attrs.find((attribute) => attribute.name === 'alt')?.value ?? '')]);
    kept.push(['loading', 'lazy']);
  }
  return kept;
}
