import type { AppConfig } from '../config';

/** The line an operator reads when the site is up: a URL they can open from this machine. */
export function servingMessage(config: AppConfig, port: number, workers = 1): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const suffix = workers > 1 ? ` with ${workers} workers` : '';
  return `Literature Sheets is serving http://${host}:${port}${config.basePath}/${suffix}`;
}
