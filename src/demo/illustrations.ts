/**
 * Generated illustrations for the demo literature: a container drawing labelled with the
 * chemical's abbreviation and formula, or a line drawing of the equipment. Drawn as SVG, 480×360
 * (4:3), no scripts, no external references, every text escaped; the demo stores them rasterised
 * (renderIllustrationImage), as an editor would upload a product photo.
 */
import { loadSharp } from '../files/sharp';
import type { CatalogueEntry, EquipmentDrawing, Illustration } from './catalogue';

export const ILLUSTRATION_WIDTH = 480;
export const ILLUSTRATION_HEIGHT = 360;
/** Pixels of the raster image per unit of the drawing: sharp at the card's 480 CSS pixels on a screen of two device pixels per CSS pixel. */
export const ILLUSTRATION_RASTER_SCALE = 2;

const INK = '#1f2d3d';
const ACCENT = '#2a5d9f';

export function renderIllustration(entry: CatalogueEntry): string {
  const body = drawIllustration(entry, entry.illustration);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}" viewBox="0 0 ${ILLUSTRATION_WIDTH} ${ILLUSTRATION_HEIGHT}" role="img">`,
    `<title>${escapeXml(entry.altText)}</title>`,
    '<defs>',
    '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5f7fa"/><stop offset="1" stop-color="#e3e9f0"/></linearGradient>',
    '<linearGradient id="steel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7d8894"/><stop offset="0.35" stop-color="#e9eef2"/><stop offset="0.6" stop-color="#b8c2cc"/><stop offset="1" stop-color="#6f7a86"/></linearGradient>',
    '</defs>',
    `<rect width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}" fill="url(#bg)"/>`,
    body,
    '</svg>',
  ].join('');
}

export interface RasterIllustration {
  bytes: Buffer;
  mimeType: 'image/png';
  width: number;
  height: number;
}

/**
 * The illustration as a PNG of 960×720 (ILLUSTRATION_RASTER_SCALE × the drawing), rasterised by
 * sharp (librsvg) at the matching density. PNG, not JPEG: the drawing is flat colour, gradients and
 * small text, which PNG keeps exactly where JPEG would ring around the letters, and a lossless
 * original is the best source for the resizer's AVIF and WebP (and its fallback is then PNG). The
 * drawing has a background, so the alpha channel is dropped, as a camera's photo has none.
 * Compression level 7 keeps the seed quick at ~25 KB an image (level 9 took twice as long for 14 %
 * less; visitors get the resizer's AVIF or WebP, not this file). The same drawing, sharp and fonts
 * give the same bytes: the text is set in the machine's own Helvetica, Arial or sans-serif, as a
 * browser sets it in the SVG.
 */
export async function renderIllustrationImage(entry: CatalogueEntry): Promise<RasterIllustration> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(renderIllustration(entry), 'utf8'), { density: 72 * ILLUSTRATION_RASTER_SCALE })
    .removeAlpha()
    .png({ compressionLevel: 7 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, mimeType: 'image/png', width: info.width, height: info.height };
}

function drawIllustration(entry: CatalogueEntry, illustration: Illustration): string {
  switch (illustration.kind) {
    case 'cylinder':
    case 'ampoule':
    case 'gas-cylinder':
      return drawContainer(entry, illustration.kind, illustration.symbol, illustration.colour);
    case 'equipment':
      return EQUIPMENT_DRAWINGS[illustration.drawing]();
  }
}

function drawContainer(entry: CatalogueEntry, kind: 'cylinder' | 'ampoule' | 'gas-cylinder', symbol: string, colour: string): string {
  const chemical = entry.chemical;
  const abbreviation = chemical?.abbreviation ?? entry.title;
  const formula = chemical?.formula ?? '';
  const parts: string[] = [elementTile(symbol, colour)];
  if (kind === 'gas-cylinder') {
    parts.push(
      '<rect x="150" y="70" width="180" height="270" rx="70" fill="url(#steel)" stroke="#5e6873" stroke-width="2"/>',
      '<rect x="215" y="40" width="50" height="40" rx="6" fill="#6f7a86"/>',
      '<rect x="205" y="22" width="70" height="22" rx="5" fill="#4a5560"/>',
    );
  } else if (kind === 'ampoule') {
    parts.push(
      '<rect x="140" y="120" width="200" height="210" rx="16" fill="url(#steel)" stroke="#5e6873" stroke-width="2"/>',
      '<rect x="150" y="100" width="180" height="26" rx="6" fill="#9aa5b0" stroke="#5e6873" stroke-width="2"/>',
      valve(180, 50),
      valve(270, 50),
    );
  } else {
    parts.push(
      '<rect x="150" y="105" width="180" height="230" rx="24" fill="url(#steel)" stroke="#5e6873" stroke-width="2"/>',
      '<rect x="160" y="92" width="160" height="20" rx="6" fill="#9aa5b0" stroke="#5e6873" stroke-width="2"/>',
      valve(190, 40),
      valve(270, 40),
    );
  }
  const labelY = kind === 'gas-cylinder' ? 160 : 175;
  parts.push(
    `<rect x="158" y="${labelY}" width="164" height="110" rx="6" fill="#ffffff" stroke="${colour}" stroke-width="4"/>`,
    `<rect x="158" y="${labelY}" width="164" height="22" rx="6" fill="${colour}"/>`,
    `<text x="240" y="${labelY + 16}" font-family="Helvetica, Arial, sans-serif" font-size="13" font-weight="bold" fill="#ffffff" text-anchor="middle">DEMO</text>`,
    `<text x="240" y="${labelY + 56}" font-family="Helvetica, Arial, sans-serif" font-size="${fitFontSize(abbreviation, 30, 150)}" font-weight="bold" fill="${INK}" text-anchor="middle">${formulaTspans(abbreviation)}</text>`,
    `<text x="240" y="${labelY + 84}" font-family="Helvetica, Arial, sans-serif" font-size="${fitFontSize(formula, 17, 150)}" fill="${INK}" text-anchor="middle">${formulaTspans(formula)}</text>`,
    chemical
      ? `<text x="240" y="${labelY + 102}" font-family="Helvetica, Arial, sans-serif" font-size="11" fill="#4a5560" text-anchor="middle">CAS ${escapeXml(chemical.cas)}</text>`
      : '',
  );
  return parts.join('');
}

