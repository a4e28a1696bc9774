/**
 * Seeds the demo site into an empty content store: one site, its literature collection, and for
 * every catalogue entry an image content with its illustration as a PNG (stored as an uploaded photo
 * is, so the page serves it through srcset and the resizer as it serves real content), a PDF file
 * asset generated from the entry, and the literature-sheet content that links them. Ids derive from
 * the entries' slugs, so every machine gets the same ids, keys and URLs.
 */
import { createHash } from 'node:crypto';
import {
  CHANNEL_ID_PREFIX,
  COMMUNITY_ID_PREFIX,
  IMAGE_CONTENT_TYPE,
  LITERATURE_PAGE_TITLE,
  MANAGED_CONTENT_ID_PREFIX,
  SITE_ID_PREFIX,
} from '../shared/constants';
import { contentKeyFromBytes, idFromBytes } from '../shared/ids';
import { IMAGE_TYPE, LITERATURE_CONTENT_TYPE, LITERATURE_SHEET_TYPE } from '../cms/content-types';
import { imageReference } from '../sheet/body';
import { fileAssetPath } from '../shared/urls';
import type { ContentStore } from '../cms/database';
import { saveCollection } from '../cms/repositories/collections';
import { saveContent, saveContentType } from '../cms/repositories/contents';
import { saveFileAsset, saveMedia } from '../cms/repositories/files';
import { saveDocumentText } from '../cms/repositories/editing';
import { saveSeoRecord } from '../cms/repositories/seo-records';
import { countSites, saveSite } from '../cms/repositories/sites';
import { DEMO_CATALOGUE, type CatalogueEntry } from './catalogue';
import { COLLECTION_TRANSLATIONS, DEMO_TRANSLATIONS, DEMO_TRANSLATION_LANGUAGES } from './translations';
import { renderIllustrationImage, type RasterIllustration } from './illustrations';
import { renderLiteratureDocument, renderSafetyDataSheet } from './literature-pdf';
import { DEMO_DOCUMENT_SET, DOCUMENT_SET_SLUG, type DemoDocument } from './documents';
import { documentEntryOf, type DocumentEntry } from '../sheet/documents';
import type { SheetDocument } from '../sheet/shape';
import { addSynonyms } from '../search/synonyms';
import { saveTopics } from '../cms/repositories/topics';
import { DEMO_TOPICS, demoTopicsOf } from './topics';
import { demoLanguageValues, demoSharedValues } from './values';

export { LITERATURE_CONTENT_TYPE };
export const DEMO_LANGUAGE = 'en_US' as const;

const seedBytes = (label: string) => createHash('sha256').update(`literature-sheets-demo:${label}`).digest();
const demoId = (prefix: string, label: string) => idFromBytes(prefix, seedBytes(label));
const demoKey = (label: string) => contentKeyFromBytes(seedBytes(label));

/** The ids the demo uses; tests and docs refer to them. */
export const DEMO_IDS = {
  siteId: demoId(SITE_ID_PREFIX, 'site'),
  channelId: demoId(CHANNEL_ID_PREFIX, 'channel'),
  communityId: demoId(COMMUNITY_ID_PREFIX, 'community'),
  collectionId: demoId(MANAGED_CONTENT_ID_PREFIX, 'collection'),
  collectionKey: demoKey('collection'),
  sheetKey: (slug: string) => demoKey(`sheet:${slug}`),
  imageKey: (slug: string) => demoKey(`image:${slug}`),
  assetId: (slug: string) => `literature-sheet-${slug}`,
};

export interface SeedOptions {
  platformSitesSegment: string;
  now?: Date;
  /** Called after each entry, for progress reporting. */
  onProgress?: (done: number, total: number) => void;
}

export interface SeedResult {
  seeded: boolean;
  items: number;
}

/** Seeds the demo only into a store that has no site yet; returns whether it did. */
export async function seedDemoContentIfEmpty(db: ContentStore, options: SeedOptions): Promise<SeedResult> {
  if ((await countSites(db)) > 0) return { seeded: false, items: 0 };
  await seedDemoContent(db, options);
  return { seeded: true, items: DEMO_CATALOGUE.length };
}

