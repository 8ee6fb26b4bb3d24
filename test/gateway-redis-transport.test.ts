/**
 * The Redis store's one transport (`stores/resp-connection.ts` for one server): one connection per
 * store, its outages in the log once each with the socket's error, and a store closed during an
 * outage that opens no socket afterwards, not even the reconnection it had scheduled.
 */
import { createServer, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../gateway/api-keys.ts';
import { createLogger, type Logger } from '../gateway/logger.ts';
import { openStore } from '../gateway/open-store.ts';
import { StoreUnavailableError } from '../gateway/store.ts';
import { createRedisStore } from '../gateway/stores/redis-store.ts';
import { HAS_REDIS, startRedis, type TestRedis } from './helpers/redis.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const UNLIMITED = { daily: null, monthly: null };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The clients connected to `redis`, less the one that asks. */
async function clientCount(redis: TestRedis): Promise<number> {
  const list = await redis.command('CLIENT', 'LIST');
  return list.split('\n').filter((line) => line.includes(' cmd=') && !line.includes('cmd=client|list')).length;
}

/** A logger at level info whose lines are kept for the test to read. */
function collectLog(): { log: () => string; logger: Logger } {
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { log: () => text, logger: createLogger('info', destination) };
}

/** Waits until `check` holds, polling every 20 ms, for at most `ms` (a generous bound, not a timing goal). */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await sleep(20);
  }
}

describe.runIf(HAS_REDIS)('the Redis transport', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());

  it('is one connection per store, for counting, keys, usage and readiness alike', async () => {
    const store = await createRedisStore({ url: redis.url });
    const hash = hashKey('cr_one_connection');
    await store.saveKey({ hash, tier: 'pro', name: 'one', status: 'active', created: '2026-11-22T10:00:00.000Z' });
    expect((await store.lookupKey(hash))?.name).toBe('one');
    expect((await store.increment(hash, UNLIMITED, NOW)).counts).toEqual({ day: 1, month: 1 });
    expect(await store.usage(hash, NOW)).toEqual({ day: 1, month: 1 });
    await store.ping();
    expect(await clientCount(redis)).toBe(1);
    await store.close();
    await until(async () => (await clientCount(redis)) === 0);
  });

  it('logs a Redis unreachable at start once, with the socket error, and once when it answers', async () => {
    const { log, logger } = collectLog();
    await redis.stop();
    let restarted = false;
    try {
      const store = await openStore({ redisUrl: redis.url, stateFile: '', stateSync: 'disk' }, logger);
      // More than a second of failed reconnections, and calls refused meanwhile.
      await expect(store.increment(hashKey('cr_at_start'), UNLIMITED, NOW)).rejects.toBeInstanceOf(StoreUnavailableError);
      await sleep(1200);
      await redis.start();
      restarted = true;
      await until(() => log().includes('redis connected'));
      await store.close();
    } finally {
      // Started once only: a second redis-server on the port would fail, and the helper would lose the first.
      if (!restarted) await redis.start();
    }
    const lines = log()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; detail?: string });
    expect(lines.map((line) => line.msg)).toEqual(['redis unreachable; reconnecting', 'redis connected']);
    expect(lines[0]?.detail).toMatch(/ECONNREFUSED/);
  });

  it('logs an outage once when it starts, with the socket error, and once when it ends, whatever the calls and reconnections between', async () => {
    const { log, logger } = collectLog();
    const store = await openStore({ redisUrl: redis.url, stateFile: '', stateSync: 'disk' }, logger);
    const hash = hashKey('cr_outage_log');
    await store.increment(hash, UNLIMITED, NOW);
    await redis.stop();
    // Calls during the outage, and more than a second of failed reconnections (50 ms apart at first).
    const refused = await Promise.allSettled(Array.from({ length: 50 }, () => store.increment(hash, UNLIMITED, NOW)));
    expect(refused.every((result) => result.status === 'rejected' && result.reason instanceof StoreUnavailableError)).toBe(true);
    await sleep(1500);
    await redis.start();
    await until(
      () =>
        log()
          .split('\n')
          .filter((line) => line.includes('redis connected')).length === 2,
    );
    await store.close();

    const lines = log()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; detail?: string });
    expect(lines.map((line) => line.msg)).toEqual(['redis connected', 'redis unreachable; reconnecting', 'redis connected']);
    expect(lines[1]?.detail).toMatch(/ECONNREFUSED|ECONNRESET|closed/);
  });

  it('closed during an outage, opens no socket afterwards (its scheduled reconnection is cancelled)', async () => {
    const store = await createRedisStore({ url: redis.url });
    expect(store.connected).toBe(true);
    await redis.stop();
    // Let a few reconnections fail, so that one is scheduled when the store closes.
    await sleep(400);
    await store.close();

    // Something listening on Redis's port again: any reconnection would be accepted, and counted.
    const accepted: Socket[] = [];
    const listener = createServer((socket) => {
      accepted.push(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(redis.port, '127.0.0.1', () => resolve()));
    try {
      // Past the longest reconnection delay (1 s) and a connect timeout.
      await sleep(2500);
      expect(accepted).toHaveLength(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
      await redis.start();
    }
  });
});
