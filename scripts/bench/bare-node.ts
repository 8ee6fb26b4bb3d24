/**
 * The most any Node.js server can do on one core, for `npm run bench:gateway` to measure in the same run: node:http
 * answering each benchmarked path with its file's bytes held in memory, with the same headers the
 * gateway sends (type, length, ETag, Cache-Control) and no check at all. The gateway can approach this, never beat it;
 * the gap between it and nginx is what Node's HTTP stack costs.
 *
 *   node bin/run-ts.js scripts/bench/bare-node.ts PORT DIST [--gateway-headers]
 *
 * `--gateway-headers` adds what the gateway also puts on a public file's answer (a UUID `X-Request-Id`
 * and the two CORS headers), so `bench:instructions` can tell their cost from the gateway's own work.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { PUBLIC_EXPOSED_HEADERS } from '../../gateway/steps/respond.ts';
import { etagOf } from '../../tree/tree-contract.ts';

const [port = '0', dist = 'dist', option] = process.argv.slice(2);
const gatewayHeaders = option === '--gateway-headers';

/** Request path → file under the build folder (the same three files the gateway serves) and its Cache-Control. */
const FILES: Record<string, readonly [file: string, cacheControl: string]> = {
  '/api/mcc/5411.json': ['public/api/mcc/5411.json', 'public, max-age=86400, stale-while-revalidate=86400'],
  '/api/cards/amex-gold': ['keyed/api/cards/amex-gold.json', 'private, no-cache'],
  '/api/compute/best-card?mcc=5411': ['keyed/api/compute/best-card/standalone/mcc/5411.json', 'private, no-cache'],
};

const responses = new Map(
  Object.entries(FILES).map(([path, [file, cacheControl]]) => {
    const body = readFileSync(join(dist, file));
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': body.length,
      ETag: etagOf(body),
      'Cache-Control': cacheControl,
    };
    return [path, { body, headers }] as const;
  }),
);

createServer((request, response) => {
  const found = responses.get(request.url ?? '');
  if (found === undefined) {
    response.writeHead(404).end();
    return;
  }
  const headers = gatewayHeaders
    ? {
        'X-Request-Id': randomUUID(),
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': PUBLIC_EXPOSED_HEADERS,
        ...found.headers,
      }
    : found.headers;
  response.writeHead(200, headers).end(found.body);
}).listen(Number(port), '127.0.0.1');
