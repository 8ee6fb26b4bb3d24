/**
 * The gateway over real sockets, on the embedded store: public files, the 401/403/200 matrix of
 * spec §4.2 and §5 with keys of every tier, conditional requests, HEAD, compression, CORS,
 * methods, bad inputs, hostile paths, docs, health, and build reloads.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../gateway/api-keys.ts';
import { TIERS, type ManifestRoute, type Tier } from '../gateway/manifest.ts';
import type { Store } from '../gateway/store.ts';
import { createEmbeddedStore } from '../gateway/stores/embedded-store.ts';
import { createTestKey, matrixRequest, sampleRequest, sampleUrl, startTestGateway, type TestGateway } from './helpers/gateway.ts';
import { buildFixture, createTestTree, type TestTree } from './helpers/gateway-tree.ts';
import { get, raw } from './helpers/http.ts';

/** Spec §4.2: path and minimum tier of the nine specified keyed endpoints. */
const SPEC_ENDPOINTS: readonly (readonly [string, Tier])[] = [
  ['/api/cards', 'free'],
  ['/api/cards/{id}', 'free'],
  ['/api/mcc', 'free'],
  ['/api/extension/recommend', 'free'],
  ['/api/merchants', 'starter'],
  ['/api/compute/best-card', 'starter'],
  ['/api/programs', 'pro'],
  ['/api/portals', 'pro'],
  ['/api/compute/triple-stack', 'pro'],
];

const work = mkdtempSync(join(tmpdir(), 'cardrewards-gateway-'));
let tree: TestTree;
let store: Store;
let gateway: TestGateway;
const keys = {} as Record<Tier, string>;
let revoked: string;

beforeAll(async () => {
  tree = await createTestTree(work);
  store = createEmbeddedStore({ file: join(work, 'state.json'), flushDelayMs: 10 });
  for (const tier of TIERS) keys[tier] = await createTestKey(store, tier);
  revoked = await createTestKey(store, 'enterprise', 'revoked');
  gateway = await startTestGateway(store, tree.out);
});
afterAll(async () => {
  await gateway.close();
  await store.close();
  rmSync(work, { recursive: true, force: true });
});

const call = (path: string, headers: Record<string, string> = {}, method = 'GET') => get(gateway.url, path, { headers, method });
const routeFor = (path: string): ManifestRoute | undefined => tree.manifest.routes.find((route) => route.path === path);
const expectProblem = (reply: Awaited<ReturnType<typeof get>>, status: number) => {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers['content-type']).toBe('application/problem+json');
  expect(reply.json).toEqual({ type: expect.any(String), title: expect.any(String), status, detail: expect.any(String) });
};

describe('public files', () => {
  it('serves every public file of the manifest without a key, uncounted, cacheable by anyone', async () => {
    const publicFiles = Object.keys(tree.manifest.files).filter((path) => path.startsWith('public/') && !path.endsWith('index.html'));
    expect(publicFiles.length).toBeGreaterThan(0);
    for (const path of publicFiles) {
      const reply = await call(`/${path.slice('public/'.length)}`);
      expect(reply.status, path).toBe(200);
      expect(reply.body.equals(readFileSync(join(tree.out, path))), path).toBe(true);
      expect(reply.headers['etag']).toBe(tree.manifest.files[path]?.etag);
      expect(reply.headers['content-type']).toBe(tree.manifest.files[path]?.type);
      expect(reply.headers['cache-control']).toMatch(/^public, max-age=\d{5,}/);
      expect(reply.headers['ratelimit']).toBeUndefined();
    }
  });

  it('serves the static MCC record of spec §4.1 with a key or without', async () => {
    const reply = await call('/api/mcc/5411.json', { 'X-API-Key': 'not a key' });
    expect(reply.status).toBe(200);
    expect((reply.json as { code: string }).code).toBe('5411');
  });

  it('answers an unknown static file with 404 problem details', async () => {
    expectProblem(await call('/api/mcc/0000.json'), 404);
    expectProblem(await call('/api/merchant/no-such-shop.json'), 404);
  });
});

