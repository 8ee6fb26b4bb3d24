/**
 * The Redis store's one-server connection (`stores/resp-connection.ts`), the one the count of every
 * keyed call goes through: replies split anywhere across reads, a password and a database number,
 * a frozen Redis (the late reply is dropped and the replies stay in step, and the late count is
 * not made), and exact limits with many counts written together.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../gateway/api-keys.ts';
import { StoreUnavailableError } from '../gateway/store.ts';
import { createRedisStore } from '../gateway/stores/redis-store.ts';
import { encodeCommand, INCOMPLETE, parseReply, type Reply, ReplyError } from '../gateway/stores/resp-reply.ts';
import { HAS_REDIS, startRedis, type TestRedis } from './helpers/redis.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

/** Every reply in `bytes`, parsed as the connection does: whatever is complete, the rest kept for the next read. */
function parseAll(chunks: Buffer[]): Reply[] {
  const replies: Reply[] = [];
  let rest: Buffer | undefined;
  for (const chunk of chunks) {
    const bytes = rest === undefined ? chunk : Buffer.concat([rest, chunk]);
    let at = 0;
    for (;;) {
      const parsed = parseReply(bytes, at);
      if (parsed === INCOMPLETE) break;
      replies.push(parsed.reply);
      at = parsed.end;
    }
    rest = at < bytes.length ? bytes.subarray(at) : undefined;
  }
  expect(rest).toBeUndefined();
  return replies;
}

describe('RESP replies', () => {
  const stream = Buffer.from(
    '*3\r\n:1\r\n:12\r\n:-3\r\n+OK\r\n-NOSCRIPT No matching script\r\n$4\r\nhé!\r\n$-1\r\n*2\r\n*1\r\n$0\r\n\r\n*-1\r\n:1048576\r\n',
  );
  const expected = [[1, 12, -3], 'OK', 'NOSCRIPT No matching script', 'hé!', null, [[''], null], 1048576];
  const plain = (reply: Reply): unknown => (reply instanceof ReplyError ? reply.message : reply);

  it('parses every kind of reply the count uses, and errors as ReplyError', () => {
    const replies = parseAll([stream]);
    expect(replies.map(plain)).toEqual(expected);
    expect(replies[2]).toBeInstanceOf(ReplyError);
  });

  it('gives the same replies wherever the bytes are split between two reads', () => {
    for (let split = 1; split < stream.length; split++) {
      expect(parseAll([stream.subarray(0, split), stream.subarray(split)]).map(plain)).toEqual(expected);
    }
  });

  it('encodes arguments by their byte length', () => {
    expect(encodeCommand(['SET', 'clé', 7])).toBe('*3\r\n$3\r\nSET\r\n$4\r\nclé\r\n$1\r\n7\r\n');
  });
});

