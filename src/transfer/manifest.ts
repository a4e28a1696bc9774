/**
 * The content exchange format (docs/content-format.md), version 1: a folder holding
 * `manifest.json` and the files it names (images and documents), so a site's content can be
 * exported, imported, and brought over from the platform. Reading a manifest checks every record
 * and reports every problem with its place in the file before anything is written.
 */

import { findBodyProblem, findHeadTagsProblem, findNestingProblem, placeOf, type LimitProblem } from '../shared/content-limits';
import { HEAD_TAGS_FIELD } from '../shared/seo-templates';
import { normalizeTexts } from '../shared/text';

export const MANIFEST_FORMAT = 'literature-sheets-content';
export const MANIFEST_VERSION = 1;

export interface ManifestFile {
  /** Path of the file, relative to the manifest's folder. */
  file: string;
  fileName: string;
  mimeType: string;
  /** Hex SHA-256 of the file's bytes, checked on import. */
  sha256: string;
}

export interface ManifestSite {
  id: string;
  name: string;
  urlName: string;
  channelId: string;
  communityId: string;
  defaultLanguage: string;
  languages: Array<{ language: string; active: boolean }>;
  createdAt: string;
}

export interface ManifestContentType {
  fullyQualifiedName: string;
  name: string;
  fields: Record<string, { label: string; nodeType: string }>;
}

export interface ManifestTranslation {
  language: string;
  title: string;
  body: Record<string, unknown>;
  publishedAt: string;
}

export interface ManifestContent {
  id: string;
  contentKey: string;
  siteId: string;
  type: string;
  urlName: string;
  primaryLanguage: string;
  createdAt: string;
  updatedAt: string;
  translations: ManifestTranslation[];
  media: (ManifestFile & { width: number; height: number }) | null;
}

export interface ManifestFileAsset extends ManifestFile {
  assetId: string;
  version: number;
  createdAt: string;
}

export interface ManifestCollection {
  id: string;
  collectionKey: string;
  siteId: string;
  itemType: string;
  urlName: string;
  title: string;
  metadata: Record<string, unknown>;
  primaryLanguage: string;
  publishedAt: string;
  translations: Array<{ language: string; title: string; metadata: Record<string, unknown> }>;
  /** Content keys, in collection order. */
  items: string[];
}

export interface ManifestSeoRecord {
  siteId: string;
  recordId: string;
  urlAlias: string | null;
  recordName: string;
  objectName: string;
  fields: Record<string, string>;
  hrefLangUrls: Record<string, string>;
  canonicalUrl: string | null;
  isSeoIndexed: boolean;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  version: typeof MANIFEST_VERSION;
  exportedAt: string;
  sites: ManifestSite[];
  contentTypes: ManifestContentType[];
  contents: ManifestContent[];
  fileAssets: ManifestFileAsset[];
  collections: ManifestCollection[];
  seoRecords: ManifestSeoRecord[];
}

export class ManifestError extends Error {
  readonly problems: string[];

  constructor(source: string, problems: string[]) {
    const shown = problems.slice(0, 200);
    const more = problems.length - shown.length;
    super(
      `${source} cannot be imported (${problems.length} problem${problems.length === 1 ? '' : 's'}); nothing was changed:\n${shown.map((problem) => `  - ${problem}`).join('\n')}${more > 0 ? `\n  … and ${more} more` : ''}`,
    );
    this.name = 'ManifestError';
    this.problems = problems;
  }
}

const ID = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;
const CONTENT_KEY = /^MC[A-Z0-9]{26}$/;
const LANGUAGE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,79}$/;
const SHA256 = /^[0-9a-f]{64}$/;
const RELATIVE_FILE = /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9._/-]{1,300}$/;

type Json = Record<string, unknown>;

class Reader {
  readonly problems: string[] = [];

  fail(path: string, message: string): void {
    this.problems.push(`${path}: ${message}`);
  }

