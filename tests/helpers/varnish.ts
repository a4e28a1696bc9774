/**
 * Varnish for the CDN tests: the varnishd scripts/check-system.mjs made sure of (VARNISHD, else
 * Debian's /usr/sbin/varnishd), and the VCL users copy (deploy/varnish.vcl) pointed at a test server.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const varnishd = () => process.env.VARNISHD || '/usr/sbin/varnishd';

export function varnishVcl(host: string, port: number): string {
  const vcl = readFileSync(join(import.meta.dirname, '..', '..', 'deploy', 'varnish.vcl'), 'utf8');
  return vcl.replace('.host = "127.0.0.1";', `.host = "${host}";`).replace('.port = "3000";', `.port = "${port}";`);
}

/** varnishadm beside the varnishd in use (Debian puts it in /usr/bin). */
export const varnishadm = () => (process.env.VARNISHD ? join(dirname(process.env.VARNISHD), 'varnishadm') : '/usr/bin/varnishadm');
