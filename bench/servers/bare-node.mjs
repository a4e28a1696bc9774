/**
 * The limit for Node: a bare node:http server answering one recorded response (the same status,
 * headers and body bytes our server sends) from memory.
 * Usage: node bare-node.mjs <response.json> <body file> <port>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';

const [responseFile, bodyFile, port] = process.argv.slice(2);
const { headers } = JSON.parse(readFileSync(responseFile, 'utf8'));
const body = readFileSync(bodyFile);
const list = Object.entries(headers).flatMap(([name, value]) => [name, String(value)]);

createServer((request, response) => {
  // Like ours, each response carries its own request id.
  response.writeHead(200, list.concat(['x-request-id', randomUUID()])).end(body);
}).listen(Number(port), '127.0.0.1');