  object(path: string, value: unknown): Json {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.fail(path, 'must be an object');
      return {};
    }
    return value as Json;
  }

  list(path: string, value: unknown): unknown[] {
    if (!Array.isArray(value)) {
      this.fail(path, 'must be a list');
      return [];
    }
    return value;
  }

  text(path: string, value: unknown, pattern?: RegExp, max = 100_000): string {
    if (typeof value !== 'string') {
      this.fail(path, 'must be text');
      return '';
    }
    if (value.length > max) this.fail(path, `must be at most ${max} characters`);
    else if (pattern && !pattern.test(value)) this.fail(path, `has an unsupported value ${JSON.stringify(value.slice(0, 80))}`);
    return value;
  }

  optionalText(path: string, value: unknown, pattern?: RegExp): string | null {
    return value === null || value === undefined ? null : this.text(path, value, pattern);
  }

  date(path: string, value: unknown): string {
    const text = this.text(path, value);
    if (text !== '' && Number.isNaN(Date.parse(text))) this.fail(path, 'must be an ISO 8601 date');
    return text;
  }

  integer(path: string, value: unknown, min: number, max: number): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.fail(path, `must be a whole number from ${min} to ${max}`);
      return min;
    }
    return value;
  }

  boolean(path: string, value: unknown): boolean {
    if (typeof value !== 'boolean') this.fail(path, 'must be true or false');
    return value === true;
  }

  /** A value held to the content limits (docs/content-format.md, "Limits"); `record` names its owner. */
  withinLimits(path: string, record: string, problem: LimitProblem | null): void {
    if (problem !== null) this.fail(placeOf(path, problem), `${problem.message} (${record})`);
  }

  /** A free-form map (collection metadata) held to the content limits. */
  map(path: string, record: string, value: unknown): Json {
    const map = this.object(path, value);
    this.withinLimits(path, record, findNestingProblem(map));
    return map;
  }

  stringMap(path: string, value: unknown): Record<string, string> {
    const map = this.object(path, value);
    for (const [key, entry] of Object.entries(map)) this.text(`${path}.${key}`, entry);
    return map as Record<string, string>;
  }

  /** An SEO record's fields: texts, the ready-made head tags among them within their own limit. */
  seoFields(path: string, record: string, value: unknown): Record<string, string> {
    const fields = this.object(path, value);
    for (const [name, entry] of Object.entries(fields)) {
      const at = `${path}.${name}`;
      if (name !== HEAD_TAGS_FIELD) this.text(at, entry);
      else if (typeof entry !== 'string') this.fail(at, 'must be text');
      else this.withinLimits(at, record, findHeadTagsProblem(entry));
    }
    return fields as Record<string, string>;
  }

  file(path: string, value: unknown): ManifestFile {
    const json = this.object(path, value);
    return {
      file: this.text(`${path}.file`, json.file, RELATIVE_FILE),
      // A file name has no slashes (texts are normalised already: no controls).
      fileName: this.text(`${path}.fileName`, json.fileName, /^[^/\\]{1,255}$/),
      mimeType: this.text(`${path}.mimeType`, json.mimeType, /^[a-z]+\/[a-z0-9.+-]+$/),
      sha256: this.text(`${path}.sha256`, json.sha256, SHA256),
    };
  }
}