export async function seedDemoContent(db: ContentStore, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const timestamp = now.toISOString();
  // Documents and images are made before the transaction so that it stays short; sharp draws the
  // images on libuv's threads while the documents are written on this one.
  const [documents, images, setDocuments] = await Promise.all([
    Promise.all(DEMO_CATALOGUE.map((entry) => renderLiteratureDocument(entry, { generatedAt: now }))),
    Promise.all(DEMO_CATALOGUE.map((entry) => renderIllustrationImage(entry))),
    renderDocumentSet(now),
  ]);

  await db.transaction().execute(async (trx) => {
    await saveSite(trx, {
      id: DEMO_IDS.siteId,
      name: 'Literature Sheets',
      urlName: 'literature-sheets',
      channelId: DEMO_IDS.channelId,
      communityId: DEMO_IDS.communityId,
      defaultLanguage: DEMO_LANGUAGE,
      languages: [DEMO_LANGUAGE, ...DEMO_TRANSLATION_LANGUAGES].map((language) => ({ language, active: true })),
      createdAt: timestamp,
    });
    for (const type of [LITERATURE_SHEET_TYPE, IMAGE_TYPE]) await saveContentType(trx, type);

    await addSynonyms(trx, demoSynonyms());
    await saveTopics(trx, DEMO_IDS.siteId, DEMO_TOPICS);
    const sheetIds: string[] = [];
    for (const [index, entry] of DEMO_CATALOGUE.entries()) {
      const document = documents[index];
      const image = images[index];
      if (document === undefined || image === undefined) throw new Error(`No document or image was rendered for ${entry.slug}`);
      const others = entry.slug === DOCUMENT_SET_SLUG ? setDocuments : [];
      sheetIds.push(await saveEntry(trx, entry, document, image, others, options.platformSitesSegment, timestamp));
      options.onProgress?.(index + 1, DEMO_CATALOGUE.length);
    }

    const metadata = (description: string) => ({ description, isDemoData: true });
    await saveCollection(
      trx,
      {
        id: DEMO_IDS.collectionId,
        collectionKey: DEMO_IDS.collectionKey,
        siteId: DEMO_IDS.siteId,
        itemType: LITERATURE_CONTENT_TYPE,
        urlName: 'literature-sheets',
        title: LITERATURE_PAGE_TITLE,
        metadata: metadata('Demo data: literature sheets for CVD and ALD precursors and equipment, with properties, applications and packaging.'),
        primaryLanguage: DEMO_LANGUAGE,
        publishedAt: timestamp,
        translations: DEMO_TRANSLATION_LANGUAGES.map((language) => ({
          language,
          title: COLLECTION_TRANSLATIONS[language].title,
          metadata: metadata(COLLECTION_TRANSLATIONS[language].description),
        })),
      },
      sheetIds,
    );
  });
}

/**
 * Each demo chemical's names for search (docs/search.md): its abbreviation, its name (British
 * spelling too) and its formula, so that TMA, trimethylaluminium and Al(CH3)3 find the same sheet.
 */
export function demoSynonyms(): Record<string, string[]> {
  return Object.fromEntries(
    DEMO_CATALOGUE.flatMap(({ slug, chemical }) =>
      chemical === undefined
        ? []
        : [
            [
              `demo:${slug}`,
              [chemical.name, chemical.name.replace('aluminum', 'aluminium'), chemical.formula, ...(chemical.abbreviation ? [chemical.abbreviation] : [])],
            ],
          ],
    ),
  );
}

/** A document of the demo's set beyond its sheet's own, printed. */
type PrintedDocument = DemoDocument & { bytes: Buffer; text: string };

/** The demo set's documents beyond the sheet's own, printed in their languages. */
async function renderDocumentSet(now: Date): Promise<PrintedDocument[]> {
  const english = DEMO_CATALOGUE.find((entry) => entry.slug === DOCUMENT_SET_SLUG)!;
  return Promise.all(
    DEMO_DOCUMENT_SET.filter((document) => document.assetSuffix !== null).map(async (document) => {
      const { language, entry, safety } = document.printed;
      const options = { generatedAt: now, language };
      const printed =
        safety === undefined ? await renderLiteratureDocument(entry(english), options) : await renderSafetyDataSheet(entry(english), safety, options);
      return { ...document, ...printed };
    }),
  );
}

/** A demo document as a sheet holds it: version 1 of its asset, with what its editor says of it. */
function demoDocumentOf(assetId: string, bytes: Buffer, demo: DemoDocument): SheetDocument {
  const facts = {
    kind: demo.kind,
    language: demo.language,
    ...(demo.region === undefined ? {} : { region: demo.region }),
    revision: demo.revision,
    revisedOn: demo.revisedOn,
  };
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { assetId, version: 1, sha256, fileName: `${assetId}.pdf`, mimeType: 'application/pdf', byteSize: bytes.length, ...facts };
}

