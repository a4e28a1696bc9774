/**
 * Rich text made safe to show (spec §5.3; DESIGN: a real HTML parser, never regular expressions
 * over HTML). The input is parsed by parse5 exactly as a browser would parse it, then written out
 * again keeping only allowed elements and attributes: links through the link rules of spec §5.1,
 * images from the site or raster data URIs, no styles, no event handlers, no scripts.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { TEXT_STYLES } from './constants';
import { classifyLink, isImageDataUri, resolveLink } from './links';
import { stripTags } from './text';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Elements kept as they are (with allowed attributes). */
const ALLOWED = new Set([
  'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'span', 'div',
  'blockquote', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'figure', 'figcaption',
]);

/** Elements dropped with everything inside them. Any other unknown element is unwrapped. */
const DROPPED = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'template', 'noscript',
  'svg', 'math', 'form', 'input', 'button', 'select', 'option', 'textarea', 'link', 'meta', 'base',
  'title', 'head', 'audio', 'video', 'source', 'track', 'canvas', 'dialog', 'portal', 'xmp', 'plaintext',
]);

const VOID = new Set(['br', 'hr', 'img']);

/** Classes rich text may use: the site's text styles (spec §9). */
const ALLOWED_CLASSES = new Set<string>(TEXT_STYLES);

const GLOBAL_ATTRIBUTES = new Set(['title', 'lang', 'dir']);
const NUMERIC = /^\d{1,5}$/;

const escapeText = (text: string) => text.replace(/[&<>\u00a0]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\u00a0': '&nbsp;' })[char] ?? char);
const escapeAttribute = (text: string) => text.replace(/[&"<>\u00a0]/g, (char) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', '\u00a0': '&nbsp;' })[char] ?? char);

export interface SanitizeOptions {
  basePath: string;
}

export function sanitizeHtml(html: string, options: SanitizeOptions): string {
  const fragment = parseFragment(html);
  return fragment.childNodes.map((node) => writeNode(node, options)).join('');
}

function writeNode(node: Node, options: SanitizeOptions): string {
  if (node.nodeName === '#text') return escapeText((node as DefaultTreeAdapterMap['textNode']).value);
  if (node.nodeName === '#comment' || node.nodeName === '#documentType' || !('tagName' in node)) return '';
  const element = node as Element;
  const tag = element.tagName;
  if (DROPPED.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return '';
  const children = (element.childNodes ?? []).map((child) => writeNode(child, options)).join('');
  if (!ALLOWED.has(tag)) return children;
  const attributes = allowedAttributes(element, options);
  if (attributes === null) return children;
  const open = `<${tag}${attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}>`;
  return VOID.has(tag) ? open : `${open}${children}</${tag}>`;
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
    if (link.href !== '') kept.push(['href', link.href]);
    const newWindow = link.opensNewWindow || element.attrs.some((attribute) => attribute.name === 'target' && attribute.value === '_blank');
    // spec §5.1: mailto: and tel: open in a new window; a new window never gets a handle on this one.
    if (newWindow && link.href !== '') kept.push(['target', '_blank'], ['rel', 'noopener noreferrer']);
  }
  if (tag === 'img') {
    const source = element.attrs.find((attribute) => attribute.name === 'src')?.value ?? '';
    // Images come from the site itself: an outside image would let a third party watch visitors.
    const src = isImageDataUri(source) ? source : classifyLink(source) === 'relative' ? resolveLink(source, options.basePath).href : '';
    if (src === '') return null;
    kept.push(['src', src]);
    // spec §5.3: alt text is shown sanitised (no tags).
    kept.push(['alt', stripTags(element.attrs.find((attribute) => attribute.name === 'alt')?.value ?? '')]);
    kept.push(['loading', 'lazy']);
  }
  return kept;
}
