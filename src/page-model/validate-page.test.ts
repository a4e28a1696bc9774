import { describe, expect, it } from 'vitest';
import { LITERATURE_PAGE } from '../../tests/helpers/pages';
import { cmsInputProblem, localizePage, newSection, normalizeAlignment, PageDefinitionError, validatePageDefinition } from './validate-page';
import { problemLine } from '../shared/problems';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function problemsOf(json: unknown): string[] {
  try {
    validatePageDefinition(json, 'test.json');
  } catch (error) {
    if (error instanceof PageDefinitionError) return error.problems.map(problemLine);
    throw error;
  }
  return [];
}

describe('validatePageDefinition', () => {
  it('accepts the literature page as shipped, with the spec §2.2 and §9 settings', () => {
    expect(LITERATURE_PAGE.seo).toEqual({ pageTitle: 'Literature Sheets - CVD, ALD Precursors', description: '', customHeadTags: '' });
    const heading = LITERATURE_PAGE.sections[0]?.columns[0]?.components[0];
    expect(heading).toMatchObject({ type: 'richTextHeading', settings: { tag: 'h2', bold: true, fontSize: '36px' } });
    const grid = LITERATURE_PAGE.sections[1]?.columns[0]?.components[0];
    expect(grid).toMatchObject({
      type: 'collectionGrid',
      settings: {
        pageSize: 7,
        columns: 1,
        spacing: 'small',
        centered: true,
        widthPercent: 100,
        showBorder: false,
        autoScroll: false,
        paginator: { variant: 'showmore', label: 'Show More', style: 'secondary' },
        card: {
          imagePosition: 'left',
          imageWidthPercent: 33.33,
          imageFit: 'contain',
          imagePositionInFrame: 'center center',
          borderWidth: '1px',
          borderColour: 'rgb(0, 0, 0)',
          borderRadius: '0',
          titleTag: 'h1',
          titleStyle: 'heading-large',
          descriptionTag: 'h3',
          descriptionStyle: 'heading-medium',
          contentWidthPercent: 100,
          contentPadding: 'none',
          primaryButton: { label: 'Read More', show: true, style: 'primary' },
          secondaryButton: { label: 'Contact Us', show: false, target: null },
          buttonGroup: { widthPercent: 50, heightPx: 50, direction: 'row', spacing: 'space-evenly' },
        },
      },
    });
  });

  it('reports every problem at once, each with its place in the file', () => {
    const page = clone(LITERATURE_PAGE) as unknown as {
      name: string;
      sections: Array<{ columns: Array<{ width: number; components: Array<{ settings: Record<string, unknown> }> }> }>;
    };
    page.name = 'Not A Name';
    page.sections[0]!.columns[0]!.width = 13;
    page.sections[1]!.columns[0]!.components[0]!.settings.pageSize = 0;
    page.sections[1]!.columns[0]!.components[0]!.settings.spacing = 'huge';
    expect(problemsOf(page)).toEqual([
      'name: has an unsupported value "Not A Name"',
      'sections[0].columns[0].width: must be a whole number from 1 to 12',
      'sections[1].columns[0].components[0].settings.pageSize: must be a whole number from 1 to 250',
      'sections[1].columns[0].components[0].settings.spacing: must be one of x-large, large, medium, small, xx-small, none',
    ]);
  });

  it('refuses CSS that could break out of its declaration', () => {
    const page = clone(LITERATURE_PAGE) as unknown as { sections: Array<{ columns: Array<{ components: Array<{ settings: Record<string, unknown> }> }> }> };
    page.sections[0]!.columns[0]!.components[0]!.settings.fontSize = '36px;}body{display:none';
    expect(problemsOf(page)).toEqual(['sections[0].columns[0].components[0].settings.fontSize: has an unsupported value "36px;}body{display:none"']);
  });

  it('refuses repeated ids and columns wider than the grid', () => {
    const page = clone(LITERATURE_PAGE) as unknown as { sections: Array<{ id: string; columns: unknown[] }> };
    page.sections[1]!.id = 'section-1';
    page.sections[0]!.columns.push({ name: 'Column 2', width: 6, components: [] });
    expect(problemsOf(page)).toEqual(['sections[0].columns: take 18 of the 12 grid units', 'sections[1].id: repeats the id "section-1"']);
  });

  it('gives two-column sections the widths of their proportion', () => {
    const page = clone(LITERATURE_PAGE) as unknown as { sections: Array<{ proportion?: string; columns: unknown[] }> };
    page.sections[0]!.columns.push({ name: 'Column 2', components: [] });
    for (const [proportion, widths] of [
      ['1:1', [6, 6]],
      ['1:5', [2, 10]],
      ['1:2', [4, 8]],
      ['2:1', [8, 4]],
    ] as const) {
      page.sections[0]!.proportion = proportion;
      expect(validatePageDefinition(page, 'x').sections[0]?.columns.map((column) => column.width)).toEqual(widths);
    }
  });

  it('gives a section without columns one column named Column 1, 12 wide (spec §2.1)', () => {
    const page = clone(LITERATURE_PAGE) as unknown as { sections: Array<{ columns?: unknown }>; translations?: unknown };
    delete page.sections[0]!.columns;
    delete page.translations;
    expect(validatePageDefinition(page, 'x').sections[0]?.columns).toEqual([{ name: 'Column 1', width: 12, components: [] }]);
    expect(newSection('s').columns).toEqual([{ name: 'Column 1', width: 12, components: [] }]);
  });

  it('defaults a heading to h3 (spec §9)', () => {
    const page = clone(LITERATURE_PAGE) as unknown as { sections: Array<{ columns: Array<{ components: Array<{ settings: Record<string, unknown> }> }> }> };
    delete page.sections[0]!.columns[0]!.components[0]!.settings.tag;
    expect(validatePageDefinition(page, 'x').sections[0]?.columns[0]?.components[0]).toMatchObject({ settings: { tag: 'h3' } });
  });

  it.each([
    [undefined, 'Enter input parameters to execute the request.'],
    [{}, 'Enter a value for channelOrSiteId.'],
    [{ channelOrSiteId: '  ' }, 'Enter a value for channelOrSiteId.'],
    [{ channelOrSiteId: '001000000000001' }, 'Enter a valid prefix for channelOrSiteId.'],
  ])('rejects a CMS component with input %j: %s', (input, message) => {
    expect(cmsInputProblem(input)).toBe(message);
    const page = clone(LITERATURE_PAGE) as unknown as { sections: Array<{ columns: Array<{ components: Array<{ input?: unknown }> }> }> };
    page.sections[1]!.columns[0]!.components[0]!.input = input === undefined ? undefined : { ...input, collectionKeyOrId: 'MC53OK9IV3U2UY49UYF36P7MUSS1' };
    expect(problemsOf(page)).toContain(`sections[1].columns[0].components[0].input: ${message}`);
  });

  it('accepts a site or a channel id', () => {
    expect(cmsInputProblem({ channelOrSiteId: '0DMjBgKSq9PBIPJWG5' })).toBeNull();
    expect(cmsInputProblem({ channelOrSiteId: '0apoAVCLLfNDw9pQPD' })).toBeNull();
  });

  it('refuses a redirect action without a valid target', () => {
    const page = clone(LITERATURE_PAGE) as unknown as {
      sections: Array<{ columns: Array<{ components: Array<{ settings: { errorState: { action: unknown } } }> }> }>;
    };
    page.sections[1]!.columns[0]!.components[0]!.settings.errorState.action = { type: 'redirect', target: { type: 'comm__namedPage', attributes: {} } };
    expect(problemsOf(page)).toContain(
      'sections[1].columns[0].components[0].settings.errorState.action.target: is not a valid page reference: its type needs attributes it does not have',
    );
  });
});

