/**
 * Proxy mode: the manifest and files come from a private origin (a static server here); the key
 * is never forwarded; an origin that fails gives 502 problem details, never a crash or a hang.
 */
import { createReadStream, existsSync, readFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashKey } from '../gateway/api-keys.ts';
import { type BuildSource, createRemoteBuildSource } from '../gateway/build/build-source.ts';
import { resolveConfig } from '../gateway/config.ts';
import { startGateway, type RunningGateway } from '../gateway/create-gateway.ts';
import { createLogger } from '../gateway/logger.ts';
import type { ManifestRoute } from '../gateway/parse-manifest.ts';
import { createOriginProxy } from '../gateway/http/origin-proxy.ts';
import { createEmbeddedStore } from '../gateway/stores/embedded-store.ts';
import { createTestKey, sampleUrl } from './helpers/gateway.ts';
import { createTestTree, type TestTree } from './helpers/gateway-tree.ts';
import { get } from './helpers/http.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-proxy-'));
const store = createEmbeddedStore({ file: join(work, 'state.json') });
let tree: TestTree;
let origin: Server;
let gateway: RunningGateway;
let closeAll: () => Promise<void>;
let builds: BuildSource;
const seen: IncomingHttpHeaders[] = [];
/** Every path the origin was asked for. */
const requested: string[] = [];
let failing = false;
/** When set, the origin answers this status with its own error page instead of the file. */
let originStatus: number | undefined;
/** When set, the origin sends a keyed file's headers and half its body, then stalls (or, with 'close', hangs up). */
let originStalls: 'stall' | 'close' | undefined;

beforeAll(async () => {
  tree = await createTestTree(work);
  origin = createServer((req, res) => {
    seen.push(req.headers);
    requested.push(req.url ?? '');
    if (failing) return void req.socket.destroy();
    if (originStatus !== undefined && (req.url ?? '').startsWith('/keyed/'))
      return void res
        .writeHead(originStatus, { 'Content-Type': 'text/html', 'X-Origin-Internal': 'secret' })
        .end('<h1>origin stack trace</h1>');
    const path = join(tree.out, decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
    if (!path.startsWith(tree.out) || !existsSync(path) || statSync(path).isDirectory()) return void res.writeHead(404).end();
    if (originStalls !== undefined && (req.url ?? '').startsWith('/keyed/')) {
      const bytes = readFileSync(path);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(bytes.length) });
      res.write(bytes.subarray(0, bytes.length >> 1));
      if (originStalls === 'close') setTimeout(() => req.socket.destroy(), 50);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=600', 'Set-Cookie': 'origin=1' });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', () => resolve()));
  const originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  const config = resolveConfig({ port: '0', originUrl, logLevel: 'silent' }, {});
  const logger = createLogger('silent');
  builds = await createRemoteBuildSource({ originUrl, intervalMs: 60_000 });
  const proxy = createOriginProxy(originUrl, logger, 2000);
  gateway = await startGateway({ config, store, builds, logger, proxy });
  closeAll = async () => {
    builds.close();
    proxy.close();
    await gateway.close();
  };
});
afterAll(async () => {
  await closeAll();
  origin.close();
  await store.close();
  rmSync(work, { recursive: true, force: true });
});

it("serves keyed files from the origin without forwarding the key, with the gateway's headers", async () => {
  const key = await createTestKey(store, 'free');
  const url = sampleUrl(tree.manifest, tree.manifest.routes.find((route) => route.path === '/api/cards/{id}') as ManifestRoute);
  const direct = await get(gateway.url, url, { headers: { 'X-API-Key': key } });
  expect(direct.status, direct.text).toBe(200);
  expect(direct.json).toBeDefined();
  expect(direct.headers['cache-control']).toMatch(/^private/);
  expect(direct.headers['set-cookie']).toBeUndefined();
  expect(direct.headers['ratelimit']).toMatch(/"daily";r=99;/);
  expect(seen.at(-1)?.['x-api-key']).toBeUndefined();
  expect((await get(gateway.url, url)).status).toBe(401);
});

it("forwards the precompressed sibling with the manifest's type, encoding and ETag", async () => {
  const key = await createTestKey(store, 'enterprise');
  const entry = Object.entries(tree.manifest.files).find(([path, file]) => path.startsWith('keyed/') && file.encodings?.includes('br'));
  if (!entry) return;
  const route = tree.manifest.routes.find((candidate) => candidate.variants?.some((variant) => variant.file === entry[0]) ?? false);
  if (!route) return;
  const reply = await get(gateway.url, route.path, { headers: { 'X-API-Key': key, 'Accept-Encoding': 'br' } });
  expect(reply.status).toBe(200);
  expect(reply.headers['content-encoding']).toBe('br');
  expect(reply.headers['content-type']).toBe(entry[1].type);
  expect(brotliDecompressSync(reply.body).equals(readFileSync(join(tree.out, entry[0])))).toBe(true);
});

