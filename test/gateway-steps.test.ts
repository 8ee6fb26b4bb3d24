/** The gateway's steps one by one, without a socket: each takes an exchange and what it needs, and a real embedded store on a temp file. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKey, hashKey } from '../gateway/api-keys.ts';
import type { Build } from '../gateway/build/build-source.ts';
import { HttpError } from '../gateway/http-error.ts';
import { createLogger } from '../gateway/logger.ts';
import type { ManifestRoute } from '../gateway/parse-manifest.ts';
import { createKeyCache } from '../gateway/key-cache.ts';
import { createAuthenticate } from '../gateway/steps/authenticate.ts';
import { checkTier } from '../gateway/steps/authorise-tier.ts';
import { createExchange, type Exchange } from '../gateway/steps/exchange.ts';
import { serveKeyedFile } from '../gateway/steps/keyed-file.ts';
import { MAX_URL_LENGTH, normaliseRequest } from '../gateway/steps/normalise-request.ts';
import { createQuota, QuotaExceededError } from '../gateway/steps/quota.ts';
import { createRequestSteps } from '../gateway/steps/request-steps.ts';
import { answerNotModified, answerProblem } from '../gateway/steps/respond.ts';
import { runSteps, type Step } from '../gateway/steps/step.ts';
import { createStoreFailurePolicy } from '../gateway/steps/store-failure.ts';
import type { KeyRecord } from '../gateway/store.ts';
import { createEmbeddedStore } from '../gateway/stores/embedded-store.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-steps-'));
const store = createEmbeddedStore({ file: join(work, 'state.json') });
afterAll(async () => {
  await store.close();
  rmSync(work, { recursive: true, force: true });
});

/** An exchange over a request-shaped object and no socket: the steps only read the request and write `exchange.headers`. */
function exchangeFor(url: string, method = 'GET', headers: Record<string, string> = {}): Exchange {
  return createExchange({ url, method, headers } as unknown as IncomingMessage, undefined);
}

/** Runs one step and settles it as a promise, whether it answered at once or not. */
async function run(step: Step, exchange: Exchange): Promise<void> {
  await step(exchange);
}

