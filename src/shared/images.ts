/**
 * Image URLs and picture data (spec §3.2, §3.3, §7.6, §9): optimised image URLs in the
 * `/cdn-cgi/image/{options}/{path}` form, responsive sources per form factor (mobile 640, tablet
 * 960, desktop 1920, density 1), srcset validation, and the picture data page building blocks use.
 */
import { MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH, TABLET_MIN_WIDTH, DESKTOP_MIN_WIDTH } from './constants';
import { classifyLink, isImageDataUri, withBasePath } from './links';

export type FormFactorName = 'Small' | 'Medium' | 'Large';

/** spec §9: responsive image widths, device density 1. */
export const RESPONSIVE_IMAGE_WIDTHS: Record<FormFactorName, number> = { Small: 640, Medium: 960, Large: 1920 };
export const IMAGE_DENSITY = 1;
/** spec §5.6: image resize dimensions are at least 100. */
export const MIN_RESIZE_DIMENSION = 100;
/** Ours: the largest dimension the resizer produces, so it cannot be used to exhaust the machine. */
export const MAX_RESIZE_DIMENSION = 4000;
/** spec §9: image loading defaults to eager. */
export const DEFAULT_IMAGE_LOADING = 'eager';

export const FORM_FACTOR_MEDIA: Record<FormFactorName, string> = {
  Small: `(max-width: ${MOBILE_MAX_WIDTH})`,
  Medium: `(min-width: ${TABLET_MIN_WIDTH}) and (max-width: ${TABLET_MAX_WIDTH})`,
  Large: `(min-width: ${DESKTOP_MIN_WIDTH})`,
};

export interface ResizeOptions {
  width?: number;
  height?: number;
}

export function clampDimension(value: number): number {
  return Math.min(MAX_RESIZE_DIMENSION, Math.max(MIN_RESIZE_DIMENSION, Math.round(value)));
}

/**
 * spec §7.6: /cdn-cgi/image/{options}/{path} with format=auto, onerror=redirect, fit=scale-down
 * and width/height. `path` is the image's site-relative path (without the base path).
 */
export function optimizedImageUrl(path: string, { width, height }: ResizeOptions, basePath: string): string {
  const options = ['format=auto', 'onerror=redirect', 'fit=scale-down'];
  if (width !== undefined) options.push(`width=${clampDimension(width)}`);
  if (height !== undefined) options.push(`height=${clampDimension(height)}`);
  return resizerUrl(options, path, basePath);
}

/** The resizer's URL of a site image (its path with or without the base path) with these options. */
function resizerUrl(options: string[], path: string, basePath: string): string {
  const source = path.startsWith(`${basePath}/`) && basePath !== '' ? path.slice(basePath.length) : path;
  return withBasePath(basePath, `/cdn-cgi/image/${options.join(',')}${source}`);
}

/** What Open Graph and Twitter Cards show a shared link's image at (1.91:1), and what they take. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * Where the resizer makes a shared link's image, below the base path: a JPEG (not every platform
 * reads AVIF or WebP) of SHARE_IMAGE_SIZE, the whole image padded with white to it, never cropped
 * (a precursor's cylinder keeps its valves, a card its element badge). robots.txt allows this one
 * form of the resizer: X's crawler obeys robots.txt, and a disallowed image shows no preview.
 */
export const shareImagePath = (): string => resizerUrl(shareImageOptions(), '/', '');

// Functions, not constants: the browser's bundle (which shares this module) leaves them out.
const shareImageOptions = () => ['format=jpeg', 'fit=pad', `width=${SHARE_IMAGE_SIZE.width}`, `height=${SHARE_IMAGE_SIZE.height}`];

/** A site image as a shared link shows it (shareImagePath). `path` is site-relative, as for optimizedImageUrl. */
export function shareImageUrl(path: string, basePath: string): string {
  return resizerUrl(shareImageOptions(), path, basePath);
}

