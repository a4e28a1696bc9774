/**
 * Turning authored links into safe hrefs (spec §5.1). Content authors are untrusted: anything that
 * is not plainly an https URL, a site-relative path, a fragment, or mailto:/tel: resolves to an
 * empty href, so a `javascript:` (or any other scheme) link can never be emitted.
 */
import { MAX_CONTENT_DEPTH } from './content-limits';

/** Characters that make a link ambiguous to browsers: controls, whitespace and backslashes. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;
const HTTPS = /^https:\/\//i;
const NEW_WINDOW_SCHEMES = /^(?:mailto|tel):/i;
/** spec §5.1: in e-mail addresses the local part is limited to 64 characters. */
export const MAX_EMAIL_LOCAL_PART = 64;
const IMAGE_DATA_URI = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/=]+$/i;

/** spec §5.1: URL paths are limited to 2048 characters. */
export const MAX_URL_LENGTH = 2048;

export type LinkKind = 'absolute' | 'relative' | 'fragment' | 'new-window' | 'invalid';

export function classifyLink(link: string): LinkKind {
  if (link === '' || link.length > MAX_URL_LENGTH || UNSAFE_CHARACTERS.test(link)) return 'invalid';
  if (HTTPS.test(link)) return 'absolute';
  if (link.startsWith('#')) return 'fragment';
  // "//host" is protocol-relative: it leaves the site, so it is not a relative link.
  if (link.startsWith('/')) return link.startsWith('//') ? 'invalid' : 'relative';
  if (NEW_WINDOW_SCHEMES.test(link)) return hasValidMailbox(link) ? 'new-window' : 'invalid';
  return 'invalid';
}

/** mailto: addresses keep their local part to 64 characters (spec §5.1); tel: has none. */
function hasValidMailbox(link: string): boolean {
  if (!/^mailto:/i.test(link)) return /^tel:[+\d().-]+$/i.test(link);
  const addresses = link.slice('mailto:'.length).split('?')[0] ?? '';
  return addresses.split(',').every((address) => {
    const at = address.lastIndexOf('@');
    return at > 0 && at <= MAX_EMAIL_LOCAL_PART && at < address.length - 1;
  });
}

/**
 * Why an authored link cannot be a sheet's link, or null when it can: a sheet opens an https://
 * address or a path on this site (spec §5.1). Said so that the author knows what to write instead.
 */
export function linkProblem(link: string): string | null {
  const kind = classifyLink(link);
  if (kind === 'absolute' || kind === 'relative') return null;
  const shown = JSON.stringify(link.length > 80 ? `${link.slice(0, 80)}…` : link);
  if (link.length > MAX_URL_LENGTH) return `is longer than ${MAX_URL_LENGTH} characters (spec §5.1)`;
  if (UNSAFE_CHARACTERS.test(link)) return `${shown} holds spaces, backslashes or control characters: a link is one address, without them`;
  if (/^http:\/\//i.test(link)) return `${shown} is an http:// address: links must use https:// (spec §5.1)`;
  if (link.startsWith('//')) return `${shown} starts with //, which leaves the site without saying how: write the address in full, starting with https://`;
  if (link.startsWith('#')) return `${shown} only points within a page: a sheet links to a page or a document, with https:// or a path starting with /`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(link)?.[1];
  if (scheme !== undefined)
    return `${shown} uses the ${scheme.toLowerCase()}: scheme, which a sheet never links to: use an https:// address or a path starting with /`;
  return `${shown} is not an address: use an https:// address or a path on this site starting with /`;
}

/** spec §5.1: an image data URI starts with data:image (raster types only: SVG can carry script). */
export function isImageDataUri(value: string): boolean {
  return value.length <= 1_000_000 && IMAGE_DATA_URI.test(value);
}

/** Puts the base path in front of a relative path that is not already under it (spec §5.1). */
export function withBasePath(basePath: string, path: string): string {
  if (basePath === '' || path === basePath || path.startsWith(`${basePath}/`) || path.startsWith(`${basePath}?`)) {
    return path;
  }
  return basePath + path;
}

export interface ResolvedLink {
  href: string;
  /** mailto: and tel: open in a new window rather than inside the site (spec §5.1). */
  opensNewWindow: boolean;
}

/** Whether a resolved href opens in a new window: mailto: and tel: do (spec §5.1). */
export const opensInNewWindow = (href: string): boolean => NEW_WINDOW_SCHEMES.test(href);

/** The attributes of a link that opens a new window: it never gets a handle on this one. */
export const NEW_WINDOW_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Resolves an authored link; an invalid one resolves to an empty href (spec §5.1). */
export function resolveLink(link: unknown, basePath: string): ResolvedLink {
  if (typeof link !== 'string') return { href: '', opensNewWindow: false };
  switch (classifyLink(link)) {
    case 'absolute':
    case 'fragment':
      return { href: link, opensNewWindow: false };
    case 'relative':
      return { href: withBasePath(basePath, link), opensNewWindow: false };
    case 'new-window':
      return { href: link, opensNewWindow: true };
    case 'invalid':
      return { href: '', opensNewWindow: false };
  }
}

/**
 * spec §3.1: every field named `url`, at any depth, becomes a full site URL before display.
 * Returns a copy; the input is not changed.
 */
export function resolveUrlFields<T>(value: T, basePath: string): T {
  return mapUrlFields(value, (url) => resolveLink(url, basePath).href) as T;
}

/**
 * How deep the URL-field walk goes: bodies keep to MAX_CONTENT_DEPTH (a deeper one is never
 * delivered), and the answers around them add a few levels. Anything deeper is left out (null),
 * so no stored value can exhaust the stack.
 */
const URL_FIELD_WALK_DEPTH = MAX_CONTENT_DEPTH + 8;

/** A copy of a JSON value with every text field named `url`, at any depth, passed through `mapUrl`. */
export function mapUrlFields(value: unknown, mapUrl: (url: string) => string, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= URL_FIELD_WALK_DEPTH) return null;
  if (Array.isArray(value)) return value.map((entry) => mapUrlFields(entry, mapUrl, depth + 1));
  // fromEntries defines each field: one named __proto__ stays a field and never becomes the copy's prototype.
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, key === 'url' && typeof entry === 'string' ? mapUrl(entry) : mapUrlFields(entry, mapUrl, depth + 1)]),
  );
}
