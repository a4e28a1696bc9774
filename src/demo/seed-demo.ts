/**
 * Seeds the demo site into an empty content store: one site, its literature collection, and for
 * every catalogue entry an image content with its SVG file, a PDF file asset generated from the
 * entry, and the literature-sheet content that links them. Ids derive from the entries' slugs, so
 * every machine gets the same ids, keys and URLs.
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
import { IMAGE_TYPE, imageReference, LITERATURE_CONTENT_TYPE, LITERATURE_SHEET_TYPE } from '../cms/content-types';
import { fileAssetPath } from '../shared/urls';
import type { ContentStore } from '../cms/database';
import { setCollectionItems } from '../cms/repositories/collections';
import { insertSeoRecord } from '../cms/repositories/seo-records';
import { countSites } from '../cms/repositories/sites';
import { DEMO_CATALOGUE, type CatalogueEntry } from './catalogue';
import { COLLECTION_TRANSLATIONS, DEMO_TRANSLATIONS, DEMO_TRANSLATION_LANGUAGES } from './translations';
import { ILLUSTRATION_HEIGHT, ILLUSTRATION_WIDTH, renderIllustration } from './illustrations';
import { renderLiteraturePdf } from './literature-pdf';

export { LITERATURE_CONTENT_TYPE };
export const DEMO_LANGUAGE = 'en_US';

const seedBytes = (label: string) => createHash('sha256').update(`literature-sheets-demo:${label}`).digest();
const demoId = (prefix: string, label: string) => idFromBytes(prefix, seedBytes(label));
const demoKey = (label: string) => contentKeyFromBytes(seedBytes(label));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

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
  // Documents are rendered before the transaction so that it stays short.
  const documents = await Promise.all(DEMO_CATALOGUE.map((entry) => renderLiteraturePdf(entry, { generatedAt: now })));

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sites')
      .values({
        id: DEMO_IDS.siteId,
        name: 'Literature Sheets',
        url_name: 'literature-sheets',
        channel_id: DEMO_IDS.channelId,
        community_id: DEMO_IDS.communityId,
        default_language: DEMO_LANGUAGE,
        created_at: timestamp,
      })
      .execute();
    await trx
      .insertInto('site_languages')
      .values([DEMO_LANGUAGE, ...DEMO_TRANSLATION_LANGUAGES].map((language, position) => ({ site_id: DEMO_IDS.siteId, language, is_active: 1, position })))
      .execute();
    await trx
      .insertInto('content_types')
      .values(
        [LITERATURE_SHEET_TYPE, IMAGE_TYPE].map((type) => ({
          fully_qualified_name: type.fullyQualifiedName,
          name: type.name,
          field_schema: JSON.stringify(type.fields),
        })),
      )
      .execute();

    const sheetIds: string[] = [];
    for (const [index, entry] of DEMO_CATALOGUE.entries()) {
      const document = documents[index];
      if (document === undefined) throw new Error(`No document was rendered for ${entry.slug}`);
      sheetIds.push(await insertEntry(trx, entry, document, options.platformSitesSegment, timestamp));
      options.onProgress?.(index + 1, DEMO_CATALOGUE.length);
    }

    await trx
      .insertInto('collections')
      .values({
        id: DEMO_IDS.collectionId,
        collection_key: DEMO_IDS.collectionKey,
        site_id: DEMO_IDS.siteId,
        item_type: LITERATURE_CONTENT_TYPE,
        url_name: 'literature-sheets',
        title: LITERATURE_PAGE_TITLE,
        metadata: JSON.stringify({
          description: 'Demo data: literature sheets for CVD and ALD precursors and equipment, with properties, applications and packaging.',
          isDemoData: true,
        }),
        primary_language: DEMO_LANGUAGE,
        published_at: timestamp,
      })
      .execute();
    await trx
      .insertInto('collection_translations')
      .values(
        DEMO_TRANSLATION_LANGUAGES.map((language) => ({
          collection_id: DEMO_IDS.collectionId,
          language,
          title: COLLECTION_TRANSLATIONS[language].title,
          metadata: JSON.stringify({ description: COLLECTION_TRANSLATIONS[language].description, isDemoData: true }),
        })),
      )
      .execute();
    await setCollectionItems(trx, DEMO_IDS.collectionId, sheetIds);
  });
}

async function insertEntry(db: ContentStore, entry: CatalogueEntry, document: Buffer, segment: string, timestamp: string): Promise<string> {
  const imageId = demoId(MANAGED_CONTENT_ID_PREFIX, `image:${entry.slug}`);
  const imageKey = DEMO_IDS.imageKey(entry.slug);
  const svg = Buffer.from(renderIllustration(entry), 'utf8');
  await insertContent(db, {
    id: imageId,
    key: imageKey,
    type: IMAGE_CONTENT_TYPE,
    urlName: `${entry.slug}-image`,
    title: `${entry.title} image`,
    body: { title: `${entry.title} image`, altText: entry.altText },
    timestamp,
  });
  await db
    .insertInto('media')
    .values({
      content_id: imageId,
      file_name: `${entry.slug}.svg`,
      mime_type: 'image/svg+xml',
      width: ILLUSTRATION_WIDTH,
      height: ILLUSTRATION_HEIGHT,
      byte_size: svg.length,
      sha256: sha256(svg),
      bytes: svg,
      created_at: timestamp,
    })
    .execute();

  const assetId = DEMO_IDS.assetId(entry.slug);
  await db
    .insertInto('file_assets')
    .values({
      asset_id: assetId,
      version: 1,
      file_name: `${assetId}.pdf`,
      mime_type: 'application/pdf',
      byte_size: document.length,
      sha256: sha256(document),
      bytes: document,
      created_at: timestamp,
    })
    .execute();

  const sheetId = demoId(MANAGED_CONTENT_ID_PREFIX, `sheet:${entry.slug}`);
  const body = {
    Title: entry.title,
    description: entry.description,
    url: fileAssetPath(segment, assetId, 1),
    image: imageReference(imageKey),
  };
  const translated = DEMO_TRANSLATIONS[entry.slug];
  await insertContent(db, {
    id: sheetId,
    key: DEMO_IDS.sheetKey(entry.slug),
    type: LITERATURE_CONTENT_TYPE,
    urlName: entry.slug,
    title: entry.title,
    body,
    timestamp,
    translations: DEMO_TRANSLATION_LANGUAGES.flatMap((language) => {
      const text = translated?.[language];
      return text ? [{ language, title: text.title, body: { ...body, Title: text.title, description: text.description } }] : [];
    }),
  });
  await insertSeoRecord(db, DEMO_IDS.siteId, {
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

async function insertContent(db: ContentStore, content: NewContent): Promise<void> {
  await db
    .insertInto('contents')
    .values({
      id: content.id,
      content_key: content.key,
      site_id: DEMO_IDS.siteId,
      content_type: content.type,
      url_name: content.urlName,
      primary_language: DEMO_LANGUAGE,
      created_at: content.timestamp,
      updated_at: content.timestamp,
    })
    .execute();
  await db
    .insertInto('content_translations')
    .values(
      [{ language: DEMO_LANGUAGE, title: content.title, body: content.body }, ...(content.translations ?? [])].map((translation) => ({
        content_id: content.id,
        language: translation.language,
        title: translation.title,
        body: JSON.stringify(translation.body),
        published_at: content.timestamp,
      })),
    )
    .execute();
}
