/**
 * Literature sheets in the editing model: the adapter that tells the editing engine how a sheet is
 * read from and written to the site (sheet-state.ts), the checks a saved sheet must pass beyond its
 * schema, and making a new sheet.
 */
import { randomBytes } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { LITERATURE_CONTENT_TYPE } from '../cms/content-types';
import { findCollectionById, listCollectionsOfType } from '../cms/repositories/collections';
import { findPrimarySite, findSiteById } from '../cms/repositories/sites';
import { findRecordIdByAlias } from '../cms/repositories/seo-records';
import { findContentById, findContentIdsByKeys, isMentionedByOtherContent, listContentsByUrlNames } from '../cms/repositories/contents';
import { findFileAssetInfo } from '../cms/repositories/files';
import { findBlobInfo, findOffSiteSheet } from '../cms/repositories/editing';
import { listTopics } from '../cms/repositories/topics';
import { notTopics } from '../shared/topics';
import { MANAGED_CONTENT_ID_PREFIX, RASTER_IMAGE_TYPES } from '../shared/constants';
import { contentKeyFromBytes, idFromBytes } from '../shared/ids';
import { linkProblem } from '../shared/links';
import { distinctProblems, problemAt, type Problem } from '../shared/problems';
import { urlNameOf } from '../shared/url-name';
import { findSheetType } from '../cms/repositories/content-types';
import { findOldAddressOwner } from '../cms/repositories/old-addresses';
import { missingValues, valueProblems } from '../content-model/sheet-values';
import { EditingError, type KindAdapter } from './editable';
import { SheetStateSchema, type SheetDocument, type SheetState, type SheetTexts } from '../sheet/shape';
import { keepSheetFiles, publishedSheet, putOnSite, takeOffSite } from './sheet-state';
import { documentOfPath } from '../sheet/body';
import { sheetLimitProblems } from '../sheet/limits';
import { documentsOf, isCalendarDate, withDocumentDefaults } from '../sheet/documents';
import { createEditor } from './editor';
import type { TranslatedTexts } from './translation-marks';

const prefixed = (prefix: string, record: Record<string, string>) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [`${prefix}${key}`, value]));

/**
 * What a sheet must satisfy beyond its schema, checked at every save and again at publish: texts
 * and links; names unique in the site; topics the site has; values as their fields read them, within
 * the content limits a stored body keeps (sheet/limits.ts); and files that are the sheet's own. An
 * image or document that is not the one the sheet already has must be new to the store (an id, key
 * or asset another content uses would overwrite it), a published document version is never
 * replaced, and a file's type and size are its stored bytes', never what the client says.
 */
async function sheetProblems(db: ContentStore, state: SheetState, current: SheetState): Promise<Problem[]> {
  const problems: Problem[] = [];
  if (state.translations[state.primaryLanguage] === undefined)
    problems.push(problemAt('translations', `must hold the primary language, ${state.primaryLanguage}`));
  for (const [language, texts] of Object.entries(state.translations)) {
    if (texts.title.trim() === '') problems.push(problemAt(`translations.${language}.title`, 'must not be empty'));
    for (const [field, value] of [
      ['url', texts.url],
      ['extra.url', texts.extra?.url],
    ] as const) {
      const link = typeof value !== 'string' || value === '' ? null : linkProblem(value);
      if (link !== null) problems.push(problemAt(`translations.${language}.${field}`, link));
    }
  }
  problems.push(...(await nameClashes(db, state)));
  if (state.collectionId !== null && (await findCollectionById(db, state.collectionId))?.site_id !== state.siteId)
    problems.push(problemAt('collectionId', `there is no collection ${state.collectionId} in the sheet's site`));
  // The site would pass over such an address for the page's own (docs/seo.md): said now instead.
  const addresses = Object.entries({ canonicalUrl: state.seo?.canonicalUrl ?? null, ...prefixed('hrefLangUrls.', state.seo?.hrefLangUrls ?? {}) });
  for (const [field, address] of addresses) {
    const problem = address === null || address === '' ? null : linkProblem(address);
    if (problem !== null) problems.push(problemAt(`seo.${field}`, problem));
  }
  problems.push(...(await topicProblems(db, state)));
  problems.push(...valueProblems(await findSheetType(db), state, current));
  problems.push(...sheetLimitProblems(state));
  if (state.image !== null) problems.push(...(await imageProblems(db, state, current)));
  problems.push(...(await documentSetProblems(db, state, current)));
  // A text too long is its field's problem and a limit's alike: said once.
  return distinctProblems(problems);
}

