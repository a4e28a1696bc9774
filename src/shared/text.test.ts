import { describe, expect, it } from 'vitest';
import { decodeEntities, stripTags, urlNameOf } from './text';

describe('stripTags (spec §5.3)', () => {
  it.each([
    ['Trimethylaluminum (TMA)', 'Trimethylaluminum (TMA)'],
    ['<b>TMA</b> bubbler', 'TMA bubbler'],
    ['<img src=x onerror=alert(1)>Title', 'Title'],
    ['<a title=">">link</a>', 'link'],
    ["<a title='>'>link</a>", 'link'],
    ['a <!-- note --> b', 'a  b'],
    ['<!doctype html>x', 'x'],
    ['1 < 2 and 3 > 2', '1 < 2 and 3 > 2'],
    ['x <3', 'x <3'],
    ['unterminated <script', 'unterminated '],
    ['<script>alert(1)</script>', 'alert(1)'],
    ['Fish &amp; chips &lt;b&gt;', 'Fish & chips <b>'],
    ['&#65;&#x42;&unknown;', 'AB&unknown;'],
  ])('%j → %j', (input, expected) => {
    expect(stripTags(input)).toBe(expected);
  });
});

describe('decodeEntities', () => {
  it('refuses code points that are not characters', () => {
    expect(decodeEntities('&#xD800;&#0;')).toBe('\ufffd\ufffd');
  });
});

describe('urlNameOf', () => {
  it('keeps letters and digits, drops accents, joins with hyphens', () => {
    expect(urlNameOf('Précurseur Ta(OEt)₅', 'x')).toBe('precurseur-ta-oet-5');
    expect(urlNameOf('  Thermal Mass-Flow Controller!  ', 'x')).toBe('thermal-mass-flow-controller');
  });

  it('falls back when nothing usable is left, and stays within 80 characters', () => {
    expect(urlNameOf('日本語', 'sheet-3')).toBe('sheet-3');
    expect(urlNameOf('a '.repeat(100), 'x').length).toBeLessThanOrEqual(80);
    expect(urlNameOf('a '.repeat(100), 'x')).not.toMatch(/-$/);
  });
});
