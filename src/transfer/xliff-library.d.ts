/** The parts of the `xliff` package (locize/xliff) this project uses; it ships no types of its own. */
declare module 'xliff' {
  export interface XliffUnit {
    source: unknown;
    target?: unknown;
    note?: string | string[];
    additionalAttributes?: Record<string, string>;
    additionalElements?: XmlElement[];
    /** A group's units, by id (a <group> of XLIFF 1.2 or 2.0). */
    groupUnits?: Record<string, XliffUnit>;
  }
  export interface XmlElement {
    type: string;
    name?: string;
    text?: string;
    attributes?: Record<string, string>;
    elements?: XmlElement[];
  }
  export interface XliffDocument {
    xliffVersion?: string;
    sourceLanguage?: string;
    targetLanguage?: string;
    resources: Record<string, Record<string, XliffUnit>>;
  }
  export function js2xliff(document: XliffDocument): Promise<string>;
  export function jsToXliff12(document: XliffDocument): Promise<string>;
  export function xliff2js(xml: string): Promise<XliffDocument>;
  export function xliff12ToJs(xml: string): Promise<XliffDocument>;
}
