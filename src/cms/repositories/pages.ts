import type { ContentStore } from '../database';
import type { PagesTable } from '../schema';

export type StoredPage = PagesTable;

export async function listStoredPages(db: ContentStore): Promise<StoredPage[]> {
  return db.selectFrom('pages').selectAll().orderBy('name').execute();
}

export async function findStoredPage(db: ContentStore, name: string): Promise<StoredPage | undefined> {
  return db.selectFrom('pages').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Creates or replaces a page by name. */
export async function savePage(db: ContentStore, page: StoredPage): Promise<void> {
  await db
    .insertInto('pages')
    .values(page)
    .onConflict((oc) => oc.column('name').doUpdateSet({ path: page.path, definition: page.definition, updated_at: page.updated_at }))
    .execute();
}

/** Adds pages the store does not hold yet; a page of the same name or path stays as it is. */
export async function insertMissingPages(db: ContentStore, pages: StoredPage[]): Promise<void> {
  for (const page of pages)
    await db
      .insertInto('pages')
      .values(page)
      .onConflict((oc) => oc.doNothing())
      .execute();
}
