/** The Next.js peer: a production server (`next start`), no request logging, its own folder as root. */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

export default {
  poweredByHeader: false,
  reactStrictMode: true,
  outputFileTracingRoot: root,
  turbopack: { root },
  serverExternalPackages: ['better-sqlite3'],
  logging: { fetches: { fullUrl: false }, incomingRequests: false },
};
