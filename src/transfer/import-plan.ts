/**
 * What an import would do, record by record and field by field, before it does it: the dry run of
 * `content import --dry-run` (and the comparison the studio's import shows). An import adds and
 * changes; it removes nothing, but for the sheets a file does not list when the operator asks for
 * that (`removeUnlisted`). Records the file carries unchanged are "left alone".
 */
import { createHash } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { listAllCollections, listCollectionItemKeys, listStoredCollectionTranslations } from '../cms/repositories/collections';
import { findDraft } from '../cms/repositories/editing';
import { listContentsByKeys, listStoredContentTypes, listStoredTranslations } from '../cms/repositories/contents';
import { listFileAssetVersions, listMediaInfo } from '../cms/repositories/files';
import { findSeoRecord } from '../cms/repositories/seo-records';
import { readReviewPolicy } from '../cms/repositories/reviews';
import { listSites } from '../cms/repositories/sites';
import { readStoredBody } from '../cms/stored-json';
import { IMAGE_CONTENT_TYPE } from '../shared/constants';
import { changesBetween, getAt, mergeDrafts, same } from '../shared/merge';
import { documentOfPath } from '../sheet/body';
import type { SheetState } from '../sheet/shape';
import { changedSheets, describeImport, resolveItems, type ImportOptions, type ImportProposal, type ManifestFiles } from './import-proposal';
import type { Manifest, ManifestCollection, ManifestContent } from './manifest';

export type PlanAction = 'add' | 'change' | 'remove' | 'keep';

export interface FieldChange {
  field: string;
  /** The stored value as text, or null when there is none. */
  before: string | null;
  after: string | null;
}

/** What kind of record an entry is about: an editor's import may not change a site or a content type. */
export type PlanKind = 'site' | 'content type' | 'sheet' | 'content' | 'document' | 'collection' | 'SEO record';

export interface PlanEntry {
  action: PlanAction;
  kind: PlanKind;
  /** The record, for a person: `sheet "TEOS" (teos)`, `collection "Literature Sheets"`. */
  record: string;
  /** Each field once, by its place in the sheet (`translations.de_DE.title`) or the record. */
  fields: FieldChange[];
  /** A sheet's id. */
  sheetId?: string;
  /**
   * A sheet with a draft: the fields the import carries into it too, and those the draft changed
   * itself (they stay the draft's, and the sheet needs the editor's choice).
   */
  draft?: { carried: string[]; conflicts: string[] };
}

export interface ImportPlan {
  entries: PlanEntry[];
  /** "4 sheets added, 6 changed": what the history will say. */
  summary: string;
  /** The sheets that go on the site when the import is applied, by title (new ones; changed ones show their changes at once too); none while review before publish is on. */
  live: string[];
  /** Review before publish is on: the changes go into the sheets' drafts, for review (import-into-drafts.ts), not on the site. */
  intoDrafts: boolean;
  /** What a person should know before applying (a CSV read as Windows-1252). */
  notes: string[];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const shown = (value: unknown): string | null => (value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value));

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

/** What applying a proposal would do, record by record and field by field; nothing is written. */
export async function planProposal(db: ContentStore, proposal: ImportProposal): Promise<ImportPlan> {
  const { records: manifest, files } = proposal;
  const options = { removeUnlisted: proposal.removeUnlisted };
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

  // One at a time: spread into push, the entries of 150,000 sheets would overflow the stack.
  for (const entry of await planSheets(db, proposal)) entries.push(entry);
  // A sheet's image shows under its sheet.
  const images = new Set(proposal.sheets.flatMap((sheet) => (sheet.target.image === null ? [] : [sheet.target.image.contentKey])));
  const contents = await planContents(
    db,
    manifest.contents.filter((content) => !images.has(content.contentKey)),
    files,
  );
  for (const entry of contents) entries.push(entry);

  // A sheet's documents show under its sheet: its own, and a language's, as the link that goes to it.
  const linked = new Set(
    proposal.sheets.flatMap((sheet) =>
      Object.values(sheet.target.translations).flatMap((texts) => {
        const document = documentOfPath(texts.url);
        return document === null ? [] : [`${document.assetId}@${document.version}`];
      }),
    ),
  );
  for (const asset of manifest.fileAssets) {
    if (linked.has(`${asset.assetId}@${asset.version}`)) continue;
    const stored = (await listFileAssetVersions(db, asset.assetId)).find((version) => version.version === asset.version);
    const bytes = files.get(asset.file);
    const fields =
      stored === undefined || bytes === undefined || sha256(bytes) === stored.sha256
        ? []
        : [{ field: 'file', before: `${stored.sha256.slice(0, 12)}…`, after: `${sha256(bytes).slice(0, 12)}… (${asset.fileName})` }];
    entries.push(entryOf('document', `document ${asset.assetId} v${asset.version} (${asset.fileName})`, stored !== undefined, fields));
  }

  const titles = new Map(proposal.sheets.map((sheet) => [sheet.target.contentKey, `"${titleOf(sheet.target)}"`]));
  for (const entry of await planCollections(db, manifest, options, titles)) entries.push(entry);

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
  const { summary } = describeImport(proposal);
  const changed = changedSheets(proposal);
  const intoDrafts = changed.length > 0 && (await readReviewPolicy(db)) !== 'off';
  const live = intoDrafts ? [] : changed.flatMap((sheet) => (sheet.base === null ? [titleOf(sheet.target)] : []));
  const notes = intoDrafts ? [...proposal.notes, INTO_DRAFTS] : proposal.notes;
  return { entries, summary, live, intoDrafts, notes };
}

