/**
 * Rich-text tokens (spec §5.3): `{!contentAsset.<id>.<version>}` becomes a file-asset URL,
 * `{!cmsMedia.<contentKey>}` the image's URL (the media delivery URL in edit mode), and
 * `{!Item.field}` a field of the data provider's item, inserted as text.
 */
import { withBasePath } from './links';
import { fileAssetPath, mediaDeliveryPath } from './urls';

export interface TokenContext {
  basePath: string;
  platformSitesSegment: string;
  /** Image URLs by content key, from the image data provider. */
  imageUrls: ReadonlyMap<string, string>;
  editMode?: boolean;
}

const CONTENT_ASSET = /\{!contentAsset\.([A-Za-z0-9_-]{1,80})\.(\d{1,9})\}/g;
const CMS_MEDIA = /\{!cmsMedia\.([A-Za-z0-9]{1,40})\}/g;
const FIELD_PATH = '([A-Za-z_][A-Za-z0-9_]{0,79}(?:\\.[A-Za-z_][A-Za-z0-9_]{0,79})*)';
const ITEM_FIELD = new RegExp(`\\{!Item\\.${FIELD_PATH}\\}`, 'g');
/** A binding inside a URL (href, src): its value is percent-encoded, so it cannot change the URL's host or scheme. */
const ITEM_URL_FIELD = new RegExp(`\\{!ItemUrl\\.${FIELD_PATH}\\}`, 'g');

/** Content keys that `{!cmsMedia.…}` tokens refer to, so their images can be resolved first. */
export function mediaTokenKeys(text: string): string[] {
  return [...new Set([...text.matchAll(CMS_MEDIA)].map((match) => match[1] ?? ''))];
}

/** Replaces asset and media tokens. Run before sanitising: the URLs then pass the link rules. */
export function resolveContentTokens(text: string, context: TokenContext): string {
  return text
    .replace(CONTENT_ASSET, (_token, id: string, version: string) =>
      withBasePath(context.basePath, fileAssetPath(context.platformSitesSegment, id, Number(version))),
    )
    .replace(CMS_MEDIA, (_token, key: string) => {
      const delivery = withBasePath(context.basePath, mediaDeliveryPath(context.platformSitesSegment, key));
      return context.editMode ? delivery : (context.imageUrls.get(key) ?? delivery);
    });
}

/** Field names a text binds to, so a provider can be asked for exactly those. */
export function itemFieldNames(text: string): string[] {
  return [...new Set([...text.matchAll(ITEM_FIELD)].map((match) => match[1] ?? ''))];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Marks the bindings in a URL the sanitiser kept, so that binding percent-encodes their values. */
export function markUrlBindings(url: string): string {
  return url.replace(ITEM_FIELD, (_token, path: string) => `{!ItemUrl.${path}}`);
}

/**
 * Fills `{!Item.field}` in sanitised HTML with the item's values, escaped, so a value can never
 * add markup; in a URL (`{!ItemUrl.field}`, markUrlBindings) percent-encoded too, so a value can
 * never make it point elsewhere. Dotted names read nested fields; a missing field becomes empty.
 */
export function bindItemFields(html: string, item: Record<string, unknown>): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
  return html
    .replace(ITEM_URL_FIELD, (_token, path: string) => escape(encodeURIComponent(fieldText(item, path))))
    .replace(ITEM_FIELD, (_token, path: string) => escape(fieldText(item, path)));
}

function fieldText(item: Record<string, unknown>, path: string): string {
  let value: unknown = item;
  for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}
