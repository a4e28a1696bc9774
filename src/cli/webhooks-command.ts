/** `webhooks …`: the webhooks and their delivery log, from the command line (docs/operations.md, "Webhooks"). */
import { WEBHOOK_EVENT_NAMES, type Delivery } from '../shared/webhook-events';
import { commandLineActor } from '../editing/audit';
import { addWebhook, listDeliveryViews, listWebhookViews, resendDelivery, setWebhookActive } from '../editing/webhooks';
import { readOptions, withStore, type Command } from './command';

const USAGE = [
  `webhooks add <url> --events <${WEBHOOK_EVENT_NAMES.join(',')}> [--description <text>]`,
  'webhooks list',
  'webhooks deliveries <webhook id>',
  'webhooks send-again <delivery id>',
  'webhooks remove <webhook id>',
  'webhooks restore <webhook id>',
  '',
  'Each event is posted to the URL as JSON, signed with the webhook’s secret: HMAC-SHA256 of the',
  'timestamp, a dot and the body, in the Literature-Signature header (t=…,v1=…). The secret is printed',
  'once, by add. A receiver that does not answer 2xx gets the delivery again, for a day. A running',
  'server sends the deliveries; a removed webhook gets no more, and keeps its log.',
].join('\n');

function usageError(): Error {
  return new Error(
    `Usage: ${USAGE.split('\n')
      .filter((line) => line.startsWith('webhooks'))
      .map((line) => `npm run cli -- ${line}`)
      .join('\n       ')}`,
  );
}

function describe(delivery: Delivery): string {
  const said = delivery.lastError ?? (delivery.lastStatus === null ? '' : `answered ${delivery.lastStatus}`);
  const next = delivery.nextAt === null || delivery.attempts === 0 ? '' : `, next try ${delivery.nextAt}`;
  return `${delivery.id}  ${delivery.createdAt}  ${delivery.event.padEnd(18)} ${delivery.state.padEnd(9)} tries ${delivery.attempts}${next}${said === '' ? '' : `  ${said}`}`;
}

export const webhooksCommand: Command = {
  summary: 'Register webhooks for publishes, deletes, releases and imports; read their delivery log.',
  usage: USAGE,
  run: async ([action, ...rest]) => {
    const actor = commandLineActor();
    const { options, positional } = readOptions(rest, ['events', 'description']);
    const [target] = positional;
    if (action === 'list') {
      await withStore(async (store) => {
        const webhooks = await listWebhookViews(store.db);
        if (webhooks.length === 0) console.log('There are no webhooks. Add one with: npm run cli -- webhooks add <url> --events sheet.published');
        for (const webhook of webhooks)
          console.log(`${webhook.id}  ${webhook.removedAt === null ? 'active ' : 'removed'}  ${webhook.url}  ${webhook.events.join(',')}`);
      });
      return;
    }
    if (target === undefined) throw usageError();
    await withStore(async (store) => {
      switch (action) {
        case 'add': {
          if (options.events === undefined) throw usageError();
          const { webhook, secret } = await addWebhook(
            store.db,
            { url: target, events: options.events.split(',').map((name) => name.trim()), ...(options.description ? { description: options.description } : {}) },
            actor,
          );
          console.log(`Added the webhook ${webhook.id} for ${webhook.url} (${webhook.events.join(', ')}).`);
          console.log(`Its signing secret, shown this once: ${secret}`);
          return;
        }
        case 'deliveries': {
          const deliveries = await listDeliveryViews(store.db, target);
          if (deliveries.length === 0) console.log('Nothing has been sent to it yet.');
          for (const delivery of deliveries) console.log(describe(delivery));
          return;
        }
        case 'send-again': {
          const copy = await resendDelivery(store.db, target, actor);
          console.log(`Queued ${copy.id}, a copy of ${target}: a running server sends it within seconds.`);
          return;
        }
        case 'remove':
        case 'restore': {
          const webhook = await setWebhookActive(store.db, target, action === 'restore', actor);
          console.log(action === 'remove' ? `Removed ${webhook.url}: it gets no more deliveries.` : `${webhook.url} gets deliveries again.`);
          return;
        }
        default:
          throw usageError();
      }
    });
  },
};
