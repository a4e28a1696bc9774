/**
 * Record ids and content keys in the platform's formats (reference "Ids"): 15-character ids with a
 * 3-character case-safe suffix (18 in all), and 28-character content keys starting "MC".
 * Pure: hashing is passed in so that this module runs in the browser and on the server alike.
 */
import { CHANNEL_ID_PREFIX, SITE_ID_PREFIX } from './constants';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const UPPER_ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

const ID_PATTERN = /^[a-zA-Z0-9]{15}(?:[A-Z0-5]{3})?$/;
const CONTENT_KEY_PATTERN = /^MC[A-Z0-9]{26}$/;

/** The 3-character suffix that makes a 15-character id unique without regard to case. */
export function caseSafeSuffix(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) {
      const char = id15.charAt(chunk * 5 + i);
      if (char >= 'A' && char <= 'Z') bits |= 1 << i;
    }
    suffix += SUFFIX_ALPHABET.charAt(bits);
  }
  return suffix;
}

/** Whether a string is a well-formed 15- or 18-character id (with a correct suffix when 18). */
export function isWellFormedId(value: string): boolean {
  if (!ID_PATTERN.test(value)) return false;
  return value.length === 15 || caseSafeSuffix(value.slice(0, 15)) === value.slice(15);
}

export function isContentKey(value: string): boolean {
  return CONTENT_KEY_PATTERN.test(value);
}

/** The 18-character form of a 15- or 18-character id. */
export function toId18(id: string): string {
  return id.length === 15 ? id + caseSafeSuffix(id) : id;
}

/**
 * Builds an 18-character id with the given 3-character prefix from random or hashed bytes
 * (at least 16: the id keeps 71 bits of them, a content key 134).
 */
export function idFromBytes(prefix: string, bytes: Uint8Array): string {
  if (prefix.length !== 3) throw new Error(`An id prefix has 3 characters, not "${prefix}"`);
  return toId18(prefix + encode(bytes, BASE62, 12));
}

/** Builds a 28-character content key ("MC" + 26 upper-case letters and digits). */
export function contentKeyFromBytes(bytes: Uint8Array): string {
  return 'MC' + encode(bytes, UPPER_ALNUM, 26);
}

function encode(bytes: Uint8Array, alphabet: string, length: number): string {
  if (bytes.length < 16) throw new Error('At least 16 bytes are needed to build an id');
  // Read the bytes as one big number and write it in the alphabet's base.
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  const base = BigInt(alphabet.length);
  let out = '';
  for (let i = 0; i < length; i++) {
    out += alphabet.charAt(Number(value % base));
    value /= base;
  }
  return out;
}

export type ChannelOrSiteKind = 'site' | 'channel';

/** spec §5.5: an id beginning with '0DM' is a site, '0ap' a channel; anything else is invalid. */
export function kindOfChannelOrSiteId(id: string): ChannelOrSiteKind | null {
  if (id.startsWith(SITE_ID_PREFIX)) return 'site';
  if (id.startsWith(CHANNEL_ID_PREFIX)) return 'channel';
  return null;
}
