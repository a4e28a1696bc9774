/** The read model's tables (migrations 038–040) as its reader writes them; a page or a call reads them through sheets.ts, contents.ts and listings.ts. */
import type { ContentStore } from '../cms/database';
import type { PublishedContent } from './published-content';

/** The rows of these contents as stored: facts by `{contentId} {language}`. */
export async function readContentRows(db: ContentStore, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('published_contents')
    .select(['content_id', 'language', 'facts'])
    .where('content_id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [`${row.content_id} ${row.language}`, row.facts]));
}

/** Every content that has rows. */
export async function listPublishedIds(db: ContentStore): Promise<string[]> {
  const rows = await db.selectFrom('published_contents').select('content_id').distinct().orderBy('content_id').execute();
  return rows.map((row) => row.content_id);
}

/** Rows written by one statement: some hundreds of values, under any store's limit on them. */
const ROWS_A_STATEMENT = 50;

/** Writes these rows (facts by content), each over the content's row in its language if there is one. */
export async function saveContentRows(db: ContentStore, contents: ReadonlyArray<{ content: PublishedContent; facts: string }>): Promise<void> {
  const rows = contents.map(({ content, facts }) => ({
    content_id: content.id,
    language: content.language,
    site_id: content.siteId,
    content_key: content.contentKey,
    content_type: content.contentType.fullyQualifiedName,
    url_name: content.urlName,
    shown: content.shown ? 1 : 0,
    indexed: content.indexed ? 1 : 0,
    updated_at: content.updatedAt,
    primary_published_at: content.primaryPublishedAt,
    facts,
  }));
  for (let start = 0; start < rows.length; start += ROWS_A_STATEMENT)
    await db
      .insertInto('published_contents')
      .values(rows.slice(start, start + ROWS_A_STATEMENT))
      .onConflict((conflict) =>
        conflict.columns(['content_id', 'language']).doUpdateSet((eb) => ({
          site_id: eb.ref('excluded.site_id'),
          content_key: eb.ref('excluded.content_key'),
          content_type: eb.ref('excluded.content_type'),
          url_name: eb.ref('excluded.url_name'),
          shown: eb.ref('excluded.shown'),
          indexed: eb.ref('excluded.indexed'),
          updated_at: eb.ref('excluded.updated_at'),
          primary_published_at: eb.ref('excluded.primary_published_at'),
          facts: eb.ref('excluded.facts'),
        })),
      )
      .execute();
}

export async function deleteContentRow(db: ContentStore, contentId: string, language: string): Promise<void> {
  await db.deleteFrom('published_contents').where('content_id', '=', contentId).where('language', '=', language).execute();
}

/** Removes every row, link and topic of these contents. */
export async function deleteContents(db: ContentStore, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('published_contents')
    .where('content_id', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('published_links')
    .where('content_id', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('published_topics')
    .where('content_id', 'in', [...ids])
    .execute();
}

/**
 * Gives these sheets the topics `wanted` says (by sheet: its site and slugs, sorted; a sheet not in
 * it has none): answers how many sheets' topics it changed.
 */
export async function replaceTopics(
  db: ContentStore,
  ids: readonly string[],
  wanted: ReadonlyMap<string, { siteId: string; topics: string[] }>,
): Promise<number> {
  if (ids.length === 0) return 0;
  const stored = await db
    .selectFrom('published_topics')
    .select(['content_id', 'site_id', 'topic'])
    .where('content_id', 'in', [...ids])
    .orderBy('content_id')
    .orderBy('topic')
    .execute();
  const had = new Map<string, string>();
  for (const row of stored) had.set(row.content_id, `${had.get(row.content_id) ?? row.site_id} ${row.topic}`);
  const changed = ids.filter((id) => {
    const want = wanted.get(id);
    return (had.get(id) ?? '') !== (want === undefined || want.topics.length === 0 ? '' : [want.siteId, ...want.topics].join(' '));
  });
  if (changed.length === 0) return 0;
  await db.deleteFrom('published_topics').where('content_id', 'in', changed).execute();
  const rows = changed.flatMap((id) => {
    const want = wanted.get(id);
    return want === undefined ? [] : want.topics.map((topic) => ({ site_id: want.siteId, topic, content_id: id }));
  });
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('published_topics')
      .values(rows.slice(start, start + 500))
      .execute();
  return changed.length;
}

/** Replaces these contents' link targets. */
export async function replaceLinks(db: ContentStore, ids: readonly string[], links: Map<string, string[]>): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('published_links')
    .where('content_id', 'in', [...ids])
    .execute();
  const rows = [...links].flatMap(([contentId, targets]) => targets.map((target) => ({ target, content_id: contentId })));
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('published_links')
      .values(rows.slice(start, start + 500))
      .execute();
}

/** The contents whose rows were made from any of these targets. */
export async function listLinkedContents(db: ContentStore, targets: readonly string[]): Promise<string[]> {
  if (targets.length === 0) return [];
  const rows = await db
    .selectFrom('published_links')
    .select('content_id')
    .distinct()
    .where('target', 'in', [...targets])
    .execute();
  return rows.map((row) => row.content_id);
}