/** Checks a parsed manifest: its shape, and that everything it refers to is in it or in `known`. */
export function readManifest(json: unknown, source: string, known: KnownRecords = EMPTY_KNOWN): Manifest {
  const read = new Reader();
  // Every text as the store keeps it (docs/content-format.md, "Text"), before anything is checked.
  const root = read.object('(manifest)', normalizeTexts(json));
  if (root.format !== MANIFEST_FORMAT) read.fail('format', `must be "${MANIFEST_FORMAT}"`);
  if (root.version !== MANIFEST_VERSION)
    read.fail('version', `must be ${MANIFEST_VERSION} (this version of Literature Sheets reads version ${MANIFEST_VERSION})`);

  const sites = read.list('sites', root.sites ?? []).map((value, index): ManifestSite => {
    const path = `sites[${index}]`;
    const site = read.object(path, value);
    return {
      id: read.text(`${path}.id`, site.id, /^0DM[a-zA-Z0-9]{12}(?:[a-zA-Z0-9]{3})?$/),
      name: read.text(`${path}.name`, site.name, undefined, 200),
      urlName: read.text(`${path}.urlName`, site.urlName, NAME),
      channelId: read.text(`${path}.channelId`, site.channelId, /^0ap[a-zA-Z0-9]{12}(?:[a-zA-Z0-9]{3})?$/),
      communityId: read.text(`${path}.communityId`, site.communityId, ID),
      defaultLanguage: read.text(`${path}.defaultLanguage`, site.defaultLanguage, LANGUAGE),
      languages: read.list(`${path}.languages`, site.languages ?? []).map((entry, position) => {
        const language = read.object(`${path}.languages[${position}]`, entry);
        return {
          language: read.text(`${path}.languages[${position}].language`, language.language, LANGUAGE),
          active: read.boolean(`${path}.languages[${position}].active`, language.active),
        };
      }),
      createdAt: read.date(`${path}.createdAt`, site.createdAt),
    };
  });

  const contentTypes = read.list('contentTypes', root.contentTypes ?? []).map((value, index): ManifestContentType => {
    const path = `contentTypes[${index}]`;
    const type = read.object(path, value);
    const fields = read.object(`${path}.fields`, type.fields);
    for (const [name, field] of Object.entries(fields)) {
      const definition = read.object(`${path}.fields.${name}`, field);
      read.text(`${path}.fields.${name}.label`, definition.label, undefined, 200);
      read.text(`${path}.fields.${name}.nodeType`, definition.nodeType, /^(?:Text|MultilineText|NameField|RichText|Url|Date|DateTime|Media|MediaSource)$/);
    }
    return {
      fullyQualifiedName: read.text(`${path}.fullyQualifiedName`, type.fullyQualifiedName, TYPE_NAME),
      name: read.text(`${path}.name`, type.name, undefined, 200),
      fields: fields as ManifestContentType['fields'],
    };
  });

  const contents = read.list('contents', root.contents ?? []).map((value, index): ManifestContent => {
    const path = `contents[${index}]`;
    const content = read.object(path, value);
    const translations = read.list(`${path}.translations`, content.translations).map((entry, position) => {
      const at = `${path}.translations[${position}]`;
      const translation = read.object(at, entry);
      const language = read.text(`${at}.language`, translation.language, LANGUAGE);
      const body = read.object(`${at}.body`, translation.body);
      read.withinLimits(`${at}.body`, `content ${String(content.contentKey)}, ${language}`, findBodyProblem(body));
      return {
        language,
        title: read.text(`${at}.title`, translation.title, undefined, 1000),
        body,
        publishedAt: read.date(`${at}.publishedAt`, translation.publishedAt),
      };
    });
    if (translations.length === 0) read.fail(`${path}.translations`, 'must hold at least one translation');
    const media =
      content.media === null || content.media === undefined
        ? null
        : {
            ...read.file(`${path}.media`, content.media),
            width: read.integer(`${path}.media.width`, (content.media as Json).width, 1, 100_000),
            height: read.integer(`${path}.media.height`, (content.media as Json).height, 1, 100_000),
          };
    const primaryLanguage = read.text(`${path}.primaryLanguage`, content.primaryLanguage, LANGUAGE);
    if (translations.length > 0 && !translations.some((translation) => translation.language === primaryLanguage)) {
      read.fail(`${path}.translations`, `must include the primary language ${primaryLanguage}`);
    }
    return {
      id: read.text(`${path}.id`, content.id, ID),
      contentKey: read.text(`${path}.contentKey`, content.contentKey, CONTENT_KEY),
      siteId: read.text(`${path}.siteId`, content.siteId, ID),
      type: read.text(`${path}.type`, content.type, TYPE_NAME),
      urlName: read.text(`${path}.urlName`, content.urlName, NAME),
      primaryLanguage,
      createdAt: read.date(`${path}.createdAt`, content.createdAt),
      updatedAt: read.date(`${path}.updatedAt`, content.updatedAt),
      translations,
      media,
    };
  });

  const fileAssets = read.list('fileAssets', root.fileAssets ?? []).map((value, index): ManifestFileAsset => {
    const path = `fileAssets[${index}]`;
    const asset = read.object(path, value);
    return {
      ...read.file(path, asset),
      assetId: read.text(`${path}.assetId`, asset.assetId, /^[A-Za-z0-9_-]{1,80}$/),
      version: read.integer(`${path}.version`, asset.version, 1, 999_999_999),
      createdAt: read.date(`${path}.createdAt`, asset.createdAt),
    };
  });

  const collections = read.list('collections', root.collections ?? []).map((value, index): ManifestCollection => {
    const path = `collections[${index}]`;
    const collection = read.object(path, value);
    return {
      id: read.text(`${path}.id`, collection.id, ID),
      collectionKey: read.text(`${path}.collectionKey`, collection.collectionKey, CONTENT_KEY),
      siteId: read.text(`${path}.siteId`, collection.siteId, ID),
      itemType: read.text(`${path}.itemType`, collection.itemType, TYPE_NAME),
      urlName: read.text(`${path}.urlName`, collection.urlName, NAME),
      title: read.text(`${path}.title`, collection.title, undefined, 1000),
      metadata: read.map(`${path}.metadata`, `collection ${String(collection.collectionKey)}`, collection.metadata),
      primaryLanguage: read.text(`${path}.primaryLanguage`, collection.primaryLanguage, LANGUAGE),
      publishedAt: read.date(`${path}.publishedAt`, collection.publishedAt),
      translations: read.list(`${path}.translations`, collection.translations ?? []).map((entry, position) => {
        const at = `${path}.translations[${position}]`;
        const translation = read.object(at, entry);
        const language = read.text(`${at}.language`, translation.language, LANGUAGE);
        return {
          language,
          title: read.text(`${at}.title`, translation.title, undefined, 1000),
          metadata: read.map(`${at}.metadata`, `collection ${String(collection.collectionKey)}, ${language}`, translation.metadata),
        };
      }),
      items: read.list(`${path}.items`, collection.items).map((key, position) => read.text(`${path}.items[${position}]`, key, CONTENT_KEY)),
    };
  });

  const seoRecords = read.list('seoRecords', root.seoRecords ?? []).map((value, index): ManifestSeoRecord => {
    const path = `seoRecords[${index}]`;
    const record = read.object(path, value);
    return {
      siteId: read.text(`${path}.siteId`, record.siteId, ID),
      recordId: read.text(`${path}.recordId`, record.recordId, NAME),
      urlAlias: read.optionalText(`${path}.urlAlias`, record.urlAlias, NAME),
      recordName: read.text(`${path}.recordName`, record.recordName, undefined, 1000),
      objectName: read.text(`${path}.objectName`, record.objectName, undefined, 200),
      fields: read.seoFields(`${path}.fields`, `SEO record ${String(record.recordId)}`, record.fields ?? {}),
      hrefLangUrls: read.stringMap(`${path}.hrefLangUrls`, record.hrefLangUrls ?? {}),
      canonicalUrl: read.optionalText(`${path}.canonicalUrl`, record.canonicalUrl),
      isSeoIndexed: read.boolean(`${path}.isSeoIndexed`, record.isSeoIndexed ?? true),
    };
  });

  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    exportedAt: typeof root.exportedAt === 'string' ? root.exportedAt : '',
    sites,
    contentTypes,
    contents,
    fileAssets,
    collections,
    seoRecords,
  };
  checkReferences(read, manifest, known);
  if (read.problems.length > 0) throw new ManifestError(source, read.problems);
  return manifest;
}

