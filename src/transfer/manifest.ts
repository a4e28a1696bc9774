/**
 * The content exchange format (docs/content-format.md), version 1: a folder holding
 * `manifest.json` and the files it names (images and documents), so a site's content can be
 * exported, imported, and brought over from the platform. Reading a manifest checks every record
 * and reports every problem with its place in the file before anything is written.
 */
import Type, { type Static } from 'typebox';
import { CONTENT_LIMITS, findBodyProblem, findHeadTagsProblem, findNestingProblem, placeOf, type LimitProblem } from '../shared/content-limits';
import { linkProblem } from '../shared/links';
import { checkValue } from '../shared/schema/check';
import { oneOf, text, wholeNumber } from '../shared/schema/fields';
import { HEAD_TAGS_FIELD } from '../shared/seo-templates';
import { normalizeTexts } from '../shared/normalize-text';
import { MAX_TOPIC_SLUG, TOPIC_SLUG } from '../shared/topics';
import { problemLines } from '../shared/problems';

export const MANIFEST_FORMAT = 'literature-sheets-content';
export const MANIFEST_VERSION = 1;

const ID = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;
const CONTENT_KEY = /^MC[A-Z0-9]{26}$/;
const LANGUAGE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,79}$/;
const ISO_DATE = /^(?:\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?)?$/;
const RELATIVE_FILE = /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9._/-]{1,300}$/;
const NODE_TYPES = ['Text', 'MultilineText', 'NameField', 'RichText', 'Url', 'Date', 'DateTime', 'Media', 'MediaSource'] as const;

const date = () => text({ pattern: ISO_DATE, errorMessage: 'must be an ISO 8601 date' });
const language = () => text({ pattern: LANGUAGE });
const contentKey = () => text({ pattern: CONTENT_KEY });
/** Free-form JSON (a content body, collection metadata): held to the content limits in code. */
const freeForm = () => Type.Record(Type.String(), Type.Unknown());

const FileSchema = {
  /** Path of the file, relative to the manifest's folder. */
  file: text({ pattern: RELATIVE_FILE }),
  // A file name has no slashes (texts are normalised already: no controls).
  fileName: text({ pattern: /^[^/\\]{1,255}$/ }),
  mimeType: text({ pattern: /^[a-z]+\/[a-z0-9.+-]+$/ }),
  /** Hex SHA-256 of the file's bytes, checked on import. */
  sha256: text({ pattern: /^[0-9a-f]{64}$/ }),
};

const SiteSchema = Type.Object({
  id: text({ pattern: /^0DM[a-zA-Z0-9]{12}(?:[a-zA-Z0-9]{3})?$/ }),
  name: text({ max: 200 }),
  urlName: text({ pattern: NAME }),
  channelId: text({ pattern: /^0ap[a-zA-Z0-9]{12}(?:[a-zA-Z0-9]{3})?$/ }),
  communityId: text({ pattern: ID }),
  defaultLanguage: language(),
  languages: Type.Array(Type.Object({ language: language(), active: Type.Boolean() }), { default: [] }),
  createdAt: date(),
  /** The site's taxonomy (docs/search.md, "Topics"); absent in manifests made before topics. */
  topics: Type.Optional(
    Type.Array(
      Type.Object({
        slug: text({ pattern: TOPIC_SLUG, max: MAX_TOPIC_SLUG }),
        facet: text({ pattern: TOPIC_SLUG, max: MAX_TOPIC_SLUG }),
        position: wholeNumber(0, 1_000_000),
        labels: Type.Record(Type.String(), text({ max: 200 }), { propertyNames: { pattern: LANGUAGE.source } }),
      }),
      { maxItems: 10_000 },
    ),
  ),
});

const ContentTypeSchema = Type.Object({
  fullyQualifiedName: text({ pattern: TYPE_NAME }),
  name: text({ max: 200 }),
  fields: Type.Record(Type.String(), Type.Object({ label: text({ max: 200 }), nodeType: oneOf(NODE_TYPES) })),
});

const TranslationSchema = Type.Object({ language: language(), title: text({ max: 1000 }), body: freeForm(), publishedAt: date() });

