/** A real app listening on a loopback port, with a delivery client that counts its requests. */
import { createDeliveryClient, type DeliveryClient } from '../../src/shared/delivery-client';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export interface ListeningApp extends TestApp {
  origin: string;
  client: DeliveryClient;
  /** URLs the client has requested, in order. */
  requests: string[];
}

export async function createListeningApp(options: TestAppOptions = {}): Promise<ListeningApp> {
  const test = await createTestApp(options);
  const origin = await test.app.listen({ port: 0, host: '127.0.0.1' });
  const requests: string[] = [];
  const client = createDeliveryClient({
    basePath: test.config.basePath,
    fetch: (input, init) => {
      requests.push(String(input));
      return fetch(new URL(String(input), origin), init);
    },
  });
  return { ...test, origin, client, requests };
}
