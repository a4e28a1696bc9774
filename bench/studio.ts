/**
 * The studio (issue "The studio, part 1"): how long after a publish is answered the first public
 * response shows it, with the caches warm (the literature page and the delivery API, as `npm start`
 * serves them, one process and every core), and how long the sheet list takes on the server with
 * 10,000 sheets, a tenth of them drafted, for each way the studio asks for it.
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../src/cms/database';
import { DEMO_IDS } from '../src/demo/seed-demo';
import { addAccount } from '../src/editing/accounts';
import { sheets } from '../src/editing/sheets';
import { createBenchStore } from './lib/fixtures';
import { readJournalOnce } from '../src/server/journal-follower';
import { measured, type Measurement } from './lib/report';
import { startOurServer, type RunningServer } from './lib/servers';

const SHEETS = 10_000;
const DRAFTED = 1_000;
const LIST_REQUESTS = 60;
const PUBLISH_ROUNDS = 10;
const EDITOR = { email: 'bench-editor@example.com', password: 'correct horse battery staple' };
const collectionPath = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=7&pageToken=0`;

export interface StudioBenchOptions {
  workDir: string;
}

export async function benchStudio({ workDir }: StudioBenchOptions): Promise<Measurement[]> {
  const databasePath = join(workDir, 'studio.db');
  await createStudioStore(databasePath);
  const measurements: Measurement[] = [];
  for (const workers of [1, cpus().length]) {
    const server = await startOurServer({ port: 3405, databasePath, core: null, env: { WORKERS: String(workers), LOG_LEVEL: 'info' } });
    try {
      const editor = await signIn(server);
      if (workers === 1) measurements.push(await measureList(server, editor));
      measurements.push(...(await measurePublish(server, editor, workers)));
    } finally {
      await server.stop();
    }
  }
  return measurements;
}

/** The benchmark's 10,000 sheets, a tenth of them with a draft, and an editor's account. */
async function createStudioStore(path: string): Promise<void> {
  await createBenchStore(path, SHEETS);
  const store = openDatabase({ dialect: 'sqlite', path });
  try {
    await migrateToLatest(store);
    const actor = { id: null, label: 'bench' };
    await addAccount(store.db, { email: EDITOR.email, password: EDITOR.password, role: 'editor' }, actor);
    const ids = await store.db.selectFrom('contents').select('id').where('url_name', 'like', 'bench-%').orderBy('id').limit(DRAFTED).execute();
    for (const { id } of ids) {
      const view = (await sheets.view(store.db, id))!;
      const texts = view.draft.translations[view.draft.primaryLanguage]!;
      await sheets.save(
        store.db,
        id,
        { ...view.draft, translations: { ...view.draft.translations, [view.draft.primaryLanguage]: { ...texts, title: `${texts.title}, revised` } } },
        view.revision,
        actor,
      );
    }
    // As an import command ends: the journal's readers read what it made, before a server starts on it.
    await readJournalOnce(store);
  } finally {
    await store.close();
  }
}

interface Editor {
  cookie: string;
  csrf: string;
}

async function signIn(server: RunningServer): Promise<Editor> {
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams({ email: EDITOR.email, password: EDITOR.password }).toString(),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const session = (await (await fetch(`${server.url}/api/session`, { headers: { cookie } })).json()) as { csrfToken?: string };
  if (session.csrfToken === undefined) throw new Error(`The benchmark's editor could not sign in (${login.status})`);
  return { cookie, csrf: session.csrfToken };
}

function studioFetch(server: RunningServer, editor: Editor, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${server.url}/studio/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      cookie: editor.cookie,
      'x-csrf-token': editor.csrf,
      origin: server.url,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * share) - 1)]!;

