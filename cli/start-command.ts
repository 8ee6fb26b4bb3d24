/**
 * What `cardrewards start` (and so `npm start`) does: build with `service_url` links that point at
 * the address the gateway is about to listen on, then serve. A base URL given in
 * CARDREWARDS_BASE_URL wins (a gateway behind a proxy or a CDN knows its public address).
 */
import { type RawOptions, resolveConfig } from '../gateway/open-gateway.ts';
import { build } from './build-command.ts';
import { DEFAULT_BASE_URL, parseBaseUrl } from './generator-commands.ts';
import { serve } from './serve-command.ts';

/** Builds `dataset` into the served tree, then serves it unless the dataset had problems. */
export async function start(dataset: string, flags: RawOptions): Promise<void> {
  const config = resolveConfig(flags, process.env);
  const explicit = process.env['CARDREWARDS_BASE_URL'];
  const baseUrl = explicit !== undefined && explicit !== '' ? parseBaseUrl(explicit) : localBaseUrl(config.host, config.port);
  if (await build({ dataset, out: config.distDir, baseUrl })) await serve(flags);
}

/** `http://<host>:<port>` as a browser on this machine reaches it; port 0 (any free port) cannot be known before listening. */
function localBaseUrl(host: string, port: number): string {
  if (port === 0) return DEFAULT_BASE_URL;
  const reachable = host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? 'localhost' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