/** Records already in the store that a manifest may refer to without carrying them. */
export interface KnownRecords {
  siteIds: ReadonlySet<string>;
  contentTypes: ReadonlySet<string>;
  contentKeys: ReadonlySet<string>;
  /** Content key by content id, to catch a new content taking an existing one's id. */
  keyOfContentId: ReadonlyMap<string, string>;
  /** Content key by site and URL name (urlNameSlot), which are unique together. */
  keyOfContentUrlName: ReadonlyMap<string, string>;
  /** Collection key by collection id. */
  keyOfCollectionId: ReadonlyMap<string, string>;
  /** Site id by each of its unique values (siteSlots). */
  siteOfUniqueValue: ReadonlyMap<string, string>;
  /** SEO record id by site and URL alias (urlNameSlot). */
  recordOfAlias: ReadonlyMap<string, string>;
}

const EMPTY_KNOWN: KnownRecords = {
  siteIds: new Set(),
  contentTypes: new Set(),
  contentKeys: new Set(),
  keyOfContentId: new Map(),
  keyOfContentUrlName: new Map(),
  keyOfCollectionId: new Map(),
  siteOfUniqueValue: new Map(),
  recordOfAlias: new Map(),
};

/** The key under which a name must be unique within a site. */
export const urlNameSlot = (siteId: string, name: string) => `${siteId}/${name}`;
/** The values no two sites may share. */
export const siteSlots = (site: { urlName: string; channelId: string; communityId: string }) => [
  `URL name ${site.urlName}`,
  `channel id ${site.channelId}`,
  `community id ${site.communityId}`,
];

