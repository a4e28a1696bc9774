/**
 * The content limits (shared/content-limits.ts, docs/content-format.md "Limits") a sheet keeps,
 * checked as the store will hold it: each language's body as bodyOfTexts writes it (how deep its
 * values nest, how long one text is, how large it is as JSON) and its SEO record's fields. The
 * store's reader leaves out a body beyond them (cms/stored-json.ts), so a sheet that passed a save
 * but not these would vanish from its page and the delivery API once published: every way in (a
 * save, a publish, an import) holds a sheet to them.
 */
import { limitProblem, findBodySizeProblem, findHeadTagsProblem, findNestingProblem } from '../shared/content-limits';
import { HEAD_TAGS_FIELD } from '../shared/seo-templates';
import { bodyOfTexts } from './body';
import type { SheetState } from './shape';
import type { Problem } from '../shared/problems';

/**
 * Every limit the sheet breaks, each once with its place in the state (`values.notes.deep…`,
 * `translations.de_DE.extra.notes`, `translations.de_DE` for a body too large). The values are
 * checked as the body holds them: the shared ones and a language's are both at its level 2.
 */
export function sheetLimitProblems(state: SheetState): Problem[] {
  const problems: Problem[] = [];
  const nesting = (place: string, values: Record<string, unknown> | undefined) => {
    const problem = values === undefined ? null : findNestingProblem(values);
    if (problem !== null) problems.push(limitProblem(place, problem));
  };
  nesting('values', state.values);
  for (const [language, texts] of Object.entries(state.translations)) nesting(`translations.${language}.extra`, texts.extra);
  // Written out only once every value is known to nest within bounds.
  if (problems.length === 0)
    for (const [language, texts] of Object.entries(state.translations)) {
      const problem = findBodySizeProblem(JSON.stringify(bodyOfTexts(state, texts)));
      if (problem !== null) problems.push(limitProblem(`translations.${language}`, problem));
    }
  for (const [name, value] of Object.entries(state.seo?.fields ?? {})) {
    // Another field is one text, held to a text's length.
    const problem = name === HEAD_TAGS_FIELD ? findHeadTagsProblem(value) : findNestingProblem(value);
    if (problem !== null) problems.push(limitProblem(`seo.fields.${name}`, problem));
  }
  return problems;
}
