/**
 * The Redis adapter (one server or a Redis Cluster; `redis-connection.ts` opens the client): a key
 * registry here and a quota counter in `redis-quota-counter.ts`, over the same Redis. Keys are
 * hashes `cr:key:{<hash>}` plus a set `cr:keys` listing them.
 *
 * Outages: the offline queue is off and timeouts are short, so a command fails at once while
 * Redis is unreachable instead of queueing; both connections reconnect by themselves.
 */
import { maskUrl } from '../mask-url.ts';
import type { KeyRecord, KeyRegistry } from '../key-registry.ts';
import type { Tier } from '../parse-manifest.ts';
import { joinStore, type OpenedStore, type Store, StoreUnavailableError } from '../store.ts';
import { createRedisClient, type RedisClient } from './redis-connection.ts';
import { createRedisQuotaCounter } from './redis-quota-counter.ts';
import { createRespConnection, isPlainServerUrl, type RespConnection } from './resp-connection.ts';

export interface RedisStoreOptions {
  readonly url: string;
  /** Milliseconds to wait for a connection and for each command. */
  readonly connectTimeoutMs?: number;
  readonly commandTimeoutMs?: number;
  /** Called on connection state changes, for logs. */
  readonly onStateChange?: (state: 'ready' | 'down', detail: string) => void;
}

/** `openRedisStore`, as one object with both halves' methods (`store.ts`). */
export async function createRedisStore(options: RedisStoreOptions): Promise<Store & { readonly connected: boolean }> {
  const opened = await openRedisStore(options);
  return Object.defineProperty(joinStore(opened), 'connected', { get: () => opened.connected }) as Store & { readonly connected: boolean };
}

/** Connects (waiting up to the connect timeout) and returns the registry and the counter; a store whose Redis is down still works once Redis is back. */
export async function openRedisStore(options: RedisStoreOptions): Promise<OpenedStore & { readonly connected: boolean }> {
  const commandTimeoutMs = options.commandTimeoutMs ?? 500;
  const redis = createRedisClient(options.url, { connectTimeoutMs: options.connectTimeoutMs ?? 1000, commandTimeoutMs });
  let state: 'ready' | 'down' = 'down';
  redis.on('ready', () => {
    if (state !== 'ready') options.onStateChange?.('ready', 'connected');
    state = 'ready';
  });
  redis.on('error', (error: Error) => {
    if (state !== 'down') options.onStateChange?.('down', error.message);
    state = 'down';
  });
  redis.on('close', () => {
    if (state !== 'down') options.onStateChange?.('down', 'connection closed');
    state = 'down';
  });
  // The count, on every keyed call, goes over a connection of its own that does only that
  // (resp-connection.ts); a Cluster, or a URL with options, counts through ioredis.
  const counting = isPlainServerUrl(options.url)
    ? createRespConnection(options.url, { connectTimeoutMs: options.connectTimeoutMs ?? 1000, commandTimeoutMs })
    : undefined;
  await Promise.all([redis.connect().catch(() => undefined), counting?.opened]);

  return {
    kind: 'redis',
    location: maskUrl(options.url),
    get connected() {
      return redis.status === 'ready';
    },
    registry: createRedisKeyRegistry(redis),
    counter: createRedisQuotaCounter(redis, counting, commandTimeoutMs),
    async warnings() {
      // CONFIG is often disabled on managed Redis; then there is nothing to say.
      const setting = async (name: string) => ((await redis.config('GET', name).catch(() => [])) as string[])[1];
      const [save, appendonly] = await Promise.all([setting('save'), setting('appendonly')]);
      if (save !== '' || appendonly !== 'no') return [];
      return [
        'Redis persists nothing (save "" and appendonly no): every API key and count is lost when it restarts; enable RDB or AOF persistence, or keep a copy with `cardrewards keys export`',
      ];
    },
    ping: () =>
      unavailableOnFailure(async () => {
        // Both connections: a count needs the counting one, a key look-up the other.
        await Promise.all([redis.ping(), counting === undefined ? undefined : respPing(counting)]);
      }),
    async close() {
      counting?.close();
      redis.disconnect(false);
    },
  };
}

/** The key registry in Redis. */
function createRedisKeyRegistry(redis: RedisClient): KeyRegistry {
  const recordKey = (hash: string) => `cr:key:{${hash}}`;
  return {
    lookupKey: (hash) =>
      unavailableOnFailure(async () => {
        const fields = await redis.hgetall(recordKey(hash));
        return fields['hash'] === undefined ? undefined : toRecord(fields);
      }),
    saveKey: (record) =>
      unavailableOnFailure(async () => {
        // Two commands, not MULTI: the record and the index live in different Cluster slots. The
        // record is written first, so a key listed in the index always has its record.
        await redis.hset(recordKey(record.hash), { ...record });
        await redis.sadd('cr:keys', record.hash);
      }),
    listKeys: () =>
      unavailableOnFailure(async () => {
        const hashes = await redis.smembers('cr:keys');
        // Auto-pipelining sends these together (per node on a Cluster).
        const results = await Promise.all(hashes.map((hash) => redis.hgetall(recordKey(hash))));
        return results.filter((fields) => fields['hash'] !== undefined).map(toRecord);
      }),
    revoke: (hash) =>
      unavailableOnFailure(async () => {
        if ((await redis.exists(recordKey(hash))) === 0) return false;
        await redis.hset(recordKey(hash), 'status', 'revoked');
        return true;
      }),
  };
}

/** Runs `operation`, its failure (Redis unreachable, a timeout) becoming StoreUnavailableError. */
async function unavailableOnFailure<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new StoreUnavailableError(`Redis: ${(error as Error).message}`, { cause: error });
  }
}

function respPing(counting: RespConnection): Promise<void> {
  return new Promise((resolve, reject) =>
    counting.send('*1\r\n$4\r\nPING\r\n', (error) => (error === undefined ? resolve() : reject(error))),
  );
}

function toRecord(fields: Record<string, string>): KeyRecord {
  return {
    hash: fields['hash'] ?? '',
    tier: (fields['tier'] ?? 'free') as Tier,
    name: fields['name'] ?? '',
    status: fields['status'] === 'active' ? 'active' : 'revoked',
    created: fields['created'] ?? '',
  };
}