const ContentSchema = Type.Object({
  id: text({ pattern: ID }),
  contentKey: contentKey(),
  siteId: text({ pattern: ID }),
  type: text({ pattern: TYPE_NAME }),
  urlName: text({ pattern: NAME }),
  primaryLanguage: language(),
  createdAt: date(),
  updatedAt: date(),
  translations: Type.Array(TranslationSchema, { minItems: 1, errorMessage: { minItems: 'must hold at least one translation' } }),
  media: Type.Union([Type.Object({ ...FileSchema, width: wholeNumber(1, 100_000), height: wholeNumber(1, 100_000) }), Type.Null()], { default: null }),
});

const FileAssetSchema = Type.Object({
  ...FileSchema,
  assetId: text({ pattern: /^[A-Za-z0-9_-]{1,80}$/ }),
  version: wholeNumber(1, 999_999_999),
  createdAt: date(),
});

const CollectionSchema = Type.Object({
  id: text({ pattern: ID }),
  collectionKey: contentKey(),
  siteId: text({ pattern: ID }),
  itemType: text({ pattern: TYPE_NAME }),
  urlName: text({ pattern: NAME }),
  title: text({ max: 1000 }),
  metadata: freeForm(),
  primaryLanguage: language(),
  publishedAt: date(),
  translations: Type.Array(Type.Object({ language: language(), title: text({ max: 1000 }), metadata: freeForm() }), { default: [] }),
  /** Content keys, in collection order. */
  items: Type.Array(contentKey()),
});

const SeoRecordSchema = Type.Object({
  siteId: text({ pattern: ID }),
  recordId: text({ pattern: NAME }),
  urlAlias: Type.Union([text({ pattern: NAME }), Type.Null()], { default: null }),
  recordName: text({ max: 1000 }),
  objectName: text({ max: 200 }),
  /** Texts by field name; the ready-made head tags are held to their own limit (64 KB) in code. */
  fields: Type.Record(Type.String(), Type.String(), { default: {} }),
  hrefLangUrls: Type.Record(Type.String(), text({ max: 2048 }), { default: {} }),
  canonicalUrl: Type.Union([text({ max: 2048 }), Type.Null()], { default: null }),
  isSeoIndexed: Type.Boolean({ default: true }),
});

const LISTS = {
  sites: SiteSchema,
  contentTypes: ContentTypeSchema,
  contents: ContentSchema,
  fileAssets: FileAssetSchema,
  collections: CollectionSchema,
  seoRecords: SeoRecordSchema,
};
type ListName = keyof typeof LISTS;

/** The manifest around its records; each record is checked against its own schema (LISTS). */
const EnvelopeSchema = Type.Object({
  format: Type.Literal(MANIFEST_FORMAT, { errorMessage: `must be "${MANIFEST_FORMAT}"` }),
  version: Type.Literal(MANIFEST_VERSION, {
    errorMessage: `must be ${MANIFEST_VERSION} (this version of Literature Sheets reads version ${MANIFEST_VERSION})`,
  }),
  exportedAt: Type.String({ default: '' }),
  ...Object.fromEntries(Object.keys(LISTS).map((name) => [name, Type.Array(Type.Unknown(), { default: [] })])),
});

/** The content exchange format (docs/content-format.md), version 1. */
export const ManifestSchema = Type.Object({
  format: Type.Literal(MANIFEST_FORMAT, { errorMessage: `must be "${MANIFEST_FORMAT}"` }),
  version: Type.Literal(MANIFEST_VERSION, {
    errorMessage: `must be ${MANIFEST_VERSION} (this version of Literature Sheets reads version ${MANIFEST_VERSION})`,
  }),
  exportedAt: Type.String({ default: '' }),
  sites: Type.Array(SiteSchema, { default: [] }),
  contentTypes: Type.Array(ContentTypeSchema, { default: [] }),
  contents: Type.Array(ContentSchema, { default: [] }),
  fileAssets: Type.Array(FileAssetSchema, { default: [] }),
  collections: Type.Array(CollectionSchema, { default: [] }),
  seoRecords: Type.Array(SeoRecordSchema, { default: [] }),
});

export type Manifest = Static<typeof ManifestSchema>;
export type ManifestSite = Static<typeof SiteSchema>;
export type ManifestContent = Static<typeof ContentSchema>;
export type ManifestFileAsset = Static<typeof FileAssetSchema>;
export type ManifestCollection = Static<typeof CollectionSchema>;
export type ManifestSeoRecord = Static<typeof SeoRecordSchema>;

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