/**
 * The names the site keeps unique that a sheet would take from another: its URL name, its
 * address alias. Checked when a draft is saved and again whenever a sheet goes on the site, an
 * import's or an undo's included (the site may have changed since).
 */
async function nameClashes(db: ContentStore, state: SheetState): Promise<Problem[]> {
  const problems: Problem[] = [];
  const sameName = (await listContentsByUrlNames(db, state.siteId, [state.urlName])).filter((content) => content.id !== state.id);
  if (sameName.length > 0) problems.push(problemAt('urlName', `"${state.urlName}" is taken by another content of the site`));
  const movedFrom = await findOldAddressOwner(db, state.siteId, state.urlName);
  if (movedFrom !== undefined && movedFrom !== state.id)
    problems.push(problemAt('urlName', `"${state.urlName}" was another sheet's address (it may still lead there); choose another`));
  const alias = state.seo?.urlAlias ?? null;
  const aliasOf = alias === null ? undefined : await findRecordIdByAlias(db, state.siteId, alias);
  if (aliasOf !== undefined && aliasOf !== state.id) problems.push(problemAt('seo.urlAlias', `"${alias}" is another record's address in the site`));
  return problems;
}

/**
 * A sheet names only topics its site has: a topic page, the delivery API's topic filter and the
 * studio's checkboxes know no other, so an unknown slug (a typo, a topic since removed) would be
 * kept where nobody could find it.
 */
async function topicProblems(db: ContentStore, state: SheetState): Promise<Problem[]> {
  if (state.topics === undefined || state.topics.length === 0) return [];
  const known = new Set((await listTopics(db, state.siteId)).map((topic) => topic.slug));
  const unknown = state.topics.filter((slug) => !known.has(slug));
  if (unknown.length === 0) return [];
  return [problemAt('topics', `${notTopics(unknown)} of the sheet's site`)];
}

async function fileProblems(db: ContentStore, what: string, file: { sha256: string; mimeType: string; byteSize: number }): Promise<Problem[]> {
  const blob = await findBlobInfo(db, file.sha256);
  if (blob === undefined) return [problemAt(what, 'its file was never uploaded')];
  if (blob.mime_type !== file.mimeType || Number(blob.byte_size) !== file.byteSize)
    return [problemAt(what, `its type and size are those of its file (${blob.mime_type}, ${blob.byte_size} bytes)`)];
  return [];
}

async function imageProblems(db: ContentStore, state: SheetState, current: SheetState): Promise<Problem[]> {
  const image = state.image!;
  const problems = await fileProblems(db, 'image', image);
  if (image.sha256 !== current.image?.sha256 && !RASTER_IMAGE_TYPES.has(image.mimeType))
    problems.push(problemAt('image', `${image.mimeType} is not an image type the site accepts`));
  const own = current.image !== null && image.contentId === current.image.contentId && image.contentKey === current.image.contentKey;
  if (!own) {
    const taken = (await findContentById(db, image.contentId)) !== undefined || (await findContentIdsByKeys(db, [image.contentKey])).size > 0;
    if (taken) problems.push(problemAt('image', 'its content id or key belongs to another content'));
  }
  if (image.urlName !== current.image?.urlName || !own) {
    const sameName = (await listContentsByUrlNames(db, state.siteId, [image.urlName])).filter((content) => content.id !== image.contentId);
    if (sameName.length > 0) problems.push(problemAt('image.urlName', `"${image.urlName}" is taken by another content of the site`));
  }
  return problems;
}

/**
 * The sheet's own document and each of its set: each checked as a file of the sheet's own (against
 * the document of the same asset the sheet had), each asset once, each at the address of its version.
 */
