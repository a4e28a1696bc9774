/**
 * The marks of outdated translations, against a model that says it plainly: a translation is
 * outdated when the primary text is no longer what it was when the translation was last written
 * or confirmed (or first seen, for a translation that was there before marks were kept).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basesMade, nextMarks, type Mark, type TranslatedTexts } from './translation-marks';

const texts = (source: Record<string, string>, translations: Record<string, Record<string, string>>): TranslatedTexts => ({ source, translations });

describe('nextMarks', () => {
  it('marks a translation outdated when its source changes, and current when it is written again', () => {
    const first = texts({ title: 'Silane' }, { de_DE: { title: 'Silan' } });
    const changed = texts({ title: 'Silane gas' }, { de_DE: { title: 'Silan' } });
    const marks = nextMarks(first, changed, []);
    expect(marks).toEqual([{ language: 'de_DE', field: 'title', source: 'Silane', outdated: true }]);
    const rewritten = texts({ title: 'Silane gas' }, { de_DE: { title: 'Silangas' } });
    expect(nextMarks(changed, rewritten, marks)).toEqual([{ language: 'de_DE', field: 'title', source: 'Silane gas', outdated: false }]);
  });

  it('counts a source changed back as current again, and keeps nothing for empty translations', () => {
    const marks = nextMarks(texts({ title: 'A' }, { de_DE: { title: 'a' } }), texts({ title: 'B' }, { de_DE: { title: 'a' } }), []);
    expect(nextMarks(texts({ title: 'B' }, { de_DE: { title: 'a' } }), texts({ title: 'A' }, { de_DE: { title: 'a' } }), marks)[0]?.outdated).toBe(false);
    expect(nextMarks(null, texts({ title: 'A' }, { de_DE: { title: '' } }), marks)).toEqual([]);
  });

  it('takes a change whose before is not known (back from the trash) as changing nothing', () => {
    const kept: Mark[] = [{ language: 'fr_FR', field: 'title', source: 'Old', outdated: true }];
    expect(nextMarks(null, texts({ title: 'New' }, { fr_FR: { title: 'Vieux' }, de_DE: { title: 'Neu' } }), kept)).toEqual([
      { language: 'fr_FR', field: 'title', source: 'Old', outdated: true },
      { language: 'de_DE', field: 'title', source: 'New', outdated: false },
    ]);
  });
});

type Step =
  | { type: 'source'; field: string; text: string }
  | { type: 'translate'; language: string; field: string; text: string }
  | { type: 'both'; language: string; field: string; source: string; text: string }
  | { type: 'confirm'; language: string }
  | { type: 'unknown' }
  /** A restored version, an undone import: an earlier state put back, its texts as they were. */
  | { type: 'put-back'; back: number };

const FIELDS = ['title', 'description'];
const LANGUAGES = ['de_DE', 'fr_FR'];
const word = fc.constantFrom('', 'a', 'b', 'c');
const field = fc.constantFrom(...FIELDS);
const language = fc.constantFrom(...LANGUAGES);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ type: fc.constant('source' as const), field, text: word }),
  fc.record({ type: fc.constant('translate' as const), language, field, text: word }),
  fc.record({ type: fc.constant('both' as const), language, field, source: word, text: word }),
  fc.record({ type: fc.constant('confirm' as const), language }),
  fc.record({ type: fc.constant('unknown' as const) }),
  fc.record({ type: fc.constant('put-back' as const), back: fc.nat(30) }),
);