/** The list as the studio asks for it: first page, searching, filtering, sorting, a deep page. */
async function measureList(server: RunningServer, editor: Editor): Promise<Measurement> {
  const queries = {
    'first page': 'limit=50',
    search: 'limit=50&q=sheet%2099',
    'status changed': 'limit=50&status=changed',
    'missing German': 'limit=50&missing=de_DE',
    'by title': 'limit=50&sort=title',
    'page 150 by title': 'limit=50&sort=title&offset=7450',
  };
  const p95s: Array<[string, number]> = [];
  for (const [name, query] of Object.entries(queries)) {
    const times: number[] = [];
    for (let request = 0; request < LIST_REQUESTS; request++) {
      const started = performance.now();
      const response = await studioFetch(server, editor, `/sheets?${query}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`The sheet list answered ${response.status} for ${query}`);
      times.push(performance.now() - started);
    }
    p95s.push([name, percentile(times.slice(5), 0.95)]);
  }
  const worst = Math.max(...p95s.map(([, p95]) => p95));
  return measured(
    {
      section: 'Studio',
      name: `sheet list with ${SHEETS.toLocaleString('en')} sheets (${DRAFTED.toLocaleString('en')} drafted), slowest of six questions`,
      comparison: 'p95 response time on loopback, one request at a time (the server time and little else)',
      value: Math.round(worst * 10) / 10,
      unit: 'ms',
      details: p95s.map(([name, p95]) => `${name} ${p95.toFixed(1)} ms`).join(', '),
    },
    '≤',
    100,
  );
}

/**
 * A sheet's title changed and published, then the public page and the delivery API asked for
 * again and again until they show it: the time from the publish's answer to the first that does.
 */
async function measurePublish(server: RunningServer, editor: Editor, workers: number): Promise<Measurement[]> {
  const [sheet] = ((await (await studioFetch(server, editor, '/sheets?q=Trimethylaluminum&limit=1')).json()) as { sheets: Array<{ id: string }> }).sheets;
  if (sheet === undefined) throw new Error('The benchmark store has no TMA sheet');
  const delays = { page: [] as number[], api: [] as number[] };
  // Rounds whose very first request after the publish already showed it (no stale answer at all).
  const firstTime = { page: 0, api: 0 };
  for (let round = 0; round < PUBLISH_ROUNDS; round++) {
    const title = `Trimethylaluminum (TMA), revision ${workers}-${round}`;
    for (let warm = 0; warm < 3; warm++)
      await Promise.all([fetch(`${server.url}/`).then((r) => r.text()), fetch(server.url + collectionPath).then((r) => r.text())]);
    const view = (await (await studioFetch(server, editor, `/sheets/${sheet.id}`)).json()) as {
      revision: number;
      draft: { translations: Record<string, { title: string }> };
    };
    view.draft.translations.en_US!.title = title;
    const saved = (await (
      await studioFetch(server, editor, `/sheets/${sheet.id}`, { method: 'PUT', body: { revision: view.revision, state: view.draft } })
    ).json()) as { revision: number };
    const published = await studioFetch(server, editor, `/sheets/${sheet.id}/publish`, { method: 'POST', body: { revision: saved.revision } });
    await published.arrayBuffer();
    const answered = performance.now();
    if (!published.ok) throw new Error(`Publishing answered ${published.status}`);
    const until = async (target: 'page' | 'api', url: string) => {
      for (let attempt = 1; ; attempt++) {
        const body = await (await fetch(url)).text();
        if (body.includes(title)) {
          delays[target].push(performance.now() - answered);
          if (attempt === 1) firstTime[target]++;
          return;
        }
        if (performance.now() - answered > 10_000) throw new Error(`${url} did not show the published title within 10 s`);
      }
    };
    await Promise.all([until('page', `${server.url}/`), until('api', server.url + collectionPath)]);
  }
  return (['page', 'api'] as const).map((target) =>
    measured({
      section: 'Studio',
      name: `publish to the first ${target === 'page' ? 'literature page' : 'delivery API answer'} showing it, caches warm, WORKERS=${workers}`,
      comparison: `ms from the publish's answer, median of ${PUBLISH_ROUNDS} (the platform: up to 60 s for HTML, an hour for CMS data)`,
      value: Math.round(percentile(delays[target], 0.5) * 10) / 10,
      unit: 'ms',
      details: `max ${Math.max(...delays[target]).toFixed(1)} ms; the first request after the publish showed it in ${firstTime[target]} of ${PUBLISH_ROUNDS} rounds`,
    }),
  );
}
