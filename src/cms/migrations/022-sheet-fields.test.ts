/**
 * A store made before content types were data keeps its sheet type as the platform's four fields:
 * the migration widens it to the whole definition, keeps each field's label and node type and any
 * field only the store has, and touches no sheet. On SQLite and PostgreSQL alike.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { readContentType, readStoredContentType } from '../../content-model/definition';
import { findSheetType } from '../repositories/content-types';
import { LITERATURE_SHEET_DEFINITION } from '../../content-model/literature-sheet';
import { LITERATURE_CONTENT_TYPE } from '../../shared/constants';
import { listStoredTranslations } from '../repositories/contents';
import { up } from './022-sheet-fields';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const OLD_FIELDS = {
  Title: { label: 'Title', nodeType: 'NameField' },
  description: { label: 'Description', nodeType: 'MultilineText' },
  url: { label: 'URL', nodeType: 'Url' },
  image: { label: 'Image', nodeType: 'Media' },
  Category: { label: 'Category', nodeType: 'Text' },
};

const storedFields = async () => {
  const row = await test.store.db
    .selectFrom('content_types')
    .select('field_schema')
    .where('fully_qualified_name', '=', LITERATURE_CONTENT_TYPE)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.field_schema) as Record<string, Record<string, unknown>>;
};

/** The sheet type's fields as a release before (or an admin) left them in the store. */
const storeFields = (fields: unknown) =>
  test.store.db
    .updateTable('content_types')
    .set({ field_schema: JSON.stringify(fields) })
    .where('fully_qualified_name', '=', LITERATURE_CONTENT_TYPE)
    .execute();

describe('migration 022: the sheet type as data', () => {
  it('widens the platform’s fields to the whole definition, keeping what the store said, and leaves every sheet as it was', async () => {
    await storeFields(OLD_FIELDS);
    const sheetsBefore = await listStoredTranslations(test.store.db);
    await up(test.store.db as unknown as Kysely<unknown>);

    const fields = await storedFields();
    expect(Object.keys(fields)).toEqual([...LITERATURE_SHEET_DEFINITION.fields.map((field) => field.name), 'Category']);
    // The delivery API's metadata says what it said: the store's label and node type.
    expect(fields.url).toMatchObject({ label: 'URL', nodeType: 'Url', kind: 'link' });
    expect(fields.Category).toEqual({ label: 'Category', nodeType: 'Text' });
    const read = readContentType({ fullyQualifiedName: LITERATURE_CONTENT_TYPE, name: 'Literature Sheet', fields }, 'en_US');
    if (!('type' in read)) throw new Error(read.problems.join('; '));
    expect(read.type.fields.find((field) => field.name === 'casNumbers')).toEqual(
      LITERATURE_SHEET_DEFINITION.fields.find((field) => field.name === 'casNumbers'),
    );
    expect(read.type.fields.at(-1)).toMatchObject({ name: 'Category', kind: 'text', perLanguage: true, labels: { en_US: 'Category' } });
    expect(await listStoredTranslations(test.store.db)).toEqual(sheetsBefore);
  });

  it('keeps a field whose values the shipped one would read differently, and entries that are no fields by today’s rules; the type still reads', async () => {
    const odd = {
      ...OLD_FIELDS,
      formula: { label: 'Formula', nodeType: 'RichText' },
      Purity: { label: 'Purity (old)', nodeType: 'Text' },
      'product-code': { label: 'Code', nodeType: 'Text' },
      broken: null,
      unlabelled: { label: '', nodeType: 'Text' },
    };
    await storeFields(odd);
    await up(test.store.db as unknown as Kysely<unknown>);
    const fields = await storedFields();
    // Nothing the store said is lost: the per-language rich-text formula keeps its entry, the others stay as they were.
    expect(fields.formula).toEqual({ label: 'Formula', nodeType: 'RichText' });
    expect(fields).toMatchObject({ Purity: odd.Purity, 'product-code': odd['product-code'], broken: null, unlabelled: odd.unlabelled });
    const { type, skipped } = readStoredContentType({ fullyQualifiedName: LITERATURE_CONTENT_TYPE, name: 'Literature Sheet', fields }, 'en_US');
    expect(skipped).toEqual(['Purity', 'product-code', 'broken']);
    expect(type.fields.find((field) => field.name === 'formula')).toMatchObject({ kind: 'rich-text', perLanguage: true });
    expect(type.fields.find((field) => field.name === 'unlabelled')?.labels).toEqual({ en_US: 'unlabelled' });
    expect((await findSheetType(test.store.db)).fields.map((field) => field.name)).toContain('casNumbers');
    await storeFields(OLD_FIELDS);
    await up(test.store.db as unknown as Kysely<unknown>);
  });

  it('leaves a type that has its whole definition as its admins left it', async () => {
    const before = await storedFields();
    const retired = { ...before, purity: { ...before.purity, retired: true } };
    await storeFields(retired);
    await up(test.store.db as unknown as Kysely<unknown>);
    expect(await storedFields()).toEqual(retired);
  });
});