/**
 * Checks a parsed manifest: its shape (ManifestSchema), the content limits, the link rules, and
 * that everything it refers to is in it or in `known`. Every problem is reported, none written.
 */
export function readManifest(json: unknown, source: string, known: KnownRecords = EMPTY_KNOWN): Manifest {
  // Every text as the store keeps it (docs/content-format.md, "Text"), before anything is checked.
  const normalized = normalizeTexts(json);
  // The checks below copy and walk values recursively: depth is bounded first, iteratively.
  const tooDeep = findNestingProblem(normalized, CONTENT_LIMITS.depth + 8, Infinity);
  if (tooDeep !== null) throw new ManifestError(source, [limitProblems(normalized) ?? `${placeOf('(manifest)', tooDeep)}: ${tooDeep.message}`].flat());
  const envelope = checkValue<Record<string, unknown>>(EnvelopeSchema, normalized, '(manifest)');
  if (envelope.problems.length > 0) throw new ManifestError(source, problemLines(envelope.problems));
  const problems: string[] = [];
  // Each record on its own, so that every problem of every record is reported at once; a record
  // with problems takes no part in the checks between records.
  const records = Object.fromEntries(
    (Object.keys(LISTS) as ListName[]).map((name) => [
      name,
      (envelope.value[name] as unknown[]).map((raw, index) => {
        const checked = checkValue(LISTS[name], raw, `${name}[${index}]`);
        problems.push(...problemLines(checked.problems));
        return checked.problems.length === 0 ? checked.value : undefined;
      }),
    ]),
  ) as Records;
  checkContents(problems, records);
  checkReferences(problems, records, known);
  if (problems.length > 0) throw new ManifestError(source, problems);
  return { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, exportedAt: String(envelope.value.exportedAt), ...records } as Manifest;
}

/** The records of a manifest, by list; a record that failed its schema is a hole (undefined). */
type Records = { [K in ListName]: Array<Manifest[K][number] | undefined> };

/** Calls `visit` for each record that passed its schema, with its place in the file. */
function each<T>(list: Array<T | undefined>, visit: (record: T, index: number) => void): void {
  list.forEach((record, index) => record !== undefined && visit(record, index));
}

const present = <T>(list: Array<T | undefined>): T[] => list.filter((record): record is T => record !== undefined);

/**
 * For a manifest nested beyond the limits: where, naming the record, as the checks after the
 * schema would (bodies and metadata are what nest). Null when the depth is elsewhere.
 */
function limitProblems(json: unknown): string[] | null {
  const root = (json ?? {}) as Record<string, unknown>;
  const list = (value: unknown): Array<Record<string, unknown>> =>
    Array.isArray(value) ? value.filter((entry) => entry !== null && typeof entry === 'object') : [];
  const problems: string[] = [];
  list(root.contents).forEach((content, index) =>
    list(content.translations).forEach((translation, position) => {
      const problem = findBodyProblem(translation.body);
      if (problem !== null)
        problems.push(
          `${placeOf(`contents[${index}].translations[${position}].body`, problem)}: ${problem.message} (content ${String(content.contentKey)}, ${String(translation.language)})`,
        );
    }),
  );
  list(root.collections).forEach((collection, index) => {
    const places: Array<[string, unknown, string]> = [
      [`collections[${index}].metadata`, collection.metadata, ''],
      ...list(collection.translations).map((translation, position): [string, unknown, string] => [
        `collections[${index}].translations[${position}].metadata`,
        translation.metadata,
        `, ${String(translation.language)}`,
      ]),
    ];
    for (const [place, value, language] of places) {
      const problem = findNestingProblem(value);
      if (problem !== null) problems.push(`${placeOf(place, problem)}: ${problem.message} (collection ${String(collection.collectionKey)}${language})`);
    }
  });
  return problems.length > 0 ? problems : null;
}

