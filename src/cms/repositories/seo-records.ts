import type { ContentStore } from '../database';
import type { SeoPropertiesResponse } from '../../shared/delivery-types';
import type { SeoRecordsTable } from '../schema';
import { CONTENT_LIMITS, findHeadTagsProblem } from '../../shared/content-limits';
import { HEAD_TAGS_FIELD } from '../../shared/seo-templates';
import { readStoredTexts, reportSkippedRecord } from '../stored-json';

/** A record's SEO data: what the SEO properties call answers, plus its URL alias. */
export interface SeoRecord extends SeoPropertiesResponse {
  urlAlias: string | null;
}

/** A site's SEO record by record id or URL alias (spec §2.4: recordId, or else urlAlias). */
export async function findSeoRecord(db: ContentStore, siteId: string, recordIdOrAlias: string): Promise<SeoRecord | undefined> {
  const row = await db
    .selectFrom('seo_records')
    .selectAll()
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('record_id', '=', recordIdOrAlias), eb('url_alias', '=', recordIdOrAlias)]))
    // An exact record id wins over an alias that happens to look the same.
    .orderBy((eb) => eb.case().when('record_id', '=', recordIdOrAlias).then(0).else(1).end())
    .orderBy('record_id')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : toSeoRecord(row);
}

/** Creates or updates an SEO record by site and record id. */
export async function saveSeoRecord(db: ContentStore, siteId: string, record: SeoRecord): Promise<void> {
  const values = {
    url_alias: record.urlAlias,
    record_name: record.recordName,
    object_name: record.objectName,
    fields: JSON.stringify(record.fields),
    href_lang_urls: JSON.stringify(record.hrefLangUrls),
    canonical_url: record.canonicalUrl,
    is_seo_indexed: record.isSeoIndexed ? 1 : 0,
  };
  await db
    .insertInto('seo_records')
    .values({ site_id: siteId, record_id: record.recordId, ...values })
    .onConflict((oc) => oc.columns(['site_id', 'record_id']).doUpdateSet(values))
    .execute();
}

/** The URL aliases of every site's SEO records, by site and alias. */
export async function listSeoAliases(db: ContentStore): Promise<Array<{ siteId: string; recordId: string; urlAlias: string }>> {
  const rows = await db
    .selectFrom('seo_records')
    .select(['site_id', 'record_id', 'url_alias'])
    .where('url_alias', 'is not', null)
    .orderBy('site_id')
    .orderBy('record_id')
    .execute();
  return rows.map((row) => ({ siteId: row.site_id, recordId: row.record_id, urlAlias: row.url_alias ?? '' }));
}

/** Every SEO record as stored, fields as JSON text (for exports). */
export async function listStoredSeoRecords(db: ContentStore): Promise<SeoRecordsTable[]> {
  return db.selectFrom('seo_records').selectAll().orderBy('site_id').orderBy('record_id').execute();
}

/**
 * The record as the SEO assistant uses it, or undefined when it breaks the content limits: it is
 * then left out, and reported, as if it did not exist.
 */
function toSeoRecord(row: SeoRecordsTable): SeoRecord | undefined {
  const record = storedRecordOf(row);
  const label = `SEO record ${row.record_id}`;
  for (const [name, value] of Object.entries(record.fields)) {
    const problem =
      name === HEAD_TAGS_FIELD
        ? findHeadTagsProblem(value)
        : value.length > CONTENT_LIMITS.textLength
          ? { path: '', message: `is longer than ${CONTENT_LIMITS.textLength} characters` }
          : null;
    if (problem !== null) {
      reportSkippedRecord(label, `fields.${name}`, problem);
      return undefined;
    }
  }
  return record;
}

/** A record exactly as stored (texts parsed), by record id, whatever the content limits say. */
export async function findStoredSeoRecord(db: ContentStore, siteId: string, recordId: string): Promise<SeoRecord | undefined> {
  const row = await db.selectFrom('seo_records').selectAll().where('site_id', '=', siteId).where('record_id', '=', recordId).executeTakeFirst();
  return row === undefined ? undefined : storedRecordOf(row);
}

function storedRecordOf(row: SeoRecordsTable): SeoRecord {
  return {
    recordId: row.record_id,
    urlAlias: row.url_alias,
    recordName: row.record_name,
    objectName: row.object_name,
    fields: readStoredTexts(row.fields),
    hrefLangUrls: readStoredTexts(row.href_lang_urls),
    canonicalUrl: row.canonical_url,
    isSeoIndexed: Number(row.is_seo_indexed) === 1,
  };
}

export async function deleteSeoRecord(db: ContentStore, siteId: string, recordId: string): Promise<void> {
  await db.deleteFrom('seo_records').where('site_id', '=', siteId).where('record_id', '=', recordId).execute();
}

/** The record that has a URL alias in a site, if one has. */
export async function findRecordIdByAlias(db: ContentStore, siteId: string, urlAlias: string): Promise<string | undefined> {
  const row = await db.selectFrom('seo_records').select('record_id').where('site_id', '=', siteId).where('url_alias', '=', urlAlias).executeTakeFirst();
  return row?.record_id;
}
