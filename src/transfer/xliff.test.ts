/**
 * XLIFF written and read: texts with markup characters and line breaks come back exactly, in 2.0
 * and 1.2; a unit renumbered by a tool is known by its location; a tool's inline markup, a file cut
 * short and a file that is not XLIFF are refused with words, never taken as text.
 */
import { describe, expect, it } from 'vitest';
import { readXliff, writeXliff, XliffError, type XliffOut } from './xliff';

const FILE: XliffOut = {
  sourceLanguage: 'en-US',
  targetLanguage: 'de-DE',
  groups: [
    {
      id: 'sheet.0MC000000000001AAA',
      units: [
        { id: 'sheet.0MC000000000001AAA.title', source: 'Silane <SiH4> & "friends"', target: 'Silan <SiH4> & „Freunde“', approved: true, notes: ['Title'] },
        { id: 'sheet.0MC000000000001AAA.description', source: '  Two\nlines  ', notes: ['Description', 'Sheet: Silane'] },
      ],
    },
  ],
};

describe('XLIFF', () => {
  for (const version of ['2.0', '1.2'] as const)
    it(`${version}: writes escaped XML and reads every text back as it was`, async () => {
      const xml = await writeXliff(FILE, version);
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
      expect(xml).toContain('Silane &lt;SiH4&gt; &amp; "friends"');
      expect(xml).not.toContain('<SiH4>');
      const read = await readXliff(xml);
      expect(read).toMatchObject({ version, sourceLanguage: 'en-US', targetLanguage: 'de-DE' });
      expect(read.units).toEqual([
        {
          id: 'sheet.0MC000000000001AAA.title',
          name: 'sheet.0MC000000000001AAA.title',
          source: 'Silane <SiH4> & "friends"',
          target: 'Silan <SiH4> & „Freunde“',
          approved: true,
        },
        { id: 'sheet.0MC000000000001AAA.description', name: 'sheet.0MC000000000001AAA.description', source: '  Two\nlines  ', target: null, approved: true },
      ]);
    });

  it('knows a unit a tool renumbered by its po-reference location, and leaves out units that are not ours', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.1" version="1.1"><file original="x.po" source-language="en-US" datatype="po"><body>
<trans-unit id="2" approved="no" restype="x-gettext-domain-header"><source>Project-Id-Version: X</source><target>Project-Id-Version: X</target></trans-unit>
<trans-unit id="3" approved="yes"><source>Silane</source><target>Silan</target>
<context-group name="po-reference" purpose="location"><context context-type="sourcefile">page.literature-sheets.page-heading.text</context></context-group></trans-unit>
<trans-unit id="4" approved="no"><source>Fuzzy</source><target>Unscharf</target></trans-unit>
</body></file></xliff>`;
    const read = await readXliff(xml);
    expect(read.targetLanguage).toBeNull();
    expect(read.units.map((unit) => [unit.id, unit.name, unit.approved])).toEqual([
      [null, '2', false],
      ['page.literature-sheets.page-heading.text', '3', true],
      [null, '4', false],
    ]);
  });

  it('refuses inline markup in a unit, a file cut short, and what is not XLIFF', async () => {
    const marked = `<xliff version="1.2"><file source-language="en" target-language="de"><body><trans-unit id="sheet.0MC000000000001AAA.title"><source>A <g id="1">bold</g> word</source><target>Ein Wort</target></trans-unit></body></file></xliff>`;
    expect((await readXliff(marked)).units[0]?.problem).toMatch(/markup/);
    await expect(readXliff(marked.slice(0, -20))).rejects.toThrow(/part of it is missing/);
    await expect(readXliff('<html></html>')).rejects.toThrow(XliffError);
    await expect(readXliff('<xliff version="1.2"><file></xliff>')).rejects.toThrow(/cannot be read/);
  });
});