/** What a schema cannot say of the records themselves: limits, link rules, the primary language. */
function checkContents(problems: string[], records: Records): void {
  const fail = (place: string, record: string, problem: LimitProblem | null) => {
    if (problem !== null) problems.push(`${placeOf(place, problem)}: ${problem.message} (${record})`);
  };
  each(records.contents, (content, index) => {
    const path = `contents[${index}]`;
    if (!content.translations.some((translation) => translation.language === content.primaryLanguage)) {
      problems.push(`${path}.translations: must include the primary language ${content.primaryLanguage}`);
    }
    content.translations.forEach((translation, position) => {
      const record = `content ${content.contentKey}, ${translation.language}`;
      const place = `${path}.translations[${position}].body`;
      const limit = findBodyProblem(translation.body);
      fail(place, record, limit);
      if (limit === null)
        for (const [at, link] of urlFieldsOf(translation.body, place)) fail(at, record, link === '' ? null : messageProblem(linkProblem(link)));
    });
  });
  each(records.collections, (collection, index) => {
    fail(`collections[${index}].metadata`, `collection ${collection.collectionKey}`, findNestingProblem(collection.metadata));
    collection.translations.forEach((translation, position) =>
      fail(
        `collections[${index}].translations[${position}].metadata`,
        `collection ${collection.collectionKey}, ${translation.language}`,
        findNestingProblem(translation.metadata),
      ),
    );
  });
  each(records.seoRecords, (record, index) => {
    for (const [name, value] of Object.entries(record.fields)) {
      const problem = name === HEAD_TAGS_FIELD ? findHeadTagsProblem(value) : findNestingProblem(value);
      fail(`seoRecords[${index}].fields.${name}`, `SEO record ${record.recordId}`, problem);
    }
  });
}

const messageProblem = (message: string | null): LimitProblem | null => (message === null ? null : { path: '', message });

