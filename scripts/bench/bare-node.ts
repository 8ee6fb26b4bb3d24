/**
 * The most any Node.js server can do on one core, for `npm run bench:gateway` to measure in the same run: node:http
 * answering each benchmarked path with its file's bytes held in memory, with the same headers the
 * gateway sends (type, length, ETag, Cache-Control) and no check at all. The gateway can approach this, never beat it;
 * the gap between it and nginx is what Node's HTTP stack costs.
 *
 *   node bin/run-ts.js scripts/bench/bare-node.ts PORT DIST [--gateway-headers] [--count-in STORE]
 *
 * `--gateway-headers` adds what the gateway also puts on a public file's answer (a UUID `X-Request-Id`
 * and the two CORS headers), so `bench:instructions` can tell their cost from the gateway's own work. With
 * `--count-in` a counted call also gets what the gateway puts on a keyed answer: the CORS headers of one and
 * `RateLimit-Policy` and `RateLimit` from the count, made by the gateway's own code (the floor of a counted call
 * that answers with the headers the spec asks for).
 *
 * `--count-in STORE` counts every keyed call (not the static file) before answering it, with the
 * gateway's own quota counter and nothing else: STORE is a Redis URL, or `embedded:FILE` /
 * `embedded-os:FILE` for the embedded store synced to the disk or to the OS. This is the ceiling of
 * any server that counts each call exactly in that store: one count a call, waited for, on top of
 * bare node:http. The gateway's keyed rows are measured against it as well as against bare node.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { generateKey, hashKey } from '../../gateway/api-keys.ts';
import { openStore } from '../../gateway/open-store.ts';
import { type QuotaCounter, windowsOf } from '../../gateway/quota-counter.ts';
import { putRateLimitHeaders } from '../../gateway/rate-limit-headers.ts';
import { EXPOSED_HEADERS, PUBLIC_EXPOSED_HEADERS } from '../../gateway/steps/respond.ts';
import { etagOf } from '../../tree/tree-contract.ts';
import { UNREACHED_LIMIT } from './servers.ts';
import { keyedTarget } from '../../schemas/keyed-routes.ts';

const [port = '0', dist = 'dist', ...options] = process.argv.slice(2);
const gatewayHeaders = options.includes('--gateway-headers');
const countIn = options.includes('--count-in') ? options[options.indexOf('--count-in') + 1] : undefined;

/** Request path → file under the build folder (the same three files the gateway serves) and its Cache-Control. */
const FILES: Record<string, readonly [file: string, cacheControl: string]> = {
  '/api/mcc/5411.json': ['public/api/mcc/5411.json', 'public, max-age=86400, stale-while-revalidate=86400'],
  [keyedTarget('cards-detail', { id: 'amex-gold' })]: ['keyed/api/cards/amex-gold.json', 'private, no-cache'],
  [keyedTarget('compute-best-card', {}, { mcc: '5411' })]: ['keyed/api/compute/best-card/standalone/mcc/5411.json', 'private, no-cache'],
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
    return [path, { body, headers, keyed: file.startsWith('keyed/') }] as const;
  }),
);

/** The store STORE names (see the head comment), opened as the gateway opens it. */
async function openCounter(store: string): Promise<QuotaCounter> {
  const embedded = /^embedded(-os)?:(.+)$/.exec(store);
  const opened = await openStore(
    embedded === null
      ? { redisUrl: store, stateFile: '', stateSync: 'disk' }
      : { redisUrl: undefined, stateFile: embedded[2] as string, stateSync: embedded[1] === undefined ? 'disk' : 'os' },
  );
  return opened.counter;
}
const counter = countIn === undefined ? undefined : await openCounter(countIn);
/** One key, as the benchmark's gateway calls with one key; the benchmark gateways' limits, so the RateLimit headers match theirs. */
const hash = hashKey(generateKey());
const limits = { daily: UNREACHED_LIMIT, monthly: UNREACHED_LIMIT };

createServer((request, response) => {
  const found = responses.get(request.url ?? '');
  if (found === undefined) {
    response.writeHead(404).end();
    return;
  }
  const counted = counter !== undefined && found.keyed;
  const headers: Record<string, string | number> = gatewayHeaders
    ? {
        'X-Request-Id': randomUUID(),
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': counted ? EXPOSED_HEADERS : PUBLIC_EXPOSED_HEADERS,
        ...found.headers,
      }
    : found.headers;
  if (!counted) {
    response.writeHead(200, headers).end(found.body);
    return;
  }
  const windows = windowsOf(limits, new Date());
  counter.incrementUnlessOver(hash, windows).then(
    (outcome) => {
      const resetSeconds = { day: windows.day.ttlSeconds, month: windows.month.ttlSeconds };
      if (gatewayHeaders) putRateLimitHeaders(headers as Record<string, string>, limits, outcome.counts, resetSeconds);
      response.writeHead(200, headers).end(found.body);
    },
    () => response.writeHead(503).end(),
  );
}).listen(Number(port), '127.0.0.1');

// Exit normally on Ctrl-C, so that `node --cpu-prof` writes its profile.
process.on('SIGINT', () => process.exit(0));
