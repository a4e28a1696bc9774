/**
 * Content types in the editing model (issue 35): an admin changes a type's fields (adds one,
 * relabels, reorders, says where it shows and whether publishing needs it, retires one) as any
 * edit is made, with a version and an audit entry; the change is on the site at once (saved and
 * published in one transaction), so the studio's form, the CSV, the delivery API, the sheet page
 * and search follow it on their next request.
 *
 * A field is never taken away, only retired (its values stay in the bodies, versions and exports),
 * and what its stored values depend on never changes: its kind, whether it is per language, whether
 * it holds a list. The fields a sheet's shape has places of its own for stay as they are offered.
 */
import type { ContentStore } from '../cms/database';
import { saveContentType } from '../cms/repositories/contents';
import { findContentType, findSheetType } from '../cms/repositories/content-types';
import { LITERATURE_CONTENT_TYPE } from '../shared/constants';
import { LABEL_LANGUAGE } from '../cms/content-types';
import { ContentTypeSchema, definitionProblems, storedFieldsOf, type ContentType, type Field } from '../content-model/definition';
import { offeredFields, valueFields } from '../content-model/sheet-values';
import { markFieldsStale } from '../search/index-store';
import type { Actor } from './audit';
import { editingChange, EditingError, type EditableView, type KindAdapter } from './editable';
import { createEditor } from './editor';
import { problemAt, type Problem } from '../shared/problems';

/** What values a field keeps depend on: none of it changes once the field exists. */
const SETTLED: ReadonlyArray<'kind' | 'perLanguage' | 'multiple'> = ['kind', 'perLanguage', 'multiple'];

/** What a change of a type may not do, beyond the definition's own rules: lose a field, or what its values depend on. */
export function typeChangeProblems(before: ContentType, after: ContentType): Problem[] {
  const problems: Problem[] = [];
  const next = new Map(after.fields.map((field) => [field.name, field]));
  const shaped = new Set(before.fields.map((field) => field.name).filter((name) => !valueFields(before).some((field) => field.name === name)));
  for (const field of before.fields) {
    const changed = next.get(field.name);
    if (changed === undefined) {
      problems.push(problemAt('fields', `${field.name} cannot be removed: retire it instead (its values stay in versions and exports)`));
      continue;
    }
    for (const setting of SETTLED)
      if (changed[setting] !== field[setting])
        problems.push(
          problemAt(
            `fields.${field.name}.${setting}`,
            `cannot change once the field exists (it is ${JSON.stringify(field[setting])}): add a new field and retire this one`,
          ),
        );
    if (shaped.has(field.name) && changed.retired)
      problems.push(problemAt(`fields.${field.name}.retired`, `every sheet has a ${field.name}; it cannot be retired`));
  }
  return problems;
}

async function typeProblems(_db: ContentStore, state: ContentType, current: ContentType): Promise<Problem[]> {
  return [...definitionProblems(state), ...typeChangeProblems(current, state)];
}

/** The fields whose values search reads differently after a change: added, retired, weighed anew, made a facet or no more one. */
function searchChanges(before: ContentType | null, after: ContentType): string[] {
  const reads = (type: ContentType | null) =>
    new Map((type === null ? [] : offeredFields(type)).map((field) => [field.name, `${field.shows.search} ${field.shows.facet}`]));
  const [was, is] = [reads(before), reads(after)];
  return [...new Set([...was.keys(), ...is.keys()])].filter((name) => was.get(name) !== is.get(name));
}

export const CONTENT_TYPE_ADAPTER: KindAdapter<ContentType> = {
  kind: 'content-type',
  auditType: 'content-type',
  schema: ContentTypeSchema,
  // The sheet type is there before a store has one written: the shipped definition (findSheetType).
  published: async (db, name) => (name === LITERATURE_CONTENT_TYPE ? findSheetType(db) : ((await findContentType(db, name)) ?? null)),
  putOnSite: async (trx, state, previous) => {
    await saveContentType(trx, { fullyQualifiedName: state.fullyQualifiedName, name: state.name, fields: storedFieldsOf(state, LABEL_LANGUAGE) });
    await markFieldsStale(trx, searchChanges(previous, state));
  },
  fixed: ['fullyQualifiedName'],
  keepFiles: async () => undefined,
  problems: typeProblems,
  labelOf: (state) => state.name,
  siteOf: () => '',
};

export const contentTypes = createEditor(CONTENT_TYPE_ADAPTER);

/** A change to a type's fields, as the Fields screen, the API and the CLI make them. */
export type FieldChange =
  | { add: Partial<Field> & Pick<Field, 'name' | 'kind'> }
  | {
      change: string;
      labels?: Record<string, string>;
      required?: boolean;
      retired?: boolean;
      limits?: Partial<Field['limits']>;
      shows?: Partial<Field['shows']>;
    }
  | { move: string; to: number };

/** The type with a change made; what the change leaves wrong is for the type's checks to name. */
export function withFieldChange(type: ContentType, change: FieldChange): ContentType {
  if ('add' in change) {
    if (type.fields.some((field) => field.name.toLowerCase() === change.add.name.toLowerCase()))
      throw new EditingError(`The ${type.name} type has a field ${change.add.name} already`, 'invalid', {
        problems: [problemAt('name', `"${change.add.name}" is taken`)],
      });
    return { ...type, fields: [...type.fields, change.add as Field] };
  }
  const name = 'move' in change ? change.move : change.change;
  const index = type.fields.findIndex((field) => field.name === name);
  if (index < 0) throw new EditingError(`The ${type.name} type has no field ${name}`, 'not-found');
  const fields = [...type.fields];
  if ('move' in change) {
    const [moved] = fields.splice(index, 1);
    fields.splice(Math.max(0, Math.min(change.to, fields.length)), 0, moved!);
    return { ...type, fields };
  }
  const field = fields[index]!;
  const { labels, required, retired, limits, shows } = change;
  fields[index] = {
    ...field,
    ...(labels === undefined ? {} : { labels: withLabels(field.labels, labels) }),
    ...(required === undefined ? {} : { required }),
    ...(retired === undefined ? {} : { retired }),
    ...(limits === undefined ? {} : { limits: { ...field.limits, ...limits } }),
    ...(shows === undefined ? {} : { shows: { ...field.shows, ...shows } }),
  };
  return { ...type, fields };
}

/** Labels with those given: an empty one removes that language's (the field keeps at least one, which the type's checks ask for). */
function withLabels(labels: Record<string, string>, given: Record<string, string>): Record<string, string> {
  const next = { ...labels, ...given };
  for (const [language, label] of Object.entries(given)) if (label.trim() === '') delete next[language];
  return next;
}

/**
 * Changes a type's fields and puts the change on the site, in one transaction: a version and an
 * audit entry, however many changes it is made of. The change is made to the type as the site has it now, so two admins' changes (or
 * an import's) are never lost to each other.
 */
export async function changeFields(
  db: ContentStore,
  name: string,
  changes: FieldChange | FieldChange[],
  actor: Actor,
  now = new Date(),
): Promise<EditableView<ContentType>> {
  return editingChange(db, async (trx) => {
    const found = await contentTypes.view(trx, name);
    if (found === null) throw new EditingError(`There is no content type ${name}`, 'not-found');
    // Several changes (a field's settings and its place) are one change: all of them or none.
    const next = [changes].flat().reduce(withFieldChange, found.published ?? found.draft);
    const saved = await contentTypes.saveIn(trx, name, next, found.revision, actor, { now, event: 'change' });
    return (await contentTypes.publishIn(trx, name, saved.revision, actor, now)) ?? saved;
  });
}