/** Every text field named `url` in a body (within its limits), with its place: the links a sheet shows (spec §3.1). */
function urlFieldsOf(body: Record<string, unknown>, place: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  const pending: Array<[unknown, string]> = [[body, place]];
  while (pending.length > 0) {
    const [value, at] = pending.pop() as [unknown, string];
    if (value === null || typeof value !== 'object') continue;
    for (const [key, entry] of Object.entries(value)) {
      const next = Array.isArray(value) ? `${at}[${key}]` : `${at}.${key}`;
      if (key === 'url' && typeof entry === 'string') found.push([next, entry]);
      else pending.push([entry, next]);
    }
  }
  return found.sort(([a], [b]) => a.localeCompare(b));
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

function checkReferences(problems: string[], records: Records, known: KnownRecords): void {
  const fail = (path: string, message: string) => problems.push(`${path}: ${message}`);
  const siteIds = new Set([...known.siteIds, ...present(records.sites).map((site) => site.id)]);
  const types = new Set([...known.contentTypes, ...present(records.contentTypes).map((type) => type.fullyQualifiedName)]);
  const keys = new Set([...known.contentKeys, ...present(records.contents).map((content) => content.contentKey)]);
  /** A value two records of a list may not share: reported at the second, naming the first. */
  const once = <T>(list: Array<T | undefined>, valueOf: (item: T) => string | null, describe: (item: T) => string, path: string) => {
    const seen = new Map<string, number>();
    each(list, (item, index) => {
      const value = valueOf(item);
      if (value === null) return;
      const first = seen.get(value);
      if (first !== undefined) fail(`${path}[${index}]`, `${describe(item)} is also that of ${path}[${first}]`);
      else seen.set(value, index);
    });
  };
  once(
    records.sites,
    (site) => site.id,
    (site) => `the id ${site.id}`,
    'sites',
  );
  once(
    records.contents,
    (content) => content.contentKey,
    (content) => `the content key ${content.contentKey}`,
    'contents',
  );
  once(
    records.contents,
    (content) => content.id,
    (content) => `the id ${content.id}`,
    'contents',
  );
  once(
    records.collections,
    (collection) => collection.collectionKey,
    (collection) => `the collection key ${collection.collectionKey}`,
    'collections',
  );
  once(
    records.fileAssets,
    (asset) => `${asset.assetId} v${asset.version}`,
    (asset) => `the asset ${asset.assetId} v${asset.version}`,
    'fileAssets',
  );
  once(
    records.seoRecords,
    (record) => `${record.siteId}/${record.recordId}`,
    (record) => `the record ${record.recordId}`,
    'seoRecords',
  );
  each(records.contents, (content, index) => {
    const owner = known.keyOfContentId.get(content.id);
    // A content already in the store keeps its own id whatever the file says; a new one may not take another's.
    if (owner !== undefined && owner !== content.contentKey && !known.contentKeys.has(content.contentKey)) {
      fail(`contents[${index}].id`, `is the id of another content (${owner}) in the store`);
    }
    if (!siteIds.has(content.siteId)) fail(`contents[${index}].siteId`, `names the site ${content.siteId}, which is neither in the file nor in the store`);
    if (!types.has(content.type)) fail(`contents[${index}].type`, `names the content type ${content.type}, which is neither in the file nor in the store`);
  });
  each(records.collections, (collection, index) => {
    if (!siteIds.has(collection.siteId))
      fail(`collections[${index}].siteId`, `names the site ${collection.siteId}, which is neither in the file nor in the store`);
    if (!types.has(collection.itemType))
      fail(`collections[${index}].itemType`, `names the content type ${collection.itemType}, which is neither in the file nor in the store`);
    collection.items.forEach((key, position) => {
      if (!keys.has(key)) fail(`collections[${index}].items[${position}]`, `names the content ${key}, which is neither in the file nor in the store`);
    });
    if (new Set(collection.items).size !== collection.items.length) fail(`collections[${index}].items`, 'lists a content more than once');
  });
  each(records.seoRecords, (record, index) => {
    if (!siteIds.has(record.siteId)) fail(`seoRecords[${index}].siteId`, `names the site ${record.siteId}, which is neither in the file nor in the store`);
  });
  checkUniqueValues(fail, records, known, once);
}

/**
 * Values the store keeps unique (a content's URL name within its site, a collection's id, a site's
 * URL name and channel and community ids, an SEO alias within its site) may not be taken by
 * another record, in the file or in the store, so the write cannot fail part-way on them. A record
 * the file also updates counts with the value the file gives it.
 */
function checkUniqueValues(
  fail: (path: string, message: string) => void,
  records: Records,
  known: KnownRecords,
  once: <T>(list: Array<T | undefined>, valueOf: (item: T) => string | null, describe: (item: T) => string, path: string) => void,
): void {
  once(
    records.contents,
    (content) => urlNameSlot(content.siteId, content.urlName),
    (content) => `the URL name ${content.urlName}`,
    'contents',
  );
  once(
    records.collections,
    (collection) => collection.id,
    (collection) => `the id ${collection.id}`,
    'collections',
  );
  once(
    records.seoRecords,
    (record) => (record.urlAlias === null ? null : urlNameSlot(record.siteId, record.urlAlias)),
    (record) => `the URL alias ${record.urlAlias}`,
    'seoRecords',
  );

  const contents = present(records.contents);
  const contentUrlNameInFile = new Map(contents.map((content) => [content.contentKey, urlNameSlot(content.siteId, content.urlName)]));
  each(records.contents, (content, index) => {
    const slot = urlNameSlot(content.siteId, content.urlName);
    const owner = known.keyOfContentUrlName.get(slot);
    if (owner !== undefined && owner !== content.contentKey && (contentUrlNameInFile.get(owner) ?? slot) === slot) {
      fail(`contents[${index}].urlName`, `${content.urlName} is the URL name of another content (${owner}) in the store`);
    }
  });
  each(records.collections, (collection, index) => {
    const owner = known.keyOfCollectionId.get(collection.id);
    if (owner !== undefined && owner !== collection.collectionKey) fail(`collections[${index}].id`, `is the id of another collection (${owner}) in the store`);
  });
  const siteValuesInFile = new Map(present(records.sites).map((site) => [site.id, new Set(siteSlots(site))]));
  each(records.sites, (site, index) => {
    for (const value of siteSlots(site)) {
      const owner = known.siteOfUniqueValue.get(value);
      if (owner !== undefined && owner !== site.id && (siteValuesInFile.get(owner)?.has(value) ?? true))
        fail(`sites[${index}]`, `its ${value} is that of another site (${owner}) in the store`);
    }
  });
  const aliasInFile = new Map(present(records.seoRecords).map((record) => [`${record.siteId}/${record.recordId}`, record.urlAlias]));
  each(records.seoRecords, (record, index) => {
    if (record.urlAlias === null) return;
    const owner = known.recordOfAlias.get(urlNameSlot(record.siteId, record.urlAlias));
    const ownerKey = `${record.siteId}/${owner}`;
    if (owner !== undefined && owner !== record.recordId && (aliasInFile.has(ownerKey) ? aliasInFile.get(ownerKey) === record.urlAlias : true)) {
      fail(`seoRecords[${index}].urlAlias`, `${record.urlAlias} is the URL alias of another SEO record (${owner}) in the store`);
    }
  });
}
