/**
 * The search commands as operators run them (the built CLI, a real store): the index updated and
 * rebuilt, synonyms added and listed, topics listed and added.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE } from '../../src/demo/catalogue';
import { useCliStore } from '../helpers/server-store';

const run = useCliStore('seed');
/** An entry per sheet and language: the demo has three languages. */
const ENTRIES = DEMO_CATALOGUE.length * 3;

describe('search', () => {
  it('finds nothing to update after a command that changed content (it read the change journal as it ended); a rebuild makes every entry again', () => {
    expect(run(['search', 'update'])).toMatchObject({ status: 0, stdout: expect.stringContaining('Indexed 0 entries; removed 0.') });
    expect(run(['search', 'rebuild']).stdout).toContain(`Indexed ${ENTRIES} entries; removed 0.`);
  });

  it('adds a synonym group and lists it with the spellings and the demo’s names', () => {
    expect(run(['search', 'synonyms', 'add', 'product:tma-ald', 'TMA-ALD', 'Trimethylaluminium ALD grade'])).toMatchObject({ status: 0 });
    const listed = run(['search', 'synonyms', 'list']).stdout;
    expect(listed).toContain('product:tma-ald: tma-ald, trimethylaluminium ald grade');
    expect(listed).toContain('spelling:aluminium: aluminium, aluminum');
    expect(listed).toContain('demo:trimethylaluminum: al(ch3)3, tma, trimethylaluminium, trimethylaluminum');
  });

  it('says how to use it when asked wrongly', () => {
    expect(run(['search', 'synonyms', 'add', 'lonely', 'one'])).toMatchObject({ status: 1, stderr: expect.stringContaining('search synonyms add <group>') });
    expect(run(['search'])).toMatchObject({ status: 1, stderr: expect.stringContaining('npm run cli -- search update') });
  });
});

describe('topics', () => {
  it('lists the demo’s taxonomy facet by facet, with the names in each language', () => {
    const listed = run(['topics', 'list']).stdout.split('\n');
    expect(listed[0]).toBe('process\tcvd\ten_US=CVD de_DE=CVD fr_FR=CVD');
    expect(listed).toContain('element\thafnium\ten_US=Hafnium de_DE=Hafnium fr_FR=Hafnium');
  });

  it('adds a topic at the end of the taxonomy, changes its names when added again, and records both', () => {
    expect(run(['topics', 'add', 'pecvd', 'process', 'en_US=PECVD', 'de_DE=PECVD'])).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('/topics/pecvd'),
    });
    expect(run(['topics', 'add', 'pecvd', 'process', 'fr_FR=PECVD (plasma)'])).toMatchObject({ status: 0 });
    const listed = run(['topics', 'list']).stdout.trim().split('\n');
    expect(listed.at(-1)).toBe('process\tpecvd\ten_US=PECVD de_DE=PECVD fr_FR=PECVD (plasma)');
    const audit = run(['audit']).stdout;
    expect(audit).toContain('topic.add');
    expect(audit).toContain('topic.change');
  });

  it('refuses a slug, a facet or a name it cannot use, and says how', () => {
    expect(run(['topics', 'add', 'Bad Slug', 'process', 'en_US=Bad'])).toMatchObject({ status: 1, stderr: expect.stringContaining('cannot be a topic') });
    expect(run(['topics', 'add', 'ok', 'process', 'english:Bad'])).toMatchObject({ status: 1, stderr: expect.stringContaining('is not <language>=<name>') });
    expect(run(['topics', 'add', 'ok'])).toMatchObject({ status: 1, stderr: expect.stringContaining('topics add <slug> <facet>') });
  });
});

describe('journal', () => {
  it('says how far each reader of the change journal has read, none behind after a command that read it', () => {
    const shown = run(['journal']);
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/The journal is at \d+\./);
    // Behind by the entries the readers add themselves (the read model's, the index's), read at their next look.
    for (const reader of ['published', 'search', 'cdn', 'webhooks']) expect(shown.stdout).toMatch(new RegExp(`${reader}: at \\d+, [01] behind`));
    expect(run(['journal', 'read']).stdout).toContain('Read: every reader is up to date.');
    expect(run(['journal', 'rebuild']).stdout, 'the read model as the journal keeps it').toContain(
      'The read model of what is published: 0 rows written, 0 removed.',
    );
    expect(run(['journal', 'nonsense'])).toMatchObject({ status: 1, stderr: expect.stringContaining('npm run cli -- journal [read|rebuild]') });
  });
});
