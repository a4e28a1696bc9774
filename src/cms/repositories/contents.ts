import type { ContentStore } from '../database';
import type { ContentTranslationsTable, ContentsTable } from '../schema';

export type Content = ContentsTable;

export interface LocalizedContent extends ContentsTable {
  language: string;
  title: string;
  body: Record<string, unknown>;
  published_at: string;
}

/**
 * Picks, for each content, the translation in the first of `languages` it has, else its primary
 * language (reference "Collection items": missing or untranslated falls back).
 */
export async function localizeContents(db: ContentStore, contents: Content[], languages: string[]): Promise<LocalizedContent[]> {
  if (contents.length === 0) return [];
  const wanted = [...new Set([...languages, ...contents.map((content) => content.primary_language)])];
  const translations = await db
    .selectFrom('content_translations')
    .selectAll()
    .where(
      'content_id',
      'in',
      contents.map((content) => content.id),
    )
    .where('language', 'in', wanted)
    .orderBy('content_id')
    .orderBy('language')
    .execute();
  const byContent = new Map<string, ContentTranslationsTable[]>();
  for (const translation of translations) {
    const list = byContent.get(translation.content_id) ?? [];
    list.push(translation);
    byContent.set(translation.content_id, list);
  }
  return contents.flatMap((content) => {
    const available = byContent.get(content.id) ?? [];
    const chosen =
      languages.map((language) => available.find((t) => t.language === language)).find(Boolean) ??
      available.find((t) => t.language === content.primary_language);
    if (chosen === undefined) return [];
    return [{ ...content, language: chosen.language, title: chosen.title, body: parseBody(chosen.body), published_at: chosen.published_at }];
  });
}

export async function findContentsByKeys(db: ContentStore, siteId: string, contentKeys: string[]): Promise<Content[]> {
  if (contentKeys.length === 0) return [];
  return db
    .selectFrom('contents')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('content_key', 'in', contentKeys)
    .orderBy('content_key')
    .execute();
}

function parseBody(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Display names of content types by fully qualified name. */
export async function listContentTypeNames(db: ContentStore, fullyQualifiedNames: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(fullyQualifiedNames)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('content_types')
    .select(['fully_qualified_name', 'name'])
    .where('fully_qualified_name', 'in', unique)
    .orderBy('fully_qualified_name')
    .execute();
  return new Map(rows.map((row) => [row.fully_qualified_name, row.name]));
}
