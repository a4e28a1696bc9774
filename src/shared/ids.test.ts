import { describe, expect, it } from 'vitest';
import { caseSafeSuffix, contentKeyFromBytes, idFromBytes, isContentKey, isWellFormedId, kindOfChannelOrSiteId, toId18 } from './ids';

const bytes = (seed: number) => Uint8Array.from({ length: 32 }, (_, i) => (seed * 31 + i * 17) % 256);

describe('case-safe ids', () => {
  it('computes the suffix the platform documents', () => {
    // Known pair from the platform's documentation of 15- to 18-character conversion.
    expect(toId18('001A0000006Vm9r')).toBe('001A0000006Vm9rIAC');
    expect(caseSafeSuffix('000000000000000')).toBe('AAA');
  });

  it('accepts 15 and 18 character ids and rejects a wrong suffix', () => {
    expect(isWellFormedId('001A0000006Vm9r')).toBe(true);
    expect(isWellFormedId('001A0000006Vm9rIAC')).toBe(true);
    expect(isWellFormedId('001A0000006Vm9rAAA')).toBe(false);
    expect(isWellFormedId('001A0000006Vm9')).toBe(false);
    expect(isWellFormedId('001A0000006Vm9r!AC')).toBe(false);
  });

  it('builds ids with the prefix and a valid suffix', () => {
    const id = idFromBytes('0DM', bytes(1));
    expect(id).toHaveLength(18);
    expect(id.startsWith('0DM')).toBe(true);
    expect(isWellFormedId(id)).toBe(true);
    expect(idFromBytes('0DM', bytes(1))).toBe(id);
    expect(idFromBytes('0DM', bytes(2))).not.toBe(id);
  });

  it('refuses a prefix that is not 3 characters', () => {
    expect(() => idFromBytes('0D', bytes(1))).toThrow(/prefix/);
  });
});

describe('content keys', () => {
  it('are MC plus 26 upper-case letters and digits', () => {
    const key = contentKeyFromBytes(bytes(3));
    expect(key).toMatch(/^MC[A-Z0-9]{26}$/);
    expect(isContentKey(key)).toBe(true);
    expect(isContentKey(key.toLowerCase())).toBe(false);
    expect(isContentKey(key.slice(1))).toBe(false);
  });
});

describe('kindOfChannelOrSiteId (spec §5.5)', () => {
  it('knows sites and channels by prefix', () => {
    expect(kindOfChannelOrSiteId('0DM000000000001')).toBe('site');
    expect(kindOfChannelOrSiteId('0ap000000000001')).toBe('channel');
    expect(kindOfChannelOrSiteId('0dm000000000001')).toBeNull();
    expect(kindOfChannelOrSiteId('001000000000001')).toBeNull();
    expect(kindOfChannelOrSiteId('')).toBeNull();
  });
});
