/**
 * Reads XLIFF 2.0, 1.2 and 1.1 (po2xliff writes 1.1) as translators' tools write it
 * (docs/translators.md): a unit split into sentence segments is one text again, each unit says
 * whether the file calls its translation done, and markup a tool put in a text is named, never
 * taken as text. xml-js parses (sax, strict: a document's own entities are not expanded).
 */
import type { Element } from 'xml-js';
import { isUnitId } from './translation-units';
import { MAX_XLIFF_BYTES, XliffError, type UnitIn, type XliffIn } from './xliff';

export async function readXliff(xml: string): Promise<XliffIn> {
  if (Buffer.byteLength(xml) > MAX_XLIFF_BYTES) throw new XliffError(`The file is larger than ${MAX_XLIFF_BYTES / 1024 / 1024} MB`);
  const root = await parse(xml);
  const version = attribute(root, 'version') ?? '1.2';
  const files = children(root, 'file');
  if (files.length === 0) throw new XliffError('The XLIFF file cannot be read: it has no <file> elements');
  return version.startsWith('2.') ? { version, ...readVersion2(root, files) } : { version, ...readVersion1(files) };
}

async function parse(xml: string): Promise<Element> {
  // The parser takes a file that ends early (cut off in a download) for a shorter one: it must close its <xliff>.
  const closed = /<\/(?:[\w.-]+:)?xliff\s*>\s*(?:<!--[\s\S]*?-->\s*)*$/.test(xml);
  const { xml2js } = await import('xml-js');
  let document: Element;
  try {
    // Spaces between elements are kept: a space between two sentence segments is part of the text.
    document = xml2js(xml, { captureSpacesBetweenElements: true }) as Element;
  } catch (error) {
    throw new XliffError(`The XLIFF file cannot be read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const root = (document.elements ?? []).find((node) => node.type === 'element');
  if (root === undefined || localName(root) !== 'xliff') throw new XliffError('This is not an XLIFF file: it has no <xliff> element');
  if (!closed) throw new XliffError('The XLIFF file cannot be read: it ends before its </xliff>, so part of it is missing');
  return root;
}

/** XLIFF 1.x: languages on each <file>, units (<trans-unit>) in its <body>, in groups or not. */
function readVersion1(files: Element[]): Omit<XliffIn, 'version'> {
  const targets = [...new Set(files.flatMap((file) => attribute(file, 'target-language') ?? []))];
  if (targets.length > 1) throw new XliffError(`The XLIFF file cannot be read: its files are in more than one target language (${targets.join(', ')})`);
  return {
    sourceLanguage: attribute(files[0]!, 'source-language') ?? null,
    targetLanguage: targets[0] ?? null,
    units: files.flatMap((file) => children(file, 'body').flatMap(transUnitsIn)),
  };
}

const transUnitsIn = (parent: Element): UnitIn[] =>
  children(parent).flatMap((node) => (localName(node) === 'group' ? transUnitsIn(node) : localName(node) === 'trans-unit' ? [transUnit(node)] : []));

/** A 1.x unit: its <source> (or, without one, its <seg-source>) and <target>, sentence segments (`<mrk mtype="seg">`) joined. */
function transUnit(unit: Element): UnitIn {
  const name = attribute(unit, 'id') ?? '';
  const source = child(unit, 'source') ?? child(unit, 'seg-source');
  const target = child(unit, 'target');
  const state = target === undefined ? undefined : attribute(target, 'state');
  const unfinished = state !== undefined && UNFINISHED_STATES_1.has(state) ? state : attribute(unit, 'approved') === 'no' ? 'not approved' : null;
  return unitIn({
    name,
    id: isUnitId(name) ? name : locationOf(unit),
    source: [source === undefined ? '' : contentOf(source)],
    target: target === undefined ? null : [contentOf(target)],
    unfinished,
    notes: children(unit, 'note').map(textOf),
  });
}

/** XLIFF 1.2's target `state` values for a translation not made yet. */
const UNFINISHED_STATES_1 = new Set(['new', 'needs-translation']);

/** XLIFF 2.0: languages on <xliff>, units in each <file>, in groups or not. */
function readVersion2(root: Element, files: Element[]): Omit<XliffIn, 'version'> {
  return { sourceLanguage: attribute(root, 'srcLang') ?? null, targetLanguage: attribute(root, 'trgLang') ?? null, units: files.flatMap(unitsIn) };
}

const unitsIn = (parent: Element): UnitIn[] =>
  children(parent).flatMap((node) => (localName(node) === 'group' ? unitsIn(node) : localName(node) === 'unit' ? [unit2(node)] : []));

/**
 * A 2.0 unit: its <segment>s and <ignorable>s in order, joined (XLIFF 2.0 core, "Segmentation").
 * A target may say where it goes among them (its `order`, by default its own place); an ignorable
 * without a target keeps its source (the space between two sentences); a segment without one
 * leaves the unit without a translation.
 */
function unit2(unit: Element): UnitIn {
  const name = attribute(unit, 'id') ?? '';
  const parts = children(unit).filter((node) => localName(node) === 'segment' || localName(node) === 'ignorable');
  const sources = parts.map((part) => contentOf(child(part, 'source')));
  const targets = parts.map((part, index) => {
    const target = child(part, 'target');
    const text = target === undefined ? (localName(part) === 'ignorable' ? sources[index]! : null) : contentOf(target);
    return { text, order: Number(target === undefined ? NaN : attribute(target, 'order')) || index + 1 };
  });
  const states = parts.flatMap((part) => (localName(part) === 'segment' ? [attribute(part, 'state')] : []));
  return unitIn({
    name,
    id: isUnitId(name) ? name : null,
    source: sources,
    target: targets.some((target) => target.text === null) ? null : targets.sort((a, b) => a.order - b.order).map((target) => target.text!),
    // A segment's `state` is `initial` when not written (XLIFF 2.0); a file that writes none at all (ours do not) is taken as translated.
    unfinished: states.includes('initial') ? 'initial' : null,
    notes: children(child(unit, 'notes'), 'note').map(textOf),
  });
}

/** A text of a source or target: its text, or where it has markup, the name of the first element. */
type Content = string | { markup: string };

function unitIn(read: Omit<UnitIn, 'source' | 'target' | 'problem'> & { source: Content[]; target: Content[] | null }): UnitIn {
  const markup = [...read.source, ...(read.target ?? [])].find((part): part is { markup: string } => typeof part !== 'string');
  const joined = (parts: Content[]) => parts.map((part) => (typeof part === 'string' ? part : '')).join('');
  const target = read.target === null ? '' : joined(read.target);
  return {
    id: read.id,
    name: read.name,
    source: joined(read.source),
    target: target === '' ? null : target,
    unfinished: read.unfinished,
    notes: read.notes,
    ...(markup === undefined ? {} : { problem: `it has markup (<${markup.markup}>) a plain text cannot take: translate it as text only` }),
  };
}

/**
 * The plain text of a <source> or <target>: its texts (entities and character references read by
 * the parser) and sentence segments (1.2 `<mrk mtype="seg">`, as in a <seg-source>) joined. Any other element
 * is markup a tool added (<g>, <x/>, <ph>, <pc>, <mrk>): a plain text cannot take it.
 */
function contentOf(element: Element | undefined): Content {
  let text = '';
  for (const node of element?.elements ?? []) {
    if (node.type === 'text') text += String(node.text ?? '');
    else if (node.type === 'cdata') text += node.cdata ?? '';
    else if (node.type !== 'element') continue;
    else if (localName(node) === 'mrk' && attribute(node, 'mtype') === 'seg') {
      const inner = contentOf(node);
      if (typeof inner !== 'string') return inner;
      text += inner;
    } else return { markup: localName(node) };
  }
  return text;
}

/**
 * The unit's id where a tool kept it as its location: po2xliff writes the PO file's `#:` reference
 * (xliff2po's copy of the unit id) as a po-reference context group.
 */
function locationOf(unit: Element): string | null {
  for (const group of children(unit, 'context-group')) {
    if (attribute(group, 'purpose') !== 'location') continue;
    const contexts = new Map(children(group, 'context').map((context) => [attribute(context, 'context-type'), textOf(context)]));
    const file = contexts.get('sourcefile');
    const line = contexts.get('linenumber');
    const id = file === undefined ? undefined : line === undefined ? file : `${file}:${line}`;
    if (id !== undefined && isUnitId(id)) return id;
  }
  return null;
}

/** An element's name without its namespace prefix (`xlf:unit` is a unit). */
const localName = (node: Element) => (node.name ?? '').replace(/^.*:/, '');
const children = (parent: Element | undefined, name?: string) =>
  (parent?.elements ?? []).filter((node) => node.type === 'element' && (name === undefined || localName(node) === name));
const child = (parent: Element | undefined, name: string) => children(parent, name)[0];
const attribute = (node: Element, name: string) => {
  const value = node.attributes?.[name];
  return value === undefined ? undefined : String(value);
};
const textOf = (node: Element): string =>
  (node.elements ?? [])
    .map((inner) => (inner.type === 'text' ? String(inner.text ?? '') : inner.type === 'cdata' ? (inner.cdata ?? '') : textOf(inner)))
    .join('');
