/**
 * What one request costs in the gateway's own code, step by step, without a socket: each step of
 * the request path runs `ROUNDS` times on the real build (`dist`), with real `IncomingMessage` and
 * `ServerResponse` objects (headers are validated and serialised as on a socket; only the write to
 * the socket is missing), and its mean cost is printed in microseconds. The bare-node row is what
 * `scripts/bench/bare-node.ts` does per request (one `writeHead` with a ready header object and
 * `end`), for comparison. docs/benchmarks.md, "Where a request's time goes", reads these figures.
 *
 *   node bin/run-ts.js scripts/bench/gateway-steps.ts [ROUNDS]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKey, hashKey } from '../../gateway/api-keys.ts';
import { loadBuild } from '../../gateway/build/build-source.ts';
import { resolveConfig } from '../../gateway/config.ts';
import { createRequestHandler } from '../../gateway/create-gateway.ts';
import { createFileCache } from '../../gateway/http/file-cache.ts';
import { createKeyCache } from '../../gateway/key-cache.ts';
import { createLogger } from '../../gateway/logger.ts';
import { pagingLinks } from '../../gateway/build/paging-links.ts';
import { resolveFile } from '../../gateway/build/resolve-file.ts';
import { isNotModified, selectRepresentation, sendFile } from '../../gateway/http/serve-file.ts';
import { createAuthenticate } from '../../gateway/steps/authenticate.ts';
import { authoriseTier } from '../../gateway/steps/authorise-tier.ts';
import { resolveKeyedFile } from '../../gateway/steps/keyed-file.ts';
import { createBuiltInRoutes } from '../../gateway/steps/built-in-routes.ts';
import { createExchange, type Exchange } from '../../gateway/steps/exchange.ts';
import { normaliseRequest } from '../../gateway/steps/normalise-request.ts';
import { createQuota } from '../../gateway/steps/quota.ts';
import { logAccess, setCorsHeaders } from '../../gateway/steps/respond.ts';
import { createCurrentBuild, routeRequest } from '../../gateway/steps/route-request.ts';
import { createStoreFailurePolicy } from '../../gateway/steps/store-failure.ts';
import type { BuildSource } from '../../gateway/build/build-source.ts';
import type { QuotaCounter } from '../../gateway/quota-counter.ts';
import { createEmbeddedStore } from '../../gateway/stores/embedded-store.ts';
import { keyedTarget } from '../../schemas/keyed-routes.ts';

const ROUNDS = Number(process.argv[2] ?? 50_000);
const build = loadBuild('dist');
const builds: BuildSource = { current: () => build, check: async () => false, close: () => undefined };
const key = generateKey();
const record = { hash: hashKey(key), tier: 'pro', name: 'bench', status: 'active', created: '' } as const;
const logger = createLogger('silent');
const config = resolveConfig({ dist: 'dist', limits: 'pro=1000000000' }, {});
const failures = createStoreFailurePolicy('closed', logger);
/** Counts in memory: the quota step's own cost, without a store. */
const memoryCounter: QuotaCounter = {
  incrementUnlessOver: async () => ({ counted: true, counts: { day: 1, month: 1 } }),
  usage: async () => ({ day: 1, month: 1 }),
  refund: async () => undefined,
};

const REQUESTS = {
  static: '/api/mcc/5411.json',
  card: keyedTarget('cards-detail', { id: 'amex-gold' }),
  'best-card': keyedTarget('compute-best-card', {}, { mcc: '5411' }),
} as const;

const socket = new Socket();
function exchangeFor(url: string): Exchange {
  const request = new IncomingMessage(socket);
  request.url = url;
  request.method = 'GET';
  request.headers = { host: '127.0.0.1:8787', 'x-api-key': key };
  const exchange = createExchange(request, new ServerResponse(request));
  exchange.build = build;
  return exchange;
}
const responseOf = (exchange: Exchange) => exchange.response as ServerResponse;

/** Mean microseconds of `step` over ROUNDS calls (after ROUNDS / 5 warm-up calls), each on a fresh exchange. */
async function time(url: string, prepare: (exchange: Exchange) => void, step: (exchange: Exchange) => unknown): Promise<number> {
  const run = async (rounds: number) => {
    let spent = 0;
    for (let i = 0; i < rounds; i++) {
      const exchange = exchangeFor(url);
      prepare(exchange);
      const started = performance.now();
      const result = step(exchange);
      if (result instanceof Promise) await result;
      spent += performance.now() - started;
    }
    return spent;
  };
  await run(Math.ceil(ROUNDS / 5));
  return ((await run(ROUNDS)) * 1000) / ROUNDS;
}

