/**
 * The operator hears when the content store stops answering, or taking writes, and when it comes
 * back; and, once each, of a stored record beyond the content limits that answers leave out.
 */
import type { FastifyInstance } from 'fastify';
import type { OpenStore } from '../../cms/database';
import { skippedRecords, type SkippedRecord } from '../../cms/stored-json';

export function reportStoreTrouble(app: FastifyInstance, store: OpenStore): void {
  store.breaker.onChange = (available, error) => {
    if (available) app.log.warn('the content store answers again');
    else app.log.error({ err: error }, 'the content store does not answer: serving cached responses, 503 for the rest');
  };
  store.breaker.onWriteChange = (failure) => {
    if (failure === null) app.log.warn('writes to the content store work again');
    else app.log.error({ reason: failure }, 'writes to the content store fail; reads are still served');
  };
  const onSkipped = (skipped: SkippedRecord) => app.log.warn(skipped, 'a stored record breaks the content limits and is left out of answers');
  skippedRecords.on('skipped', onSkipped);
  app.addHook('onClose', async () => void skippedRecords.off('skipped', onSkipped));
}
