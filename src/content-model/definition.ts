/**
 * A content type as data (issue 35): its fields, each with a name, labels in the site's languages,
 * a kind, whether it is per language or shared, whether publishing needs it, its limits and where it
 * shows. Kept as JSON in `content_types.field_schema`. The platform's own entries (a label and a
 * node type per field, as its exports and our manifests have carried them) are read into this
 * with defaults, so a type that came from the platform reads the same way.
 *
 * The store keeps the platform's form, each entry widened by the rest of its definition
 * (storedFieldsOf): the delivery API's metadata reads the label and node type it always did, and
 * the order of the entries is the order of the fields.
 */
import Type, { type Static } from 'typebox';
import { oneOf, text, wholeNumber } from '../shared/schema/fields';
import { checkValue } from '../shared/schema/check';
import { problemAt, type Problem } from '../shared/problems';

/** The fields a sheet's shape has places of its own for (sheet/shape.ts, sheet/body.ts). */
export const SHAPED_FIELDS: ReadonlySet<string> = new Set(['Title', 'description', 'url', 'image', 'documents', 'topics']);

/** The CSV columns a sheet has besides its type's other fields (transfer/csv-sheets.ts): no field may be named as one. */
export const SHEET_COLUMNS = ['title', 'description', 'language', 'urlName', 'key', 'document', 'url', 'image', 'imageAlt', 'topics'] as const;