function checkReferences(read: Reader, manifest: Manifest, known: KnownRecords): void {
  const siteIds = new Set([...known.siteIds, ...manifest.sites.map((site) => site.id)]);
  const types = new Set([...known.contentTypes, ...manifest.contentTypes.map((type) => type.fullyQualifiedName)]);
  const keys = new Set([...known.contentKeys, ...manifest.contents.map((content) => content.contentKey)]);
  const duplicates = <T>(items: T[], keyOf: (item: T) => string, label: string, path: string) => {
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      const key = keyOf(item);
      if (seen.has(key)) read.fail(`${path}[${index}]`, `repeats the ${label} ${key} of ${path}[${seen.get(key)}]`);
      else seen.set(key, index);
    });
  };
  duplicates(manifest.sites, (site) => site.id, 'id', 'sites');
  duplicates(manifest.contents, (content) => content.contentKey, 'content key', 'contents');
  duplicates(manifest.contents, (content) => content.id, 'id', 'contents');
  duplicates(manifest.collections, (collection) => collection.collectionKey, 'collection key', 'collections');
  duplicates(manifest.fileAssets, (asset) => `${asset.assetId} v${asset.version}`, 'asset', 'fileAssets');
  duplicates(manifest.seoRecords, (record) => `${record.siteId}/${record.recordId}`, 'record', 'seoRecords');
  manifest.contents.forEach((content, index) => {
    const owner = known.keyOfContentId.get(content.id);
    // A content already in the store keeps its own id whatever the file says; a new one may not take another's.
    if (owner !== undefined && owner !== content.contentKey && !known.contentKeys.has(content.contentKey)) {
      read.fail(`contents[${index}].id`, `is the id of another content (${owner}) in the store`);
    }
    if (!siteIds.has(content.siteId)) read.fail(`contents[${index}].siteId`, `names the site ${content.siteId}, which is neither in the file nor in the store`);
    if (!types.has(content.type)) read.fail(`contents[${index}].type`, `names the content type ${content.type}, which is neither in the file nor in the store`);
  });
  manifest.collections.forEach((collection, index) => {
    if (!siteIds.has(collection.siteId))
      read.fail(`collections[${index}].siteId`, `names the site ${collection.siteId}, which is neither in the file nor in the store`);
    if (!types.has(collection.itemType))
      read.fail(`collections[${index}].itemType`, `names the content type ${collection.itemType}, which is neither in the file nor in the store`);
    collection.items.forEach((key, position) => {
      if (!keys.has(key)) read.fail(`collections[${index}].items[${position}]`, `names the content ${key}, which is neither in the file nor in the store`);
    });
    if (new Set(collection.items).size !== collection.items.length) read.fail(`collections[${index}].items`, 'lists a content more than once');
  });
  manifest.seoRecords.forEach((record, index) => {
    if (!siteIds.has(record.siteId)) read.fail(`seoRecords[${index}].siteId`, `names the site ${record.siteId}, which is neither in the file nor in the store`);
  });
  checkUniqueValues(read, manifest, known);
}