const INTO_DRAFTS =
  'Review before publish is on: the changes go into the sheets’ drafts, each put up for review, and the site shows them once a reviewer approves a draft and it is published. Records other than sheets have no review: a file that changes them is refused.';

const titleOf = (state: SheetState) => state.translations[state.primaryLanguage]?.title ?? state.urlName;

/**
 * Each sheet the import adds or changes, with each field it changes once: a file as its name, a
 * new translation as a whole; with a draft, which changes go into the draft too and which fields
 * the draft changed itself.
 */
async function planSheets(db: ContentStore, proposal: ImportProposal): Promise<PlanEntry[]> {
  const entries: PlanEntry[] = [];
  const collectionTitles = new Map((await listAllCollections(db)).map((row) => [row.id, row.title]));
  for (const collection of proposal.records.collections) collectionTitles.set(collection.id, collection.title);
  for (const sheet of proposal.sheets) {
    const record = `sheet "${titleOf(sheet.target)}" (${sheet.target.urlName})`;
    if (sheet.base === null) {
      entries.push({ action: 'add', kind: 'sheet', record, sheetId: sheet.id, fields: [] });
      continue;
    }
    const changes = sheetChanges(sheet.base, sheet.target);
    const unlisted = proposal.removeUnlisted && sheet.target.collectionId === null && changes.length === 1 && changes[0]!.field === 'collectionId';
    if (unlisted) {
      const from = collectionTitles.get(sheet.base.collectionId ?? '') ?? 'its collection';
      entries.push({ action: 'remove', kind: 'collection', record: `${record}, off collection "${from}"`, sheetId: sheet.id, fields: [] });
      continue;
    }
    const entry: PlanEntry = { ...entryOf('sheet', record, true, changes), sheetId: sheet.id };
    const draft = changes.length === 0 ? undefined : await findDraft(db, 'sheet', sheet.id);
    if (draft !== undefined) {
      const ours = JSON.parse(draft.state) as SheetState;
      const { conflicts } = mergeDrafts(sheet.base, ours, sheet.target);
      const conflicting = new Set(conflicts.map((conflict) => conflict.path.join('.')));
      const theirs = changesBetween(sheet.base, sheet.target).map((change) => change.path.join('.'));
      // Carried: fields the import changes that the draft still has as the site had them.
      const carried = theirs.filter((field) => !conflicting.has(field) && same(getAt(ours, field.split('.')), getAt(sheet.base, field.split('.'))));
      if (!same(ours, sheet.base) || conflicting.size > 0)
        entry.draft = { carried: [...new Set(carried.map(shortField))], conflicts: [...conflicting].map(shortField) };
    }
    entries.push(entry);
  }
  return entries;
}

/** The files' own fields (digest, size, …) are one field each: the image, the document. */
const shortField = (field: string) => (/^(image|document)\./.test(field) ? field.split('.')[0]! : field);

/** Field by field, what changes from one sheet to another, each once, as a person reads it. */
export function sheetChanges(before: SheetState, after: SheetState): FieldChange[] {
  const seen = new Set<string>();
  const fields: FieldChange[] = [];
  for (const change of changesBetween(before, after)) {
    const field = shortField(change.path.join('.'));
    if (seen.has(field)) continue;
    seen.add(field);
    const path = field.split('.');
    fields.push({ field, before: shownOf(getAt(before, path)), after: shownOf(getAt(after, path)) });
  }
  return fields;
}

/** A sheet's value as the comparison shows it: texts as they are, files by name, a translation by its title. */
function shownOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(', ');
  const record = value as Record<string, unknown>;
  if (typeof record.fileName === 'string') return typeof record.version === 'number' ? `${record.fileName} (version ${record.version})` : record.fileName;
  if (typeof record.title === 'string') return `a translation, "${record.title}"`;
  return JSON.stringify(value);
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

async function planCollections(db: ContentStore, manifest: Manifest, options: ImportOptions, titles: ReadonlyMap<string, string>): Promise<PlanEntry[]> {
  const entries: PlanEntry[] = [];
  const stored = new Map((await listAllCollections(db)).map((row) => [row.collection_key, row]));
  const count = (items: number) => `${items} sheet${items === 1 ? '' : 's'}`;
  for (const collection of manifest.collections) {
    const row = stored.get(collection.collectionKey);
    const record = `collection "${collection.title}"`;
    if (row === undefined) {
      entries.push({ action: 'add', kind: 'collection', record, fields: [{ field: 'items', before: null, after: count(collection.items.length) }] });
      continue;
    }
    const storedItems = (await listCollectionItemKeys(db, row.id)).map((item) => item.contentKey);
    const items = resolveItems(storedItems, collection.items, options);
    const fields = differences({ title: row.title, metadata: JSON.parse(row.metadata) as unknown }, { title: collection.title, metadata: collection.metadata });
    fields.push(...(await translationChanges(db, row.id, collection)));
    const added = items.filter((key) => !storedItems.includes(key));
    const removed = storedItems.filter((key) => !items.includes(key));
    if (added.length > 0 || removed.length > 0)
      fields.push({
        field: 'items',
        before: count(storedItems.length),
        after: [
          count(items.length),
          added.length > 0 ? `${added.length} added: ${added.map((key) => titles.get(key) ?? key).join('; ')}` : '',
          removed.length > 0 ? `${removed.length} taken off` : '',
        ]
          .filter(Boolean)
          .join('; '),
      });
    const kept = items.filter((key) => storedItems.includes(key));
    if (kept.join() !== storedItems.filter((key) => items.includes(key)).join()) fields.push({ field: 'order', before: 'as stored', after: 'as in the file' });
    entries.push(entryOf('collection', record, true, fields));
    // The sheets it takes off show as sheets (planSheets).
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
