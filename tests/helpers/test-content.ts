/**
 * Extra content for tests that need more than the demo, made through the store's repositories;
 * each change then has the change journal read, as a server reads it after each change it makes
 * (so the search index and the CDN's outbox follow it before the test looks).
 */
import type { OpenStore } from '../../src/cms/database';
import { findContentsByKeys, localizeContents, saveTranslation } from '../../src/cms/repositories/contents';
import { findSeoRecord, saveSeoRecord, type SeoRecord } from '../../src/cms/repositories/seo-records';
import { listSites, saveSite } from '../../src/cms/repositories/sites';
import { DEMO_IDS } from '../../src/demo/seed-demo';
import { readJournalOnce } from '../../src/server/journal-follower';

/** Activates a language on the demo site and translates the given sheets' titles into it. */
export async function addTranslations(store: OpenStore, language: string, slugs: string[]): Promise<void> {
  const site = (await listSites(store.db)).find((candidate) => candidate.id === DEMO_IDS.siteId);
  if (site === undefined) throw new Error('the demo site is not in the store');
  await saveSite(store.db, { ...site, languages: [...site.languages, { language, active: true }] });
  const contents = await findContentsByKeys(
    store.db,
    DEMO_IDS.siteId,
    slugs.map((slug) => DEMO_IDS.sheetKey(slug)),
  );
  for (const content of await localizeContents(store.db, contents, ['en_US'])) {
    const title = `[${language}] ${content.title}`;
    await saveTranslation(store.db, content.id, { language, title, body: { ...content.body, Title: title }, publishedAt: content.published_at });
  }
  await readJournalOnce(store);
}

/** Changes a demo SEO record, found by its URL alias. */
export async function changeSeoRecord(store: OpenStore, alias: string, change: Partial<SeoRecord>): Promise<SeoRecord> {
  const record = await findSeoRecord(store.db, DEMO_IDS.siteId, alias);
  if (record === undefined) throw new Error(`the demo has no SEO record ${alias}`);
  const changed = { ...record, ...change };
  await saveSeoRecord(store.db, DEMO_IDS.siteId, changed);
  await readJournalOnce(store);
  return changed;
}

/**
 * Publishes a demo sheet's English translation again with its body changed (`change` given the
 * body as stored), as an edit published now would; answers the body as it was. With `quietly`, the
 * journal is left unread, as after an operator's SQL: no process was told.
 */
export async function republishSheet(
  store: OpenStore,
  urlName: string,
  change: (body: Record<string, unknown>) => Record<string, unknown>,
  publishedAt = new Date().toISOString(),
  { quietly = false }: { quietly?: boolean } = {},
): Promise<Record<string, unknown>> {
  const sheet = await store.db
    .selectFrom('content_translations as t')
    .innerJoin('contents as c', 'c.id', 't.content_id')
    .select(['t.content_id', 't.title', 't.body'])
    .where('c.url_name', '=', urlName)
    .where('t.language', '=', 'en_US')
    .executeTakeFirstOrThrow();
  const body = JSON.parse(sheet.body) as Record<string, unknown>;
  await saveTranslation(store.db, sheet.content_id, { language: 'en_US', title: sheet.title, body: change(body), publishedAt });
  if (!quietly) await readJournalOnce(store);
  return body;
}
