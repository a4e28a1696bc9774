/**
 * Outdated translations (docs/editing.md, "Outdated translations"): each translated text of a
 * target remembers the primary language's text it was written or confirmed against (its basis).
 * When the primary text changes, the translation is outdated until it is edited or confirmed.
 *
 * Freshness is a function of the text and of what it was made from, whatever put it there (issue
 * 60, T3): a text written in a change (a save, an import, a translator's file) is made from the
 * primary text as that change leaves it; a text a change puts back (a restored version, an undone
 * import or publish) is the one it was, made from what it was made from then (translation_bases,
 * migration 037), and comes back outdated when the primary text has moved on since.
 *
 * The marks follow every change of a target's working copy (its draft, or the site's state while
 * it has none), in the change's own transaction, so no way of changing a text can skip them. A
 * kind says what its texts are (KindAdapter.textsOf).
 */
import { createHash } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { deleteMark, listBases, listMarks, saveBasis, saveMark, type MarkRow } from '../cms/repositories/translation-marks';
import type { EditableKind } from '../cms/schema';

/** A target's texts: the primary language's (the source) and each translation's, by field. */
export interface TranslatedTexts {
  source: Record<string, string>;
  translations: Record<string, Record<string, string>>;
}

export interface Mark {
  language: string;
  field: string;
  /** The primary language's text the translation was written or confirmed against. */
  source: string;
  outdated: boolean;
}

/** An outdated text, for the editor: what the primary language said then and says now. */
export interface OutdatedText {
  field: string;
  was: string;
  now: string;
}

const keyOf = (language: string, field: string) => `${language}\u0000${field}`;

/** How a change put its texts there: written in it, or put back as they were (a restore, an undo). */
export type TextsMade = 'written' | 'put-back';

/** What a translated text was made from, when that is known: a lookup by language, field and text. */
export type BasisOf = (language: string, field: string, text: string) => string | undefined;

/**
 * The marks after a change from `before` to `after` (null: not known, as for a target coming
 * back from the trash), given those kept before. A translation written in this change is made from
 * the source as the change leaves it, and is current; one put back is made from what it was made
 * from before (`basisOf`; the source now when that is not known); one left alone keeps its mark,
 * and is outdated when the source moved away from it; one left alone that had no mark gets the
 * source as it was before this change.
 */
export function nextMarks(
  before: TranslatedTexts | null,
  after: TranslatedTexts,
  kept: readonly Mark[],
  { made = 'written', basisOf = () => undefined }: { made?: TextsMade; basisOf?: BasisOf } = {},
): Mark[] {
  const keptByKey = new Map(kept.map((mark) => [keyOf(mark.language, mark.field), mark]));
  const marks: Mark[] = [];
  for (const [language, texts] of Object.entries(after.translations)) {
    for (const [field, text] of Object.entries(texts)) {
      if (text === '') continue;
      const now = after.source[field] ?? '';
      const changed = before !== null && before.translations[language]?.[field] !== text;
      const prior = keptByKey.get(keyOf(language, field));
      const source = !changed ? (prior?.source ?? before?.source[field] ?? now) : made === 'written' ? now : (basisOf(language, field, text) ?? now);
      marks.push({ language, field, source, outdated: source !== now });
    }
  }
  return marks;
}

/** Brings a target's marks up to date with a change of its texts, in the change's transaction. */
export async function markTranslations(
  trx: ContentStore,
  kind: EditableKind,
  targetId: string,
  before: TranslatedTexts | null,
  after: TranslatedTexts,
  at: string,
  made: TextsMade = 'written',
): Promise<void> {
  const rows = await listMarks(trx, kind, targetId);
  const kept = rows.map(markOf);
  const bases = new Map((await listBases(trx, kind, targetId)).map((row) => [basisKey(row.language, row.field, row.text_sha256), row.source]));
  const basisOf: BasisOf = (language, field, text) => bases.get(basisKey(language, field, digest(text)));
  const next = nextMarks(before, after, kept, { made, basisOf });
  for (const basis of basesMade(before, after, kept, next))
    if (basisOf(basis.language, basis.field, basis.text) !== basis.source)
      await saveBasis(trx, {
        kind,
        target_id: targetId,
        language: basis.language,
        field: basis.field,
        text_sha256: digest(basis.text),
        source: basis.source,
        made_at: at,
      });
  await writeMarks(trx, kind, targetId, rows, next, at);
}

