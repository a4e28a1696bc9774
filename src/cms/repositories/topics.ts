/** A site's taxonomy (migration 014; shared/topics.ts). */
import type { ContentStore } from '../database';
import type { Topic } from '../../shared/topics';
import { readStoredTexts } from '../stored-json';

/** The site's topics in their places (a facet comes where its first topic does). */
export async function listTopics(db: ContentStore, siteId: string): Promise<Topic[]> {
  const rows = await db.selectFrom('topics').selectAll().where('site_id', '=', siteId).orderBy('position').orderBy('slug').execute();
  return rows.map((row) => ({ slug: row.slug, facet: row.facet, position: Number(row.position), labels: readStoredTexts(row.labels) }));
}

/** Adds topics, or changes the facet, place and names of those the site has. */
export async function saveTopics(db: ContentStore, siteId: string, topics: Topic[]): Promise<void> {
  for (const topic of topics) {
    const values = { facet: topic.facet, position: topic.position, labels: JSON.stringify(topic.labels) };
    await db
      .insertInto('topics')
      .values({ site_id: siteId, slug: topic.slug, ...values })
      .onConflict((oc) => oc.columns(['site_id', 'slug']).doUpdateSet(values))
      .execute();
  }
}
