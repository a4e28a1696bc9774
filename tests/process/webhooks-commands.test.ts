/**
 * The webhooks command as operators run it (the built CLI, a real store): a webhook added with its
 * secret printed once, listed without it, refused with the reason for a URL that is not http(s) or
 * an unknown event, removed and brought back; each change in the audit log, never the secret.
 */
import { expect, it } from 'vitest';
import { useCliStore } from '../helpers/server-store';

const run = useCliStore('migrate');

it('adds a webhook and prints its secret once; lists, removes and restores it; refuses bad input saying why', () => {
  expect(run(['webhooks', 'list']).stdout).toContain('There are no webhooks.');
  const added = run(['webhooks', 'add', 'https://hooks.example.com/literature', '--events', 'sheet.published,import.applied', '--description', 'PIM']);
  expect(added.stderr).toBe('');
  const [, id] = /Added the webhook (wh_\S+) for https:\/\/hooks\.example\.com\/literature \(sheet\.published, import\.applied\)\./.exec(added.stdout) ?? [];
  const [, secret] = /Its signing secret, shown this once: (whsec_\S+)/.exec(added.stdout) ?? [];
  expect(id).toBeDefined();
  expect(secret).toBeDefined();

  const listed = run(['webhooks', 'list']);
  expect(listed.stdout).toContain(`${id}  active   https://hooks.example.com/literature  sheet.published,import.applied`);
  expect(listed.stdout).not.toContain(secret);
  expect(run(['webhooks', 'deliveries', id!]).stdout).toContain('Nothing has been sent to it yet.');

  expect(run(['webhooks', 'add', 'ftp://hooks.example.com/', '--events', 'sheet.published'])).toMatchObject({
    status: 1,
    stderr: expect.stringContaining('A webhook’s URL starts with https:// or http://, not ftp:'),
  });
  expect(run(['webhooks', 'add', 'https://hooks.example.com/', '--events', 'sheet.renamed'])).toMatchObject({
    status: 1,
    stderr: expect.stringContaining('There is no event “sheet.renamed”'),
  });
  expect(run(['webhooks', 'add', 'https://hooks.example.com/'])).toMatchObject({ status: 1, stderr: expect.stringContaining('npm run cli -- webhooks add') });
  expect(run(['webhooks', 'send-again', 'dlv_nothing'])).toMatchObject({ status: 1, stderr: expect.stringContaining('There is no delivery dlv_nothing') });

  expect(run(['webhooks', 'remove', id!]).stdout).toContain('Removed https://hooks.example.com/literature: it gets no more deliveries.');
  expect(run(['webhooks', 'list']).stdout).toContain(`${id}  removed  https://hooks.example.com/literature`);
  expect(run(['webhooks', 'restore', id!]).stdout).toContain('https://hooks.example.com/literature gets deliveries again.');

  const audit = run(['audit', '--target', id!, '--json']);
  expect(audit.stdout).toContain('webhook.add');
  expect(audit.stdout).toContain('webhook.remove');
  expect(audit.stdout).toContain('webhook.restore');
  expect(audit.stdout).not.toContain(secret);
});
