/**
 * The demo's document set on its sheet page (docs/content-model.md, "Documents"), under a base
 * path: the page's language's data sheet is its button, and every other current document of the
 * set is listed with its kind, language, region, revision and date, at its address on the site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { BASE_PATH: '/lit' } });
});
afterAll(async () => {
  await test.close();
});

const asset = (suffix: string) => `/lit/sfsites/c/file-asset/literature-sheet-trimethylaluminum${suffix}?v=1`;

describe('a sheet page’s document set, under a base path', () => {
  it('offers the page’s language’s data sheet, and lists the others with their revisions', async () => {
    const german = (await test.app.inject('/lit/de-DE/sheets/trimethylaluminum')).body;
    expect(german).toContain(`<a class="button button--primary" href="${asset('-de')}" type="application/pdf" hrefLang="de-DE">Datenblatt (PDF)</a>`);
    expect(german).toMatch(/<span class="sheet__document-facts">PDF, [^,]+, Deutsch, Revision 3 vom 4\. November 2025<\/span>/);
    const list = german.slice(german.indexOf('<ul class="sheet__documents">'));
    const links = [...list.matchAll(/<a href="([^"]+)" type="application\/pdf" hrefLang="([^"]+)">([^<]+)<\/a>/g)].map((match) => [
      match[1],
      match[2],
      match[3],
    ]);
    expect(links).toEqual([
      [asset('-sds-de'), 'de-DE', 'Sicherheitsdatenblatt (Deutsch)'],
      [asset(''), 'en-US', 'Datenblatt (Englisch)'],
      [asset('-sds-en'), 'en-US', 'Sicherheitsdatenblatt (Englisch)'],
    ]);
    expect(list).toContain('Deutschland, Revision 5.1 vom 22. September 2025');
    expect(list).toContain('Europäische Union, Revision 5.1 vom 22. September 2025');

    // French: no French data sheet; the English one, named as English.
    const french = (await test.app.inject('/lit/fr-FR/sheets/trimethylaluminum')).body;
    expect(french).toContain(`href="${asset('')}" type="application/pdf" hrefLang="en-US">Fiche technique (PDF)</a>`);
    expect(french).toMatch(/PDF, [^,]+, anglais, révision 3 du 4 novembre 2025/);
  });

  it('serves every document of the set at its address', async () => {
    for (const suffix of ['', '-de', '-sds-en', '-sds-de']) {
      const response = await test.app.inject(asset(suffix));
      expect(response.statusCode, suffix).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
    }
  });
});
