/**
 * The fault suite (`npm run test:faults`): real gateway processes killed with SIGKILL under load,
 * a state database left behind by a killed process, two processes counting on one embedded
 * store, a Redis frozen with SIGSTOP, and a client that never finishes its headers. Each case
 * asserts the numbers that matter: calls served but not counted, calls charged but not served.
 */
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashKey } from '../../gateway/api-keys.ts';
import { createEmbeddedStore } from '../../gateway/stores/embedded-store.ts';
import { createRedisStore } from '../../gateway/stores/redis-store.ts';
import { runCli } from '../helpers/cli.ts';
import { useTreeAndRedis } from '../helpers/fixture.ts';
import { get, type Reply } from '../helpers/http.ts';
import { HAS_REDIS } from '../helpers/redis.ts';
import { startServeProcess } from '../helpers/serve-process.ts';

const fixture = useTreeAndRedis('cardrewards-faults-');
const NOW = () => new Date();

/** A key created by the CLI in the embedded store at `state`. */
async function embeddedKey(state: string, tier = 'pro'): Promise<string> {
  return (await runCli(['keys', 'create', '--tier', tier, '--name', 'fault', '--state-file', state])).stdout.trim();
}

function serveEmbedded(state: string, extra: string[] = []) {
  return startServeProcess(
    fixture.work,
    ['--port', '0', '--dist', fixture.tree.out, '--state-file', state, '--log-level', 'silent', ...extra],
    {
      REDIS_URL: '',
    },
  );
}

/** `count` keyed calls, `parallel` at a time; failures (a killed server) are recorded as status 0. */
async function load(url: string, key: string, count: number, parallel: number): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const reply = await get(url, '/api/cards', { headers: { 'X-API-Key': key }, timeoutMs: 3000 }).catch(
        () => undefined as Reply | undefined,
      );
      statuses.push(reply?.status ?? 0);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return statuses;
}

describe('embedded store', () => {
  it('loses no served call when the gateway is killed with SIGKILL under load, and restarts on the database it left', async () => {
    const state = join(fixture.work, 'kill.mdb');
    const key = await embeddedKey(state);
    const server = serveEmbedded(state);
    const url = await server.listening;
    const running = load(url, key, 2000, 20);
    await new Promise((resolve) => setTimeout(resolve, 400));
    server.child.kill('SIGKILL');
    const statuses = await running;
    const served = statuses.filter((status) => status === 200).length;
    expect(served).toBeGreaterThan(0);

    // A new gateway opens the database the killed one left (its lock file included) and serves at once.
    const restarted = serveEmbedded(state);
    const again = await restarted.listening;
    expect((await get(again, '/api/cards', { headers: { 'X-API-Key': key } })).status).toBe(200);
    restarted.child.kill('SIGTERM');
    await restarted.exited;

    const store = createEmbeddedStore({ file: state });
    const counted = (await store.usage(hashKey(key), NOW())).day;
    await store.close();
    // Every 200 was on disk before it was sent; at most the calls in flight at the kill were counted without an answer.
    expect(counted - 1).toBeGreaterThanOrEqual(served);
    expect(counted - 1 - served).toBeLessThanOrEqual(20);
  });

  it('lets exactly 10 of 1,000 parallel calls through when two gateway processes share the store with 10 calls left', async () => {
    const state = join(fixture.work, 'shared.mdb');
    const key = await embeddedKey(state, 'free');
    const limits = ['--limits', 'free=1000:10'];
    const servers = [serveEmbedded(state, limits), serveEmbedded(state, limits)];
    try {
      const urls = await Promise.all(servers.map((server) => server.listening));
      const replies = await Promise.all(
        Array.from({ length: 1000 }, (_, i) => get(urls[i % 2] as string, '/api/cards', { headers: { 'X-API-Key': key } })),
      );
      const statuses = replies.map((reply) => reply.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(990);
    } finally {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
    }
  });

  it('is not wedged by a lock file left over from the earlier JSON store', async () => {
    const state = join(fixture.work, 'stale.mdb');
    const key = await embeddedKey(state);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${state}.lock`, '');
    const server = serveEmbedded(state);
    try {
      const url = await server.listening;
      const started = Date.now();
      expect((await get(url, '/api/cards', { headers: { 'X-API-Key': key } })).status).toBe(200);
      expect((await get(url, '/healthz')).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });
});

describe.runIf(HAS_REDIS)('Redis frozen with SIGSTOP', () => {
  it('answers 503 while Redis is frozen and charges none of those calls once it resumes', async () => {
    const redis = fixture.redis;
    if (redis === undefined) throw new Error('redis-server is required');
    const store = await createRedisStore({ url: redis.url });
    const key = (await runCli(['keys', 'create', '--tier', 'pro', '--name', 'stop', '--redis-url', redis.url])).stdout.trim();
    const server = startServeProcess(fixture.work, ['--port', '0', '--workers', '1', '--dist', fixture.tree.out, '--log-level', 'silent'], {
      REDIS_URL: redis.url,
    });
    try {
      const url = await server.listening;
      expect((await get(url, '/api/cards', { headers: { 'X-API-Key': key } })).status).toBe(200);
      redis.signal('SIGSTOP');
      // Past the key cache's second, so the key lookup has to reach the frozen Redis too.
      const frozen = await load(url, key, 50, 10);
      expect(frozen.every((status) => status === 503)).toBe(true);
      redis.signal('SIGCONT');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await store.usage(hashKey(key), NOW())).day).toBe(1);
      expect((await get(url, '/api/cards', { headers: { 'X-API-Key': key } })).status).toBe(200);
    } finally {
      redis.signal('SIGCONT');
      server.child.kill('SIGTERM');
      await server.exited;
      await store.close();
    }
  });
});

describe('slow clients', () => {
  it('closes a connection that never finishes its headers within about the 10 s headers timeout', async () => {
    const state = join(fixture.work, 'slow.mdb');
    const server = serveEmbedded(state);
    try {
      const url = new URL(await server.listening);
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve) => {
        const socket = connect(Number(url.port), url.hostname, () => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'));
        socket.on('data', () => undefined);
        socket.once('close', () => resolve(Date.now() - started));
        setTimeout(() => {
          socket.destroy();
          resolve(Number.POSITIVE_INFINITY);
        }, 20_000);
      });
      expect(closedAfter).toBeGreaterThanOrEqual(9_000);
      expect(closedAfter).toBeLessThan(12_500);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
