import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyOfTexts, documentOfPath, referencesOf } from './body';
import { documentEntriesOf, documentLinkFor, documentSetOf, storedDocumentSet, withDocumentDefaults } from './documents';
import { DOCUMENT_KINDS, type SetDocument, type SheetDocument, type SheetState } from './shape';

const path = (assetId: string, version: number) => `/sfsites/c/file-asset/${assetId}?v=${version}`;

const file = (assetId: string, version = 1): SheetDocument => ({
  assetId,
  version,
  sha256: assetId
    .padEnd(64, '0')
    .slice(0, 64)
    .replace(/[^0-9a-f]/g, 'a'),
  fileName: `${assetId}.pdf`,
  mimeType: 'application/pdf',
  byteSize: 1000 + version,
});

const sheet = (document: SheetDocument | null, documents: SetDocument[] | undefined, urls: Record<string, string>): SheetState => ({
  id: 'a'.repeat(18),
  contentKey: `MC${'A'.repeat(26)}`,
  siteId: 'b'.repeat(18),
  urlName: 'tma',
  primaryLanguage: 'en_US',
  createdAt: '2026-01-01T00:00:00.000Z',
  collectionId: null,
  translations: Object.fromEntries(Object.entries(urls).map(([language, url]) => [language, { title: `TMA ${language}`, description: '', url, imageAlt: '' }])),
  image: null,
  document,
  ...(documents === undefined ? {} : { documents }),
  seo: null,
});

/** What the store reads back from a sheet's bodies, its files found by path. */
async function readBack(state: SheetState) {
  const translations = Object.entries(state.translations).map(([language, texts]) => ({ language, title: texts.title, body: bodyOfTexts(state, texts) }));
  const { documentPath, documentEntries } = referencesOf(translations, state.primaryLanguage);
  const files = [state.document, ...(state.documents ?? [])].filter((document) => document !== null);
  return documentSetOf(documentPath, documentEntries, async (url) => {
    const linked = documentOfPath(url);
    const found = files.find((document) => document.assetId === linked?.assetId && document.version === linked.version);
    return found === undefined ? null : file(found.assetId, found.version);
  });
}

