/** The same conformance tests against both `Store` implementations: Redis (real server) and the embedded state file. */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { open as openLmdb } from 'lmdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../gateway/api-keys.ts';
import type { KeyRecord, Store } from '../gateway/store.ts';
import { createEmbeddedStore } from '../gateway/stores/embedded-store.ts';
import { createRedisStore } from '../gateway/stores/redis-store.ts';
import { HAS_REDIS, REQUIRE_REDIS, startRedis, startRedisCluster, type TestRedis, type TestRedisCluster } from './helpers/redis.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-store-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const record = (name: string, tier: KeyRecord['tier'] = 'free'): KeyRecord => ({
  hash: hashKey(`cr_${name}`),
  tier,
  name,
  status: 'active',
  created: '2026-11-22T10:00:00.000Z',
});
const NOW = new Date('2026-11-22T23:59:30Z');
const LIMITS = { daily: 3, monthly: 5 };

it('has redis-server when CI is set (Redis tests must not be skipped in CI)', () => {
  if (REQUIRE_REDIS) expect(HAS_REDIS, 'redis-server is not installed; .ci/run installs it').toBe(true);
});

function conformance(name: string, open: () => Promise<Store>) {
  describe(`${name} store conformance`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store.close());

    it('saves, looks up, lists and revokes keys by hash', async () => {
      const a = record(`${name}-a`, 'pro');
      const b = record(`${name}-b`);
      await store.saveKey(a);
      await store.saveKey(b);
      expect(await store.lookupKey(a.hash)).toEqual(a);
      expect(await store.lookupKey(hashKey('cr_unknown'))).toBeUndefined();
      const hashes = (await store.listKeys()).map((key) => key.hash);
      expect(hashes).toEqual(expect.arrayContaining([a.hash, b.hash]));
      expect(await store.revoke(a.hash)).toBe(true);
      expect((await store.lookupKey(a.hash))?.status).toBe('revoked');
      expect(await store.revoke(hashKey('cr_nobody'))).toBe(false);
    });

    it('counts day and month, refuses at either limit without counting, and reports resets', async () => {
      const hash = hashKey(`cr_${name}-count`);
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await store.increment(hash, LIMITS, NOW));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results[3]?.counts).toEqual({ day: 3, month: 3 });
      expect(results[0]?.resetSeconds).toEqual({ day: 30, month: 8 * 86400 + 30 });
      expect(await store.usage(hash, NOW)).toEqual({ day: 3, month: 3 });
      // A new UTC day: the daily window resets, the month goes on to its limit of 5.
      const tomorrow = new Date('2026-11-23T00:00:01Z');
      const next = [];
      for (let i = 0; i < 3; i++) next.push(await store.increment(hash, LIMITS, tomorrow));
      expect(next.map((r) => [r.allowed, r.counts.day, r.counts.month])).toEqual([
        [true, 1, 4],
        [true, 2, 5],
        [false, 2, 5],
      ]);
      // A new month resets both.
      expect((await store.increment(hash, LIMITS, new Date('2026-12-01T00:00:00Z'))).counts).toEqual({ day: 1, month: 1 });
    });

    // Each edge: the last second of a window, then the first second of the next. The daily count
    // must start again; the monthly count must too exactly when the month changes. Redis keeps the
    // counters alive for the seconds left in their window whatever its own clock says.
    it.each([
      ['a day', '2026-11-22T23:59:59Z', '2026-11-23T00:00:00Z', false, 1],
      ['31 January to 1 February', '2027-01-31T23:59:59Z', '2027-02-01T00:00:00Z', true, 1],
      ['28 February to 1 March (common year)', '2027-02-28T23:59:59Z', '2027-03-01T00:00:00Z', true, 1],
      ['28 to 29 February (leap year)', '2028-02-28T23:59:59Z', '2028-02-29T00:00:00Z', false, 1],
      ['29 February to 1 March (leap year)', '2028-02-29T23:59:59Z', '2028-03-01T00:00:00Z', true, 1],
      ['31 December to 1 January', '2026-12-31T23:59:59Z', '2027-01-01T00:00:00Z', true, 1],
      ['a day far in the past', '2001-05-31T23:59:59Z', '2001-06-01T00:00:00Z', true, 1],
    ])('starts new windows across %s', async (_edge, before, after, newMonth, resetDay) => {
      const hash = hashKey(`cr_${name}-edge-${before}`);
      const last = await store.increment(hash, LIMITS, new Date(before));
      expect(last.resetSeconds.day).toBe(resetDay);
      expect(await store.usage(hash, new Date(before))).toEqual({ day: 1, month: 1 });
      const first = await store.increment(hash, LIMITS, new Date(after));
      expect(first.counts).toEqual({ day: 1, month: newMonth ? 1 : 2 });
      expect(first.resetSeconds.day).toBe(86400);
    });

    it('refunds a counted call in the same windows, never below zero', async () => {
      const hash = hashKey(`cr_${name}-refund`);
      await store.increment(hash, LIMITS, NOW);
      await store.increment(hash, LIMITS, NOW);
      await store.refund(hash, NOW);
      expect(await store.usage(hash, NOW)).toEqual({ day: 1, month: 1 });
      await store.refund(hash, NOW);
      await store.refund(hash, NOW);
      expect(await store.usage(hash, NOW)).toEqual({ day: 0, month: 0 });
    });

    it('never refuses an unlimited key and still counts it', async () => {
      const hash = hashKey(`cr_${name}-unlimited`);
      for (let i = 0; i < 20; i++) expect((await store.increment(hash, { daily: null, monthly: null }, NOW)).allowed).toBe(true);
      expect(await store.usage(hash, NOW)).toEqual({ day: 20, month: 20 });
    });

    it('counts exactly under 500 concurrent increments', async () => {
      const hash = hashKey(`cr_${name}-concurrent`);
      const results = await Promise.all(Array.from({ length: 500 }, () => store.increment(hash, { daily: 137, monthly: 1000 }, NOW)));
      expect(results.filter((r) => r.allowed)).toHaveLength(137);
      expect(await store.usage(hash, NOW)).toEqual({ day: 137, month: 137 });
    });

    it('counts in the windows the caller names, unless either is at the limit the caller gives', async () => {
      const hash = hashKey(`cr_${name}-windows`);
      // Windows and limits come from the quota step: the store derives nothing from a clock.
      const windows = {
        day: { period: '2031-07-04', limit: null, ttlSeconds: 600 },
        month: { period: '2031-07', limit: 2, ttlSeconds: 600 },
      };
      const outcomes = [];
      for (let i = 0; i < 3; i++) outcomes.push(await store.incrementUnlessOver(hash, windows));
      expect(outcomes).toEqual([
        { counted: true, counts: { day: 1, month: 1 } },
        { counted: true, counts: { day: 2, month: 2 } },
        { counted: false, counts: { day: 2, month: 2 } },
      ]);
      expect(await store.usage(hash, new Date('2031-07-04T08:00:00Z'))).toEqual({ day: 2, month: 2 });
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}

conformance('embedded', async () => createEmbeddedStore({ file: join(work, 'state.json') }));
conformance('embedded, synced by the OS', async () => createEmbeddedStore({ file: join(work, 'state-os.mdb'), sync: 'os' }));

describe.runIf(HAS_REDIS)('redis cluster (3 masters)', () => {
  let cluster: TestRedisCluster;
  beforeAll(async () => {
    cluster = await startRedisCluster(mkdtempSync(join(work, 'cluster-')));
  });
  afterAll(() => cluster.stop());
  conformance('redis-cluster', () => createRedisStore({ url: cluster.url }));
});

describe.runIf(HAS_REDIS)('redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());
  conformance('redis', () => createRedisStore({ url: redis.url }));

  it('sets the counters to expire at the end of their UTC day and month', async () => {
    const store = await createRedisStore({ url: redis.url });
    const hash = hashKey('cr_expiry');
    await store.increment(hash, LIMITS, new Date());
    const today = new Date().toISOString();
    const dayTtl = Number((await redis.command('TTL', `cr:{${hash}}:d:${today.slice(0, 10)}`)).slice(1));
    const monthTtl = Number((await redis.command('TTL', `cr:{${hash}}:m:${today.slice(0, 7)}`)).slice(1));
    const secondsToMidnight =
      (Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1) - Date.now()) / 1000;
    expect(Math.abs(dayTtl - secondsToMidnight)).toBeLessThan(3);
    expect(monthTtl).toBeGreaterThanOrEqual(dayTtl);
    await store.close();
  });

  it('runs the script again after the script cache is flushed (NOSCRIPT → EVAL)', async () => {
    const store = await createRedisStore({ url: redis.url });
    const hash = hashKey('cr_noscript');
    await store.increment(hash, LIMITS, NOW);
    expect(await redis.command('SCRIPT', 'FLUSH')).toBe('+OK\r\n');
    expect((await store.increment(hash, LIMITS, NOW)).counts.day).toBe(2);
    await store.close();
  });
});