function statusOf(action: () => unknown): number | undefined {
  try {
    action();
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
  return undefined;
}

describe('normaliseRequest', () => {
  it('splits and decodes the path segment by segment and keeps the query', () => {
    const exchange = exchangeFor('/api/merchants/caf%C3%A9?page=2&issuer=amex');
    expect(normaliseRequest(exchange)).toBe('request');
    expect(exchange.path.split('/')).toEqual(['api', 'merchants', 'café']);
    expect(exchange.query.get('page')).toBe('2');
  });

  it('reads a repeated target as the first time, and refuses a bad one every time', () => {
    const first = exchangeFor('/api/compute/best-card?mcc=5411');
    const again = exchangeFor('/api/compute/best-card?mcc=5411');
    normaliseRequest(first);
    normaliseRequest(again);
    expect([again.path, again.query.get('mcc')]).toEqual(['api/compute/best-card', '5411']);
    expect(again.query).toBe(first.query);
    for (let i = 0; i < 2; i++) expect(statusOf(() => normaliseRequest(exchangeFor('/api/cards?x=%zz')))).toBe(400);
  });

  it('accepts an absolute-form target and answers OPTIONS as a preflight', () => {
    const exchange = exchangeFor('http://example.test/api/cards');
    normaliseRequest(exchange);
    expect(exchange.path.split('/')).toEqual(['api', 'cards']);
    expect(normaliseRequest(exchangeFor('/api/cards', 'OPTIONS'))).toBe('preflight');
  });

  it('refuses other methods, long URLs, traversal, bad encoding and control characters', () => {
    expect(statusOf(() => normaliseRequest(exchangeFor('/api/cards', 'POST')))).toBe(405);
    expect(statusOf(() => normaliseRequest(exchangeFor(`/${'a'.repeat(MAX_URL_LENGTH)}`)))).toBe(414);
    expect(statusOf(() => normaliseRequest(exchangeFor('/api/%2e%2e/secret')))).toBe(400);
    expect(statusOf(() => normaliseRequest(exchangeFor('/api/a%2Fb')))).toBe(400);
    expect(statusOf(() => normaliseRequest(exchangeFor('/api/%E0%A4%A')))).toBe(400);
    expect(statusOf(() => normaliseRequest(exchangeFor('/api/cards?q=%00')))).toBe(400);
    expect(statusOf(() => normaliseRequest(exchangeFor('api/cards')))).toBe(400);
  });
});

describe('checkTier', () => {
  const route = { id: 'programs', path: '/api/programs', tier: 'pro' } as ManifestRoute;
  const key = (tier: KeyRecord['tier']): KeyRecord => ({ hash: 'h', tier, name: 'n', status: 'active', created: '' });
  it('lets a key at or above the route tier through and refuses one below with 403', () => {
    expect(statusOf(() => checkTier(route, key('pro')))).toBeUndefined();
    expect(statusOf(() => checkTier(route, key('enterprise')))).toBeUndefined();
    expect(statusOf(() => checkTier(route, key('starter')))).toBe(403);
  });
});

describe('authenticate and quota against the embedded store', () => {
  const logger = createLogger('silent');
  const failures = createStoreFailurePolicy('closed', logger);
  const authenticate = createAuthenticate(createKeyCache(store), failures);
  const limits = {
    free: { daily: 2, monthly: 10 },
    starter: { daily: 2, monthly: 10 },
    pro: { daily: 2, monthly: 10 },
    enterprise: { daily: null, monthly: null },
  };
  const quota = createQuota({ counter: store, limits, now: () => new Date('2030-06-15T12:00:00Z'), failures });

  it('answers 401 for a missing, malformed, unknown or revoked key and sets the key of a valid one', async () => {
    const active = generateKey();
    const revoked = generateKey();
    await store.saveKey({ hash: hashKey(active), tier: 'free', name: 'a', status: 'active', created: '2030-01-01T00:00:00Z' });
    await store.saveKey({ hash: hashKey(revoked), tier: 'free', name: 'r', status: 'revoked', created: '2030-01-01T00:00:00Z' });
    const refusal = (headers: Record<string, string>) =>
      run(authenticate, exchangeFor('/api/cards', 'GET', headers)).then(
        () => undefined,
        (error: HttpError) => [error.status, error.message],
      );
    expect(await refusal({})).toEqual([401, expect.stringContaining('X-API-Key')]);
    expect(await refusal({ 'x-api-key': 'not a key' })).toEqual([401, 'The API key is not valid.']);
    expect(await refusal({ 'x-api-key': generateKey() })).toEqual([401, 'The API key is not valid.']);
    expect(await refusal({ 'x-api-key': revoked })).toEqual([401, 'The API key has been revoked.']);
    const exchange = exchangeFor('/api/cards', 'GET', { 'x-api-key': active });
    await run(authenticate, exchange);
    expect(exchange.key?.name).toBe('a');
    expect(exchange.key?.hash).toBe(hashKey(active));
  });

  it('counts a served call with RateLimit headers and refuses at the daily limit with 429 and Retry-After, not counting it', async () => {
    const key: KeyRecord = { hash: hashKey(generateKey()), tier: 'free', name: 'q', status: 'active', created: '' };
    const keyed = () => Object.assign(exchangeFor('/api/cards'), { key });
    const first = keyed();
    await run(quota.count, first);
    expect(first.headers['RateLimit']).toContain('"daily";r=1;t=43200');
    expect(first.refund).toBeTypeOf('function');
    await run(quota.count, keyed());
    const refused = await run(quota.count, keyed()).then(
      () => undefined,
      (error: HttpError) => error,
    );
    expect(refused?.status).toBe(429);
    expect(refused?.headers['Retry-After']).toBe(String(12 * 3600));
    // The refusal carries the windows its headers state, for a tool's answer (no header read back).
    expect(refused).toBeInstanceOf(QuotaExceededError);
    expect((refused as QuotaExceededError).windows).toEqual([
      { name: 'monthly', limit: 10, remaining: 8, reset_seconds: 1339200 },
      { name: 'daily', limit: 2, remaining: 0, reset_seconds: 43200 },
    ]);
    expect((refused as QuotaExceededError).retryAfterSeconds).toBe(12 * 3600);
    expect(await store.usage(key.hash, new Date('2030-06-15T12:00:00Z'))).toEqual({ day: 2, month: 2 });
  });

  it('settles a call once its answer is known: usage on an uncounted 304, 400 or 404, a refund when a counted answer fails, nothing else', async () => {
    const at = new Date('2030-06-15T12:00:00Z');
    const key: KeyRecord = { hash: hashKey(generateKey()), tier: 'pro', name: 's', status: 'active', created: '' };
    const keyed = () => Object.assign(exchangeFor('/api/cards'), { key });
    // One call counted and served: the counters stand at 1.
    await run(quota.count, keyed());
    const notModified = keyed();
    answerNotModified(notModified, {});
    await quota.settle(notModified);
    expect(notModified.headers['RateLimit']).toBe('"monthly";r=9;t=1339200, "daily";r=1;t=43200');
    for (const [status, code] of [
      [400, 'parameter-invalid'],
      [404, 'not-found'],
      [403, 'tier-too-low'],
    ] as const) {
      const refused = keyed();
      answerProblem(refused, new HttpError(code, 'refused'));
      await quota.settle(refused);
      expect(refused.headers['RateLimit'], String(status)).toBe(
        status === 403 ? undefined : '"monthly";r=9;t=1339200, "daily";r=1;t=43200',
      );
    }
    // A file about to be served is settled at once, without asking the store: the hot path waits for nothing.
    const served = keyed();
    await run(quota.count, served);
    serveKeyedFile(Object.assign(served, { build: {}, representation: {} }) as Exchange);
    expect(quota.settle(served)).toBeUndefined();
    expect(await store.usage(key.hash, at)).toEqual({ day: 2, month: 2 });
    // Its delivery failing: a 4xx leaves it charged, a 5xx takes it back.
    expect(quota.settle(served, new HttpError('not-found', 'gone'))).toBeUndefined();
    await quota.settle(served, new HttpError('origin-failed', 'down'));
    expect(await store.usage(key.hash, at)).toEqual({ day: 1, month: 1 });
  });

  it('is the one place that takes a call back or decides its usage headers', () => {
    const sources = readdirSync(fileURLToPath(new URL('../gateway', import.meta.url)), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.split('\\').join('/'));
    const deciding = sources.filter((file) =>
      /exchange\.refund\b|\bputUsageHeaders\b/.test(readFileSync(fileURLToPath(new URL(`../gateway/${file}`, import.meta.url)), 'utf8')),
    );
    expect(deciding).toEqual(['steps/quota.ts']);
  });
});

describe('/mcp on the request steps', () => {
  const logger = createLogger('silent');
  const failures = createStoreFailurePolicy('closed', logger);
  const limits = { daily: null, monthly: null };
  const access = {
    authenticate: createAuthenticate(createKeyCache(store), failures),
    quota: createQuota({
      counter: store,
      limits: { free: limits, starter: limits, pro: limits, enterprise: limits },
      now: () => new Date('2030-06-15T12:00:00Z'),
      failures,
    }),
  };
  // A build with no public file: /mcp never reaches the router.
  const build = { publicFiles: new Map() } as unknown as Build;
  // The endpoint itself is not run here: the writer hands the request to it.
  const mcp = async () => undefined;
  const { steps } = createRequestSteps({ corsOrigin: '*', builds: { current: () => build }, access, mcp });
  const decide = (exchange: Exchange) => new Promise<Exchange>((resolve) => runSteps(steps, exchange, resolve));

  it('runs a POST through the same steps up to the key, then hands it over; refuses without a key, other methods, and answers its preflight', async () => {
    const key = generateKey();
    await store.saveKey({ hash: hashKey(key), tier: 'free', name: 'm', status: 'active', created: '2030-01-01T00:00:00Z' });
    const post = await decide(exchangeFor('/mcp', 'POST', { 'x-api-key': key }));
    expect(post.answer).toEqual({ kind: 'handover', serve: mcp });
    expect(post.key?.name).toBe('m');
    expect(post.routeId).toBe('mcp');
    // Until the endpoint reads the body, an answer closes the connection.
    expect(post.headers['Connection']).toBe('close');
    expect(post.headers['Access-Control-Expose-Headers']).toContain('WWW-Authenticate');

    const keyless = await decide(exchangeFor('/mcp', 'POST'));
    expect(keyless.error?.status).toBe(401);
    const get = await decide(exchangeFor('/mcp?x=1', 'GET', { 'x-api-key': key }));
    expect([get.error?.status, get.error?.headers['Allow']]).toEqual([405, 'POST, OPTIONS']);
    const preflight = await decide(exchangeFor('/mcp', 'OPTIONS'));
    expect(preflight.answer).toMatchObject({ kind: 'empty', status: 204, headers: { Allow: 'POST, OPTIONS' } });
    // Any other path keeps the gateway's own method rule.
    expect((await decide(exchangeFor('/api/cards', 'POST'))).error?.headers['Allow']).toBe('GET, HEAD, OPTIONS');
  });
});