function elementTile(symbol: string, colour: string): string {
  return [
    `<rect x="24" y="24" width="72" height="72" rx="8" fill="${colour}"/>`,
    `<text x="60" y="72" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(symbol)}</text>`,
  ].join('');
}

function valve(x: number, y: number): string {
  return [
    `<rect x="${x - 6}" y="${y + 30}" width="12" height="26" fill="#7d8894"/>`,
    `<rect x="${x - 16}" y="${y + 10}" width="32" height="24" rx="4" fill="#5e6873"/>`,
    `<rect x="${x - 22}" y="${y}" width="44" height="12" rx="4" fill="${ACCENT}"/>`,
  ].join('');
}

/** Shrinks text so that it fits a width, assuming an average glyph of 0.6 em. */
function fitFontSize(text: string, preferred: number, width: number): number {
  if (text.length === 0) return preferred;
  return Math.max(10, Math.min(preferred, Math.floor(width / (text.length * 0.6))));
}

/** Writes the digits of a formula as subscripts: Al(CH3)3 → Al(CH₃)₃ with lowered digits. */
export function formulaTspans(formula: string): string {
  // dy is relative: lower the baseline entering a subscript and raise it again on leaving.
  let lowered = false;
  return splitFormula(formula)
    .map((part) => {
      const shift = part.subscript === lowered ? '' : ` dy="${part.subscript ? 4 : -4}"`;
      lowered = part.subscript;
      return `<tspan${shift}${part.subscript ? ' font-size="75%"' : ''}>${escapeXml(part.text)}</tspan>`;
    })
    .join('');
}

export interface FormulaPart {
  text: string;
  subscript: boolean;
}

/** Digits that follow an element symbol or a closing bracket are subscripts. */
export function splitFormula(formula: string): FormulaPart[] {
  const parts: FormulaPart[] = [];
  for (const match of formula.matchAll(/(\d+)|(\D+)/g)) {
    const [, digits, other] = match;
    if (digits !== undefined) {
      const previous = formula.charAt((match.index ?? 0) - 1);
      parts.push({ text: digits, subscript: /[A-Za-z)\]]/.test(previous) });
    } else if (other !== undefined) {
      parts.push({ text: other, subscript: false });
    }
  }
  return parts;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const line = (d: string, stroke = INK, width = 3) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;

