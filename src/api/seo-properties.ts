/**
 * SEO properties (spec §7.5; reference "SEO properties"): a record's name, object name and the
 * requested fields, by record id or URL alias, with the hreflang URLs, canonical URL and indexing
 * flag the page merges into its SEO data (spec §3.5).
 */
import type { ContentStore } from '../cms/database';
import { findSeoRecord } from '../cms/repositories/seo-records';
import type { SeoPropertiesResponse } from '../shared/delivery-types';
import { notFound } from '../shared/errors';
import { readList, type QueryValue } from '../shared/request-validation';
import { resolveCommunityContext } from './delivery-context';

const FIELD_NAME = /^[A-Za-z0-9_.:-]{1,255}$/;
export const SEO_FIELDS_MAX = 100;

export interface SeoPropertiesRequest {
  communityId: string;
  recordIdOrAlias: string;
  /** Field names to return; undefined returns every field. */
  fields: string[] | undefined;
}

export function readSeoPropertiesRequest(
  communityId: string | undefined,
  recordIdOrAlias: string | undefined,
  query: Record<string, QueryValue>,
): SeoPropertiesRequest {
  return {
    communityId: communityId ?? '',
    recordIdOrAlias: recordIdOrAlias ?? '',
    fields: readList('fields', query.fields, { max: SEO_FIELDS_MAX, isValid: (name) => FIELD_NAME.test(name) }),
  };
}

export async function getSeoProperties(db: ContentStore, request: SeoPropertiesRequest): Promise<SeoPropertiesResponse> {
  const context = await resolveCommunityContext(db, request.communityId, undefined);
  const record = await findSeoRecord(db, context.site.id, request.recordIdOrAlias);
  if (record === undefined) throw notFound();
  const fields =
    request.fields === undefined
      ? record.fields
      : Object.fromEntries(request.fields.filter((name) => Object.hasOwn(record.fields, name)).map((name) => [name, record.fields[name] ?? '']));
  return {
    recordId: record.recordId,
    recordName: record.recordName,
    objectName: record.objectName,
    fields,
    hrefLangUrls: record.hrefLangUrls,
    canonicalUrl: record.canonicalUrl,
    isSeoIndexed: record.isSeoIndexed,
  };
}
