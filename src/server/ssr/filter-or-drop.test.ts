import { describe, expect, it } from 'vitest';
import { filterOrDrop } from './filter-or-drop';

describe('filterOrDrop', () => {
  const recordingLog = () => {
    const lines: string[] = [];
    return { lines, log: { warn: (message: string) => void lines.push(message) } };
  };

  it("answers the filter's output and logs nothing when it succeeds", () => {
    const { lines, log } = recordingLog();
    expect(filterOrDrop('head tags', () => ['kept'], [], log)).toEqual(['kept']);
    expect(lines).toEqual([]);
  });

  it('drops the field and logs a line naming it and the failure when the filter throws', () => {
    const { lines, log } = recordingLog();
    const failing = (): string[] => {
      throw new TypeError("Cannot read properties of undefined (reading 'childNodes')");
    };
    expect(filterOrDrop('custom head tags of page "record" for record r1', failing, [], log)).toEqual([]);
    expect(lines).toEqual([
      `custom head tags of page "record" for record r1 left out of the page: its filter failed (Cannot read properties of undefined (reading 'childNodes'))`,
    ]);
  });
});