it('maps an origin failure to 502 problem details and keeps serving', async () => {
  const key = await createTestKey(store, 'free');
  const url = sampleUrl(tree.manifest, tree.manifest.routes.find((route) => route.path === '/api/cards') as ManifestRoute);
  failing = true;
  const reply = await get(gateway.url, url, { headers: { 'X-API-Key': key } });
  expect(reply.status).toBe(502);
  expect(reply.headers['content-type']).toBe('application/problem+json');
  expect(reply.text).not.toMatch(/ECONNRESET|socket hang up/);
  failing = false;
  expect((await get(gateway.url, url, { headers: { 'X-API-Key': key } })).status).toBe(200);
});

it('answers 502 problem details for an origin that fails or answers 404/500, never leaks its answer, and charges nothing', async () => {
  const key = await createTestKey(store, 'free');
  const hash = hashKey(key);
  const url = sampleUrl(tree.manifest, tree.manifest.routes.find((route) => route.path === '/api/cards') as ManifestRoute);
  for (const status of [404, 500]) {
    originStatus = status;
    const reply = await get(gateway.url, url, { headers: { 'X-API-Key': key } });
    expect(reply.status).toBe(502);
    expect(reply.headers['content-type']).toBe('application/problem+json');
    expect(reply.headers['x-origin-internal']).toBeUndefined();
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers['etag']).toBeUndefined();
    expect(reply.text).not.toContain('stack trace');
  }
  originStatus = undefined;
  failing = true;
  expect((await get(gateway.url, url, { headers: { 'X-API-Key': key } })).status).toBe(502);
  failing = false;
  expect(await store.usage(hash, new Date())).toEqual({ day: 0, month: 0 });
  expect((await get(gateway.url, url, { headers: { 'X-API-Key': key } })).status).toBe(200);
  expect(await store.usage(hash, new Date())).toEqual({ day: 1, month: 1 });
});

it.each(['stall', 'close'] as const)(
  'refunds a counted call whose body the origin did not deliver in full (origin: %s after half the body), and cuts the connection',
  async (mode) => {
    const key = await createTestKey(store, 'free');
    const hash = hashKey(key);
    const url = sampleUrl(tree.manifest, tree.manifest.routes.find((route) => route.path === '/api/cards') as ManifestRoute);
    originStalls = mode;
    try {
      const reply = await get(gateway.url, url, { headers: { 'X-API-Key': key }, timeoutMs: 8000 }).catch((error: Error) => error);
      // Headers were sent with the full length; the body stops short, so the client sees a broken answer, not a 200 it can use.
      expect(reply instanceof Error || reply.body.length < Number(reply.headers['content-length'])).toBe(true);
      for (let i = 0; i < 40 && (await store.usage(hash, new Date())).day !== 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await store.usage(hash, new Date())).toEqual({ day: 0, month: 0 });
    } finally {
      originStalls = undefined;
    }
    expect((await get(gateway.url, url, { headers: { 'X-API-Key': key } })).status).toBe(200);
    expect(await store.usage(hash, new Date())).toEqual({ day: 1, month: 1 });
  },
  15_000,
);

it('checks an origin without ETags for a new build through the small build-id file, not the whole manifest', async () => {
  requested.length = 0;
  expect(await builds.check()).toBe(false);
  expect(await builds.check()).toBe(false);
  expect(requested).toEqual(['/build-id', '/build-id']);
});

it('serves public files (static records, the OpenAPI document for /docs) from the origin too, without a key', async () => {
  for (const path of ['/api/mcc/5411.json', '/openapi.json']) {
    const reply = await get(gateway.url, path);
    expect(reply.status, `${path}: ${reply.text}`).toBe(200);
    expect(reply.body.equals(readFileSync(join(tree.out, `public${path}`))), path).toBe(true);
    expect(reply.headers['etag']).toBe(tree.manifest.files[`public${path}`]?.etag);
    expect(reply.headers['cache-control']).toMatch(/^public/);
    expect(reply.headers['ratelimit']).toBeUndefined();
  }
  const notModified = await get(gateway.url, '/api/mcc/5411.json', {
    headers: { 'If-None-Match': tree.manifest.files['public/api/mcc/5411.json']!.etag },
  });
  expect(notModified.status).toBe(304);
});