const work = mkdtempSync(join(tmpdir(), 'cardrewards-steps-bench-'));
const embedded = createEmbeddedStore({ file: join(work, 'state.mdb'), sync: 'os' });
await embedded.saveKey(record);
const cache = createFileCache(64 * 1024 * 1024);
const authenticate = createAuthenticate(createKeyCache(embedded, { ttlMs: 60_000 }), failures);
const quota = createQuota({ counter: memoryCounter, limits: config.limits, now: () => new Date(), failures });
const embeddedQuota = createQuota({ counter: embedded, limits: config.limits, now: () => new Date(), failures });
const builtIn = createBuiltInRoutes(builds, embedded);
const handler = createRequestHandler({ config, store: embedded, builds, logger });
/** The same handler over an in-memory counter: the gateway's own CPU per request, without waiting for a commit. */
const memoryHandler = createRequestHandler({ config, store: { ...embedded, counter: memoryCounter }, builds, logger });
const normalised = (exchange: Exchange) => void normaliseRequest(exchange);
const routed = (exchange: Exchange) => {
  normaliseRequest(exchange);
  routeRequest(exchange);
  exchange.key = record;
};
const resolveStep = resolveKeyedFile;
const currentBuild = createCurrentBuild(builds);
const none = () => undefined;

const rows: [string, string, number][] = [];
for (const [name, url] of Object.entries(REQUESTS)) {
  const keyed = name !== 'static';
  const add = async (step: string, prepare: (exchange: Exchange) => void, run: (exchange: Exchange) => unknown) =>
    rows.push([name, step, await time(url, prepare, run)]);
  const fileKey = keyed ? undefined : build.publicFiles.get(url.slice(1))?.key;
  const resolvedOf = (exchange: Exchange) => {
    const match = build.router.match(exchange.path);
    if (match === undefined) throw new Error('no route');
    return resolveFile(build.manifest, match.route, match.params, exchange.query);
  };
  await add('bare node:http (writeHead + end of a ready object)', none, (exchange) => {
    responseOf(exchange).writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 100, ETag: '"x"' });
    responseOf(exchange).end(Buffer.alloc(0));
  });
  await add('close listener (access log, metrics)', none, (exchange) => void responseOf(exchange).once('close', none));
  await add('CORS headers', none, (exchange) => setCorsHeaders(exchange, '*'));
  await add('normalise (a remembered target)', none, normalised);
  await add('built-in paths (a miss)', normalised, (exchange) => builtIn(exchange));
  await add('current build', normalised, (exchange) => currentBuild(exchange));
  await add('public file lookup', normalised, (exchange) => build.publicFiles.get(exchange.path));
  if (keyed) {
    await add('route', normalised, (exchange) => routeRequest(exchange));
    await add('authenticate (key memo and key cache hits)', routed, (exchange) => authenticate(exchange));
    await add('authorise tier', routed, (exchange) => authoriseTier(exchange));
    await add('resolve file, representation, Link (a remembered target)', routed, (exchange) => resolveStep(exchange));
    await add('resolveFile alone, as for a new target (variant, parameters)', routed, (exchange) => resolvedOf(exchange));
    await add('pagingLinks alone, as for a new target', routed, (exchange) => {
      pagingLinks(build.manifest, resolvedOf(exchange), exchange.path, exchange.query);
    });
    await add('If-None-Match', routed, (exchange) => isNotModified(exchange.request.headers, '"x"'));
    await add('count (in memory: headers only)', routed, (exchange) => quota.count(exchange));
    await add('count (embedded store, sync os, one at a time)', routed, (exchange) => embeddedQuota.count(exchange));
  }
  const keyOf = (exchange: Exchange) => fileKey ?? resolvedOf(exchange).fileKey;
  await add('send file (hot cache: writeHead + end)', normalised, (exchange) => {
    const file = keyOf(exchange);
    const entry = build.manifest.files[file];
    if (entry === undefined) throw new Error('no entry');
    return sendFile(responseOf(exchange), 'GET', build.root, selectRepresentation(file, entry, {}), cache, exchange.headers);
  });
  await add('access log line (level silent: skipped)', none, (exchange) => {
    if (logger.isLevelEnabled('info')) logAccess(logger, exchange, 200, true);
  });
  const whole = (run: typeof handler) => (exchange: Exchange) =>
    new Promise<void>((resolve) => {
      // The handler resolves nothing: it is done when the response has been ended.
      const response = responseOf(exchange);
      const end = response.end.bind(response);
      response.end = ((...args: Parameters<typeof end>) => {
        const result = end(...args);
        resolve();
        return result;
      }) as typeof response.end;
      run(exchange.request, response);
    });
  await add('whole handler (in-memory counter)', none, whole(memoryHandler));
  await add('whole handler (embedded store, sync os, one at a time)', none, whole(handler));
}
await embedded.close();
rmSync(work, { recursive: true, force: true });

console.log(`| request | step | µs per call (mean of ${ROUNDS.toLocaleString('en-US')}) |\n|---|---|---|`);
for (const [request, step, us] of rows) console.log(`| ${request} | ${step} | ${us.toFixed(2)} |`);