/** A translated text and the source it was made from. */
export interface Basis {
  language: string;
  field: string;
  text: string;
  source: string;
}

/**
 * What a change from `before` to `after` says each text was made from, to be kept: each text the
 * change replaces, made from its mark's source (a later change may put it back), and each text it
 * leaves, made from its new mark's.
 */
export function basesMade(before: TranslatedTexts | null, after: TranslatedTexts, kept: readonly Mark[], next: readonly Mark[]): Basis[] {
  const keptByKey = new Map(kept.map((mark) => [keyOf(mark.language, mark.field), mark]));
  const replaced = Object.entries(before?.translations ?? {}).flatMap(([language, texts]) =>
    Object.entries(texts)
      .filter(([field, text]) => text !== '' && after.translations[language]?.[field] !== text)
      .map(([field, text]) => ({ language, field, text, source: keptByKey.get(keyOf(language, field))?.source ?? before!.source[field] ?? '' })),
  );
  const left = next.map((mark) => ({ language: mark.language, field: mark.field, text: after.translations[mark.language]![mark.field]!, source: mark.source }));
  return [...replaced, ...left];
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const basisKey = (language: string, field: string, sha256: string) => `${language}\u0000${field}\u0000${sha256}`;

/**
 * Says the translations of `language` (its `fields`, or all) are right for the source as it is
 * now; answers the fields that were outdated.
 */
export async function confirmTranslations(
  trx: ContentStore,
  kind: EditableKind,
  targetId: string,
  texts: TranslatedTexts,
  language: string,
  fields: readonly string[] | undefined,
  at: string,
): Promise<string[]> {
  const rows = await listMarks(trx, kind, targetId);
  const confirms = (mark: Mark) => mark.language === language && mark.outdated && (fields === undefined || fields.includes(mark.field));
  const marks = nextMarks(null, texts, rows.map(markOf));
  const next = marks.map((mark) => (confirms(mark) ? { ...mark, source: texts.source[mark.field] ?? '', outdated: false } : mark));
  // A confirmed text is made from the source as it is now, whatever puts it back later.
  for (const mark of marks.filter(confirms))
    await saveBasis(trx, {
      kind,
      target_id: targetId,
      language,
      field: mark.field,
      text_sha256: digest(texts.translations[language]![mark.field]!),
      source: texts.source[mark.field] ?? '',
      made_at: at,
    });
  await writeMarks(trx, kind, targetId, rows, next, at);
  return marks.filter(confirms).map((mark) => mark.field);
}

/** A target's outdated texts by language, with the source then and now. */
export async function outdatedTexts(db: ContentStore, kind: EditableKind, targetId: string, texts: TranslatedTexts): Promise<Record<string, OutdatedText[]>> {
  const outdated: Record<string, OutdatedText[]> = {};
  for (const row of await listMarks(db, kind, targetId)) {
    const now = texts.source[row.field] ?? '';
    // A text no longer there (a translation removed since) has nothing to bring up to date.
    if (row.outdated !== 1 || (texts.translations[row.language]?.[row.field] ?? '') === '') continue;
    (outdated[row.language] ??= []).push({ field: row.field, was: row.source, now });
  }
  return outdated;
}

async function writeMarks(trx: ContentStore, kind: EditableKind, targetId: string, rows: MarkRow[], next: Mark[], at: string): Promise<void> {
  const wanted = new Map(next.map((mark) => [keyOf(mark.language, mark.field), mark]));
  for (const row of rows) if (!wanted.has(keyOf(row.language, row.field))) await deleteMark(trx, row);
  const stored = new Map(rows.map((row) => [keyOf(row.language, row.field), markOf(row)]));
  for (const [key, mark] of wanted) {
    const was = stored.get(key);
    if (was !== undefined && was.source === mark.source && was.outdated === mark.outdated) continue;
    await saveMark(trx, {
      kind,
      target_id: targetId,
      language: mark.language,
      field: mark.field,
      source: mark.source,
      outdated: mark.outdated ? 1 : 0,
      marked_at: at,
    });
  }
}

const markOf = (row: MarkRow): Mark => ({ language: row.language, field: row.field, source: row.source, outdated: row.outdated === 1 });
