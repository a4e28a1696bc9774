/**
 * Table-driven verdicts for links (spec §5.1) and page references (spec §3.7, §5.2), hostile
 * forms included. Every row pins what an href resolves to on a site under /lit.
 */
import { describe, expect, it } from 'vitest';
import { resolveLink } from './links';
import { isValidPageReference, resolvePageReference, type PageReference } from './page-references';

const LINKS: Array<[string, string, boolean?]> = [
  // valid: https (any case), site-relative, fragment
  ['https://example.com', 'https://example.com'],
  ['https://example.com/a.pdf?x=1#p', 'https://example.com/a.pdf?x=1#p'],
  ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
  ['hTtPs://example.com', 'hTtPs://example.com'],
  ['/', '/lit/'],
  ['/a', '/lit/a'],
  ['/a/b?c=d#e', '/lit/a/b?c=d#e'],
  ['/lit', '/lit'],
  ['/lit/', '/lit/'],
  ['/lit/a', '/lit/a'],
  ['/lit?x=1', '/lit?x=1'],
  ['/literature', '/lit/literature'],
  ['/sfsites/c/file-asset/x?v=1', '/lit/sfsites/c/file-asset/x?v=1'],
  ['#', '#'],
  ['#top', '#top'],
  ['/%20encoded', '/lit/%20encoded'],
  // new window
  ['mailto:sales@example.com', 'mailto:sales@example.com', true],
  ['MAILTO:a@b.c', 'MAILTO:a@b.c', true],
  [`mailto:${'a'.repeat(64)}@example.com`, `mailto:${'a'.repeat(64)}@example.com`, true],
  ['mailto:a@b.c,d@e.f', 'mailto:a@b.c,d@e.f', true],
  ['mailto:a@b.c?subject=Hi', 'mailto:a@b.c?subject=Hi', true],
  ['tel:+1-555-0100', 'tel:+1-555-0100', true],
  ['tel:(555)0100', 'tel:(555)0100', true],
  // invalid: local part too long, malformed mailto/tel
  [`mailto:${'a'.repeat(65)}@example.com`, ''],
  ['mailto:', ''],
  ['mailto:@example.com', ''],
  ['mailto:user@', ''],
  ['tel:', ''],
  ['tel:call-me', ''],
  // invalid: other schemes
  ['http://example.com', ''],
  ['ftp://example.com/file', ''],
  ['javascript:alert(1)', ''],
  ['JAVASCRIPT:alert(1)', ''],
  ['javascript&colon;alert(1)', ''],
  ['jav&#x09;ascript:alert(1)', ''],
  ['vbscript:msgbox(1)', ''],
  ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', ''],
  ['data:image/png;base64,iVBORw0KGgo=', ''],
  ['file:///etc/passwd', ''],
  ['blob:https://example.com/uuid', ''],
  // invalid: not relative to this site
  ['//evil.example', ''],
  ['//evil.example/path', ''],
  ['/\\evil.example', ''],
  ['\\\\evil.example', ''],
  ['/\\/evil.example', ''],
  ['https:/\\evil.example', ''],
  // invalid: control and whitespace characters
  [' /a', ''],
  ['/a ', ''],
  ['/a b', ''],
  ['/a\tb', ''],
  ['/a\nb', ''],
  ['/a\rb', ''],
  ['java\nscript:alert(1)', ''],
  ['\u0000javascript:alert(1)', ''],
  ['/a\u0000', ''],
  ['/a\u00a0', ''],
  ['/a\u2028', ''],
  ['/a\ufeff', ''],
  ['https://example.com/\u200b', ''],
  // invalid: relative without a leading slash, empty, too long
  ['a/b', ''],
  ['./a', ''],
  ['../a', ''],
  ['?x=1', ''],
  ['', ''],
  ['/' + 'a'.repeat(2047), '/lit/' + 'a'.repeat(2047)],
  ['/' + 'a'.repeat(2048), ''],
];

describe(`resolveLink: ${LINKS.length} cases (spec §5.1)`, () => {
  it.each(LINKS)('%j → %j', (link, href, opensNewWindow = false) => {
    expect(resolveLink(link, '/lit')).toEqual({ href, opensNewWindow });
  });

  it('has at least 60 cases', () => {
    expect(LINKS.length).toBeGreaterThanOrEqual(60);
  });
});