/** How a CSV header names a column or a field: without case, spaces or punctuation (`URL name` is `urlName`). */
export const columnKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export const FIELD_KINDS = ['text', 'long-text', 'rich-text', 'link', 'image', 'document-set', 'identifier', 'formula', 'number', 'date', 'topics'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

const LANGUAGE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export const FieldSchema = Type.Object({
  name: text({ pattern: FIELD_NAME, description: 'How the body, the CSV and the API name it; never changes' }),
  labels: Type.Record(text({ pattern: LANGUAGE }), text({ max: 200, required: true }), { propertyNames: { pattern: LANGUAGE.source } }),
  // An enum, not a union of words: one problem that lists them (a union reports each branch, past the errors TypeBox lists).
  kind: Type.Enum([...FIELD_KINDS]),
  perLanguage: Type.Boolean({ default: true, description: 'Each language has its own value; else one value for all' }),
  required: Type.Boolean({ default: false, description: 'Publishing needs a value (in the primary language, for a field per language)' }),
  multiple: Type.Boolean({ default: false, description: 'A list of values (CAS numbers, package sizes)' }),
  limits: Type.Object(
    {
      maxLength: Type.Optional(wholeNumber(1, 1_000_000)),
      /** What an identifier is: a CAS Registry Number (checked by its check digit) or a free code. */
      identifier: Type.Optional(oneOf(['cas', 'code'] as const)),
      /** A number's unit, as shown after it. */
      unit: Type.Optional(text({ max: 20 })),
    },
    { default: {} },
  ),
  shows: Type.Object(
    {
      card: Type.Boolean({ default: false }),
      page: Type.Boolean({ default: true }),
      /** How much a match in it counts in search: 0 not searched, 3 as much as a title. */
      search: wholeNumber(0, 3, { default: 1 }),
      facet: Type.Boolean({ default: false }),
    },
    { default: {} },
  ),
  /** No longer offered; its values stay in versions and exports. */
  retired: Type.Boolean({ default: false }),
});
export type Field = Static<typeof FieldSchema>;

export const ContentTypeSchema = Type.Object({
  fullyQualifiedName: text({ pattern: /^[A-Za-z][A-Za-z0-9_]{0,79}$/ }),
  name: text({ max: 200, required: true }),
  fields: Type.Array(FieldSchema, { maxItems: 200 }),
});
export type ContentType = Static<typeof ContentTypeSchema>;

/** A field as the platform describes one: a label and a node type. */
export interface PlatformField {
  label: string;
  nodeType: string;
}

/** The platform's node types, as kinds; any other reads as text. */
const KIND_OF_NODE_TYPE: Record<string, FieldKind> = {
  NameField: 'text',
  Text: 'text',
  MultilineText: 'long-text',
  RichText: 'rich-text',
  Url: 'link',
  Link: 'link',
  Media: 'image',
  Date: 'date',
  DateTime: 'date',
  Number: 'number',
};

/**
 * A field the platform describes, with our defaults: per language, not required, shown on the
 * sheet page and searched; the platform's name field is its title, on the card and searched most.
 */
export function fieldOfPlatform(name: string, field: PlatformField, language: string): Field {
  const isName = field.nodeType === 'NameField';
  return {
    name,
    labels: { [language]: typeof field.label === 'string' && field.label.trim() !== '' ? field.label : name },
    kind: KIND_OF_NODE_TYPE[field.nodeType] ?? 'text',
    perLanguage: field.nodeType !== 'Media',
    required: isName,
    multiple: false,
    limits: {},
    shows: { card: isName, page: true, search: isName ? 3 : field.nodeType === 'Media' || field.nodeType === 'Url' ? 0 : 1, facet: false },
    retired: false,
  };
}

/** The platform's node type of each kind: what its metadata says a field of the kind is. */
const NODE_TYPE_OF_KIND: Record<FieldKind, string> = {
  text: 'Text',
  'long-text': 'MultilineText',
  'rich-text': 'RichText',
  link: 'Url',
  image: 'Media',
  'document-set': 'MediaSource',
  identifier: 'Text',
  formula: 'Text',
  number: 'Text',
  date: 'Date',
  topics: 'Text',
};

/** The field the platform names a content by (spec §3.1): its title. */
export const NAME_FIELD = 'Title';

/** A field as the store and a manifest keep it: the platform's label and node type, and the rest of its definition. */
export type StoredField = PlatformField & Partial<Omit<Field, 'name'>>;

/**
 * A type's fields as the store keeps them, by name in their order; the label is the language's,
 * else the first one. Each entry's keys are in one order, so two equal types are stored as the
 * same text (an import's plan compares them as text).
 */
export function storedFieldsOf(type: ContentType, language: string): Record<string, StoredField> {
  return Object.fromEntries(
    type.fields.map(({ name, labels, kind, perLanguage, required, multiple, limits, shows, retired }) => [
      name,
      {
        label: labels[language] ?? Object.values(labels)[0] ?? name,
        nodeType: name === NAME_FIELD ? 'NameField' : NODE_TYPE_OF_KIND[kind],
        labels,
        kind,
        perLanguage,
        required,
        multiple,
        limits: {
          ...(limits.maxLength === undefined ? {} : { maxLength: limits.maxLength }),
          ...(limits.identifier === undefined ? {} : { identifier: limits.identifier }),
          ...(limits.unit === undefined ? {} : { unit: limits.unit }),
        },
        shows: { card: shows.card, page: shows.page, search: shows.search, facet: shows.facet },
        retired,
      },
    ]),
  );
}

/** What a stored field says besides the platform's label and node type. */
const definitionOf = ({ label: _label, nodeType: _nodeType, ...definition }: StoredField) => definition;

/** A stored field: what its definition says, over the platform's defaults for its label and node type. */
function fieldOfStored(name: string, stored: StoredField, language: string): Field {
  const definition = definitionOf(stored);
  const platform = fieldOfPlatform(name, stored, language);
  return { ...platform, ...definition, name, limits: { ...platform.limits, ...definition.limits }, shows: { ...platform.shows, ...definition.shows } };
}

export type ContentTypeReading = { type: ContentType } | { problems: Problem[] };

/**
 * A content type from what the store or a manifest keeps: a whole definition (fields as a list),
 * or fields by name, each a label and a node type (the platform's) and what else of its definition
 * it says, the rest read with the defaults above.
 * Answers every problem at once, each with its place.
 */
export function readContentType(stored: { fullyQualifiedName: string; name: string; fields: unknown }, language: string): ContentTypeReading {
  const fields =
    stored.fields !== null && typeof stored.fields === 'object' && !Array.isArray(stored.fields)
      ? Object.entries(stored.fields as Record<string, StoredField>).map(([name, field]) => fieldOfStored(name, field, language))
      : stored.fields;
  const checked = checkValue<ContentType>(ContentTypeSchema, { ...stored, fields }, '(content type)');
  const problems = [...checked.problems, ...definitionProblems(checked.value)];
  return problems.length === 0 ? { type: checked.value } : { problems };
}

/** What the schema cannot say: names used twice, and limits that do not fit their kind. */
export function definitionProblems(type: ContentType): Problem[] {
  if (!Array.isArray(type.fields)) return [];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  type.fields.forEach((field, index) => {
    const place = `fields[${index}]`;
    if (typeof field?.name !== 'string') return;
    // As a CSV header names it: productCode and product_code would be one column.
    const key = columnKey(field.name);
    if (seen.has(key)) problems.push(problemAt(`${place}.name`, `"${field.name}" is the name of another field (names are compared without case or _)`));
    else if (field.name in Object.prototype) problems.push(problemAt(`${place}.name`, `"${field.name}" is a name JavaScript keeps for itself; choose another`));
    else if (SHEET_COLUMNS.some((column) => columnKey(column) === columnKey(field.name)) && !SHAPED_FIELDS.has(field.name))
      problems.push(problemAt(`${place}.name`, `"${field.name}" is the name of a column the sheet's CSV has already; choose another`));
    seen.add(key);
    if (field.limits?.identifier !== undefined && field.kind !== 'identifier')
      problems.push(problemAt(`${place}.limits.identifier`, 'only an identifier field says what it identifies'));
    if (field.kind === 'identifier' && field.limits?.identifier === undefined)
      problems.push(problemAt(`${place}.limits.identifier`, 'an identifier field says what it identifies: cas or code'));
    if (field.limits?.unit !== undefined && field.kind !== 'number') problems.push(problemAt(`${place}.limits.unit`, 'only a number has a unit'));
    if (field.shows?.facet === true && !['text', 'identifier', 'topics'].includes(field.kind))
      problems.push(problemAt(`${place}.shows.facet`, 'a facet lists short values: a text, an identifier or topics'));
    if (field.shows?.facet === true && PAGE_PARAMETERS.includes(field.name))
      problems.push(
        problemAt(`${place}.shows.facet`, `a facet is chosen by a parameter of its name in the page's address, and "${field.name}" is the page's own`),
      );
  });
  return problems;
}

/** The parameters of a searchable page's address (docs/search.md): a facet field is chosen by its name, so none is one of these. */
export const PAGE_PARAMETERS = ['q', 'page', 'topic'];

/**
 * A content type as the store keeps it, read field by field: a field that does not read (a stored
 * entry an older release or a platform wrote that is not a field by today's rules: not an object,
 * a name that is not a field name, one another field has) is left out and named in `skipped`, as
 * the delivery API's metadata has always left such entries out. Its values stay in the bodies.
 */
export function readStoredContentType(
  stored: { fullyQualifiedName: string; name: string; fields: unknown },
  language: string,
): { type: ContentType; skipped: string[] } {
  const entries = stored.fields !== null && typeof stored.fields === 'object' && !Array.isArray(stored.fields) ? Object.entries(stored.fields) : [];
  const fields: Field[] = [];
  const skipped: string[] = [];
  for (const [name, entry] of entries) {
    const read =
      entry === null || typeof entry !== 'object' || Array.isArray(entry)
        ? null
        : readContentType({ ...stored, fields: [...fields, fieldOfStored(name, entry as StoredField, language)] }, language);
    if (read !== null && 'type' in read) fields.push(read.type.fields.at(-1)!);
    else skipped.push(name);
  }
  return { type: { fullyQualifiedName: stored.fullyQualifiedName, name: stored.name, fields }, skipped };
}

/**
 * A type as a manifest brings it, over the store's: a field the manifest defines whole (with a
 * kind) takes its definition; a field the platform describes (a label and a node type) that the
 * store has keeps the store's definition, and one it does not gets the defaults; a field only the
 * store has stays, after the others, so importing a platform's export never drops a field an
 * admin added (its values would stay in the bodies, but nothing would show them).
 */
export function mergedContentType(stored: ContentType, brought: { name: string; fields: Record<string, StoredField> }, language: string): ContentTypeReading {
  const own = new Map(stored.fields.map((field) => [field.name, field]));
  const fields = Object.entries(brought.fields).map(([name, field]) =>
    'kind' in field || !own.has(name) ? fieldOfStored(name, field, language) : own.get(name)!,
  );
  const named = new Set(fields.map((field) => field.name));
  fields.push(...stored.fields.filter((field) => !named.has(field.name)));
  return readContentType({ fullyQualifiedName: stored.fullyQualifiedName, name: brought.name, fields }, language);
}