describe('a sheet’s documents in its stored body', () => {
  it('keeps no list for a sheet with only its own document and nothing said of it, as sheets always were', () => {
    expect(storedDocumentSet(sheet(file('own'), undefined, { en_US: path('own', 1) }))).toBeNull();
    expect(storedDocumentSet(sheet(null, [], { en_US: '' }))).toBeNull();
  });

  it('lists its own document first, at its link, with the defaults a document without facts gets', () => {
    const german: SetDocument = { ...file('de'), kind: 'data-sheet', language: 'de_DE', url: path('de', 1) };
    const state = sheet(file('own'), [german], { en_US: path('own', 1), de_DE: path('de', 1) });
    expect(storedDocumentSet(state)).toEqual([
      { url: path('own', 1), kind: 'data-sheet', language: 'en_US', fileName: 'own.pdf', mimeType: 'application/pdf', byteSize: 1001 },
      { url: path('de', 1), kind: 'data-sheet', language: 'de_DE', fileName: 'de.pdf', mimeType: 'application/pdf', byteSize: 1001 },
    ]);
  });

  it('says what a document is when nothing was said, once the store lists it', () => {
    const german: SetDocument = { ...file('de'), url: path('de', 1) };
    const state = withDocumentDefaults(sheet(file('own'), [german], { en_US: path('own', 1) }));
    expect(state.document).toMatchObject({ kind: 'data-sheet', language: 'en_US' });
    expect(state.documents).toEqual([{ ...german, kind: 'data-sheet', language: 'en_US' }]);
    const alone = sheet(file('own'), undefined, { en_US: path('own', 1) });
    expect(withDocumentDefaults(alone)).toBe(alone);
  });

  it('reads its own document as the list’s first, whatever a language’s link goes to', async () => {
    const german: SetDocument = { ...file('de'), kind: 'data-sheet', language: 'de_DE', url: path('de', 1) };
    // The primary language's link goes to the German data sheet: the sheet's own is still its own.
    const state = withDocumentDefaults(sheet(file('own'), [german], { en_US: path('de', 1), de_DE: path('own', 1) }));
    const back = await readBack(state);
    expect(back.document?.assetId).toBe('own');
    expect(back.documents.map((document) => document.assetId)).toEqual(['de']);
  });

  it('reads only entries that are documents of this site, each once, and only facts a document can have', () => {
    const entries = documentEntriesOf({
      documents: [
        { url: path('a', 1), kind: 'data-sheet', language: 'de_DE', region: 'Germany', revision: '', revisedOn: 'soon' },
        { url: path('a', 1), kind: 'brochure' },
        { url: 'javascript:alert(1)', kind: 'data-sheet' },
        'not an entry',
        null,
        { url: path('b', 2), kind: 'poster', language: 'xx-yy', revision: 'Rev. 4', revisedOn: '2026-03-12' },
        { url: path('c', 1), revisedOn: '2026-02-30' },
      ],
    });
    expect(entries).toEqual([
      { url: path('a', 1), kind: 'data-sheet', language: 'de_DE' },
      { url: path('b', 2), revision: 'Rev. 4', revisedOn: '2026-03-12' },
      { url: path('c', 1) },
    ]);
    expect(documentEntriesOf({ documents: 'all of them' })).toEqual([]);
  });

  it('reads back every document and what was said of it, whatever the set holds (property)', async () => {
    const facts = fc.record(
      {
        kind: fc.constantFrom(...DOCUMENT_KINDS),
        language: fc.constantFrom('en_US', 'de_DE', 'fr_FR', 'it'),
        region: fc.constantFrom('DE', 'EU', 'FR'),
        revision: fc.stringMatching(/^[A-Za-z0-9. ]{1,10}$/).filter((text) => text.trim() !== ''),
        revisedOn: fc.constantFrom('2025-09-22', '2026-01-15', '2026-02-28'),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.option(facts, { nil: null }), fc.array(fc.tuple(facts, fc.integer({ min: 1, max: 5 })), { maxLength: 6 }), async (own, others) => {
        const documents = others.map(([said, version], index): SetDocument => ({
          ...file(`doc${index}`, version),
          ...said,
          url: path(`doc${index}`, version),
        }));
        // A set has its own document (sheets.ts refuses one without).
        const document = own === null && others.length === 0 ? null : { ...file('own'), ...own };
        // (An own document with nothing said is among the cases: `own` may be {}.)
        const state = sheet(document, documents, { en_US: document === null ? '' : path('own', 1), de_DE: '' });
        // A saved draft has its documents' defaults said (the editing model's normalising), and
        // reads back as it was saved.
        const saved = withDocumentDefaults(state);
        const back = await readBack(saved);
        expect(back.documents).toEqual(saved.documents);
        expect(back.document).toEqual(saved.document);
        expect(withDocumentDefaults(saved)).toBe(saved);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the link a reader gets', () => {
  const body = (url: string) => ({
    url,
    documents: [
      { url: path('own', 1), kind: 'data-sheet', language: 'en_US' },
      { url: path('de', 1), kind: 'data-sheet', language: 'de_DE' },
      { url: path('sds', 1), kind: 'safety-data-sheet', language: 'fr_FR' },
    ],
  });

  it('goes to the data sheet in the reader’s language when the set has one', () => {
    expect(documentLinkFor(body(path('own', 1)), 'de_DE')).toEqual({ url: path('de', 1), language: 'de_DE' });
    expect(documentLinkFor(body(path('de', 1)), 'de_DE')).toBeNull();
  });

  it('else stays, naming the language of the one it goes to; a safety data sheet is never a data sheet', () => {
    expect(documentLinkFor(body(path('own', 1)), 'fr_FR')).toEqual({ url: path('own', 1), language: 'en_US' });
    expect(documentLinkFor(body(path('sds', 1)), 'de_DE')).toBeNull();
  });

  it('leaves a link that is not to the set as it is', () => {
    expect(documentLinkFor(body('https://example.com/tma'), 'de_DE')).toBeNull();
    expect(documentLinkFor({ url: path('own', 1) }, 'de_DE')).toBeNull();
  });
});
