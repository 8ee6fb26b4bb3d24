/**
 * Several gateway processes on one Redis: `serve --workers 2` shares the port and the counters,
 * a key revoked by another process is refused by every gateway within the key cache's time, and
 * the embedded store is shared exactly by several workers.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashKey } from '../gateway/api-keys.ts';
import { createRedisStore } from '../gateway/stores/redis-store.ts';
import { runCli } from './helpers/cli.ts';
import { useTreeAndRedis } from './helpers/fixture.ts';
import { createTestKey } from './helpers/gateway.ts';
import { get } from './helpers/http.ts';
import { freePort, HAS_REDIS } from './helpers/redis.ts';
import { startServeProcess } from './helpers/serve-process.ts';

const fixture = useTreeAndRedis('cardrewards-workers-');

describe.runIf(HAS_REDIS)('gateway processes sharing Redis', () => {
  const redisArgs = () => ['--redis-url', fixture.redis?.url ?? '', '--dist', fixture.tree.out, '--log-level', 'silent'];

  it('serves from two workers on one port and counts every call once', async () => {
    const store = await createRedisStore({ url: fixture.redis?.url ?? '' });
    const key = await createTestKey(store, 'pro');
    const port = await freePort();
    const server = startServeProcess(fixture.work, ['--workers', '2', '--port', String(port), ...redisArgs()]);
    try {
      const url = await server.listening;
      // Both workers announce themselves; wait for the second before counting on it.
      for (let i = 0; i < 100 && (server.output().match(/worker \d+ listening/g) ?? []).length < 2; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.output().match(/worker \d+ listening/g)).toHaveLength(2);
      const statuses = await Promise.all(Array.from({ length: 40 }, () => get(url, '/api/cards', { headers: { 'X-API-Key': key } })));
      expect(statuses.map((reply) => reply.status)).toEqual(Array(40).fill(200));
      expect((await store.usage(hashKey(key), new Date())).day).toBe(40);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      await store.close();
    }
  });

  it('refuses a key revoked by another process in every gateway within the key cache time', async () => {
    const store = await createRedisStore({ url: fixture.redis?.url ?? '' });
    const key = await createTestKey(store, 'pro');
    const gateways = [0, 1].map(() =>
      startServeProcess(fixture.work, ['--workers', '1', '--port', '0', '--key-cache-ms', '300', ...redisArgs()]),
    );
    try {
      const urls = await Promise.all(gateways.map((gateway) => gateway.listening));
      for (const url of urls) expect((await get(url, '/api/cards', { headers: { 'X-API-Key': key } })).status).toBe(200);
      await store.revoke(hashKey(key));
      const refusedAfter = await Promise.all(
        urls.map(async (url) => {
          const started = Date.now();
          while ((await get(url, '/api/cards', { headers: { 'X-API-Key': key } })).status !== 401) {
            if (Date.now() - started > 5000) return Number.POSITIVE_INFINITY;
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
          return Date.now() - started;
        }),
      );
      // The cache trusts a record for 300 ms; well under a second even on a loaded machine.
      for (const ms of refusedAfter) expect(ms).toBeLessThan(1000);
    } finally {
      for (const gateway of gateways) gateway.child.kill('SIGKILL');
      await store.close();
    }
  });
});

describe('the embedded store and workers', () => {
  it('serves from two workers sharing the embedded store and counts every call exactly once', async () => {
    const state = join(fixture.work, 'workers.mdb');
    const key = (await runCli(['keys', 'create', '--tier', 'pro', '--name', 'w', '--state-file', state])).stdout.trim();
    const server = startServeProcess(fixture.work, ['--workers', '2', '--port', '0', '--state-file', state, '--dist', fixture.tree.out], {
      REDIS_URL: '',
    });
    try {
      const url = await server.listening;
      for (let i = 0; i < 100 && (server.output().match(/worker \d+ listening/g) ?? []).length < 2; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const replies = await Promise.all(Array.from({ length: 40 }, () => get(url, '/api/cards', { headers: { 'X-API-Key': key } })));
      expect(replies.map((reply) => reply.status)).toEqual(Array(40).fill(200));
      const usage = await get(url, '/api/usage', { headers: { 'X-API-Key': key } });
      expect((usage.json as { day: { used: number } }).day.used).toBe(40);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
