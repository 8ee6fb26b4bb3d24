/**
 * Opens the ioredis client a Redis URL names: one server (`redis://`, `rediss://`) or a Redis
 * Cluster reached through one of its nodes (`redis+cluster://host:port`, `rediss+cluster://`; the
 * client discovers the other nodes). Both fail fast while Redis is unreachable (no offline queue)
 * and write concurrent commands together (auto-pipelining).
 */
import { Cluster, Redis } from 'ioredis';

/** The commands the store uses; `Redis` and `Cluster` both have them. */
export type RedisClient = Redis | Cluster;

export interface RedisConnectionOptions {
  readonly connectTimeoutMs: number;
  readonly commandTimeoutMs: number;
}

/** True for the URL schemes of a Redis Cluster. */
export function isClusterUrl(url: string): boolean {
  return /^rediss?\+cluster:/i.test(url);
}

/** A client for `url`, not yet connected (call `connect()`). */
export function createRedisClient(url: string, options: RedisConnectionOptions): RedisClient {
  const common = {
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    connectTimeout: options.connectTimeoutMs,
    commandTimeout: options.commandTimeoutMs,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  } as const;
  // Reconnect forever, quickly at first, never more than a second apart.
  const backOff = (times: number) => Math.min(times * 50, 1000);
  if (!isClusterUrl(url)) return new Redis(url, { ...common, retryStrategy: backOff });
  const seed = new URL(url.replace(/\+cluster:/i, ':'));
  return new Cluster([{ host: seed.hostname, port: Number(seed.port || 6379) }], {
    ...common,
    clusterRetryStrategy: backOff,
    redisOptions: {
      ...common,
      ...(seed.username ? { username: decodeURIComponent(seed.username) } : {}),
      ...(seed.password ? { password: decodeURIComponent(seed.password) } : {}),
      ...(seed.protocol === 'rediss:' ? { tls: {} } : {}),
    },
  });
}
