/**
 * Topics in the editing API, on a real store (SQLite, or PostgreSQL when TEST_DATABASE_URL names
 * one): the site's taxonomy for the studio, guarded as every read is; a sheet that names a topic
 * the site does not have is refused at save and at publish, naming it, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { saveTopics } from '../cms/repositories/topics';
import { DEMO_IDS } from '../demo/seed-demo';
import { DEMO_TOPICS } from '../demo/topics';
import type { Topic } from '../shared/topics';
import { problemLine } from '../shared/problems';

const { siteId } = DEMO_IDS;
const contentUrl = (key: string) => `/services/data/v65.0/connect/sites/${siteId}/cms/delivery/contents/${key}`;

let test: TestApp;
let editor: StudioClient;
let visitor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  [editor, visitor] = await Promise.all([signInAs(test, 'editor'), signInAs(test, 'visitor')]);
});
afterAll(async () => {
  await test.close();
});

interface SheetAnswer {
  id: string;
  status: string;
  revision: number;
  draft: { contentKey: string; topics?: string[] } & Record<string, unknown>;
  published: { topics?: string[] } | null;
}

async function newSheet(title: string): Promise<SheetAnswer> {
  const response = await editor.request('POST', '/sheets', { title });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const saveTopicsOf = (sheet: SheetAnswer, topics: string[]) =>
  editor.request('PUT', `/sheets/${sheet.id}`, { revision: sheet.revision, state: { ...sheet.draft, topics } });

describe('GET /topics', () => {
  it('answers the site’s taxonomy in its order, with each topic’s facet and names, to editors only and never cached', async () => {
    expect((await test.app.inject('/studio/api/topics')).statusCode).toBe(401);
    expect((await visitor.request('GET', '/topics')).statusCode).toBe(403);

    const response = await editor.request('GET', '/topics');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    // In their places (a facet comes where its first topic does): the order the studio shows them in.
    const topics = response.json() as Topic[];
    expect(topics).toEqual(DEMO_TOPICS);
    expect(topics).toContainEqual(
      expect.objectContaining({ slug: 'aluminum', facet: 'element', labels: { en_US: 'Aluminum', de_DE: 'Aluminium', fr_FR: 'Aluminium' } }),
    );

    expect((await editor.request('GET', `/topics?siteId=${siteId}`)).json()).toEqual(topics);
    expect((await editor.request('GET', '/topics?siteId=0DMnosuchsite00')).json()).toEqual([]);
  });

  it('is in the contract', async () => {
    const document = (await test.app.inject('/studio/api/openapi.json')).json();
    expect(document.paths['/topics'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Topic' },
    });
    expect(document.components.schemas.Topic.required).toEqual(['slug', 'facet', 'position', 'labels']);
  });
});

describe('a sheet’s topics', () => {
  it('saves and publishes topics of the site’s taxonomy', async () => {
    const sheet = await newSheet('Topical precursor');
    const saved = await saveTopicsOf(sheet, ['ald', 'precursor', 'hafnium']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draft.topics).toEqual(['ald', 'precursor', 'hafnium']);

    const published = await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: saved.json().revision });
    expect(published.statusCode, published.body).toBe(200);
    // `published` is read back from the site's tables: the topics went on the site with the sheet.
    expect(published.json()).toMatchObject({ status: 'published', published: { topics: ['ald', 'precursor', 'hafnium'] } });
  });

  it('refuses a save that names topics the site does not have, naming each, and keeps nothing of it', async () => {
    const sheet = await newSheet('Sheet with made-up topics');
    const first = await saveTopicsOf(sheet, ['cvd']);
    expect(first.statusCode, first.body).toBe(200);
    const current = first.json() as SheetAnswer;

    const refused = await saveTopicsOf(current, ['cvd', 'plutonium', 'sputtering']);
    expect(refused.statusCode).toBe(400);
    const [error] = refused.json();
    expect(error.errorCode).toBe('INVALID_API_INPUT');
    expect(error.problems).toEqual([{ field: 'topics', message: '"plutonium", "sputtering" are not topics of the sheet\'s site' }]);
    expect(error.message).toContain('"plutonium", "sputtering"');

    const one = await saveTopicsOf(current, ['plutonium']);
    expect(one.json()[0].problems.map(problemLine)).toEqual(['topics: "plutonium" is not a topic of the sheet\'s site']);

    const after = (await editor.request('GET', `/sheets/${sheet.id}`)).json() as SheetAnswer;
    expect(after.revision).toBe(current.revision);
    expect(after.draft.topics).toEqual(['cvd']);
  });

  it('refuses to publish a draft whose topic the site no longer has, and the site keeps what it showed', async () => {
    await saveTopics(test.store.db, siteId, [{ slug: 'ruthenium', facet: 'element', position: 99, labels: { en_US: 'Ruthenium' } }]);
    const sheet = await newSheet('Ruthenium precursor');
    const saved = await saveTopicsOf(sheet, ['ruthenium']);
    expect(saved.statusCode, saved.body).toBe(200);
    await test.store.db.deleteFrom('topics').where('site_id', '=', siteId).where('slug', '=', 'ruthenium').execute();

    const refused = await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: saved.json().revision });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[0].problems.map(problemLine)).toEqual(['topics: "ruthenium" is not a topic of the sheet\'s site']);
    const after = (await editor.request('GET', `/sheets/${sheet.id}`)).json() as SheetAnswer;
    expect(after).toMatchObject({ status: 'draft', revision: saved.json().revision, published: null });
    expect((await test.app.inject(contentUrl(sheet.draft.contentKey))).statusCode).toBe(404);
  });

  it('takes an empty list of topics as none: a published sheet whose topics are cleared is changed once, not for ever', async () => {
    const sheet = await newSheet('Sheet whose topics are cleared');
    const saved = await saveTopicsOf(sheet, ['cvd']);
    const published = await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: saved.json().revision });
    expect(published.json().status).toBe('published');
    const cleared = await saveTopicsOf(published.json(), []);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().draft).not.toHaveProperty('topics');
    const again = await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: cleared.json().revision });
    expect(again.json()).toMatchObject({ status: 'published', published: expect.not.objectContaining({ topics: expect.anything() }) });
    // Saving the published state as it reads back is no change.
    const same = await saveTopicsOf(again.json(), []);
    expect(same.json().status).toBe('published');
  });
});
