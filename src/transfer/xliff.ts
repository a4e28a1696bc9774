/**
 * XLIFF, the file translators' tools read and write (docs/editing.md, "Translation round trip"):
 * written as XLIFF 2.0 or 1.2 and read back in either (and as 1.1, which translate-toolkit's
 * po2xliff writes), with the `xliff` library, which parses with a real XML parser and escapes
 * what it writes. No XML is made by joining strings here.
 *
 * A unit is known by its id, `sheet.<id>.<field>` or `page.<name>.<key>` (translation-units.ts).
 * A tool that renumbers units (po2xliff does) keeps the id as the unit's location, which this
 * reads instead.
 */
import type { XliffUnit, XmlElement } from 'xliff';
import { isUnitId } from './translation-units';

export const XLIFF_VERSIONS = ['2.0', '1.2'] as const;
export type XliffVersion = (typeof XLIFF_VERSIONS)[number];

/** Big enough for every text of thousands of sheets; anything past it is refused unread. */
export const MAX_XLIFF_BYTES = 20 * 1024 * 1024;

export interface UnitOut {
  id: string;
  source: string;
  /** The translation as it is, when there is one. */
  target?: string;
  /** Whether that translation is right for the source (false: outdated); XLIFF 1.2 says so as `approved`. */
  approved?: boolean;
  /** For the translator: what the text is (its field), and where (the sheet or page). */
  notes: string[];
}

/** What a file holds: units in groups (a sheet's, a page's), each group a <file> of the document. */
export interface XliffOut {
  /** BCP 47 (en-US), as XLIFF names languages. */
  sourceLanguage: string;
  targetLanguage: string;
  groups: Array<{ id: string; units: UnitOut[] }>;
}

export interface UnitIn {
  /** Our unit id, from the unit's id or its location; null when it has neither (not a unit of ours). */
  id: string | null;
  /** The unit's id as the file has it. */
  name: string;
  source: string;
  /** null: no translation in it. */
  target: string | null;
  /** false when the file marks the translation as not approved (XLIFF 1.x `approved="no"`: a PO file's fuzzy entry). */
  approved: boolean;
  /** Why it cannot be read as plain text (markup a tool put in it), if so. */
  problem?: string;
}

export interface XliffIn {
  version: string;
  sourceLanguage: string | null;
  targetLanguage: string | null;
  units: UnitIn[];
}

/** A file that is not XLIFF, or not one that can be read. */
export class XliffError extends Error {
  override name = 'XliffError';
}

// Whitespace is kept as written (a description's line breaks): translators' tools honour it.
const PRESERVE = { 'xml:space': 'preserve' };

export async function writeXliff(file: XliffOut, version: XliffVersion): Promise<string> {
  const resources = Object.fromEntries(
    file.groups.map((group) => [
      group.id,
      Object.fromEntries(
        group.units.map((unit): [string, XliffUnit] => [
          unit.id,
          {
            source: unit.source,
            ...(unit.target === undefined ? {} : { target: unit.target }),
            note: unit.notes,
            ...(version === '1.2'
              ? { additionalAttributes: { ...PRESERVE, ...(unit.approved === undefined ? {} : { approved: unit.approved ? 'yes' : 'no' }) } }
              : {}),
          },
        ]),
      ),
    ]),
  );
  const document = { sourceLanguage: file.sourceLanguage, targetLanguage: file.targetLanguage, resources };
  // Loaded when first used, as the parser below: a process that only serves pages never needs it.
  const { js2xliff, jsToXliff12 } = await import('xliff');
  const xml = version === '2.0' ? await js2xliff(document) : await jsToXliff12(document);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`;
}

export async function readXliff(xml: string): Promise<XliffIn> {
  if (Buffer.byteLength(xml) > MAX_XLIFF_BYTES) throw new XliffError(`The file is larger than ${MAX_XLIFF_BYTES / 1024 / 1024} MB`);
  const root = /<xliff\b[^>]*>/.exec(xml)?.[0];
  if (root === undefined) throw new XliffError('This is not an XLIFF file: it has no <xliff> element');
  // The parser takes a file that ends early (cut off in a download) for a shorter one: it must close its <xliff>.
  if (!/<\/xliff\s*>\s*(?:<!--[\s\S]*?-->\s*)*$/.test(xml))
    throw new XliffError('The XLIFF file cannot be read: it ends before its </xliff>, so part of it is missing');
  const version = /\bversion\s*=\s*["']([^"']+)["']/.exec(root)?.[1] ?? '1.2';
  const { xliff12ToJs, xliff2js } = await import('xliff');
  let document;
  try {
    document = version.startsWith('2') ? await xliff2js(xml) : await xliff12ToJs(xml);
  } catch (error) {
    // The library throws the parser's words (with line and column), or a TypeError on a shape it did not expect.
    throw new XliffError(`The XLIFF file cannot be read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (document === null || typeof document !== 'object' || document.resources === undefined)
    throw new XliffError('The XLIFF file cannot be read: it has no <file> elements');
  const units: UnitIn[] = [];
  for (const group of Object.values(document.resources)) for (const [name, unit] of Object.entries(group)) units.push(...unitsOf(name, unit));
  return { version, sourceLanguage: document.sourceLanguage ?? null, targetLanguage: document.targetLanguage ?? null, units };
}

function unitsOf(name: string, unit: XliffUnit): UnitIn[] {
  if (unit.groupUnits !== undefined) return Object.entries(unit.groupUnits).flatMap(([inner, grouped]) => unitsOf(inner, grouped));
  const source = plainText(unit.source);
  const target = unit.target === undefined ? null : plainText(unit.target);
  const id = isUnitId(name) ? name : locationOf(unit.additionalElements ?? []);
  const problem =
    source === null || (unit.target !== undefined && target === null) ? 'it has markup (tags) a plain text cannot take: translate it as text only' : undefined;
  return [
    {
      id,
      name,
      source: source ?? '',
      target: target === null || target === '' ? null : target,
      approved: unit.additionalAttributes?.approved !== 'no',
      ...(problem === undefined ? {} : { problem }),
    },
  ];
}

/** A text without markup; null when a tool put inline elements (<g>, <x/>, <ph>) in it. */
function plainText(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((part) => typeof part === 'string')) return value.join('');
  return null;
}

/**
 * The unit's id where a tool kept it as its location: po2xliff writes the PO file's `#:` reference
 * (xliff2po's copy of the unit id) as a po-reference context group.
 */
function locationOf(elements: XmlElement[]): string | null {
  for (const group of elements) {
    if (group.name !== 'context-group' || group.attributes?.purpose !== 'location') continue;
    const contexts = new Map((group.elements ?? []).map((context) => [context.attributes?.['context-type'], textOf(context)]));
    const file = contexts.get('sourcefile');
    const line = contexts.get('linenumber');
    const id = file === undefined ? undefined : line === undefined ? file : `${file}:${line}`;
    if (id !== undefined && isUnitId(id)) return id;
  }
  return null;
}

const textOf = (element: XmlElement): string => (element.elements ?? []).map((child) => child.text ?? '').join('');