const EQUIPMENT_DRAWINGS: Record<EquipmentDrawing, () => string> = {
  bubbler: () =>
    [
      '<rect x="160" y="110" width="160" height="220" rx="20" fill="url(#steel)" stroke="#5e6873" stroke-width="2"/>',
      '<rect x="165" y="230" width="150" height="95" rx="14" fill="#d8c67a" opacity="0.75"/>',
      line('M200 60 V300', ACCENT, 5),
      '<circle cx="200" cy="292" r="5" fill="#ffffff" stroke="#5e6873"/><circle cx="212" cy="278" r="4" fill="#ffffff" stroke="#5e6873"/><circle cx="206" cy="262" r="3" fill="#ffffff" stroke="#5e6873"/>',
      line('M280 60 V112', ACCENT, 5),
      valve(200, 40),
      valve(280, 40),
      label(90, 200, 'carrier in'),
      label(390, 200, 'vapour out'),
      line('M120 190 H180', INK, 2),
      line('M300 190 H350', INK, 2),
    ].join(''),
  ampoule: () =>
    [
      '<rect x="150" y="100" width="180" height="230" rx="14" fill="url(#steel)" stroke="#5e6873" stroke-width="2"/>',
      ...[150, 190, 230, 270].map((y) => `<rect x="170" y="${y}" width="140" height="14" rx="3" fill="#c9b36a" stroke="#8a7a3a"/>`),
      valve(190, 30),
      valve(290, 30),
      label(240, 350, 'internal trays hold the solid'),
    ].join(''),
  'ald-valve': () =>
    [
      '<rect x="180" y="60" width="120" height="110" rx="12" fill="#d7dde3" stroke="#5e6873" stroke-width="2"/>',
      '<rect x="205" y="40" width="70" height="24" rx="6" fill="#5e6873"/>',
      '<rect x="170" y="170" width="140" height="80" rx="8" fill="url(#steel)" stroke="#5e6873" stroke-width="2"/>',
      line('M100 215 H170 M310 215 H380', ACCENT, 10),
      line('M195 200 Q240 180 285 200', INK, 3),
      label(240, 120, 'pneumatic actuator'),
      label(240, 290, 'all-metal diaphragm'),
    ].join(''),
  vaporizer: () =>
    [
      '<rect x="170" y="110" width="140" height="150" rx="12" fill="url(#steel)" stroke="#5e6873" stroke-width="2"/>',
      line('M60 150 H170', '#b07a2a', 6),
      line('M60 220 H170', ACCENT, 6),
      line('M310 185 H420', ACCENT, 10),
      '<path d="M200 150 l20 35 l-20 35" fill="none" stroke="#c0392b" stroke-width="3"/>',
      label(100, 138, 'liquid'),
      label(100, 245, 'carrier gas'),
      label(370, 170, 'vapour'),
      label(240, 290, 'heated flash chamber'),
    ].join(''),
  'mass-flow-controller': () =>
    [
      '<rect x="150" y="200" width="180" height="60" rx="6" fill="url(#steel)" stroke="#5e6873" stroke-width="2"/>',
      '<rect x="170" y="80" width="140" height="120" rx="8" fill="#2f3e4d"/>',
      '<rect x="190" y="100" width="100" height="34" rx="4" fill="#9fe3b0"/>',
      `<text x="240" y="124" font-family="Helvetica, Arial, sans-serif" font-size="18" font-weight="bold" fill="${INK}" text-anchor="middle">100 sccm</text>`,
      line('M80 230 H150 M330 230 H400', ACCENT, 10),
      label(240, 300, 'thermal sensor · control valve'),
    ].join(''),
  'heating-jacket': () =>
    [
      '<rect x="160" y="100" width="160" height="230" rx="20" fill="#c0392b" opacity="0.85"/>',
      ...[130, 170, 210, 250, 290].map((y) => line(`M165 ${y} H315`, '#f3d7a6', 2)),
      valve(200, 30),
      valve(280, 30),
      '<rect x="350" y="180" width="90" height="70" rx="6" fill="#2f3e4d"/>',
      `<text x="395" y="222" font-family="Helvetica, Arial, sans-serif" font-size="18" font-weight="bold" fill="#9fe3b0" text-anchor="middle">40 °C</text>`,
      line('M320 215 H350', INK, 2),
    ].join(''),
  'gas-cabinet': () =>
    [
      '<rect x="120" y="30" width="240" height="310" rx="6" fill="#d7dde3" stroke="#5e6873" stroke-width="3"/>',
      '<rect x="140" y="60" width="200" height="200" rx="4" fill="#eef3f7" stroke="#5e6873"/>',
      '<rect x="165" y="110" width="50" height="140" rx="20" fill="url(#steel)" stroke="#5e6873"/>',
      '<rect x="265" y="110" width="50" height="140" rx="20" fill="url(#steel)" stroke="#5e6873"/>',
      line('M190 110 V80 H290 V110', ACCENT, 4),
      line('M240 80 V40', ACCENT, 4),
      '<rect x="150" y="280" width="180" height="40" rx="4" fill="#2f3e4d"/>',
      '<circle cx="175" cy="300" r="8" fill="#9fe3b0"/><circle cx="200" cy="300" r="8" fill="#f1c40f"/>',
    ].join(''),
  'face-seal-fitting': () =>
    [
      '<rect x="80" y="150" width="130" height="60" rx="6" fill="url(#steel)" stroke="#5e6873" stroke-width="2"/>',
      '<rect x="270" y="150" width="130" height="60" rx="6" fill="url(#steel)" stroke="#5e6873" stroke-width="2"/>',
      '<rect x="230" y="140" width="20" height="80" rx="3" fill="#c0c6cc" stroke="#5e6873" stroke-width="2"/>',
      line('M40 180 H80 M400 180 H440', ACCENT, 10),
      label(240, 260, 'metal gasket'),
      line('M240 222 V244', INK, 2),
    ].join(''),
  'capacitance-manometer': () =>
    [
      '<circle cx="240" cy="150" r="90" fill="url(#steel)" stroke="#5e6873" stroke-width="3"/>',
      '<circle cx="240" cy="150" r="60" fill="#eef3f7" stroke="#5e6873"/>',
      line('M240 150 L280 115', '#c0392b', 4),
      '<rect x="225" y="240" width="30" height="60" fill="#9aa5b0" stroke="#5e6873"/>',
      line('M200 320 H280', ACCENT, 10),
      label(240, 350, 'diaphragm sensor head'),
    ].join(''),
};

function label(x: number, y: number, text: string): string {
  return `<text x="${x}" y="${y}" font-family="Helvetica, Arial, sans-serif" font-size="14" fill="${INK}" text-anchor="middle">${escapeXml(text)}</text>`;
}