async function saveEntry(
  db: ContentStore,
  entry: CatalogueEntry,
  document: { bytes: Buffer; text: string },
  image: RasterIllustration,
  setDocuments: PrintedDocument[],
  segment: string,
  timestamp: string,
): Promise<string> {
  const imageId = demoId(MANAGED_CONTENT_ID_PREFIX, `image:${entry.slug}`);
  const imageKey = DEMO_IDS.imageKey(entry.slug);
  await saveDemoContent(db, {
    id: imageId,
    key: imageKey,
    type: IMAGE_CONTENT_TYPE,
    urlName: `${entry.slug}-image`,
    title: `${entry.title} image`,
    body: { title: `${entry.title} image`, altText: entry.altText },
    timestamp,
  });
  // As an upload is kept (editing/sheet-state.ts putOnSite): its file name, the type and size its
  // bytes have, and the bytes as they are.
  await saveMedia(db, imageId, {
    fileName: `${entry.slug}.png`,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    createdAt: timestamp,
  });

  const assetId = DEMO_IDS.assetId(entry.slug);
  await saveFileAsset(db, { assetId, version: 1, fileName: `${assetId}.pdf`, mimeType: 'application/pdf', bytes: document.bytes, createdAt: timestamp });
  await saveDocumentText(db, document.bytes, 'application/pdf', document.text, timestamp);
  // The sheet's set (demo/documents.ts): its own document first, then the others, each its own asset.
  const set: DocumentEntry[] = [];
  for (const other of setDocuments) {
    const otherId = `${assetId}-${other.assetSuffix}`;
    await saveFileAsset(db, {
      assetId: otherId,
      version: 1,
      fileName: `${otherId}.pdf`,
      mimeType: 'application/pdf',
      bytes: other.bytes,
      createdAt: timestamp,
    });
    await saveDocumentText(db, other.bytes, 'application/pdf', other.text, timestamp);
    set.push(documentEntryOf(demoDocumentOf(otherId, other.bytes, other), fileAssetPath(segment, otherId, 1), DEMO_LANGUAGE));
  }
  if (set.length > 0)
    set.unshift(documentEntryOf(demoDocumentOf(assetId, document.bytes, DEMO_DOCUMENT_SET[0]!), fileAssetPath(segment, assetId, 1), DEMO_LANGUAGE));
  /** A language's link: its data sheet in the set, else the sheet's own. */
  const linkIn = (language: string) =>
    set.find((other) => other.kind === 'data-sheet' && other.language === language)?.url ?? fileAssetPath(segment, assetId, 1);

  const sheetId = demoId(MANAGED_CONTENT_ID_PREFIX, `sheet:${entry.slug}`);
  const body = {
    Title: entry.title,
    description: entry.description,
    url: fileAssetPath(segment, assetId, 1),
    image: imageReference(imageKey),
    topics: demoTopicsOf(entry),
    ...(set.length === 0 ? {} : { documents: set }),
    ...demoSharedValues(entry),
  };
  const translated = DEMO_TRANSLATIONS[entry.slug];
  await saveDemoContent(db, {
    id: sheetId,
    key: DEMO_IDS.sheetKey(entry.slug),
    type: LITERATURE_CONTENT_TYPE,
    urlName: entry.slug,
    title: entry.title,
    body: { ...body, ...demoLanguageValues(entry, DEMO_LANGUAGE) },
    timestamp,
    translations: DEMO_TRANSLATION_LANGUAGES.flatMap((language) => {
      const text = translated?.[language];
      return text
        ? [
            {
              language,
              title: text.title,
              body: { ...body, ...demoLanguageValues(entry, language), Title: text.title, description: text.description, url: linkIn(language) },
            },
          ]
        : [];
    }),
  });
  await saveSeoRecord(db, DEMO_IDS.siteId, {
    recordId: sheetId,
    urlAlias: entry.slug,
    recordName: entry.title,
    objectName: 'Literature Sheet',
    fields: {
      Title: entry.title,
      Description: entry.description,
      Category: entry.category,
      ...(entry.chemical ? { Formula: entry.chemical.formula, CASNumber: entry.chemical.cas } : {}),
    },
    hrefLangUrls: {},
    canonicalUrl: null,
    isSeoIndexed: true,
  });
  return sheetId;
}

interface NewContent {
  id: string;
  key: string;
  type: string;
  urlName: string;
  title: string;
  body: Record<string, unknown>;
  timestamp: string;
  /** The same content in other languages: a title and the fields that change. */
  translations?: Array<{ language: string; title: string; body: Record<string, unknown> }>;
}

async function saveDemoContent(db: ContentStore, content: NewContent): Promise<void> {
  await saveContent(db, {
    id: content.id,
    contentKey: content.key,
    siteId: DEMO_IDS.siteId,
    type: content.type,
    urlName: content.urlName,
    primaryLanguage: DEMO_LANGUAGE,
    createdAt: content.timestamp,
    updatedAt: content.timestamp,
    translations: [{ language: DEMO_LANGUAGE, title: content.title, body: content.body }, ...(content.translations ?? [])].map((translation) => ({
      ...translation,
      publishedAt: content.timestamp,
    })),
  });
}