/**
 * An image source the site shows: a path on this site or a raster data URI, never another host.
 * Not a resizer path: a CDN in front of the site may take those over and fetch what they name.
 */
export function isSiteImageUrl(url: string): boolean {
  return (classifyLink(url) === 'relative' && !url.includes('/cdn-cgi/')) || isImageDataUri(url);
}

export interface SrcSetEntry {
  formFactor: FormFactorName;
  srcSet: string;
  media: string;
}

/** Responsive sources for a site image: one optimised width per form factor. */
export function responsiveSrcSet(path: string, basePath: string): SrcSetEntry[] {
  if (classifyLink(path) !== 'relative') return [];
  return (Object.keys(RESPONSIVE_IMAGE_WIDTHS) as FormFactorName[]).map((formFactor) => {
    const width = RESPONSIVE_IMAGE_WIDTHS[formFactor] * IMAGE_DENSITY;
    return { formFactor, srcSet: `${optimizedImageUrl(path, { width }, basePath)} ${width}w`, media: FORM_FACTOR_MEDIA[formFactor] };
  });
}

export interface SrcSetCandidate {
  url: string;
  /** '640w', '2x', or '' for none. */
  descriptor: string;
}

const DESCRIPTOR = /^(?:[1-9]\d{0,4}w|(?:\d{1,2}(?:\.\d{1,3})?|\.\d{1,3})x)$/;

function isSrcSetUrl(url: string): boolean {
  if (isImageDataUri(url)) return true;
  const kind = classifyLink(url);
  return kind === 'absolute' || (kind === 'relative' && url.length > 1);
}

/**
 * Reads a srcset attribute the way browsers split it, keeping a candidate only when its URL is
 * valid (https, site-relative, or an image data URI; never mailto) and its descriptor, if any, is
 * a width (`640w`) or a density (`2x`). A bad candidate is skipped with a warning (spec §5.1, §8).
 */
export function parseSrcSet(value: string, warn: (message: string) => void = (message) => console.warn(message)): SrcSetCandidate[] {
  const candidates: SrcSetCandidate[] = [];
  let position = 0;
  while (position < value.length) {
    while (position < value.length && /[\s,]/.test(value.charAt(position))) position++;
    if (position >= value.length) break;
    let end = position;
    while (end < value.length && !/\s/.test(value.charAt(end))) end++;
    let url = value.slice(position, end);
    position = end;
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const comma = value.indexOf(',', position);
      const stop = comma === -1 ? value.length : comma;
      descriptor = value.slice(position, stop).trim();
      position = stop + 1;
    }
    const candidate = descriptor === '' ? url : `${url} ${descriptor}`;
    if (isSrcSetUrl(url) && (descriptor === '' || DESCRIPTOR.test(descriptor))) candidates.push({ url, descriptor });
    else warn(`Bad srcset ${candidate} ... Skipping image.`);
  }
  return candidates;
}

/** A validated srcset written back as an attribute value. */
export function formatSrcSet(candidates: SrcSetCandidate[]): string {
  return candidates.map(({ url, descriptor }) => (descriptor ? `${url} ${descriptor}` : url)).join(', ');
}

/** spec §3.3: picture data offered to page building blocks. */
export interface PictureData {
  Url: string;
  RawUrl: string;
  AltText: string;
  ContentKey: string;
  SrcSet: SrcSetEntry[];
}

export interface PictureSource {
  url: string;
  altText: string;
  contentKey: string;
}

export function pictureDataOf(images: PictureSource[], basePath: string): { Picture: PictureData | undefined; Pictures: PictureData[] } {
  const Pictures = images.map((image) => ({
    Url: classifyLink(image.url) === 'relative' ? withBasePath(basePath, image.url) : image.url,
    RawUrl: image.url,
    AltText: image.altText,
    ContentKey: image.contentKey,
    SrcSet: responsiveSrcSet(image.url, basePath),
  }));
  return { Picture: Pictures[0], Pictures };
}
