/**
 * Writes XLIFF 1.2 or 2.0 (xliff.ts says what a file holds) as an element tree that xml-js
 * serializes, escaping every text and attribute.
 *
 * Notes are written so that tools keep them: in 1.2 as `from="developer"` notes, the only ones
 * translate-toolkit's xliff2po carries into a PO file (as `#.` comments) and po2xliff back.
 */
import type { Element } from 'xml-js';
import type { UnitOut, XliffOut, XliffVersion } from './xliff';

// Whitespace is kept as written (a description's line breaks): translators' tools honour it.
const PRESERVE = { 'xml:space': 'preserve' };

export async function writeXliff(file: XliffOut, version: XliffVersion): Promise<string> {
  // Loaded when first used: a process that only serves pages never needs it.
  const { js2xml } = await import('xml-js');
  const root = version === '2.0' ? document2(file) : document12(file);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${js2xml({ elements: [root] }, { spaces: 2 })}\n`;
}

/** XLIFF 1.2: a <file> per group, a <trans-unit> per text. */
function document12(file: XliffOut): Element {
  const files = file.groups.map((group) =>
    element('file', { original: group.id, datatype: 'plaintext', 'source-language': file.sourceLanguage, 'target-language': file.targetLanguage }, [
      element('body', {}, group.units.map(transUnit)),
    ]),
  );
  return element('xliff', { xmlns: 'urn:oasis:names:tc:xliff:document:1.2', version: '1.2' }, files);
}

function transUnit(unit: UnitOut): Element {
  const approved: Record<string, string> = unit.approved === undefined ? {} : { approved: unit.approved ? 'yes' : 'no' };
  return element('trans-unit', { id: unit.id, ...PRESERVE, ...approved }, [
    element('source', {}, [text(unit.source)]),
    ...(unit.target === undefined ? [] : [element('target', {}, [text(unit.target)])]),
    ...unit.notes.map((note) => element('note', { from: 'developer' }, [text(note)])),
  ]);
}

/** XLIFF 2.0: a <file> per group, a <unit> of one <segment> per text. */
function document2(file: XliffOut): Element {
  const files = file.groups.map((group) => element('file', { id: group.id }, group.units.map(unit2)));
  return element(
    'xliff',
    { xmlns: 'urn:oasis:names:tc:xliff:document:2.0', version: '2.0', srcLang: file.sourceLanguage, trgLang: file.targetLanguage },
    files,
  );
}

function unit2(unit: UnitOut): Element {
  const notes =
    unit.notes.length === 0
      ? []
      : [
          element(
            'notes',
            {},
            unit.notes.map((note) => element('note', {}, [text(note)])),
          ),
        ];
  const segment = element('segment', {}, [
    element('source', {}, [text(unit.source)]),
    ...(unit.target === undefined ? [] : [element('target', {}, [text(unit.target)])]),
  ]);
  return element('unit', { id: unit.id, ...PRESERVE }, [...notes, segment]);
}

function element(name: string, attributes: Record<string, string>, elements: Element[]): Element {
  return { type: 'element', name, attributes: Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, attributeValue(value)])), elements };
}

/**
 * xml-js escapes only `"` in an attribute, and reads `&amp;` in a text as already escaped (a text
 * "a &amp; b" would come back "a & b"). Escaping `&` (and, in attributes, `<` `>`) first makes
 * what it writes exact: its own pass then turns each `&amp;` back into the `&` it stood for.
 */
const text = (value: string): Element => ({ type: 'text', text: value.replace(/&/g, '&amp;') });
const attributeValue = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