async function documentSetProblems(db: ContentStore, state: SheetState, current: SheetState): Promise<Problem[]> {
  const had = [current.document, ...(current.documents ?? [])];
  const listed: Array<[string, SheetDocument]> = [
    ...(state.document === null ? [] : [['document', state.document] as [string, SheetDocument]]),
    ...(state.documents ?? []).map((document, index): [string, SheetDocument] => [`documents[${index}]`, document]),
  ];
  const problems: Problem[] = [];
  // The store lists a set with the sheet's own document first (sheet/documents.ts).
  if (state.document === null && (state.documents ?? []).length > 0)
    problems.push(problemAt('documents', 'the sheet needs its own document (its link’s) before others'));
  const seen = new Set<string>();
  for (const [what, document] of listed) {
    if (seen.has(document.assetId)) problems.push(problemAt(what, `the sheet has the document ${document.assetId} already`));
    seen.add(document.assetId);
    problems.push(...(await documentProblems(db, state.id, what, document, had.find((other) => other?.assetId === document.assetId) ?? null)));
    // The schema knows a date's form; a calendar knows 30 February is none.
    if (document.revisedOn !== undefined && !isCalendarDate(document.revisedOn))
      problems.push(problemAt(`${what}.revisedOn`, 'must be a date, written 2026-03-12'));
  }
  for (const [index, document] of (state.documents ?? []).entries()) {
    const linked = documentOfPath(document.url);
    if (linked?.assetId !== document.assetId || linked.version !== document.version)
      problems.push(problemAt(`documents[${index}].url`, `must be the address of version ${document.version} of ${document.assetId}`));
  }
  return problems;
}

async function documentProblems(db: ContentStore, sheetId: string, what: string, document: SheetDocument, current: SheetDocument | null): Promise<Problem[]> {
  const problems = await fileProblems(db, what, document);
  if (document.sha256 !== current?.sha256 && document.mimeType !== 'application/pdf') problems.push(problemAt(what, 'must be a PDF'));
  // A published asset is another's when another content links it (one this sheet had, and removed
  // in its draft, stays its own: a restored version may bring it back).
  if (current === null && (await isMentionedByOtherContent(db, `/file-asset/${encodeURIComponent(document.assetId)}?`, sheetId)))
    problems.push(problemAt(what, `the asset ${document.assetId} belongs to another document`));
  const served = await findFileAssetInfo(db, document.assetId, document.version);
  if (served !== undefined && served.sha256 !== document.sha256)
    problems.push(problemAt(what, `version ${document.version} of ${document.assetId} is published already and never changes; upload a new version`));
  return problems;
}

/**
 * What a sheet needs on the site beyond a draft: an image needs words for those who cannot see it
 * (in the primary language), and a document must be what a link of the sheet goes to (the site
 * knows a sheet's document by its links; an unlinked one could never be taken off again).
 */
async function sheetReadiness(db: ContentStore, state: SheetState): Promise<Problem[]> {
  const missing = missingValues(await findSheetType(db), state);
  if (state.image !== null && (state.translations[state.primaryLanguage]?.imageAlt ?? '').trim() === '')
    missing.push(problemAt(`translations.${state.primaryLanguage}.imageAlt`, 'the image needs alternative text before it is published'));
  const document = state.document;
  if (
    document !== null &&
    !Object.values(state.translations).some((texts) => texts.url.includes(`/file-asset/${encodeURIComponent(document.assetId)}?v=${document.version}`))
  )
    missing.push(problemAt('document', "no language's link goes to it; link it (url) or remove it before publishing"));
  // A link to one of the sheet's documents goes to the version the sheet has (another would be gone, or never published).
  const versions = new Map(documentsOf(state).map((entry) => [entry.assetId, entry.version]));
  for (const [language, texts] of Object.entries(state.translations)) {
    const linked = documentOfPath(texts.url);
    const version = linked === null ? undefined : versions.get(linked.assetId);
    if (linked !== null && version !== undefined && version !== linked.version)
      missing.push(problemAt(`translations.${language}.url`, `goes to version ${linked.version} of a document of the sheet, which has version ${version}`));
  }
  return missing;
}

/** A language's texts a translator translates: the title, description, image text and the type's per-language text fields; not its link. */
function translatableTexts(texts: SheetTexts | undefined): Record<string, string> {
  if (texts === undefined) return {};
  const extra = Object.entries(texts.extra ?? {}).flatMap(([name, value]) => (typeof value === 'string' ? [[`extra.${name}`, value]] : []));
  return { title: texts.title, description: texts.description, imageAlt: texts.imageAlt, ...Object.fromEntries(extra) };
}

/** A sheet's texts: its primary language's, and each other language's (translation-marks.ts). */
export function sheetTextsOf(state: SheetState): TranslatedTexts {
  const { [state.primaryLanguage]: primary, ...others } = state.translations;
  return {
    source: translatableTexts(primary),
    translations: Object.fromEntries(Object.entries(others).map(([language, texts]) => [language, translatableTexts(texts)])),
  };
}

