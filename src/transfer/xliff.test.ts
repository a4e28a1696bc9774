/**
 * XLIFF written and read: texts with markup characters, entities and line breaks come back
 * exactly, in 2.0 and 1.2; a unit split into sentence segments is one text again; the states a
 * tool gives a translation are read; a unit renumbered by a tool is known by its location; a
 * tool's inline markup, a file cut short and a file that is not XLIFF are refused with words,
 * never taken as text. The files under tests/fixtures/xliff/ are as tools write them (README.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { XliffError, type XliffOut } from './xliff';
import { readXliff } from './xliff-read';
import { writeXliff } from './xliff-write';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/xliff/${name}`, import.meta.url), 'utf8');
const [SILANE, DIETHYLZINC, TEOS] = ['20YWZnoHBMGXRMk22P', '20YG0qD7FrmoVqiMKE', '20YfNd663QXJtEeUQL'];

const FILE: XliffOut = {
  sourceLanguage: 'en-US',
  targetLanguage: 'de-DE',
  groups: [
    {
      id: 'sheet.0MC000000000001AAA',
      units: [
        {
          id: 'sheet.0MC000000000001AAA.title',
          source: 'Silane <SiH4> & "friends" &amp; more',
          target: 'Silan <SiH4> & „Freunde“ &amp; mehr',
          approved: true,
          notes: ['Title', 'A & B'],
        },
        { id: 'sheet.0MC000000000001AAA.description', source: '  Two\nlines  ', notes: ['Description', 'Sheet: Silane'] },
      ],
    },
  ],
};

describe('XLIFF', () => {
  for (const version of ['2.0', '1.2'] as const)
    it(`${version}: writes escaped XML and reads every text back as it was, a literal "&amp;" too`, async () => {
      const xml = await writeXliff(FILE, version);
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
      expect(xml).toContain('Silane &lt;SiH4&gt; &amp; "friends" &amp;amp; more');
      expect(xml).not.toContain('<SiH4>');
      const read = await readXliff(xml);
      expect(read).toMatchObject({ version, sourceLanguage: 'en-US', targetLanguage: 'de-DE' });
      expect(read.units).toEqual([
        {
          id: 'sheet.0MC000000000001AAA.title',
          name: 'sheet.0MC000000000001AAA.title',
          source: 'Silane <SiH4> & "friends" &amp; more',
          target: 'Silan <SiH4> & „Freunde“ &amp; mehr',
          unfinished: null,
          notes: ['Title', 'A & B'],
        },
        {
          id: 'sheet.0MC000000000001AAA.description',
          name: 'sheet.0MC000000000001AAA.description',
          source: '  Two\nlines  ',
          target: null,
          unfinished: null,
          notes: ['Description', 'Sheet: Silane'],
        },
      ]);
    });

  it('1.2: writes its notes as the developer’s, which translate-toolkit’s xliff2po keeps', async () => {
    expect(await writeXliff(FILE, '1.2')).toContain('<note from="developer">Title</note>');
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
    expect(read.units.map((unit) => [unit.id, unit.name, unit.unfinished])).toEqual([
      [null, '2', 'not approved'],
      ['page.literature-sheets.page-heading.text', '3', null],
      [null, '4', 'not approved'],
    ]);
  });

  it('refuses inline markup in a unit, a file cut short, and what is not XLIFF', async () => {
    const marked = `<xliff version="1.2"><file source-language="en" target-language="de"><body><trans-unit id="sheet.0MC000000000001AAA.title"><source>A <g id="1">bold</g> word</source><target>Ein Wort</target></trans-unit></body></file></xliff>`;
    expect((await readXliff(marked)).units[0]?.problem).toMatch(/markup \(<g>\)/);
    await expect(readXliff(marked.slice(0, -20))).rejects.toThrow(/part of it is missing/);
    await expect(readXliff('<html></html>')).rejects.toThrow(XliffError);
    await expect(readXliff('<xliff version="1.2"><file></xliff>')).rejects.toThrow(/cannot be read/);
    await expect(readXliff('<xliff version="2.0"></xliff>')).rejects.toThrow(/no <file> elements/);
  });
});

describe('XLIFF as tools write it (tests/fixtures/xliff)', () => {
  it('2.0: joins a unit’s segments and ignorables in order, a target placed by its order too, in groups', async () => {
    const read = await readXliff(fixture('segments-2.0.xlf'));
    expect(read.units.map((unit) => [unit.id, unit.source, unit.target, unit.unfinished])).toEqual([
      [
        `sheet.${SILANE}.description`,
        'The basic silicon source gas for CVD of polysilicon, amorphous silicon, silicon oxide and silicon nitride. Pyrophoric, so it is delivered from exhausted gas cabinets.',
        'Das grundlegende Silicium-Quellgas für die CVD von Polysilicium, amorphem Silicium, Siliciumoxid und Siliciumnitrid. Pyrophor, daher wird es aus abgesaugten Gasschränken geliefert.',
        null,
      ],
      [
        `sheet.${DIETHYLZINC}.description`,
        'The usual zinc precursor for ALD of ZnO with water, from transparent conductors to thin-film transistors. Also a p-type dopant source in III-V MOCVD.',
        'Der gängige Zinkpräkursor für die ALD von ZnO mit Wasser, von transparenten Leitern bis zu Dünnschichttransistoren. Außerdem eine Quelle für p-Dotierung in der III-V-MOCVD.',
        null,
      ],
      [
        `sheet.${TEOS}.description`,
        'The workhorse liquid source for CVD silicon dioxide, from PECVD interlayer dielectrics to ozone-TEOS gap fill. Safer to handle than silane.',
        'Sicherer zu handhaben als Silan. Die bewährte Flüssigquelle für CVD-Siliciumdioxid, von PECVD-Zwischenlagendielektrika bis zur Ozon-TEOS-Lückenfüllung.',
        null,
      ],
    ]);
    expect(read.units[0]?.notes).toEqual(['Description', 'Export tex-20261207-f1f1f1f1']);
  });

  it('1.2: joins the sentences a tool marked in its target (<mrk mtype="seg">), the source as its <source> has it', async () => {
    const [unit] = (await readXliff(fixture('segments-1.2.xlf'))).units;
    expect(unit).toMatchObject({
      id: `sheet.${SILANE}.description`,
      source:
        'The basic silicon source gas for CVD of polysilicon, amorphous silicon, silicon oxide and silicon nitride. Pyrophoric, so it is delivered from exhausted gas cabinets.',
      target:
        'Das grundlegende Silicium-Quellgas für die CVD von Polysilicium, amorphem Silicium, Siliciumoxid und Siliciumnitrid. Pyrophor, daher wird es aus abgesaugten Gasschränken geliefert.',
      unfinished: null,
    });
    expect(unit?.problem).toBeUndefined();
  });

  it('reads which translations a file calls not done yet: 2.0 initial (one segment of two is enough), 1.2 needs-translation', async () => {
    const states = (await readXliff(fixture('states-2.0.xlf'))).units;
    expect(states.map((unit) => [unit.id, unit.unfinished])).toEqual([
      [`sheet.${SILANE}.title`, 'initial'],
      [`sheet.${DIETHYLZINC}.title`, null],
      [`sheet.${TEOS}.title`, null],
      [`sheet.${TEOS}.description`, 'initial'],
    ]);
    const merged = (await readXliff(fixture('translate-toolkit/pomerge-1.2.xlf'))).units;
    expect(merged.find((unit) => unit.id === `sheet.${DIETHYLZINC}.description`)?.unfinished).toBe('needs-translation');
    expect(merged.find((unit) => unit.id === `sheet.${SILANE}.title`)).toMatchObject({ target: 'Monosilan (SiH₄)', unfinished: null });
  });

  it('reads translate-toolkit’s files: po2xliff’s renumbered 1.1 by location, podebug’s 1.2 as written, the export’s note through both', async () => {
    const renumbered = await readXliff(fixture('translate-toolkit/po2xliff-1.1.xlf'));
    expect(renumbered.version).toBe('1.1');
    const title = renumbered.units.find((unit) => unit.id === `sheet.${SILANE}.title`);
    expect(title).toMatchObject({ name: expect.stringMatching(/^\d+$/), target: 'xxxSilan (SiH₄)xxx', unfinished: null });
    expect(title?.notes.join('\n')).toContain('Export tex-20261207-f1f1f1f1');
    const debugged = await readXliff(fixture('translate-toolkit/podebug-1.2.xlf'));
    expect(debugged.units).toHaveLength(12);
    expect(debugged.units.find((unit) => unit.id === `sheet.${TEOS}.title`)?.target).toBe('xxxTetraethylorthosilicat (TEOS)xxx');
  });

  it('reads a target language as the file writes it (de-de, de): the import matches it to the site’s', async () => {
    expect((await readXliff(fixture('target-de-de-2.0.xlf'))).targetLanguage).toBe('de-de');
    expect((await readXliff(fixture('target-de-1.2.xlf'))).targetLanguage).toBe('de');
  });

  for (const version of ['2.0', '1.2'])
    it(`${version}: reads entities, numeric references and CDATA as text, and names inline markup (<ph>, <pc>, <g>, <x/>)`, async () => {
      const units = (await readXliff(fixture(`entities-markup-${version}.xlf`))).units;
      expect(units[0]).toMatchObject({ source: 'Silane & disilane <SiH₄> at 5\u00a0€/g', target: 'Silan & Disilan <SiH₄> für 5\u00a0€/g' });
      expect(units[0]?.problem).toBeUndefined();
      const problems = units.slice(1).map((unit) => unit.problem?.match(/<\w+>/)?.[0] ?? null);
      if (version === '2.0') {
        expect(units[1]).toMatchObject({ source: 'Two lines\nof text, "quoted" &amp; escaped', target: 'Zwei Zeilen\nText, "zitiert" &amp; <roh>' });
        expect(problems).toEqual([null, '<ph>', '<pc>']);
      } else expect(problems).toEqual(['<g>', '<x>']);
    });
});