const REFERENCES: Array<[string, PageReference, string]> = [
  ['web page', { type: 'standard__webPage', attributes: { url: '/docs' } }, '/lit/docs'],
  ['web page is the default type', { attributes: { url: 'https://example.com' } }, 'https://example.com'],
  ['web page without url', { type: 'standard__webPage', attributes: {} }, ''],
  ['web page with blank url', { type: 'standard__webPage', attributes: { url: '   ' } }, ''],
  ['web page with a javascript url', { type: 'standard__webPage', attributes: { url: 'javascript:alert(1)' } }, ''],
  ['managed content', { type: 'standard__managedContentPage', attributes: { contentTypeName: 'news', contentKey: 'MC1' } }, '/lit/managed-content/news/MC1'],
  ['managed content without key', { type: 'standard__managedContentPage', attributes: { contentTypeName: 'news' } }, ''],
  ['record', { type: 'standard__recordPage', attributes: { objectApiName: 'Account', recordId: '001000000000001' } }, '/lit/detail/001000000000001'],
  ['record without id', { type: 'standard__recordPage', attributes: { objectApiName: 'Account' } }, ''],
  [
    'knowledge article by url name',
    { type: 'standard__recordPage', attributes: { objectApiName: 'Knowledge__kav', urlName: 'how-to' } },
    '/lit/article/how-to',
  ],
  ['url name without knowledge object', { type: 'standard__recordPage', attributes: { objectApiName: 'Account', urlName: 'x' } }, ''],
  ['Product2 by url name (gate closed)', { type: 'standard__recordPage', attributes: { objectApiName: 'Product2', urlName: 'tma' } }, ''],
  [
    'NetworkDataCategory by url path',
    { type: 'standard__recordPage', attributes: { objectApiName: 'NetworkDataCategory', urlPath: 'ald/precursors' } },
    '/lit/category/ald/precursors',
  ],
  ['ProductCategory by url path (gate closed)', { type: 'standard__recordPage', attributes: { objectApiName: 'ProductCategory', urlPath: 'ald' } }, ''],
  ['named page', { type: 'comm__namedPage', attributes: { name: 'Contact__c' } }, '/lit/contact'],
  ['named Home page', { type: 'comm__namedPage', attributes: { name: 'Home' } }, '/lit/'],
  ['named page without name', { type: 'comm__namedPage', attributes: { name: '' } }, ''],
  [
    'relationship',
    { type: 'standard__recordRelationshipPage', attributes: { objectApiName: 'Account', recordId: '001A', relationshipApiName: 'Contacts' } },
    '/lit/relatedlist/001A/Contacts',
  ],
  ['relationship without relationship name', { type: 'standard__recordRelationshipPage', attributes: { objectApiName: 'Account', recordId: '001A' } }, ''],
  [
    'knowledge relationship',
    { type: 'standard__recordRelationshipPage', attributes: { objectApiName: 'K__kav', urlName: 'how-to', relationshipApiName: 'Votes' } },
    '/lit/article/how-to/related/Votes',
  ],
  ['object page', { type: 'standard__objectPage', attributes: { objectApiName: 'Case' }, state: { filterName: 'Recent' } }, '/lit/recordlist/Case/Recent'],
  ['object page without filter', { type: 'standard__objectPage', attributes: { objectApiName: 'Case' } }, ''],
  ['search', { type: 'standard__search' }, '/lit/global-search'],
  ['search with a term, encoded', { type: 'standard__search', state: { term: 'a/b c' } }, '/lit/global-search/a%2Fb%20c'],
  ['unknown type', { type: 'standard__unknown' as never, attributes: { url: '/x' } }, ''],
  ['attributes that are not strings', { type: 'comm__namedPage', attributes: { name: 42 } }, ''],
];

describe('page references (spec §3.7, §5.2)', () => {
  it.each(REFERENCES)('%s', (_name, reference, href) => {
    expect(resolvePageReference(reference, '/lit').href).toBe(href);
    expect(isValidPageReference(reference)).toBe(href !== '' || reference.attributes?.url === 'javascript:alert(1)');
  });

  it('applies the Product2 and ProductCategory rules when the gate is open', () => {
    const product = { type: 'standard__recordPage' as const, attributes: { objectApiName: 'Product2', urlName: 'tma' } };
    expect(resolvePageReference(product, '', { productGateOpen: true }).href).toBe('/product/tma');
    expect(
      isValidPageReference({ type: 'standard__recordPage', attributes: { objectApiName: 'ProductCategory', urlPath: 'ald' } }, { productGateOpen: true }),
    ).toBe(true);
  });

  it('treats missing references as invalid', () => {
    expect(resolvePageReference(null, '/lit')).toEqual({ href: '', opensNewWindow: false });
    expect(isValidPageReference(undefined)).toBe(false);
  });
});
