/**
 * The Fastly and Cloudflare targets against a local receiver that checks each call as their API
 * references describe it: method, path, authentication, where the keys go and how many a call
 * takes; and that a refusal (a status, or Cloudflare's `success: false`) is a failed purge.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cloudflareTarget } from './cloudflare';
import { fastlyTarget } from './fastly';
import { everyTarget } from './sender';

interface Call {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let apiUrl: string;
const calls: Call[] = [];
let reply: { status: number; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));
beforeEach(() => {
  calls.length = 0;
  reply = { status: 200, body: '{}' };
});

const keys = (count: number) => Array.from({ length: count }, (_, index) => `s-${String(index).padStart(18, '0')}`);

describe('the Fastly target', () => {
  it('purges by surrogate key in batches of 256, with its API token, soft when asked', async () => {
    await fastlyTarget({ serviceId: 'SU1Z0isxPaozGVKXdv0eY', token: 'fastly-token', apiUrl }).purge(keys(300));
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /service/SU1Z0isxPaozGVKXdv0eY/purge',
      'POST /service/SU1Z0isxPaozGVKXdv0eY/purge',
    ]);
    expect(calls.map((call) => String(call.headers['surrogate-key']).split(' ').length)).toEqual([256, 44]);
    expect(calls.flatMap((call) => String(call.headers['surrogate-key']).split(' '))).toEqual(keys(300));
    expect(calls.every((call) => call.headers['fastly-key'] === 'fastly-token' && call.headers['fastly-soft-purge'] === undefined)).toBe(true);

    calls.length = 0;
    await fastlyTarget({ serviceId: 'S1', token: 't', apiUrl, soft: true }).purge(['c-1']);
    expect(calls[0]!.headers['fastly-soft-purge']).toBe('1');
  });

  it('fails a purge Fastly refuses', async () => {
    reply = { status: 401, body: '{"msg":"Provided credentials are missing or invalid"}' };
    await expect(fastlyTarget({ serviceId: 'S1', token: 'wrong', apiUrl }).purge(['c-1'])).rejects.toThrow('Fastly answered 401 to a purge');
  });
});

describe('the Cloudflare target', () => {
  it('purges by cache tag in calls of 30 tags, with a bearer token and a JSON body', async () => {
    reply = { status: 200, body: '{"success":true,"errors":[],"messages":[],"result":{"id":"z"}}' };
    await cloudflareTarget({ zoneId: '023e105f4ecef8ad9ca31a8372d0c353', token: 'cf-token', apiUrl }).purge(keys(70));
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(Array(3).fill('POST /zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache'));
    expect(calls.every((call) => call.headers.authorization === 'Bearer cf-token' && call.headers['content-type'] === 'application/json')).toBe(true);
    const sent = calls.map((call) => (JSON.parse(call.body) as { tags: string[] }).tags);
    expect(sent.map((tags) => tags.length)).toEqual([30, 30, 10]);
    expect(sent.flat()).toEqual(keys(70));
  });

  it('fails a purge Cloudflare says no to, in the status or in the body', async () => {
    reply = { status: 200, body: '{"success":false,"errors":[{"code":1134,"message":"Invalid tag"}]}' };
    await expect(cloudflareTarget({ zoneId: 'z', token: 't', apiUrl }).purge(['c-1'])).rejects.toThrow('Cloudflare answered 200 to a purge: Invalid tag');
    reply = { status: 403, body: '{"success":false,"errors":[{"code":10000,"message":"Authentication error"}]}' };
    await expect(cloudflareTarget({ zoneId: 'z', token: 't', apiUrl }).purge(['c-1'])).rejects.toThrow(
      'Cloudflare answered 403 to a purge: Authentication error',
    );
  });
});

describe('several targets', () => {
  it('purges at each, and fails when one fails', async () => {
    reply = { status: 200, body: '{"success":true}' };
    const both = everyTarget([fastlyTarget({ serviceId: 'S1', token: 't', apiUrl }), cloudflareTarget({ zoneId: 'z', token: 't', apiUrl })]);
    await both.purge(['c-1']);
    expect(calls.map((call) => call.path)).toEqual(['/service/S1/purge', '/zones/z/purge_cache']);
    reply = { status: 500, body: '{}' };
    await expect(both.purge(['c-1'])).rejects.toThrow('Fastly answered 500');
  });
});