describe('keyed routes: the 401/403/200 matrix', () => {
  it('lists every spec §4.2 endpoint with its minimum tier', () => {
    for (const [path, tier] of SPEC_ENDPOINTS) expect(routeFor(path)?.tier, path).toBe(tier);
  });

  it('answers each spec endpoint by tier: 401 without a valid key, 403 below the minimum tier, 200 at or above', async () => {
    for (const [path, minimum] of SPEC_ENDPOINTS) {
      // A route the fixture has no data for (no portals, say) answers an authorised key with 404.
      const { url, file } = matrixRequest(tree.manifest, routeFor(path) as ManifestRoute);
      const found = file !== undefined || routeFor(path)?.dynamic !== undefined;
      expectProblem(await call(url), 401);
      expectProblem(await call(url, { 'X-API-Key': 'cr_tooshort' }), 401);
      expectProblem(await call(url, { 'X-API-Key': `cr_${'A'.repeat(43)}` }), 401);
      expectProblem(await call(url, { 'X-API-Key': revoked }), 401);
      for (const tier of TIERS) {
        const reply = await call(url, { 'X-API-Key': keys[tier] });
        const expected = TIERS.indexOf(tier) < TIERS.indexOf(minimum) ? 403 : found ? 200 : 404;
        expect(reply.status, `${url} with a ${tier} key: ${reply.text}`).toBe(expected);
        if (expected === 200) {
          expect(reply.headers['cache-control']).toMatch(/^private/);
          expect(reply.json ?? reply.text).toBeDefined();
        } else {
          expectProblem(reply, expected);
        }
      }
    }
  });

  it('answers every route family of the manifest the same way', async () => {
    let sampled = 0;
    for (const route of tree.manifest.routes) {
      const url = sampleRequest(tree.manifest, route)?.url;
      if (url === undefined) continue;
      sampled++;
      expect((await call(url)).status, url).toBe(401);
      for (const tier of TIERS) {
        const expected = TIERS.indexOf(tier) >= TIERS.indexOf(route.tier) ? 200 : 403;
        expect((await call(url, { 'X-API-Key': keys[tier] })).status, `${url} ${tier}`).toBe(expected);
      }
    }
    expect(sampled).toBeGreaterThanOrEqual(Math.min(12, tree.manifest.routes.length));
  });

  it('counts only the 200s: 401 and 403 are free', async () => {
    const key = await createTestKey(store, 'starter');
    const cards = sampleUrl(tree.manifest, routeFor('/api/cards'));
    const programs = sampleUrl(tree.manifest, routeFor('/api/programs'));
    expect((await call(programs, { 'X-API-Key': key })).status).toBe(403);
    expect((await call(cards, { 'X-API-Key': key })).status).toBe(200);
    expect((await call(cards, { 'X-API-Key': key })).status).toBe(200);
    expect(await store.usage(hashKey(key), new Date())).toEqual({ day: 2, month: 2 });
  });

  it('puts RateLimit-Policy and RateLimit on keyed responses and reports usage at /api/usage', async () => {
    const key = await createTestKey(store, 'free');
    const cards = await call(sampleUrl(tree.manifest, routeFor('/api/cards')), { 'X-API-Key': key });
    expect(cards.headers['ratelimit-policy']).toBe('"monthly";q=1000;w=2592000, "daily";q=100;w=86400');
    expect(cards.headers['ratelimit']).toMatch(/^"monthly";r=999;t=\d+, "daily";r=99;t=\d+$/);
    const usage = await call('/api/usage', { 'X-API-Key': key });
    expect(usage.status).toBe(200);
    expect(usage.json).toMatchObject({
      tier: 'free',
      key: hashKey(key).slice(0, 12),
      day: { used: 1, limit: 100, remaining: 99 },
      month: { used: 1, limit: 1000 },
    });
    expect(usage.headers['ratelimit']).toMatch(/"daily";r=99;/);
    expectProblem(await call('/api/usage'), 401);
    // Enterprise is unlimited: there is no quota to announce.
    const enterprise = await call(sampleUrl(tree.manifest, routeFor('/api/cards')), { 'X-API-Key': keys.enterprise });
    expect(enterprise.headers['ratelimit']).toBeUndefined();
  });
});

