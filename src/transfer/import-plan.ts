/**
 * What an import would do, record by record and field by field, before it does it: the dry run of
 * `content import --dry-run` (and the comparison the studio's import shows). An import adds and
 * changes; it removes nothing, but for the sheets a file does not list when the operator asks for
 * that (`removeUnlisted`). Records the file carries unchanged are "left alone".
 */
import { createHash } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { listAllCollections, listCollectionItemKeys, listStoredCollectionTranslations } from '../cms/repositories/collections';
import { listContentsByKeys, listStoredContentTypes, listStoredTranslations, localizeContents } from '../cms/repositories/contents';
import { listFileAssetVersions, listMediaInfo } from '../cms/repositories/files';
import { findSeoRecord } from '../cms/repositories/seo-records';
import { listSites } from '../cms/repositories/sites';
import { readStoredBody } from '../cms/stored-json';
import { IMAGE_CONTENT_TYPE } from '../shared/constants';
import type { Manifest, ManifestCollection, ManifestContent } from './manifest';

export type PlanAction = 'add' | 'change' | 'remove' | 'keep';

export interface FieldChange {
  field: string;
  /** The stored value as text, or null when there is none. */
  before: string | null;
  after: string | null;
}

/** What kind of record an entry is about: an editor's import may not change a site or a content type. */
export type PlanKind = 'site' | 'content type' | 'content' | 'document' | 'collection' | 'SEO record';

export interface PlanEntry {
  action: PlanAction;
  kind: PlanKind;
  /** The record, for a person: `sheet "TEOS" (teos)`, `collection "Literature Sheets"`. */
  record: string;
  fields: FieldChange[];
}

export interface ImportPlan {
  entries: PlanEntry[];
}

export interface ImportOptions {
  /** Take the sheets a collection holds and the file does not list off the collection. */
  removeUnlisted?: boolean;
}

