/**
 * The gateway over real sockets, part two: HTTP semantics (conditional requests, HEAD, compression,
 * CORS, methods), hostile paths and headers, the built-in pages, and reload.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { hashKey } from '../gateway/api-keys.ts';
import { describe, expect, it } from 'vitest';
import { createTestKey, sampleRequest, sampleUrl, startTestGateway } from './helpers/gateway.ts';
import { buildFixture } from './helpers/gateway-tree.ts';
import { expectProblem, useGatewaySuite } from './helpers/gateway-suite.ts';
import { get, raw } from './helpers/http.ts';

const suite = useGatewaySuite();
const { keys, call, routeFor } = suite;

describe('HTTP semantics', () => {
  const cardPath = () => sampleUrl(suite.tree.manifest, routeFor('/api/cards/{id}'));

  it('answers If-None-Match with 304 and does not count it', async () => {
    const key = await createTestKey(suite.store, 'free');
    const first = await call(cardPath(), { 'X-API-Key': key });
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"/);
    const again = await call(cardPath(), { 'X-API-Key': key, 'If-None-Match': `"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['ratelimit']).toMatch(/"daily";r=99;/);
    expect(await suite.store.usage(hashKey(key), new Date())).toEqual({ day: 1, month: 1 });
    // Public files too.
    const search = await call('/api/search.json');
    expect((await call('/api/search.json', { 'If-None-Match': search.headers['etag'] as string })).status).toBe(304);
  });

  it('serves a folder-like path its index.html, with or without the slash, and no key', async () => {
    const pages = Object.keys(suite.tree.manifest.files).filter((path) => path.startsWith('public/') && path.endsWith('/index.html'));
    const page = pages.find((path) => path.split('/').length > 3) as string;
    expect(page).toBeDefined();
    const folder = page.slice('public'.length, -'/index.html'.length);
    const html = readFileSync(join(suite.tree.out, page));
    for (const url of [folder, `${folder}/`, `${folder}/index.html`]) {
      const reply = await call(url);
      expect(reply.status, url).toBe(200);
      expect(reply.headers['content-type'], url).toMatch(/^text\/html/);
      expect(reply.body.equals(html), url).toBe(true);
    }
    expect((await call('/')).body.equals(readFileSync(join(suite.tree.out, 'public/index.html')))).toBe(true);
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
    const publicFile = Object.keys(suite.tree.manifest.files).find(
      (path) => path.startsWith('public/') && suite.tree.manifest.files[path]?.encodings?.length,
    );
    if (publicFile) targets.push({ url: `/${publicFile.slice('public/'.length)}`, file: publicFile, headers: {} });
    for (const route of suite.tree.manifest.routes) {
      const sample = sampleRequest(suite.tree.manifest, route);
      if (sample?.file && suite.tree.manifest.files[sample.file]?.encodings?.length)
        targets.push({ url: sample.url, file: sample.file, headers: { 'X-API-Key': keys.enterprise } });
    }
    expect(targets.length).toBeGreaterThanOrEqual(2);
    for (const { url, file, headers } of targets) {
      const plain = readFileSync(join(suite.tree.out, file));
      const br = await call(url, { ...headers, 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
      expect(br.headers['etag']).not.toBe(suite.tree.manifest.files[file]?.etag);
      const gzip = await call(url, { ...headers, 'Accept-Encoding': 'gzip;q=1, br;q=0' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain)).toBe(true);
      const identity = await call(url, { ...headers, 'Accept-Encoding': 'identity' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body.equals(plain)).toBe(true);
      expect(identity.headers['etag']).toBe(suite.tree.manifest.files[file]?.etag);
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

  it('lets a browser read the validator and request id of a public file, and exposes nothing a public answer lacks', async () => {
    const reply = await call('/api/mcc/5411.json', { Origin: 'https://ext.example' });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['access-control-expose-headers']).toBe('ETag, Retry-After, X-Request-Id');
    expect(reply.headers['etag']).toBeDefined();
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
          suite.gateway.url,
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
    expect(await raw(suite.gateway.url, 'GET http://evil.example/../secret.txt HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 (400|404)/,
    );
    expect(await raw(suite.gateway.url, 'GET http://x/api/search.json HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 200/);
    expect(await raw(suite.gateway.url, 'GET * HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
  });

  it('refuses overlong URLs (414) and oversized headers (431), and survives malformed requests', async () => {
    expect(await raw(suite.gateway.url, `GET /api/cards/${'a'.repeat(5000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatch(/^HTTP\/1\.1 414/);
    expect(await raw(suite.gateway.url, `GET /api/search.json HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 431/,
    );
    expect(await raw(suite.gateway.url, 'NONSENSE\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect(await raw(suite.gateway.url, `GET /api/cards HTTP/1.1\r\nHost: x\r\nX-API-Key: ${'\u00ff'.repeat(40)}\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 401/,
    );
    expect((await call('/healthz')).status).toBe(200);
  });

  it('takes only the exact header: a key in the query string or a second key header is not accepted', async () => {
    const cards = sampleUrl(suite.tree.manifest, routeFor('/api/cards'));
    expect((await call(`${cards}${cards.includes('?') ? '&' : '?'}api_key=${keys.pro}`)).status).toBe(401);
    expect(
      await raw(suite.gateway.url, `GET ${cards} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${keys.pro}\r\nX-API-Key: ${keys.free}\r\n\r\n`),
    ).toMatch(/^HTTP\/1\.1 (200|401)/);
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
    if ('public/openapi.json' in suite.tree.manifest.files)
      expect((await call('/openapi.json')).json).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it('reports liveness and readiness', async () => {
    expect((await call('/healthz')).json).toEqual({ status: 'ok' });
    expect((await call('/readyz')).json).toMatchObject({ status: 'ready', store: 'embedded', build: suite.tree.manifest.build });
  });
});

describe('reload', () => {
  it('picks up a rebuild (the dist link swapped) without a restart, and reads files from the new build only', async () => {
    const out = join(suite.work, 'reload');
    await buildFixture(out, 'https://first.example.test');
    const local = await startTestGateway(suite.store, out);
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