describe('inputs', () => {
  const key = () => ({ 'X-API-Key': keys.enterprise });

  it('refuses unknown, repeated and invalid query parameters with 400 naming them, never 500', async () => {
    for (const path of [
      '/api/cards?bogus=1',
      '/api/cards?page=0',
      '/api/cards?page=-1',
      '/api/cards?page=abc',
      '/api/cards?page=1&page=2',
      '/api/cards?page=99999999999999999999',
      '/api/compute/best-card',
      '/api/compute/best-card?mcc=12345',
      '/api/compute/best-card?mcc=54x1',
      '/api/compute/best-card?merchant=Not_A_Slug',
      '/api/extension/recommend',
      '/api/extension/recommend?domain=',
      '/api/extension/recommend?domain=not%20a%20host',
      '/api/extension/recommend?domain=localhost',
      '/api/compute/triple-stack?merchant=%00',
      '/api/cards?page=%ZZ',
      `/api/cards/${'a'.repeat(101)}`,
      '/api/cards/UPPER_case',
      '/api/cards?issuer=amex&network=amex',
      '/api/compute/best-card?mcc=5411&merchant=costco',
    ]) {
      const reply = await call(path, key());
      expectProblem(reply, 400);
    }
  });

  it("normalises codes, slugs and domains into the generator's file names", async () => {
    const card = sampleUrl(tree.manifest, routeFor('/api/cards/{id}'));
    const lower = await call(card, key());
    expect(lower.status).toBe(200);
    expect(
      (
        await call(
          card.replace(/[^/]+$/, (id) => id.toUpperCase()),
          key(),
        )
      ).text,
    ).toBe(lower.text);
    expect((await call('/api/compute/best-card?mcc=5411', key())).status).toBe(200);
    const recommend = routeFor('/api/extension/recommend');
    const domainFile = Object.keys(tree.manifest.files).find((file) =>
      /^keyed\/api\/extension\/recommend\/[a-z0-9-]+\.com\.json$/.test(file),
    ) as string;
    const domain = domainFile
      .split('/')
      .pop()
      ?.replace(/\.json$/, '') as string;
    const byDomain = (value: string) => call(`${recommend?.path}?domain=${encodeURIComponent(value)}`, key());
    const exact = await byDomain(domain);
    expect(exact.json).toMatchObject({ fallback: false });
    for (const variant of [`WWW.${domain.toUpperCase()}.`, `shop.${domain}:443`, `a.b.${domain}`])
      expect((await byDomain(variant)).text, variant).toBe(exact.text);
    const unknown = await byDomain('no-such-merchant.example');
    expect(unknown.json).toMatchObject({ merchant_name: null, fallback: true });
  });

  it('answers an unknown route, card or page with 404 problem details (not counted)', async () => {
    const before = await store.usage(hashKey(keys.enterprise), new Date());
    expectProblem(await call('/api/nothing-here', key()), 404);
    expectProblem(await call('/api/cards/no-such-card', key()), 404);
    expectProblem(await call(`${sampleUrl(tree.manifest, routeFor('/api/cards'))?.split('?')[0]}?page=9999`, key()), 404);
    expect(await store.usage(hashKey(keys.enterprise), new Date())).toEqual(before);
  });
});

