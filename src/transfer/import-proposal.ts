/**
 * What an import would do, worked out before it is done: a folder's manifest, a CSV and a
 * migration from the platform each become one proposal: the sheets as the import would leave them
 * (each beside the state it was worked out from), and the records that are not sheets (sites,
 * content types, topics, other contents, documents of a language, collections, SEO records of
 * other records), which are written as they are. import-plan.ts compares it with the store;
 * import-apply.ts does it.
 */
import type { ContentStore } from '../cms/database';
import { saveBlob } from '../cms/repositories/editing';
import { saveFileAsset } from '../cms/repositories/files';
import { publishedSheet } from '../editing/sheet-state';
import { SHEET_ADAPTER } from '../editing/sheets';
import type { Actor } from '../editing/audit';
import { EditingError, type SiteDates } from '../editing/editable';
import type { ImportedInto } from '../editing/imports';
import { documentText } from '../files/uploads';
import { same } from '../shared/merge';
import type { SheetState } from '../sheet/shape';
import type { Manifest } from './manifest';
import { unplaced } from '../shared/problems';

export interface ImportOptions {
  /** Take the sheets a collection holds and the file does not list off the collection. */
  removeUnlisted?: boolean;
}

/** The files a manifest names, by their path in the manifest. */
export type ManifestFiles = ReadonlyMap<string, Buffer>;

/**
 * A collection's items after an import: the file's, in its order, then (unless they are to be
 * removed) those the collection held and the file does not list, in their order.
 */
export function resolveItems(stored: string[], given: string[], { removeUnlisted = false }: ImportOptions): string[] {
  if (removeUnlisted) return given;
  const listed = new Set(given);
  return [...given, ...stored.filter((key) => !listed.has(key))];
}

/** A sheet as the import would leave it. */
export interface ProposedSheet {
  id: string;
  /** The sheet as the site had it when this was worked out; null for a sheet the import adds. */
  base: SheetState | null;
  target: SheetState;
  /** The dates the source gave it (a manifest's); none: dated when applied. */
  dates?: SiteDates;
}

/** Bytes a sheet names by digest, kept in the store before the sheet goes on the site. */
export interface ProposedFile {
  bytes: Buffer;
  mimeType: string;
  /** A document's text, for search; null for an image or a file without text; undefined: read when applying. */
  text: string | null | undefined;
}

export interface ImportProposal {
  /** The records that are not sheets, as a manifest; its collections' items are the order they end in. */
  records: Manifest;
  /** The files `records` names, by their path in it. */
  files: ManifestFiles;
  sheets: ProposedSheet[];
  /** The files the sheets name, by SHA-256. */
  blobs: ReadonlyMap<string, ProposedFile>;
  /** Take the sheets a collection holds and the file does not list off the collection. */
  removeUnlisted: boolean;
  /** What a person should know before applying (a CSV that was not UTF-8, say). */
  notes: string[];
}

export interface ApplyOptions {
  actor: Actor;
  /** Runs first under the editing lock: the caller's last word (the studio checks the store still matches what the editor was shown). */
  verify?: (trx: ContentStore) => Promise<void>;
  onProgress?: (done: number, total: number) => void;
  /** How long one step may hold the editing lock (tests make it short to take many steps). */
  stepMs?: number;
  /** Runs before each sheet step, told how many sheets are in: tests make other changes there, as editors would. */
  betweenSteps?: (applied: number) => Promise<void>;
  /**
   * Put the sheets on the site although review before publish is on: an operator's choice at the
   * command line (`--bypass-review`), which the audit log names (`content.import-bypassing-review`).
   */
  bypassReview?: boolean;
}

export interface AppliedImport {
  /** Names the import in the history; `content import --undo <id>` reverts it. */
  importId: string;
  /** "4 sheets added, 6 changed", as the history says it. */
  summary: string;
  added: number;
  changed: number;
  /** Sheets whose draft had changed a field the import changed too: they need the editor's choice. */
  needAttention: string[];
  /** Where its changes went: on the site, or (review before publish being on) into the drafts, for review. */
  into: ImportedInto;
}

