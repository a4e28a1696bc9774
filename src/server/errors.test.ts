/**
 * Every error is our error list (JSON under the APIs) or our error document (HTML elsewhere),
 * those Node and Fastify answer before any route included: 431, 400, 413 and 415.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningApp, type ListeningApp } from '../../tests/helpers/listening-app';

let server: ListeningApp;
let port: number;

beforeAll(async () => {
  server = await createListeningApp();
  port = Number(new URL(server.origin).port);
});
afterAll(() => server.close());

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends bytes as they are (no client library would send these) and reads the answer to the end. */
function sendRaw(request: Buffer | string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
      socket.destroy();
    });
    socket.end(request);
  });
}

const API_PATH = '/services/data/v65.0/connect/sites/0DM000000000001GAA/cms/delivery/collections/x';

function expectErrorList(response: RawResponse, status: number): void {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = JSON.parse(response.body) as Array<{ errorCode: string; message: string }>;
  expect(body).toEqual([{ errorCode: expect.any(String), message: expect.any(String) }]);
}

function expectErrorDocument(response: RawResponse, status: number): void {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.body).toMatch(/^<!doctype html>/);
  expect(response.body).toContain(`(${status})</title>`);
}

describe('errors Node answers before any route', () => {
  it('431 for a request line over 16 KB: the list under the API, the document elsewhere, with the security headers', async () => {
    const api = await sendRaw(`GET ${API_PATH}?language=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectErrorList(api, 431);
    expect(api.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(api.headers.get('cache-control')).toBe('no-store');
    expectErrorDocument(await sendRaw(`GET /?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`), 431);
  });

  it('431 for headers over the limit', async () => {
    expectErrorList(await sendRaw(`GET ${API_PATH} HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`), 431);
  });

  it('400 for raw non-ASCII bytes in the request line, and for bytes that are not HTTP', async () => {
    const line = (path: string) =>
      Buffer.concat([Buffer.from(`GET ${path}`), Buffer.from([0xc3, 0xa9, 0xff]), Buffer.from(' HTTP/1.1\r\nHost: localhost\r\n\r\n')]);
    expectErrorList(await sendRaw(line(API_PATH)), 400);
    expectErrorDocument(await sendRaw(line('/caf')), 400);
    expectErrorDocument(await sendRaw('\u0016\u0003\u0001 not http at all\r\n\r\n'), 400);
  });
});

describe('the connection after such an error', () => {
  it('never writes an error answer into a response already under way (pipelined requests)', async () => {
    const text = await sendRaw(
      `GET /services/data/v65.0/openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\nGET /?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    ).then(
      (response) => `${response.status} ${response.body}`,
      () => 'reset',
    );
    // The first request is sound: its answer comes whole, or the connection closes. A 431 would be
    // read as its answer, or land inside it.
    expect(text.startsWith('431')).toBe(false);
    expect(text.includes('431') && text.startsWith('200')).toBe(false);
  });
});

describe('errors Fastify answers before the handler', () => {
  it('413 for a body over the limit', async () => {
    const body = 'email=a%40example.com&password=' + 'x'.repeat(20_000);
    const request = (path: string) =>
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    expectErrorDocument(await sendRaw(request('/login')), 413);
    expectErrorList(await sendRaw(request('/api/session/continue')), 413);
  });

  it('415 for a body of a type no route reads', async () => {
    const request = (path: string) =>
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/xml\r\nContent-Length: 7\r\nConnection: close\r\n\r\n<a></a>`;
    expectErrorDocument(await sendRaw(request('/login')), 415);
    expectErrorList(await sendRaw(request('/api/session/continue')), 415);
  });

  it('answers every API version and the studio API with the list', async () => {
    for (const path of ['/services/data/v50.0/connect/x', '/studio/api/no-such-thing']) {
      expectErrorList(await sendRaw(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`), 404);
    }
  });
});
