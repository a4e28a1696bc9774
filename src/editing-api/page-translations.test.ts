/**
 * A page's texts in the site's other languages through the editing API, on a real store: edited
 * as a draft and published like a sheet (the German page shows the new heading only after the
 * publish; the English page is untouched), marked outdated when the page's own text changes,
 * confirmed, and refused for the page's own language or a key that names no text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';

const PAGE = '/pages/literature-sheets';

let test: TestApp;
let editor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  editor = await signInAs(test, 'editor');
});
afterAll(async () => {
  await test.close();
});

interface PageAnswer {
  revision: number;
  primaryLanguage: string;
  languages: string[];
  texts: Array<{ key: string; label: string; text: string }>;
  draft: { translations?: Record<string, Record<string, string>> };
  outdated: Record<string, Array<{ field: string; was: string; now: string }>>;
}

const page = async () => (await editor.request('GET', PAGE)).json() as PageAnswer;
const heading = (html: string) => /<h2 class="rich-text-heading[^>]*>([^<]*)<\/h2>/.exec(html)?.[1];

describe('page texts in other languages', () => {
  it('lists the texts to translate, with the site’s languages', async () => {
    const answer = await page();
    expect(answer.primaryLanguage).toBe('en_US');
    expect(answer.languages).toEqual(['de_DE', 'fr_FR']);
    expect(answer.texts.map((text) => text.label)).toEqual(
      expect.arrayContaining(['Page title for search engines', 'Page heading', 'Show More button', 'Card button']),
    );
    expect(answer.texts.find((text) => text.label === 'Page heading')).toMatchObject({ key: 'page-heading.text' });
    expect(answer.outdated).toEqual({});
  });

  it('publishes a German heading like a sheet: the German page shows it after the publish, the English page never', async () => {
    const before = await page();
    const english = heading((await test.app.inject('/')).body);
    const texts = { ...before.draft.translations?.de_DE, 'page-heading.text': 'Datenblätter für Abscheidung' };
    const saved = await editor.request('PUT', `${PAGE}/translations/de_DE`, { revision: before.revision, texts });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(heading((await test.app.inject('/de-DE/')).body)).not.toBe('Datenblätter für Abscheidung');

    const published = await editor.request('POST', `${PAGE}/publish`, { revision: (saved.json() as PageAnswer).revision });
    expect(published.statusCode, published.body).toBe(200);
    expect(heading((await test.app.inject('/de-DE/')).body)).toBe('Datenblätter für Abscheidung');
    expect(heading((await test.app.inject('/')).body)).toBe(english);
  });

  it('marks each language’s heading outdated when the English heading changes, until confirmed', async () => {
    const before = await page();
    const was = before.texts.find((text) => text.key === 'page-heading.text')!.text;
    const changed = await editor.request('PUT', `${PAGE}/settings`, { revision: before.revision, heading: 'Literature for deposition' });
    const outdated = (changed.json() as PageAnswer).outdated;
    expect(outdated.de_DE).toEqual([{ field: 'page-heading.text', was, now: 'Literature for deposition' }]);
    expect(outdated.fr_FR).toEqual([{ field: 'page-heading.text', was, now: 'Literature for deposition' }]);

    const confirmed = await editor.request('POST', `${PAGE}/translations/fr_FR/confirm`, {});
    expect((confirmed.json() as PageAnswer).outdated).toEqual({ de_DE: outdated.de_DE });
  });

  it('refuses the page’s own language and a key that names no text, changing nothing', async () => {
    const before = await page();
    const own = await editor.request('PUT', `${PAGE}/translations/en_US`, { revision: before.revision, texts: { 'page-heading.text': 'x' } });
    expect(own.statusCode).toBe(400);
    expect(own.body).toContain('PUT …/settings');
    const unknown = await editor.request('PUT', `${PAGE}/translations/de_DE`, { revision: before.revision, texts: { 'no-such.text': 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('translations.de_DE.no-such.text: names no text of this page');
    expect((await page()).revision).toBe(before.revision);
  });
});
