import { sql, type Kysely } from 'kysely';

/**
 * One editing path for imports, publishes and undo (issue "Editors can trust it"):
 * - `drafts.attention`: JSON, the fields an import (or another change to the site) changed while
 *   the draft had changed them too; the editor chooses, and until then the sheet "needs attention"
 *   and cannot be published over them;
 * - `versions.site_before`: JSON, what the site showed before a version that changed the site (a
 *   publish, an unpublish, an import, an undo); `null` as JSON when it was not on the site. Undo of
 *   a publish and of an import put back only what they changed;
 * - `trash.attention`: the same fields as drafts.attention, kept while a sheet is in the trash;
 * - the sheet drafts' list status is worked out again: until now only a draft's first write set it
 *   (a publish or an unpublish after that left the list saying "draft" or "changed").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('drafts').addColumn('attention', 'text').execute();
  await db.schema.alterTable('versions').addColumn('site_before', 'text').execute();
  // A sheet that needed attention still does when it comes back from the trash.
  await db.schema.alterTable('trash').addColumn('attention', 'text').execute();
  // A null status is worked out from the draft on the next list (editing/sheet-list.ts).
  await sql`update drafts set status = null where kind = 'sheet'`.execute(db);
}
