/**
 * What one count costs the gateway's process in the Redis store, without HTTP: `ROUNDS` calls of
 * `increment` kept `IN_FLIGHT` at a time (as 50 keep-alive connections would), against a
 * redis-server of its own pinned to core 1. Prints the process's CPU time (user + system) per count
 * and the counts per second, for the store's own counting connection and for ioredis (which the
 * store counts through when the URL carries options, as `?family=4` does here), alternately. Run it
 * pinned to the other core:
 *
 *   taskset -c 0 node bin/run-ts.js scripts/bench/redis-count.ts [ROUNDS] [IN_FLIGHT] [PAIRS]
 */
import { loadavg } from 'node:os';
import { hashKey, generateKey } from '../../gateway/api-keys.ts';
import { createRedisStore } from '../../gateway/stores/redis-store.ts';
import { startRedis } from './servers.ts';

const ROUNDS = Number(process.argv[2] ?? 200_000);
const IN_FLIGHT = Number(process.argv[3] ?? 50);
const PAIRS = Number(process.argv[4] ?? 2);
const limits = { daily: 1_000_000_000, monthly: 1_000_000_000 };

const redis = await startRedis('1');
try {
  const hash = hashKey(generateKey());

  /** CPU µs per count and counts per second over `rounds` counts. */
  const run = async (store: Awaited<ReturnType<typeof createRedisStore>>, rounds: number) => {
    let started = 0;
    const cpu = process.cpuUsage();
    const wall = performance.now();
    const lane = async () => {
      while (started < rounds) {
        started++;
        await store.increment(hash, limits, new Date());
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - wall) / 1000;
    return { cpuUs: (used.user + used.system) / rounds, perSecond: rounds / seconds };
  };
  const clients = [
    ['counting connection', redis.url],
    ['ioredis', `${redis.url}/?family=4`],
  ] as const;
  let expected = 0;
  for (let pair = 0; pair < PAIRS; pair++) {
    for (const [name, url] of clients) {
      const store = await createRedisStore({ url });
      const load = loadavg()[0] ?? 0;
      await run(store, Math.ceil(ROUNDS / 5));
      const { cpuUs, perSecond } = await run(store, ROUNDS);
      expected += Math.ceil(ROUNDS / 5) + ROUNDS;
      const counted = (await store.usage(hash, new Date())).day;
      if (counted !== expected) throw new Error(`counted ${counted}, expected ${expected}`);
      console.log(
        `${name}: ${ROUNDS.toLocaleString('en-US')} counts, ${IN_FLIGHT} in flight: ${cpuUs.toFixed(1)} µs CPU per count, ${Math.round(perSecond).toLocaleString('en-US')} counts/s (load ${load.toFixed(2)})`,
      );
      await store.close();
    }
  }
} finally {
  redis.process.kill('SIGKILL');
}