/** The files a manifest names, by their path in the manifest. */
export type ManifestFiles = ReadonlyMap<string, Buffer>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const shown = (value: unknown): string | null => (value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * A collection's items after an import: the file's, in its order, then (unless they are to be
 * removed) those the collection held and the file does not list, in their order.
 */
export function resolveItems(stored: string[], given: string[], { removeUnlisted = false }: ImportOptions): string[] {
  if (removeUnlisted) return given;
  const listed = new Set(given);
  return [...given, ...stored.filter((key) => !listed.has(key))];
}

/** Field-by-field differences of two flat records; only the fields `after` has, unless `all`. */
function differences(before: Record<string, unknown>, after: Record<string, unknown>, prefix = ''): FieldChange[] {
  return Object.entries(after).flatMap(([field, value]) => {
    const was = shown(before[field]);
    const is = shown(value);
    return was === is ? [] : [{ field: `${prefix}${field}`, before: was, after: is }];
  });
}

const entryOf = (kind: PlanKind, record: string, stored: boolean, fields: FieldChange[]): PlanEntry => ({
  action: !stored ? 'add' : fields.length > 0 ? 'change' : 'keep',
  kind,
  record,
  fields,
});

export function describeContent(content: Pick<ManifestContent, 'type' | 'urlName' | 'translations'>): string {
  const title = content.translations[0]?.title ?? content.urlName;
  return content.type === IMAGE_CONTENT_TYPE ? `image "${title}" (${content.urlName})` : `sheet "${title}" (${content.urlName})`;
}

export async function planImport(db: ContentStore, manifest: Manifest, files: ManifestFiles, options: ImportOptions = {}): Promise<ImportPlan> {
  const entries: PlanEntry[] = [];
  const sites = new Map((await listSites(db)).map((site) => [site.id, site]));
  for (const site of manifest.sites) {
    const stored = sites.get(site.id);
    const languages = (value: typeof site) => value.languages.map((entry) => `${entry.language}${entry.active ? '' : ' (inactive)'}`).join(', ');
    const fields =
      stored === undefined
        ? []
        : differences({ ...stored, languages: languages(stored) }, { name: site.name, urlName: site.urlName, defaultLanguage: site.defaultLanguage });
    const added = site.languages.filter((entry) => !stored?.languages.some((known) => known.language === entry.language));
    if (stored !== undefined && added.length > 0)
      fields.push({ field: 'languages', before: languages(stored), after: `${languages(stored)}, ${added.map((entry) => entry.language).join(', ')}` });
    entries.push(entryOf('site', `site "${site.name}"`, stored !== undefined, fields));
  }

  const types = new Map((await listStoredContentTypes(db)).map((type) => [type.fullyQualifiedName, type]));
  for (const type of manifest.contentTypes) {
    const stored = types.get(type.fullyQualifiedName);
    const fields =
      stored === undefined
        ? []
        : differences({ name: stored.name, fields: JSON.parse(stored.fieldSchema) as unknown }, { name: type.name, fields: type.fields });
    entries.push(entryOf('content type', `content type ${type.fullyQualifiedName}`, stored !== undefined, fields));
  }

  entries.push(...(await planContents(db, manifest.contents, files)));

  for (const asset of manifest.fileAssets) {
    const stored = (await listFileAssetVersions(db, asset.assetId)).find((version) => version.version === asset.version);
    const bytes = files.get(asset.file);
    const fields =
      stored === undefined || bytes === undefined || sha256(bytes) === stored.sha256
        ? []
        : [{ field: 'file', before: `${stored.sha256.slice(0, 12)}…`, after: `${sha256(bytes).slice(0, 12)}… (${asset.fileName})` }];
    entries.push(entryOf('document', `document ${asset.assetId} v${asset.version} (${asset.fileName})`, stored !== undefined, fields));
  }

  entries.push(...(await planCollections(db, manifest, options)));

  for (const record of manifest.seoRecords) {
    const stored = await findSeoRecord(db, record.siteId, record.recordId);
    const flat = (value: typeof record | NonNullable<typeof stored>) => ({
      urlAlias: value.urlAlias,
      recordName: value.recordName,
      objectName: value.objectName,
      ...Object.fromEntries(Object.entries(value.fields).map(([field, text]) => [`fields.${field}`, text])),
      hrefLangUrls: value.hrefLangUrls,
      canonicalUrl: value.canonicalUrl,
      isSeoIndexed: value.isSeoIndexed,
    });
    entries.push(
      entryOf('SEO record', `SEO record ${record.recordId}`, stored !== undefined, stored === undefined ? [] : differences(flat(stored), flat(record))),
    );
  }
  return { entries };
}

async function planContents(db: ContentStore, contents: ManifestContent[], files: ManifestFiles): Promise<PlanEntry[]> {
  const stored = new Map(
    (
      await listContentsByKeys(
        db,
        contents.map((content) => content.contentKey),
      )
    ).map((row) => [row.content_key, row]),
  );
  const ids = [...stored.values()].map((row) => row.id);
  const translations = await listStoredTranslations(db, ids);
  const media = new Map((await listMediaInfo(db, ids)).map((row) => [row.content_id, row]));
  return contents.map((content) => {
    const row = stored.get(content.contentKey);
    if (row === undefined) return entryOf('content', describeContent(content), false, []);
    const fields: FieldChange[] = differences(
      { urlName: row.url_name, primaryLanguage: row.primary_language },
      { urlName: content.urlName, primaryLanguage: content.primaryLanguage },
    );
    for (const translation of content.translations) {
      const was = translations.find((candidate) => candidate.content_id === row.id && candidate.language === translation.language);
      if (was === undefined) {
        fields.push({ field: `${translation.language}`, before: null, after: `a new translation, "${translation.title}"` });
        continue;
      }
      // A stored body beyond the content limits is not written out (readStoredBody); the file's replaces it.
      const body = readStoredBody(was.body, `content ${content.contentKey} (${translation.language})`) ?? {};
      fields.push(...differences({ title: was.title, ...body }, { title: translation.title, ...translation.body }, `${translation.language} `));
    }
    const file = content.media === null ? undefined : files.get(content.media.file);
    const had = media.get(row.id);
    if (content.media !== null && file !== undefined && sha256(file) !== had?.sha256) {
      fields.push({ field: 'image file', before: had === undefined ? null : had.file_name, after: content.media.fileName });
    }
    return entryOf('content', describeContent(content), true, fields);
  });
}

async function planCollections(db: ContentStore, manifest: Manifest, options: ImportOptions): Promise<PlanEntry[]> {
  const entries: PlanEntry[] = [];
  const stored = new Map((await listAllCollections(db)).map((row) => [row.collection_key, row]));
  const titles = new Map(manifest.contents.map((content) => [content.contentKey, describeContent(content)]));
  for (const collection of manifest.collections) {
    const row = stored.get(collection.collectionKey);
    const record = `collection "${collection.title}"`;
    if (row === undefined) {
      entries.push({ action: 'add', kind: 'collection', record, fields: [{ field: 'items', before: null, after: `${collection.items.length} sheets` }] });
      continue;
    }
    const storedItems = (await listCollectionItemKeys(db, row.id)).map((item) => item.contentKey);
    const items = resolveItems(storedItems, collection.items, options);
    const fields = differences({ title: row.title, metadata: JSON.parse(row.metadata) as unknown }, { title: collection.title, metadata: collection.metadata });
    fields.push(...(await translationChanges(db, row.id, collection)));
    const added = items.filter((key) => !storedItems.includes(key));
    if (added.length > 0)
      fields.push({ field: 'items', before: null, after: `${added.length} added: ${added.map((key) => titles.get(key) ?? key).join('; ')}` });
    const kept = items.filter((key) => storedItems.includes(key));
    if (kept.join() !== storedItems.filter((key) => items.includes(key)).join()) fields.push({ field: 'order', before: 'as stored', after: 'as in the file' });
    entries.push(entryOf('collection', record, true, fields));
    const removed = storedItems.filter((key) => !items.includes(key));
    if (removed.length > 0) {
      const names = new Map((await localizeContents(db, await listContentsByKeys(db, removed), [])).map((content) => [content.content_key, content]));
      for (const key of removed) {
        const content = names.get(key);
        const label = content === undefined ? key : `sheet "${content.title}" (${content.url_name})`;
        entries.push({ action: 'remove', kind: 'collection', record: `${label}, off ${record}`, fields: [] });
      }
    }
  }
  return entries;
}

async function translationChanges(db: ContentStore, collectionId: string, collection: ManifestCollection): Promise<FieldChange[]> {
  const stored = await listStoredCollectionTranslations(db, collectionId);
  return collection.translations.flatMap((translation) => {
    const was = stored.find((candidate) => candidate.language === translation.language);
    if (was === undefined) return [{ field: translation.language, before: null, after: `a new translation, "${translation.title}"` }];
    return differences(
      { title: was.title, metadata: JSON.parse(was.metadata) as unknown },
      { title: translation.title, metadata: translation.metadata },
      `${translation.language} `,
    );
  });
}