describe('embedded store file', () => {
  it('is readable by its owner only, its lock file too, and narrows the mode of a file an earlier version left wider', async () => {
    const modeOf = (path: string) => statSync(path).mode & 0o777;
    const fresh = join(work, 'private.mdb');
    const store = createEmbeddedStore({ file: fresh });
    await store.saveKey(record('private'));
    await store.close();
    expect([modeOf(fresh), modeOf(`${fresh}-lock`)]).toEqual([0o600, 0o600]);

    chmodSync(fresh, 0o644);
    chmodSync(`${fresh}-lock`, 0o644);
    const reopened = createEmbeddedStore({ file: fresh });
    expect(await reopened.lookupKey(record('private').hash)).toEqual(record('private'));
    await reopened.close();
    expect([modeOf(fresh), modeOf(`${fresh}-lock`)]).toEqual([0o600, 0o600]);
  });

  it('with --state-sync os, keeps every count a killed process made before it answered', () => {
    const file = join(work, 'killed.mdb');
    const key = record('killed', 'pro');
    // A separate process counts 25 calls, says so, and is killed with SIGKILL before it can close the store.
    const counter = `
      const { createEmbeddedStore } = await import(${JSON.stringify(pathToFileURL(join(process.cwd(), 'lib/gateway/stores/embedded-store.js')).href)});
      const store = createEmbeddedStore({ file: ${JSON.stringify(file)}, sync: 'os' });
      for (let i = 0; i < 25; i++) await store.increment(${JSON.stringify(key.hash)}, { daily: 100, monthly: 100 }, new Date(${JSON.stringify(NOW.toISOString())}));
      process.kill(process.pid, 'SIGKILL');`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', counter], { encoding: 'utf8' });
    expect(result.signal).toBe('SIGKILL');
    const reopened = createEmbeddedStore({ file });
    return expect(reopened.usage(key.hash, NOW)).resolves.toEqual({ day: 25, month: 25 });
  });

  it('deletes the counters of windows that have ended, and keeps the others', async () => {
    const file = join(work, 'pruned.mdb');
    const ended = hashKey('cr_ended');
    const current = hashKey('cr_current');
    const first = createEmbeddedStore({ file });
    // A window with one second left, and one with an hour left (the seconds the quota step gives).
    await first.incrementUnlessOver(ended, {
      day: { period: '2026-11-22', limit: null, ttlSeconds: 1 },
      month: { period: '2026-11', limit: null, ttlSeconds: 1 },
    });
    await first.incrementUnlessOver(current, {
      day: { period: '2026-11-22', limit: null, ttlSeconds: 3600 },
      month: { period: '2026-11', limit: null, ttlSeconds: 3600 },
    });
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // The next process's first count looks for ended windows.
    const next = createEmbeddedStore({ file });
    await next.increment(hashKey('cr_other'), { daily: null, monthly: null }, NOW);
    await next.close();

    const db = openLmdb<unknown, string>({ path: file, noSubdir: true, encoding: 'json', readOnly: true });
    const keys = [...db.getKeys()];
    await db.close();
    expect(keys.filter((key) => key.includes(ended))).toEqual([]);
    expect(keys.filter((key) => key.includes(current) && !key.startsWith('expires:')).sort()).toEqual([
      `day:${current}:2026-11-22`,
      `month:${current}:2026-11`,
    ]);
    expect(keys.filter((key) => key.includes(current) && key.startsWith('expires:'))).toHaveLength(2);
  });

  it('migrates a state file of the earlier JSON format: keys and the counts of the window carry over, the JSON is kept aside', async () => {
    const file = join(work, 'legacy.mdb');
    const key = record('legacy', 'pro');
    const legacy = {
      version: 1,
      keys: { [key.hash]: key },
      counters: { [key.hash]: { day: '2026-11-22', dayCount: 4, month: '2026-11', monthCount: 9 } },
    };
    writeFileSync(join(work, 'legacy.json'), JSON.stringify(legacy));
    const store = createEmbeddedStore({ file });
    expect(await store.lookupKey(key.hash)).toEqual(key);
    expect(await store.usage(key.hash, NOW)).toEqual({ day: 4, month: 9 });
    expect(existsSync(join(work, 'legacy.json'))).toBe(false);
    expect(existsSync(join(work, 'legacy.json.json-migrated'))).toBe(true);
    await store.close();
  });

  it('is shared between processes: keys written by one store are seen by another, and counts survive a restart', async () => {
    const file = join(work, 'shared.json');
    const server = createEmbeddedStore({ file });
    const cli = createEmbeddedStore({ file });
    const key = record('shared', 'starter');
    await cli.saveKey(key);
    expect(await server.lookupKey(key.hash)).toEqual(key);
    for (let i = 0; i < 7; i++) await server.increment(key.hash, { daily: 10, monthly: 10 }, NOW);
    await cli.revoke(key.hash);
    expect((await server.lookupKey(key.hash))?.status).toBe('revoked');
    await server.close();
    const restarted = createEmbeddedStore({ file });
    expect(await restarted.usage(key.hash, NOW)).toEqual({ day: 7, month: 7 });
    expect((await restarted.lookupKey(key.hash))?.status).toBe('revoked');
    // Only hashes are stored, never keys.
    expect(readFileSync(file, 'utf8')).not.toContain('cr_shared');
  });
});
