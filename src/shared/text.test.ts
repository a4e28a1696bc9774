import { describe, expect, it } from 'vitest';
import { decodeEntities, stripTags } from './text';

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
