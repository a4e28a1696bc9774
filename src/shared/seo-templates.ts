/**
 * SEO templates (spec §5.4): `{!Record.<field>}` and `{!Content.<field>}` placeholders in the
 * page title, description and custom head tags, filled from the record's SEO data (spec §3.5).
 */
import { PROVIDER_PREFIX } from './constants';

export interface SeoRecordData {
  recordName: string;
  objectName: string;
  fields: Record<string, string | null | undefined>;
}

export type TemplateKind = 'title' | 'description' | 'headTags';

const PLACEHOLDER = /\{!(?:Record|Content)\.([A-Za-z0-9_.:-]{1,255})\}/g;

/** This field holds ready-made head tags: it is inserted as it is (and still filtered, head-tags.ts). */
export const HEAD_TAGS_FIELD = `Body.${PROVIDER_PREFIX}_cms:seoProperties.headTags`;

function valueOf(field: string, record: SeoRecordData | null): string {
  if (record === null) return '';
  if (field === '_Title') return record.recordName;
  if (field === '_Object') return record.objectName;
  return record.fields[field] ?? '';
}

/**
 * Fills a template. In descriptions and head tags quotes in values are escaped (' → &apos;,
 * " → &quot;), so a value cannot end the attribute it sits in; the head-tags field is the exception.
 * A field with no value becomes an empty string.
 */
export function fillSeoTemplate(template: string, record: SeoRecordData | null, kind: TemplateKind): string {
  return template.replace(PLACEHOLDER, (_placeholder, field: string) => {
    const value = valueOf(field, record);
    if (kind === 'title' || field === HEAD_TAGS_FIELD) return value;
    return value.replace(/'/g, '&apos;').replace(/"/g, '&quot;');
  });
}