describe('HTTP semantics', () => {
  const cardPath = () => sampleUrl(tree.manifest, routeFor('/api/cards/{id}'));

  it('answers If-None-Match with 304 and does not count it', async () => {
    const key = await createTestKey(store, 'free');
    const first = await call(cardPath(), { 'X-API-Key': key });
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"/);
    const again = await call(cardPath(), { 'X-API-Key': key, 'If-None-Match': `"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['ratelimit']).toMatch(/"daily";r=99;/);
    expect(await store.usage(hashKey(key), new Date())).toEqual({ day: 1, month: 1 });
    // Public files too.
    const search = await call('/api/search.json');
    expect((await call('/api/search.json', { 'If-None-Match': search.headers['etag'] as string })).status).toBe(304);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const got = await call(cardPath(), { 'X-API-Key': keys.pro });
    const head = await call(cardPath(), { 'X-API-Key': keys.pro }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(got.headers['content-length']);
    expect(head.headers['etag']).toBe(got.headers['etag']);
    expect((await call(cardPath(), {}, 'HEAD')).status).toBe(401);
  });

  it('serves precompressed br and gzip siblings by Accept-Encoding, with Vary and their own ETags', async () => {
    const targets: { url: string; file: string; headers: Record<string, string> }[] = [];
    const publicFile = Object.keys(tree.manifest.files).find(
      (path) => path.startsWith('public/') && tree.manifest.files[path]?.encodings?.length,
    );
    if (publicFile) targets.push({ url: `/${publicFile.slice('public/'.length)}`, file: publicFile, headers: {} });
    for (const route of tree.manifest.routes) {
      const sample = sampleRequest(tree.manifest, route);
      if (sample?.file && tree.manifest.files[sample.file]?.encodings?.length)
        targets.push({ url: sample.url, file: sample.file, headers: { 'X-API-Key': keys.enterprise } });
    }
    expect(targets.length).toBeGreaterThanOrEqual(2);
    for (const { url, file, headers } of targets) {
      const plain = readFileSync(join(tree.out, file));
      const br = await call(url, { ...headers, 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
      expect(br.headers['etag']).not.toBe(tree.manifest.files[file]?.etag);
      const gzip = await call(url, { ...headers, 'Accept-Encoding': 'gzip;q=1, br;q=0' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain)).toBe(true);
      const identity = await call(url, { ...headers, 'Accept-Encoding': 'identity' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body.equals(plain)).toBe(true);
      expect(identity.headers['etag']).toBe(tree.manifest.files[file]?.etag);
      expect(identity.headers['vary']).toBe('Accept-Encoding');
      expect((await call(url, { ...headers, 'Accept-Encoding': 'br', 'If-None-Match': br.headers['etag'] as string })).status).toBe(304);
    }
  });

  it('answers a CORS preflight without a key, allowing X-API-Key, and puts Allow-Origin on every response', async () => {
    const preflight = await call(
      cardPath(),
      { Origin: 'https://ext.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/X-API-Key/i);
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
    expect((await call(cardPath())).headers['access-control-allow-origin']).toBe('*');
    expect((await call(cardPath(), { 'X-API-Key': keys.free })).headers['access-control-expose-headers']).toMatch(/RateLimit/);
  });

  it('refuses other methods with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE']) {
      const reply = await call(cardPath(), { 'X-API-Key': keys.pro }, method);
      expectProblem(reply, 405);
      expect(reply.headers['allow']).toBe('GET, HEAD, OPTIONS');
    }
  });
});

describe('hostile paths and headers', () => {
  const SECRET = 'TOP SECRET';
  const hostile = [
    '/../secret.txt',
    '/api/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2e%2e/secret.txt',
    '/api/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/%252e%252e/secret.txt',
    '/%252e%252e%252fsecret.txt',
    '/..%5csecret.txt',
    '/api\\..\\..\\secret.txt',
    '/%5c..%5csecret.txt',
    '/api/mcc/5411.json%00',
    '/api/mcc/%00',
    '/api/cards/%00',
    '//etc/passwd',
    '/etc/passwd',
    '/%2fetc%2fpasswd',
    '/keyed/api/cards/page-1.json',
    '/public/api/search.json',
    '/manifest.json',
    '/api/cards/..%2f..%2fmanifest.json',
    '/api/extension/recommend?domain=..%2f..%2f..%2fsecret.txt',
    '/api/compute/best-card?merchant=../../secret',
    '/api/cards/%c0%ae%c0%ae',
    '/api/mcc/5411.json/..',
    '/./api/search.json',
    '/api/./cards',
  ];

  it('answers every traversal attempt with 400 or 404, never a file outside the served routes', async () => {
    for (const path of hostile) {
      for (const withKey of [false, true]) {
        const reply = await raw(
          gateway.url,
          `GET ${path} HTTP/1.1\r\nHost: x\r\n${withKey ? `X-API-Key: ${keys.enterprise}\r\n` : ''}\r\n`,
        );
        const status = Number(reply.split(' ')[1]);
        // Without a key a keyed route answers 401 before it looks at parameters.
        expect(withKey ? [400, 404] : [400, 401, 404], `${path}: ${reply.split('\r\n')[0]}`).toContain(status);
        expect(reply).not.toContain(SECRET);
        expect(reply).not.toContain('"files"');
      }
    }
  });

  it('refuses absolute paths and absolute-form targets outside the tree', async () => {
    expect(await raw(gateway.url, 'GET http://evil.example/../secret.txt HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 (400|404)/);
    expect(await raw(gateway.url, 'GET http://x/api/search.json HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 200/);
    expect(await raw(gateway.url, 'GET * HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
  });

  it('refuses overlong URLs (414) and oversized headers (431), and survives malformed requests', async () => {
    expect(await raw(gateway.url, `GET /api/cards/${'a'.repeat(5000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatch(/^HTTP\/1\.1 414/);
    expect(await raw(gateway.url, `GET /api/search.json HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 431/,
    );
    expect(await raw(gateway.url, 'NONSENSE\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect(await raw(gateway.url, `GET /api/cards HTTP/1.1\r\nHost: x\r\nX-API-Key: ${'\u00ff'.repeat(40)}\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 401/,
    );
    expect((await call('/healthz')).status).toBe(200);
  });

  it('takes only the exact header: a key in the query string or a second key header is not accepted', async () => {
    const cards = sampleUrl(tree.manifest, routeFor('/api/cards'));
    expect((await call(`${cards}${cards.includes('?') ? '&' : '?'}api_key=${keys.pro}`)).status).toBe(401);
    expect(await raw(gateway.url, `GET ${cards} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${keys.pro}\r\nX-API-Key: ${keys.free}\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 (200|401)/,
    );
  });
});

describe('built-in pages', () => {
  it('serves Swagger UI from local files pointed at /openapi.json', async () => {
    const page = await call('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).not.toMatch(/https?:\/\//);
    const init = await call('/docs/initializer.js');
    expect(init.text).toContain("url: '/openapi.json'");
    const bundle = await call('/docs/swagger-ui-bundle.js', {}, 'HEAD');
    expect(bundle.status).toBe(200);
    expect(Number(bundle.headers['content-length'])).toBeGreaterThan(100_000);
    expect((await call('/docs/package.json')).status).toBe(404);
    if ('public/openapi.json' in tree.manifest.files)
      expect((await call('/openapi.json')).json).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it('reports liveness and readiness', async () => {
    expect((await call('/healthz')).json).toEqual({ status: 'ok' });
    expect((await call('/readyz')).json).toMatchObject({ status: 'ready', store: 'embedded', build: tree.manifest.build });
  });
});

describe('reload', () => {
  it('picks up a rebuild (the dist link swapped) without a restart, and reads files from the new build only', async () => {
    const out = join(work, 'reload');
    await buildFixture(out, 'https://first.example.test');
    const local = await startTestGateway(store, out);
    try {
      const before = await get(local.url, '/api/mcc/5411.json');
      const rebuilt = await buildFixture(out, 'https://rebuilt.example.test');
      let after = before;
      for (let i = 0; i < 50 && after.headers['etag'] === before.headers['etag']; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = await get(local.url, '/api/mcc/5411.json');
      }
      expect((after.json as { service_url: string }).service_url).toMatch(/^https:\/\/rebuilt\.example\.test\//);
      expect((await get(local.url, '/readyz')).json).toMatchObject({ build: rebuilt.build });
    } finally {
      await local.close();
    }
  });
});