/**
 * Values the store keeps unique (a content's URL name within its site, a collection's id, a site's
 * URL name and channel and community ids, an SEO alias within its site) may not be taken by
 * another record, in the file or in the store, so the write cannot fail part-way on them. A record
 * the file also updates counts with the value the file gives it.
 */
function checkUniqueValues(read: Reader, manifest: Manifest, known: KnownRecords): void {
  const sameValue = <T>(items: T[], valueOf: (item: T) => string, describe: (item: T) => string, path: string) => {
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      const value = valueOf(item);
      const first = seen.get(value);
      if (first !== undefined) read.fail(`${path}[${index}]`, `${describe(item)} is also that of ${path}[${first}]`);
      else seen.set(value, index);
    });
  };
  sameValue(
    manifest.contents,
    (content) => urlNameSlot(content.siteId, content.urlName),
    (content) => `the URL name ${content.urlName}`,
    'contents',
  );
  sameValue(
    manifest.collections,
    (collection) => collection.id,
    (collection) => `the id ${collection.id}`,
    'collections',
  );
  sameValue(
    manifest.seoRecords.filter((record) => record.urlAlias !== null),
    (record) => urlNameSlot(record.siteId, record.urlAlias ?? ''),
    (record) => `the URL alias ${record.urlAlias}`,
    'seoRecords',
  );

  const contentUrlNameInFile = new Map(manifest.contents.map((content) => [content.contentKey, urlNameSlot(content.siteId, content.urlName)]));
  manifest.contents.forEach((content, index) => {
    const slot = urlNameSlot(content.siteId, content.urlName);
    const owner = known.keyOfContentUrlName.get(slot);
    if (owner !== undefined && owner !== content.contentKey && (contentUrlNameInFile.get(owner) ?? slot) === slot) {
      read.fail(`contents[${index}].urlName`, `${content.urlName} is the URL name of another content (${owner}) in the store`);
    }
  });
  manifest.collections.forEach((collection, index) => {
    const owner = known.keyOfCollectionId.get(collection.id);
    if (owner !== undefined && owner !== collection.collectionKey)
      read.fail(`collections[${index}].id`, `is the id of another collection (${owner}) in the store`);
  });
  const siteValuesInFile = new Map(manifest.sites.map((site) => [site.id, new Set(siteSlots(site))]));
  manifest.sites.forEach((site, index) => {
    for (const value of siteSlots(site)) {
      const owner = known.siteOfUniqueValue.get(value);
      if (owner !== undefined && owner !== site.id && (siteValuesInFile.get(owner)?.has(value) ?? true))
        read.fail(`sites[${index}]`, `its ${value} is that of another site (${owner}) in the store`);
    }
  });
  const aliasInFile = new Map(manifest.seoRecords.map((record) => [`${record.siteId}/${record.recordId}`, record.urlAlias]));
  manifest.seoRecords.forEach((record, index) => {
    if (record.urlAlias === null) return;
    const owner = known.recordOfAlias.get(urlNameSlot(record.siteId, record.urlAlias));
    const ownerKey = `${record.siteId}/${owner}`;
    if (owner !== undefined && owner !== record.recordId && (aliasInFile.has(ownerKey) ? aliasInFile.get(ownerKey) === record.urlAlias : true)) {
      read.fail(`seoRecords[${index}].urlAlias`, `${record.urlAlias} is the URL alias of another SEO record (${owner}) in the store`);
    }
  });
}