export const SHEET_ADAPTER: KindAdapter<SheetState> = {
  kind: 'sheet',
  auditType: 'sheet',
  schema: SheetStateSchema,
  published: publishedSheet,
  putOnSite: (trx, state, previous, at, dates) => putOnSite(trx, state, previous, at, dates),
  takeOffSite,
  fixed: ['id', 'contentKey', 'siteId', 'createdAt'],
  keepFiles: keepSheetFiles,
  problems: sheetProblems,
  clashes: nameClashes,
  // A sheet without topics is published without the field, so a draft's empty list is no change.
  // The state is otherwise as it came, its keys in their order (the studio compares drafts as JSON).
  // What a document is when nothing is said is said (sheet/documents.ts), as the store reads it back.
  normalize: (given) => {
    // An empty set is no set: the store keeps none.
    const state = withDocumentDefaults(given.documents?.length === 0 ? (({ documents: _documents, ...rest }) => rest)(given) : given);
    if (state.topics === undefined || state.topics.length > 0) return state;
    const rest = { ...state };
    delete rest.topics;
    return rest;
  },
  readiness: sheetReadiness,
  labelOf: (state) => state.translations[state.primaryLanguage]?.title ?? state.urlName,
  textsOf: sheetTextsOf,
  languagesOf: (state) => Object.keys(state.translations).sort(),
  siteOf: (state) => state.siteId,
};

export const sheets = createEditor(SHEET_ADAPTER);

export interface NewSheet {
  siteId: string;
  collectionId: string | null;
  primaryLanguage: string;
  texts: Pick<SheetTexts, 'title'> & Partial<SheetTexts>;
  urlName?: string;
}

/**
 * Where a new sheet goes when the editor does not say: the site named, or the store's primary
 * one; that site's literature collection; its default language.
 */
export async function newSheetPlace(db: ContentStore, request: { siteId?: string; collectionId?: string | null; language?: string }) {
  const site = request.siteId === undefined ? await findPrimarySite(db) : await findSiteById(db, request.siteId);
  if (site === undefined) throw new EditingError(request.siteId === undefined ? 'The store has no site yet' : `There is no site ${request.siteId}`, 'invalid');
  const collectionId =
    request.collectionId !== undefined
      ? request.collectionId
      : ((await listCollectionsOfType(db, LITERATURE_CONTENT_TYPE)).find((collection) => collection.site_id === site.id)?.id ?? null);
  return { siteId: site.id, collectionId, primaryLanguage: request.language ?? site.default_language };
}

/** Names tried after the title's own and its identifiers', before giving up: -2 … -99. */
const NUMBERED_NAMES = 98;

/**
 * A URL name for a new sheet that no sheet of the site has, had or holds in a draft or the trash
 * (issue 60, T10): the title's own ("hafnium-tetrachloride-hfcl4"); taken, the title's with an
 * identifier that tells the sheets apart (its CAS number, its product code: "…-10026-11-6"); then
 * numbered ("…-2").
 */
export async function freeUrlName(db: ContentStore, siteId: string, title: string, identifiers: readonly string[] = []): Promise<string> {
  const base = urlNameOf(title, 'sheet');
  const candidates = [
    base,
    ...identifiers
      .map((identifier) => urlNameOf(identifier, ''))
      .filter((part) => part !== '' && !base.endsWith(part))
      .map((part) => `${base}-${part}`),
    ...Array.from({ length: NUMBERED_NAMES }, (_, index) => `${base}-${index + 2}`),
  ];
  for (const name of new Set(candidates)) if (!(await isUrlNameTaken(db, siteId, name))) return name;
  return `${base}-${randomBytes(3).toString('hex')}`;
}

async function isUrlNameTaken(db: ContentStore, siteId: string, urlName: string): Promise<boolean> {
  return (
    (await listContentsByUrlNames(db, siteId, [urlName])).length > 0 ||
    (await findOldAddressOwner(db, siteId, urlName)) !== undefined ||
    (await findOffSiteSheet(db, siteId, { urlName })) !== undefined
  );
}

/** The state of a sheet that does not exist yet: new ids, one language, no image or document; its URL name from freeUrlName. */
export function newSheetState(request: NewSheet & { urlName: string }, now = new Date()): SheetState {
  return {
    id: idFromBytes(MANAGED_CONTENT_ID_PREFIX, randomBytes(16)),
    contentKey: contentKeyFromBytes(randomBytes(16)),
    siteId: request.siteId,
    urlName: request.urlName,
    primaryLanguage: request.primaryLanguage,
    createdAt: now.toISOString(),
    collectionId: request.collectionId,
    translations: { [request.primaryLanguage]: { description: '', url: '', imageAlt: '', ...request.texts } },
    image: null,
    document: null,
    seo: null,
  };
}
