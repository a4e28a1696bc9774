/** Extra content for tests that need more than the demo: a second language, more items. */
import type { OpenStore } from '../../src/cms/database';
import { localizeContents } from '../../src/cms/repositories/contents';
import { DEMO_IDS } from '../../src/demo/seed-demo';

/** Activates a language on the demo site and translates the given sheets' titles into it. */
export async function addTranslations(store: OpenStore, language: string, slugs: string[]): Promise<void> {
  await store.db.insertInto('site_languages').values({ site_id: DEMO_IDS.siteId, language, is_active: 1, position: 9 }).execute();
  const contents = await store.db
    .selectFrom('contents')
    .selectAll()
    .where(
      'content_key',
      'in',
      slugs.map((slug) => DEMO_IDS.sheetKey(slug)),
    )
    .orderBy('id')
    .execute();
  for (const content of await localizeContents(store.db, contents, ['en_US'])) {
    await store.db
      .insertInto('content_translations')
      .values({
        content_id: content.id,
        language,
        title: `[${language}] ${content.title}`,
        body: JSON.stringify({ ...content.body, Title: `[${language}] ${content.title}` }),
        published_at: content.published_at,
      })
      .execute();
  }
}
