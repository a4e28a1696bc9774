/**
 * How a translation file names the export it came from: a note on every unit, `Export
 * tex-YYYYMMDD-xxxxxxxx`. A note per unit, not one for the file: translate-toolkit's xliff2po and
 * po2xliff keep a unit's developer notes (as `#.` comments) but drop everything a file says of
 * itself (its `original`, its header), and a unit's note survives a tool that splits or merges files.
 */
import { randomBytes } from 'node:crypto';

export const newExportId = (now: Date) => `tex-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex')}`;

export const exportNote = (id: string) => `Export ${id}`;

const EXPORT_NOTE = /^[ \t]*Export (tex-\d{8}-[0-9a-f]{8})[ \t]*$/m;

/** The export a unit's notes name (translate-toolkit joins them into one note, a line each); null when none does. */
export function exportIdOf(notes: string[]): string | null {
  for (const note of notes) {
    const found = EXPORT_NOTE.exec(note.replace(/\r\n?/g, '\n'));
    if (found !== null) return found[1]!;
  }
  return null;
}
