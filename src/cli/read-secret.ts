/**
 * Reads a secret: from a terminal without echoing it, or, when input is piped, the first line of
 * standard input (so scripts can create accounts).
 */
import type { ReadStream } from 'node:tty';

export async function readSecret(
  prompt: string,
  input: NodeJS.ReadableStream & Partial<Pick<ReadStream, 'isTTY' | 'setRawMode'>> = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  if (input.isTTY && input.setRawMode) return readFromTerminal(prompt, input as ReadStream, output);
  let text = '';
  for await (const chunk of input) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

function readFromTerminal(prompt: string, input: ReadStream, output: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    output.write(prompt);
    let secret = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener('data', onData);
      output.write('\n');
      if (error) reject(error);
      else resolve(secret);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new Error('Cancelled'));
        if (char === '\u007f' || char === '\b') secret = secret.slice(0, -1);
        else if (char >= ' ') secret += char;
      }
    };
    input.on('data', onData);
  });
}
