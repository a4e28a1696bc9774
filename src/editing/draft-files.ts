/**
 * The files a draft refers to before the site shows them (an uploaded image or PDF, a PDF's first
 * page): kept by their digest in the transaction that saves the draft, and read back by it for the
 * studio's previews and shared preview links.
 */
import type { ContentStore } from '../cms/database';
import { saveBlob } from '../cms/repositories/editing';

/** A file's bytes with what its checks found (its text, for search), to keep in the transaction that saves the draft naming it. */
export const blobOf = (bytes: Buffer, sha256: string, mimeType: string, text: string | null) => (trx: ContentStore) =>
  saveBlob(trx, { sha256, mime_type: mimeType, byte_size: bytes.length, bytes, text, created_at: new Date().toISOString() });

// A file by its digest, a draft's or the site's: what the studio's previews show; and the sheet
// whose document a file already is (a PDF sent twice makes no second sheet).
export { findSheetWithDocument, findStoredFile } from '../cms/repositories/editing';