it('agrees with the model over any sequence of edits, confirmations, trash round trips and earlier states put back', () => {
  fc.assert(
    fc.property(
      step.chain((first) => fc.array(step, { maxLength: 30 }).map((rest) => [first, ...rest])),
      (steps) => {
        let state = texts({ title: 'a', description: 'a' }, { de_DE: { title: 'a', description: 'a' }, fr_FR: {} });
        let marks = nextMarks(null, state, []);
        const history = [state];
        // What the store keeps of what each text was made from (translation_bases), as markTranslations keeps it.
        const kept = new Map<string, string>();
        const keep = (before: TranslatedTexts | null, after: TranslatedTexts, was: Mark[], next: Mark[]) => {
          for (const basis of basesMade(before, after, was, next)) kept.set(`${basis.language} ${basis.field} ${basis.text}`, basis.source);
        };
        keep(null, state, [], marks);
        // The model: per translated text, the source it was written, confirmed or first seen against;
        // a text put back is made from what it was made from when it was last written, confirmed or seen.
        const basis = new Map<string, string>(LANGUAGES.flatMap((lang) => FIELDS.map((name) => [`${lang} ${name}`, 'a'] as [string, string])));
        const madeFrom = new Map<string, string>();
        const setBasis = (lang: string, name: string, text: string, source: string) => {
          basis.set(`${lang} ${name}`, source);
          madeFrom.set(`${lang} ${name} ${text}`, source);
        };
        for (const { language: lang, field: name } of marks) setBasis(lang, name, state.translations[lang]![name]!, state.source[name] ?? '');
        for (const change of steps) {
          const next = change.type === 'put-back' ? structuredClone(history[Math.max(0, history.length - 1 - change.back)]!) : structuredClone(state);
          if (change.type === 'source') next.source[change.field] = change.text;
          if (change.type === 'translate' || change.type === 'both') {
            if (change.type === 'both') next.source[change.field] = change.source;
            (next.translations[change.language] ??= {})[change.field] = change.text;
            if (state.translations[change.language]?.[change.field] !== change.text)
              setBasis(change.language, change.field, change.text, next.source[change.field] ?? '');
          }
          if (change.type === 'put-back')
            for (const lang of LANGUAGES)
              for (const name of FIELDS) {
                const text = next.translations[lang]?.[name] ?? '';
                if (text !== '' && state.translations[lang]?.[name] !== text)
                  setBasis(lang, name, text, madeFrom.get(`${lang} ${name} ${text}`) ?? next.source[name] ?? '');
              }
          const was = marks;
          if (change.type === 'confirm') {
            marks = marks.map((mark) => (mark.language === change.language ? { ...mark, source: next.source[mark.field] ?? '', outdated: false } : mark));
            for (const name of FIELDS) {
              const text = next.translations[change.language]?.[name] ?? '';
              if (text !== '') setBasis(change.language, name, text, next.source[name] ?? '');
              else basis.set(`${change.language} ${name}`, next.source[name] ?? '');
            }
            keep(null, next, was, marks);
          } else {
            const before = change.type === 'unknown' ? null : state;
            marks = nextMarks(before, next, marks, {
              made: change.type === 'put-back' ? 'put-back' : 'written',
              basisOf: (lang, name, text) => kept.get(`${lang} ${name} ${text}`),
            });
            keep(before, next, was, marks);
          }
          // What a text left alone was first seen against, for the model (a text from before marks were kept).
          for (const mark of marks) {
            const text = next.translations[mark.language]![mark.field]!;
            if (!madeFrom.has(`${mark.language} ${mark.field} ${text}`))
              madeFrom.set(`${mark.language} ${mark.field} ${text}`, basis.get(`${mark.language} ${mark.field}`)!);
          }
          state = next;
          history.push(state);
        }
        const expected = LANGUAGES.flatMap((lang) =>
          FIELDS.filter((name) => (state.translations[lang]?.[name] ?? '') !== '').map((name) => ({
            key: `${lang} ${name}`,
            outdated: basis.get(`${lang} ${name}`) !== state.source[name],
          })),
        );
        const actual = marks.map((mark) => ({ key: `${mark.language} ${mark.field}`, outdated: mark.outdated }));
        expect(actual.sort((a, b) => a.key.localeCompare(b.key))).toEqual(expected.sort((a, b) => a.key.localeCompare(b.key)));
      },
    ),
    { numRuns: 500 },
  );
});
