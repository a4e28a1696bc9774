/**
 * What is wrong with a value a person sent, one thing at a time: the field it is about, as a place
 * in the value in the value's own notation (`translations.de_DE.title`, `documents[1].revisedOn`),
 * or null when it is about the whole; and why. The studio puts a problem beside its field by that
 * place, never by reading the words. Where a message lists problems, each is one line,
 * `field: why`, so the words a person reads are the same whether they come structured or not.
 */
export interface Problem {
  field: string | null;
  message: string;
}

export function problemAt(field: string | null, message: string): Problem {
  return { field, message };
}

/** A problem as a message lists it: `translations.de_DE.title: must not be empty`. */
export function problemLine(problem: Problem): string {
  return problem.field === null ? problem.message : `${problem.field}: ${problem.message}`;
}

/** Problems as one message lists them, each once, in their order. */
export function problemList(problems: readonly Problem[]): string {
  return problemLines(problems).join('; ');
}

/** Each problem's line, each line once. */
export function problemLines(problems: readonly Problem[]): string[] {
  return [...new Set(problems.map(problemLine))];
}

/** The problems, each said once (a text too long is its field's problem and a limit's alike). */
export function distinctProblems(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const line = problemLine(problem);
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
}

/** Problems about no one field (a file, a record, an import as a whole), each as its line says it. */
export function unplaced(lines: readonly string[]): Problem[] {
  return lines.map((line) => problemAt(null, line));
}
