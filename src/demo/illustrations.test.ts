import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE } from './catalogue';
import {
  escapeXml,
  formulaTspans,
  ILLUSTRATION_HEIGHT,
  ILLUSTRATION_RASTER_SCALE,
  ILLUSTRATION_WIDTH,
  renderIllustration,
  renderIllustrationImage,
  splitFormula,
} from './illustrations';

describe('splitFormula', () => {
  it('makes digits after symbols and brackets subscripts', () => {
    expect(splitFormula('Hf[N(CH3)2]4')).toEqual([
      { text: 'Hf[N(CH', subscript: false },
      { text: '3', subscript: true },
      { text: ')', subscript: false },
      { text: '2', subscript: true },
      { text: ']', subscript: false },
      { text: '4', subscript: true },
    ]);
  });
});

describe('formulaTspans', () => {
  it('lowers each subscript once and restores the baseline after it', () => {
    expect(formulaTspans('Al(CH3)3')).toBe(
      '<tspan>Al(CH</tspan><tspan dy="4" font-size="75%">3</tspan><tspan dy="-4">)</tspan><tspan dy="4" font-size="75%">3</tspan>',
    );
  });
});

describe('renderIllustration', () => {
  it('draws every catalogue entry as a self-contained SVG with its alt text as title', () => {
    for (const entry of DEMO_CATALOGUE) {
      const svg = renderIllustration(entry);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain(`<title>${escapeXml(entry.altText)}</title>`);
      expect(svg).not.toMatch(/<script|\son\w+=|href=/i);
    }
  });

  it('escapes text', () => {
    expect(escapeXml(`<a & "b" 'c'>`)).toBe('&#60;a &#38; &#34;b&#34; &#39;c&#39;&#62;');
  });
});

describe('renderIllustrationImage', () => {
  it('rasterises every drawing to an opaque PNG at twice its size', async () => {
    for (const entry of DEMO_CATALOGUE) {
      const image = await renderIllustrationImage(entry);
      const metadata = await sharp(image.bytes).metadata();
      expect(image.mimeType).toBe('image/png');
      expect(metadata).toMatchObject({
        format: 'png',
        width: ILLUSTRATION_WIDTH * ILLUSTRATION_RASTER_SCALE,
        height: ILLUSTRATION_HEIGHT * ILLUSTRATION_RASTER_SCALE,
        channels: 3,
      });
      expect({ width: image.width, height: image.height }).toEqual({ width: 960, height: 720 });
      // A drawing, not a blank: the pixels vary in every channel, and the whole file decodes.
      const stats = await sharp(image.bytes, { failOn: 'warning' }).stats();
      expect(
        stats.channels.every((channel) => channel.stdev > 10),
        entry.slug,
      ).toBe(true);
    }
  });

  it('gives the same bytes every time', async () => {
    const [entry] = DEMO_CATALOGUE;
    const [first, second] = await Promise.all([renderIllustrationImage(entry!), renderIllustrationImage(entry!)]);
    expect(first.bytes.equals(second.bytes)).toBe(true);
    expect((await renderIllustrationImage(entry!)).bytes.equals(first.bytes)).toBe(true);
  });
});
