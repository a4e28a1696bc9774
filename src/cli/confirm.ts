/**
 * Asks a yes-or-no question on a terminal. Only "y" or "yes" is a yes: anything else, an empty
 * line or the end of input, is a no, so a slip of the Enter key never removes anything.
 */
import { createInterface } from 'node:readline/promises';

export async function confirm(
  question: string,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<boolean> {
  const lines = createInterface({ input, output, terminal: false });
  try {
    output.write(`${question} [y/N] `);
    const answer = await new Promise<string>((resolve) => {
      lines.once('line', resolve);
      lines.once('close', () => resolve(''));
    });
    return /^\s*y(?:es)?\s*$/i.test(answer);
  } finally {
    lines.close();
  }
}