/** The sheets a proposal changes, each with what changes: unchanged ones are left out. */
export function changedSheets(proposal: ImportProposal): ProposedSheet[] {
  return proposal.sheets.filter((sheet) => sheet.base === null || !same(sheet.base, sheet.target));
}

/** "4 sheets added, 6 changed" (or "0 changes"). */
export function describeImport(proposal: ImportProposal): { summary: string; added: number; changed: number } {
  const changed = changedSheets(proposal);
  const added = changed.filter((sheet) => sheet.base === null).length;
  const altered = changed.length - added;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const parts = [added > 0 ? `${plural(added, 'sheet')} added` : '', altered > 0 ? `${added > 0 ? altered : plural(altered, 'sheet')} changed` : ''].filter(
    Boolean,
  );
  return { summary: parts.length === 0 ? '0 changes' : parts.join(', '), added, changed: altered };
}

/**
 * Every document's text, by digest (search reads it), read before the transaction so that it stays
 * short: all asked at once, the PDF reader reading as many at a time as it may.
 */
export async function readTexts(proposal: ImportProposal): Promise<Map<string, string | null>> {
  const texts = new Map<string, string | null>();
  const unread = new Map<string, Uint8Array>();
  for (const [sha256, file] of proposal.blobs) {
    if ((file.text ?? null) !== null || file.mimeType !== 'application/pdf') texts.set(sha256, file.text ?? null);
    else unread.set(sha256, file.bytes);
  }
  for (const asset of proposal.records.fileAssets) {
    const bytes = proposal.files.get(asset.file);
    if (!texts.has(asset.sha256) && asset.mimeType === 'application/pdf' && bytes !== undefined) unread.set(asset.sha256, bytes);
  }
  const read = await Promise.all([...unread].map(async ([sha256, bytes]) => [sha256, await documentText(bytes)] as const));
  for (const [sha256, text] of read) texts.set(sha256, text);
  return texts;
}

/** Keeps the files the sheets name (by digest), with their texts, before any sheet names them on the site or in a draft. */
export async function saveProposedFiles(trx: ContentStore, proposal: ImportProposal, texts: ReadonlyMap<string, string | null>, at: string): Promise<void> {
  for (const [sha256, file] of proposal.blobs)
    await saveBlob(trx, {
      sha256,
      mime_type: file.mimeType,
      byte_size: file.bytes.length,
      bytes: file.bytes,
      text: texts.get(sha256) ?? null,
      created_at: at,
    });
}

/** Writes the documents of a language the proposal carries (each a version of its asset, with its bytes and text). */
export async function saveDocumentsOfLanguages(
  trx: ContentStore,
  proposal: ImportProposal,
  texts: ReadonlyMap<string, string | null>,
  onEach: () => void = () => {},
): Promise<void> {
  for (const asset of proposal.records.fileAssets) {
    const bytes = proposal.files.get(asset.file);
    if (bytes === undefined) throw new Error(`${asset.file}: is named but was not supplied`);
    await saveFileAsset(trx, { ...asset, bytes });
    await saveBlob(trx, {
      sha256: asset.sha256,
      mime_type: asset.mimeType,
      byte_size: bytes.length,
      bytes,
      text: texts.get(asset.sha256) ?? null,
      created_at: asset.createdAt,
    });
    onEach();
  }
}

/** Refused, naming them, when the site changed any of these sheets since the import was worked out: it never undoes a publish it did not see. */
export async function refuseMoved(db: ContentStore, changed: ProposedSheet[]): Promise<void> {
  const moved: string[] = [];
  for (const sheet of changed) if (!same(await publishedSheet(db, sheet.id), sheet.base)) moved.push(SHEET_ADAPTER.labelOf(sheet.target));
  if (moved.length > 0)
    throw new EditingError(
      `The site changed since this import was worked out (${moved.join('; ')}); nothing was changed. Compare again and apply.`,
      'conflict',
      { problems: unplaced(moved.map((title) => `${title}: changed on the site meanwhile`)) },
    );
}
