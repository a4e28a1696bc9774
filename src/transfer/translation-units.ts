/**
 * How a translation unit names the text it holds: `sheet.<sheet id>.<field>` (title, description,
 * imageAlt, extra.<field name>) or `page.<page name>.<text key>` (seo.pageTitle,
 * page-heading.text). Letters, digits, dots and dashes only, so the id is an XML NMTOKEN, as
 * XLIFF 2.0 wants, and survives a PO file's `#:` reference whole (no colon).
 */
export interface UnitPlace {
  kind: 'sheet' | 'page';
  /** A sheet's id, a page's name. */
  target: string;
  /** Where the text is: a sheet's field, a page's text key. */
  field: string;
}

const SHEET_UNIT = /^sheet\.([A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?)\.((?:extra\.)?[A-Za-z][A-Za-z0-9_]{0,63})$/;
const PAGE_UNIT = /^page\.([a-z][a-z0-9-]{0,63})\.([A-Za-z0-9-]{1,64}(?:\.[A-Za-z0-9-]{1,64}){1,4})$/;

export const unitId = (place: UnitPlace) => `${place.kind}.${place.target}.${place.field}`;

export function parseUnitId(id: string): UnitPlace | null {
  const sheet = SHEET_UNIT.exec(id);
  if (sheet !== null) return { kind: 'sheet', target: sheet[1]!, field: sheet[2]! };
  const page = PAGE_UNIT.exec(id);
  return page === null ? null : { kind: 'page', target: page[1]!, field: page[2]! };
}

export const isUnitId = (id: string) => parseUnitId(id) !== null;
