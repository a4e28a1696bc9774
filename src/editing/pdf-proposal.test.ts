import { describe, expect, it } from 'vitest';
import { proposeSheet } from './pdf-proposal';

const page = [
  'LITERATURE SHEET',
  'CVD and ALD precursors and equipment DEMO DATA',
  'Trimethylaluminum (TMA)',
  'Aluminium precursor',
  'The archetypal ALD precursor: TMA and water deposit Al2O3 one self-limiting layer at a time. Also',
  'the aluminium source for MOCVD of AlN, AlGaN and AlGaAs.',
  'Identification',
].join('\n');

describe('a sheet proposed from a PDF', () => {
  it('leaves out an exporter’s suffix in German and French too', () => {
    for (const title of [
      'Trimethylaluminium (TMA) - Datenblatt',
      'Trimethylaluminium (TMA) – Sicherheitsdatenblatt',
      'Triméthylaluminium (TMA) | Fiche technique',
    ])
      expect(proposeSheet({ title, firstPageText: '' }, 'tma.pdf').title).toBe(title.replace(/ [-–|] .*$/, ''));
  });

  it('takes the title from the metadata without the exporter’s suffix, and the description from the prose after it', () => {
    const proposal = proposeSheet({ title: 'Trimethylaluminum (TMA) - Literature Sheet', firstPageText: page }, 'tma.pdf');
    expect(proposal).toEqual({
      title: 'Trimethylaluminum (TMA)',
      description:
        'The archetypal ALD precursor: TMA and water deposit Al2O3 one self-limiting layer at a time. Also the aluminium source for MOCVD of AlN, AlGaN and AlGaAs.',
      imageAlt: 'First page of the Trimethylaluminum (TMA) literature sheet',
    });
  });

  it('falls back to the first line, then to the file name', () => {
    expect(proposeSheet({ title: null, firstPageText: 'Bubbler, 1.2 L\nStainless steel' }, 'x.pdf').title).toBe('Bubbler, 1.2 L');
    expect(proposeSheet({ title: '  ', firstPageText: '' }, 'mass_flow-controller.PDF').title).toBe('mass flow controller');
  });

  it('keeps descriptions to whole sentences within 400 characters', () => {
    const long = `Title\n${'This sentence has exactly eight words in it. '.repeat(20)}`;
    const { description } = proposeSheet({ title: 'Title', firstPageText: long }, 'a.pdf');
    expect(description.length).toBeLessThanOrEqual(400);
    expect(description.endsWith('in it.')).toBe(true);
  });
});