describe('translations', () => {
  it('refuses a key that names no text of the page', () => {
    const page = {
      ...clone(LITERATURE_PAGE),
      translations: { de_DE: { 'nope.text': 'x', 'page-heading.text': 'Überschrift', 'seo.pageTitle': 'Titel' }, english: {} },
    };
    expect(problemsOf(page)).toEqual(['translations.de_DE.nope.text: names no text of this page', 'translations.english: must be a language such as de_DE']);
  });

  it('puts translated texts in place for a language, and leaves other languages as written', () => {
    const german = localizePage(LITERATURE_PAGE, 'de_DE');
    expect(german.seo.pageTitle).toBe('Datenblätter - CVD-, ALD-Präkursoren');
    expect(german.sections[0]?.columns[0]?.components[0]).toMatchObject({
      settings: { text: 'Datenblätter - CVD-, ALD-Präkursoren und Anlagen', fontSize: '36px' },
    });
    expect(german.sections[1]?.columns[0]?.components[0]).toMatchObject({
      settings: { paginator: { label: 'Mehr anzeigen' }, card: { primaryButton: { label: 'Mehr erfahren' } } },
    });
    expect(localizePage(LITERATURE_PAGE, 'ja_JP')).toBe(LITERATURE_PAGE);
    expect(LITERATURE_PAGE.seo.pageTitle).toBe('Literature Sheets - CVD, ALD Precursors');
  });
});

describe('normalizeAlignment (spec §5.6)', () => {
  it('keeps the five alignments and falls back to center', () => {
    for (const alignment of ['top', 'left', 'bottom', 'right', 'center']) expect(normalizeAlignment(alignment)).toBe(alignment);
    for (const other of ['middle', '', undefined, 3, 'CENTER']) expect(normalizeAlignment(other)).toBe('center');
  });
});
