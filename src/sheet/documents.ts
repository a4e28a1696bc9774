/**
 * A sheet's documents as a set (docs/content-model.md, "Documents"): its own document, the one its
 * link goes to, and others (its data sheet in other languages, safety data sheets per country,
 * brochures), each with a kind, a language, an optional region, revision and revision date.
 *
 * The store keeps the set in every translation's body as `documents`, one entry per document with
 * its address (the delivery API serves it as it is): a sheet with only its own document and nothing
 * said about it keeps no entry, as sheets always did. The site reads entries through
 * `documentEntriesOf`, which drops what is not an entry, so a hand-edited body never breaks a page.
 */
import { DOCUMENT_KINDS, DOCUMENT_PATH, type DocumentKind, type SetDocument, type SheetDocument, type SheetState } from './shape';

/** A document as its sheet's body lists it. */
export interface DocumentEntry {
  url: string;
  kind: DocumentKind;
  language: string;
  region?: string;
  revision?: string;
  revisedOn?: string;
  fileName: string;
  mimeType: string;
  byteSize: number;
}

const FACTS = ['kind', 'language', 'region', 'revision', 'revisedOn'] as const;
type Facts = Pick<SheetDocument, (typeof FACTS)[number]>;

/** The sheet's own document and the set's others. */
export const documentsOf = (state: SheetState): SheetDocument[] => [...(state.document === null ? [] : [state.document]), ...(state.documents ?? [])];

/** Whether the editor said anything about a document beyond its file. */
const hasFacts = (document: SheetDocument) => FACTS.some((fact) => document[fact] !== undefined);

const documentSuffix = (document: SheetDocument) => `/c/file-asset/${encodeURIComponent(document.assetId)}?v=${document.version}`;

/** The link of the sheet's texts that goes to its own document, if one does. */
function ownDocumentUrl(state: SheetState): string | undefined {
  const document = state.document;
  if (document === null) return undefined;
  const links = [state.translations[state.primaryLanguage]?.url, ...Object.values(state.translations).map((texts) => texts.url)];
  return links.find((url): url is string => url !== undefined && DOCUMENT_PATH.test(url) && url.endsWith(documentSuffix(document)));
}

/** One entry of the stored set: the document's facts, with the defaults a document that has none gets. */
export function documentEntryOf(document: SheetDocument, url: string, primaryLanguage: string): DocumentEntry {
  return {
    url,
    kind: document.kind ?? 'data-sheet',
    language: document.language ?? primaryLanguage,
    ...(document.region === undefined ? {} : { region: document.region }),
    ...(document.revision === undefined ? {} : { revision: document.revision }),
    ...(document.revisedOn === undefined ? {} : { revisedOn: document.revisedOn }),
    fileName: document.fileName,
    mimeType: document.mimeType,
    byteSize: document.byteSize,
  };
}

/**
 * The sheet with what its documents are when nothing is said, said: a document of the set is a
 * data sheet in the sheet's primary language; so is its own once the store lists it (anything is
 * said of it, or the set has others). A saved draft is then what the store reads back.
 */
export function withDocumentDefaults(state: SheetState): SheetState {
  const defaults = { kind: 'data-sheet' as const, language: state.primaryLanguage };
  const others = state.documents ?? [];
  const own = state.document;
  const unsaid = (document: SheetDocument) => document.kind === undefined || document.language === undefined;
  const listsOwn = own !== null && (hasFacts(own) || others.length > 0);
  if (!(listsOwn && unsaid(own)) && !others.some(unsaid)) return state;
  return {
    ...state,
    document: listsOwn ? { ...defaults, ...own } : own,
    ...(state.documents === undefined ? {} : { documents: others.map((document) => ({ ...defaults, ...document })) }),
  };
}

/**
 * The set as the sheet's body stores it, its own document first; null when the sheet has only its
 * own document (or none) and nothing was said about it. Its own document is listed at the address
 * its link goes to; unlinked, it is not listed (it cannot be published so: sheets.ts).
 */
export function storedDocumentSet(state: SheetState): DocumentEntry[] | null {
  const others = state.documents ?? [];
  if (others.length === 0 && (state.document === null || !hasFacts(state.document))) return null;
  const ownUrl = ownDocumentUrl(state);
  const own = state.document === null || ownUrl === undefined ? [] : [documentEntryOf(state.document, ownUrl, state.primaryLanguage)];
  return [...own, ...others.map((document) => documentEntryOf(document, document.url, state.primaryLanguage))];
}