describe.runIf(HAS_REDIS)('the counting connection against redis-server', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());

  it('lets exactly the limit through when a thousand counts are written together', async () => {
    // A generous timeout: this is about exactness, and a loaded machine must not turn it into a timing test.
    const store = await createRedisStore({ url: redis.url, commandTimeoutMs: 10_000 });
    const hash = hashKey('cr_together');
    const results = await Promise.all(Array.from({ length: 1000 }, () => store.increment(hash, { daily: 37, monthly: null }, NOW)));
    expect(results.filter((result) => result.allowed)).toHaveLength(37);
    expect(results.map((result) => result.counts.day).sort((a, b) => a - b)).toContain(37);
    expect(await store.usage(hash, NOW)).toEqual({ day: 37, month: 37 });
    await store.close();
  });

  it('fails a count Redis does not answer in time, does not make it later, and stays in step for the next', async () => {
    const store = await createRedisStore({ url: redis.url, commandTimeoutMs: 200 });
    const hash = hashKey('cr_frozen');
    expect((await store.increment(hash, { daily: null, monthly: null }, NOW)).counts.day).toBe(1);
    redis.signal('SIGSTOP');
    try {
      const started = performance.now();
      const late = await Promise.allSettled(Array.from({ length: 5 }, () => store.increment(hash, { daily: null, monthly: null }, NOW)));
      expect(performance.now() - started).toBeLessThan(2000);
      for (const result of late) {
        expect(result.status).toBe('rejected');
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
      }
      // Past the script's deadline (the timeout plus its slack), so the frozen counts find it passed.
      await new Promise((resolve) => setTimeout(resolve, 700));
    } finally {
      redis.signal('SIGCONT');
    }
    // The late replies arrive and are dropped: the next count gets its own reply, and none of the late ones counted.
    expect((await store.increment(hash, { daily: null, monthly: null }, NOW)).counts.day).toBe(2);
    expect(await store.usage(hash, NOW)).toEqual({ day: 2, month: 2 });
    await store.close();
  });

  it('authenticates with the password and selects the database the URL names', async () => {
    const url = new URL(redis.url);
    expect(await redis.command('CONFIG', 'SET', 'requirepass', 's3cr:t')).toBe('+OK\r\n');
    try {
      const inDb3 = await createRedisStore({ url: `redis://:${encodeURIComponent('s3cr:t')}@${url.host}/3` });
      const inDb0 = await createRedisStore({ url: `redis://:${encodeURIComponent('s3cr:t')}@${url.host}/0` });
      const hash = hashKey('cr_db3');
      await inDb3.increment(hash, { daily: null, monthly: null }, NOW);
      await inDb3.increment(hash, { daily: null, monthly: null }, NOW);
      // usage() reads over the same connection, which selected the database once: the count went there.
      expect(await inDb3.usage(hash, NOW)).toEqual({ day: 2, month: 2 });
      expect(await inDb0.usage(hash, NOW)).toEqual({ day: 0, month: 0 });
      const wrong = await createRedisStore({ url: `redis://:wrong@${url.host}` });
      await expect(wrong.increment(hash, { daily: null, monthly: null }, NOW)).rejects.toBeInstanceOf(StoreUnavailableError);
      await Promise.all([inDb3.close(), inDb0.close(), wrong.close()]);
    } finally {
      // The helper's own commands carry no password: restart without one for the tests that follow.
      await redis.stop();
      await redis.start();
    }
  });

  it('gives every counter an expiry at the end of its window, and leaves none behind from a refused call', async () => {
    const store = await createRedisStore({ url: redis.url, commandTimeoutMs: 10_000 });
    const inspect = new Redis(redis.url);
    const counted = hashKey('cr_windows');
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await store.increment(counted, { daily: 2, monthly: null }, NOW));
    expect(results.map((result) => [result.allowed, result.counts.day, result.counts.month])).toEqual([
      [true, 1, 1],
      [true, 2, 2],
      [false, 2, 2],
    ]);
    // NOW is 2026-11-22T12:00Z: 12 hours left in the day, 8 days and 12 hours in the month.
    const dayTtl = await inspect.ttl(`cr:{${counted}}:d:2026-11-22`);
    const monthTtl = await inspect.ttl(`cr:{${counted}}:m:2026-11`);
    expect(dayTtl).toBeGreaterThan(43_200 - 60);
    expect(dayTtl).toBeLessThanOrEqual(43_200);
    expect(monthTtl).toBeGreaterThan(734_400 - 60);
    expect(monthTtl).toBeLessThanOrEqual(734_400);
    expect(await inspect.mget(`cr:{${counted}}:d:2026-11-22`, `cr:{${counted}}:m:2026-11`)).toEqual(['2', '2']);

    // A key whose first call is refused (a limit of 0) gets no counter at all, not one without an expiry.
    const refused = hashKey('cr_never');
    expect((await store.increment(refused, { daily: 0, monthly: null }, NOW)).allowed).toBe(false);
    expect(await inspect.keys(`cr:{${refused}}:*`)).toEqual([]);
    // A monthly limit refuses without counting the day either.
    const monthly = hashKey('cr_monthly');
    expect((await store.increment(monthly, { daily: null, monthly: 1 }, NOW)).allowed).toBe(true);
    expect((await store.increment(monthly, { daily: null, monthly: 1 }, NOW)).counts).toEqual({ day: 1, month: 1 });
    expect(await inspect.mget(`cr:{${monthly}}:d:2026-11-22`, `cr:{${monthly}}:m:2026-11`)).toEqual(['1', '1']);
    inspect.disconnect();
    await store.close();
  });
});
