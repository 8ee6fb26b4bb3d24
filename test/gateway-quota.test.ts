/**
 * Quotas end to end, on both stores: 429 at the daily and at the monthly limit with Retry-After
 * and nothing counted on refusal, and exact counting when a thousand requests race for the last
 * ten calls.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../gateway/api-keys.ts';
import type { ManifestRoute } from '../gateway/parse-manifest.ts';
import { periodsOf } from '../gateway/periods.ts';
import type { Store } from '../gateway/store.ts';
import { createEmbeddedStore } from '../gateway/stores/embedded-store.ts';
import { createRedisStore } from '../gateway/stores/redis-store.ts';
import { createTestKey, sampleUrl, startTestGateway, type TestGateway } from './helpers/gateway.ts';
import { get } from './helpers/http.ts';
import { useTreeAndRedis } from './helpers/fixture.ts';
import { HAS_REDIS } from './helpers/redis.ts';

const fixture = useTreeAndRedis('cardrewards-quota-');
const { work } = fixture;

/** free: 1,000 a month, 3 a day; starter: 5 a month, 100 a day; pro: 1,000 a month, 50 a day. */
const LIMITS = 'free=1000:3,starter=5:100,pro=1000:50';

function quotaSuite(name: string, open: () => Promise<Store>) {
  describe(`quotas on the ${name} store`, () => {
    let store: Store;
    let gateway: TestGateway;
    let cards: string;
    beforeAll(async () => {
      store = await open();
      gateway = await startTestGateway(store, fixture.tree.out, { limits: LIMITS });
      cards = sampleUrl(
        fixture.tree.manifest,
        fixture.tree.manifest.routes.find((route) => route.path === '/api/cards/{id}') as ManifestRoute,
      );
    });
    afterAll(async () => {
      await gateway.close();
      await store.close();
    });
    const call = (key: string, extra: Record<string, string> = {}) => get(gateway.url, cards, { headers: { 'X-API-Key': key, ...extra } });

    it('refuses the call after the daily limit with 429, Retry-After until UTC midnight, and does not count it', async () => {
      const key = await createTestKey(store, 'free');
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push(await call(key));
      expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
      const refused = statuses[3];
      expect(refused?.headers['content-type']).toBe('application/problem+json');
      expect(refused?.json).toMatchObject({ status: 429, detail: expect.stringContaining('daily') });
      const retryAfter = Number(refused?.headers['retry-after']);
      expect(Math.abs(retryAfter - periodsOf(new Date()).resetSeconds.day)).toBeLessThanOrEqual(2);
      expect(refused?.headers['ratelimit']).toMatch(/"daily";r=0;t=\d+/);
      expect(statuses[2]?.headers['ratelimit']).toMatch(/"daily";r=0;/);
      expect(statuses[0]?.headers['ratelimit']).toMatch(/"daily";r=2;/);
      expect(await store.usage(hashKey(key), new Date())).toEqual({ day: 3, month: 3 });
      // A refused key still reads its own usage, and a 304 is still free.
      expect((await get(gateway.url, '/api/usage', { headers: { 'X-API-Key': key } })).json).toMatchObject({
        day: { used: 3, remaining: 0 },
      });
    });

    it('refuses the call after the monthly limit with 429 and Retry-After until the month ends', async () => {
      const key = await createTestKey(store, 'starter');
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push(await call(key));
      expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(statuses[5]?.json).toMatchObject({ detail: expect.stringContaining('monthly') });
      const retryAfter = Number(statuses[5]?.headers['retry-after']);
      expect(Math.abs(retryAfter - periodsOf(new Date()).resetSeconds.month)).toBeLessThanOrEqual(2);
      expect(await store.usage(hashKey(key), new Date())).toEqual({ day: 5, month: 5 });
    });

    it('does not count a conditional request answered 304', async () => {
      const key = await createTestKey(store, 'pro');
      const first = await call(key);
      for (let i = 0; i < 5; i++) expect((await call(key, { 'If-None-Match': first.headers['etag'] as string })).status).toBe(304);
      expect(await store.usage(hashKey(key), new Date())).toEqual({ day: 1, month: 1 });
    });

    it('lets exactly 10 of 1,000 concurrent requests through when 10 calls are left', async () => {
      const key = await createTestKey(store, 'pro');
      const hash = hashKey(key);
      const limits = gateway.config.limits.pro;
      for (let i = 0; i < 40; i++) await store.increment(hash, limits, new Date());
      const replies = await Promise.all(Array.from({ length: 1000 }, () => call(key)));
      const byStatus = new Map<number, number>();
      for (const reply of replies) byStatus.set(reply.status, (byStatus.get(reply.status) ?? 0) + 1);
      expect(Object.fromEntries(byStatus)).toEqual({ 200: 10, 429: 990 });
      expect(await store.usage(hash, new Date())).toEqual({ day: 50, month: 50 });
    });
  });
}

quotaSuite('embedded', async () => createEmbeddedStore({ file: join(work, 'state.json') }));
describe.runIf(HAS_REDIS)('redis', () => {
  quotaSuite('redis', () => createRedisStore({ url: fixture.redis!.url }));
});
