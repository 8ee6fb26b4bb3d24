/**
 * Redis outages: with Redis killed during requests, keyed calls fail fast with 503 problem details
 * and Retry-After (fail closed), public files and /healthz keep working, /readyz says not ready;
 * after a restart the gateway reconnects by itself and the quota script runs again although the
 * restarted Redis has lost its script cache (NOSCRIPT). Fail-open mode serves known keys uncounted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../gateway/api-keys.ts';
import type { ManifestRoute } from '../gateway/parse-manifest.ts';
import type { Store } from '../gateway/store.ts';
import { createRedisStore } from '../gateway/stores/redis-store.ts';
import { createTestKey, sampleUrl, startTestGateway, type TestGateway } from './helpers/gateway.ts';
import { createTestTree, type TestTree } from './helpers/gateway-tree.ts';
import { get } from './helpers/http.ts';
import { HAS_REDIS, REQUIRE_REDIS, startRedis, type TestRedis } from './helpers/redis.ts';

it('has redis-server when CI is set', () => {
  if (REQUIRE_REDIS) expect(HAS_REDIS, 'redis-server is not installed').toBe(true);
});

describe.runIf(HAS_REDIS)('Redis outage and restart', () => {
  const work = mkdtempSync(join(tmpdir(), 'cardrewards-outage-'));
  let tree: TestTree;
  let redis: TestRedis;
  let store: Store;
  let closed: TestGateway;
  let open: TestGateway;
  let cards: string;
  beforeAll(async () => {
    tree = await createTestTree(work);
    // Persistent (append-only file), so keys survive the restart and only the script cache is lost.
    redis = await startRedis({ dataDir: work });
    store = await createRedisStore({ url: redis.url });
    closed = await startTestGateway(store, tree.out);
    open = await startTestGateway(store, tree.out, { failMode: 'open' });
    cards = sampleUrl(tree.manifest, tree.manifest.routes.find((route) => route.path === '/api/cards') as ManifestRoute);
  });
  afterAll(async () => {
    await closed.close();
    await open.close();
    await store.close();
    await redis.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('fails closed fast while Redis is down and recovers by itself after a restart, under load', async () => {
    const key = await createTestKey(store, 'pro');
    const other = await createTestKey(store, 'pro');
    const headers = { 'X-API-Key': key };
    expect((await get(closed.url, cards, { headers })).status).toBe(200);
    expect((await get(open.url, cards, { headers })).status).toBe(200);

    // Load: four workers calling in a loop for the whole test.
    const statuses: number[] = [];
    let loading = true;
    const workers = Array.from({ length: 4 }, async () => {
      while (loading) {
        const reply = await get(closed.url, cards, { headers: { 'X-API-Key': other }, timeoutMs: 3000 });
        statuses.push(reply.status);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });

    await redis.stop();
    const started = performance.now();
    const down = await Promise.all(Array.from({ length: 20 }, () => get(closed.url, cards, { headers, timeoutMs: 3000 })));
    expect(performance.now() - started).toBeLessThan(1500);
    for (const reply of down) {
      expect(reply.status).toBe(503);
      expect(reply.headers['content-type']).toBe('application/problem+json');
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
      expect(reply.text).not.toMatch(/ECONNREFUSED|ioredis|stack/i);
    }
    expect((await get(closed.url, '/readyz')).status).toBe(503);
    expect((await get(closed.url, '/healthz')).status).toBe(200);
    expect((await get(closed.url, '/api/search.json')).status).toBe(200);
    // Fail open: a key seen before is served (uncounted); an unknown key still cannot be checked.
    expect((await get(open.url, cards, { headers })).status).toBe(200);
    expect((await get(open.url, cards, { headers: { 'X-API-Key': `cr_${'b'.repeat(43)}` } })).status).toBe(503);

    await redis.start();
    // The store reconnects on its own schedule (back-off): each check gets the same bounded wait, at most 100 × 50 ms.
    const statusOnceOk = async (path: string, init: Parameters<typeof get>[2] = {}): Promise<number> => {
      let status = (await get(closed.url, path, init)).status;
      for (let i = 0; i < 100 && status !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await get(closed.url, path, init)).status;
      }
      return status;
    };
    const recovered = await statusOnceOk(cards, { headers });
    expect(recovered).toBe(200);
    // The call above may have found its key still fresh in the key cache; /readyz pings Redis itself.
    const ready = await statusOnceOk('/readyz');
    expect(ready).toBe(200);
    // The restarted Redis had no scripts: counting went through NOSCRIPT → EVAL and goes on from the persisted counts.
    expect((await store.usage(hashKey(key), new Date())).day).toBe(3);

    loading = false;
    await Promise.all(workers);
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
  });
});
