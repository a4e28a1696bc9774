/**
 * The editing API's contract is written once (docs/decisions/042): its operations and wire types
 * live in this room, and the studio reaches the API only through the client typed by them
 * (studio/common/api.ts). A second copy would drift from the first: these checks keep it from
 * coming back (the room map keeps the server's code out of here).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allOperations, editingApi, type Call } from './operations';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A shape declared by hand under a name the API's answers have. */
const WIRE_SHAPE =
  /^(export )?(interface \w*(View|Summary|List|Entry|Details|Plan|Report|Backlog|Release|Account|Webhook|Delivery)\b|type \w*(View|Summary|List|Entry|Details|Plan|Report|Backlog|Release|Account|Webhook|Delivery) = \{)/;

/** The studio's own source files (its tests aside). */
function studioFiles(folder = join(root, 'src/studio')): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return studioFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

/** The places in the studio's files that match `pattern`, as `file:line: text`. */
function found(pattern: RegExp, except: readonly string[] = []): string[] {
  return studioFiles()
    .filter((file) => !except.includes(file))
    .flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
}

describe('the editing API’s contract', () => {
  it('names each operation once, by its method and path', () => {
    const routes = allOperations.map((operation) => `${operation.method} ${operation.path}`);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });

  it('is reached from the studio only through its typed client: no path of the API written out, no request sent by hand', () => {
    expect(found(/studio\/api|\bfetch\(|XMLHttpRequest/, ['src/studio/common/api.ts'])).toEqual([]);
  });

  it('declares the wire types: the studio declares none of the API’s answers again', () => {
    // An answer's type is AnswerOf<typeof editingApi.…> or Static<typeof …Schema>, never a shape copied from it.
    expect(found(WIRE_SHAPE)).toEqual([]);
  });

  it('types a call by its operation: the path’s parameters and the body it takes', () => {
    // Compile-time checks: each line below is an error the type checker reports (npm test runs it).
    const check = (_call: unknown) => undefined;
    // @ts-expect-error a sheet's publish needs the sheet's id
    check({ operation: editingApi.sheets.publish, body: { revision: 1 } } satisfies Call<typeof editingApi.sheets.publish>);
    // @ts-expect-error a revision is a number
    check({ operation: editingApi.sheets.publish, params: { id: 'a' }, body: { revision: 'one' } } satisfies Call<typeof editingApi.sheets.publish>);
    expect(editingApi.sheets.publish.path).toBe('/sheets/:id/publish');
  });
});