/** The facts an entry of a stored body gives, each only when it is one a document can have. */
function factsOfEntry(entry: Record<string, unknown>): Facts {
  const facts: Facts = {};
  if (typeof entry.kind === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(entry.kind)) facts.kind = entry.kind as DocumentKind;
  if (typeof entry.language === 'string' && /^[a-z]{2,3}(?:_[A-Z]{2})?$/.test(entry.language)) facts.language = entry.language;
  if (typeof entry.region === 'string' && /^[A-Z]{2}$/.test(entry.region)) facts.region = entry.region;
  if (typeof entry.revision === 'string' && entry.revision.trim() !== '' && entry.revision.length <= 40) facts.revision = entry.revision;
  if (typeof entry.revisedOn === 'string' && isCalendarDate(entry.revisedOn)) facts.revisedOn = entry.revisedOn;
  return facts;
}

/** What an entry says of its document, without its address. */
export const factsOnly = (entry: Facts & { url?: string }): Facts =>
  Object.fromEntries(Object.entries(entry).filter(([name, value]) => name !== 'url' && value !== undefined)) as Facts;

/**
 * What a document's next revision keeps of what was said of it: what it is (kind, language,
 * region), not its revision and date, which are the new file's to be told. Nothing for a first one.
 */
export function factsOfNextRevision(document: SheetDocument | null): Facts {
  if (document === null) return {};
  const { kind, language, region } = factsOnly(document);
  return factsOnly({ kind, language, region });
}

/** The entries of a stored body's `documents` that are documents of this site: url and facts, in order, once per address. */
export function documentEntriesOf(body: Record<string, unknown>): Array<{ url: string } & Facts> {
  const list = Array.isArray(body.documents) ? (body.documents as unknown[]) : [];
  const seen = new Set<string>();
  return list.flatMap((entry) => {
    if (entry === null || typeof entry !== 'object') return [];
    const url = (entry as { url?: unknown }).url;
    if (typeof url !== 'string' || !DOCUMENT_PATH.test(url) || seen.has(url)) return [];
    seen.add(url);
    return [{ url, ...factsOfEntry(entry as Record<string, unknown>) }];
  });
}

/**
 * The sheet's own document and the set's others, with what the body's entries say of each. A
 * stored set lists its own document first (a set has one: sheets.ts), whatever its languages' links
 * go to; a sheet without a list has the document its link, `documentPath`, leads to. `fileOf` finds
 * a path's file (the store's, an import's); an entry whose file it cannot find is left out.
 */
export async function documentSetOf(
  documentPath: string,
  entries: ReturnType<typeof documentEntriesOf>,
  fileOf: (path: string) => Promise<SheetDocument | null>,
): Promise<{ document: SheetDocument | null; documents: SetDocument[] }> {
  const [ownEntry, ...others] = entries;
  const ownFile = await fileOf(ownEntry?.url ?? documentPath);
  const own = ownFile === null || ownEntry === undefined ? ownFile : { ...ownFile, ...factsOnly(ownEntry) };
  const documents: SetDocument[] = [];
  for (const entry of others) {
    const file = await fileOf(entry.url);
    if (file !== null && file.assetId !== own?.assetId && !documents.some((other) => other.assetId === file.assetId))
      documents.push({ ...file, ...factsOnly(entry), url: entry.url });
  }
  return { document: own, documents };
}

/** Whether a text is a date of the calendar, written YYYY-MM-DD (30 February is none). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Where a sheet's link should lead a reader of `language`: to the set's data sheet in that
 * language when the link goes to a data sheet of the set in another one. Null when it stays.
 */
export function documentLinkFor(body: Record<string, unknown>, language: string): { url: string; language: string } | null {
  const url = typeof body.url === 'string' ? body.url : '';
  const entries = documentEntriesOf(body);
  const linked = entries.find((entry) => entry.url === url);
  if (linked === undefined || (linked.kind ?? 'data-sheet') !== 'data-sheet') return null;
  const own = entries.find((entry) => (entry.kind ?? 'data-sheet') === 'data-sheet' && entry.language === language);
  if (own !== undefined) return own.url === url ? null : { url: own.url, language };
  return linked.language === undefined ? null : { url, language: linked.language };
}
