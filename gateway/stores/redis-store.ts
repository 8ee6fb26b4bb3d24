/**
 * The Redis adapter (one server or a Redis Cluster): a key registry here and a quota counter in
 * `redis-quota-counter.ts`, over one transport (`redis-transport.ts`): the narrow `RespConnection`
 * for one server, ioredis for a Cluster or a URL with options, loaded only then. Keys are hashes
 * `cr:key:{<hash>}` plus a set `cr:keys` listing them.
 *
 * Outages: nothing is queued and timeouts are short, so a command fails at once while Redis is
 * unreachable; the transport reconnects by itself, and tells `onStateChange` once per outage.
 */
import { maskUrl } from '../mask-url.ts';
import type { KeyRecord, KeyRegistry } from '../key-registry.ts';
import type { Tier } from '../parse-manifest.ts';
import { joinStore, type OpenedStore, type Store, StoreUnavailableError } from '../store.ts';
import { createRedisQuotaCounter } from './redis-quota-counter.ts';
import type { RedisStateListener, RedisTransport } from './redis-transport.ts';
import { isPlainServerUrl, RespConnection } from './resp-connection.ts';

export interface RedisStoreOptions {
  readonly url: string;
  /** Milliseconds to wait for a connection and for each command. */
  readonly connectTimeoutMs?: number;
  readonly commandTimeoutMs?: number;
  /** Called on connection state changes, for logs: once when an outage starts, once when it ends. */
  readonly onStateChange?: RedisStateListener;
}

/** `openRedisStore`, as one object with both halves' methods (`store.ts`). */
export async function createRedisStore(options: RedisStoreOptions): Promise<Store & { readonly connected: boolean }> {
  const opened = await openRedisStore(options);
  return Object.defineProperty(joinStore(opened), 'connected', { get: () => opened.connected }) as Store & { readonly connected: boolean };
}

/** Connects (waiting up to the connect timeout) and returns the registry and the counter; a store whose Redis is down still works once Redis is back. */
export async function openRedisStore(options: RedisStoreOptions): Promise<OpenedStore & { readonly connected: boolean }> {
  const commandTimeoutMs = options.commandTimeoutMs ?? 500;
  const connection = { connectTimeoutMs: options.connectTimeoutMs ?? 1000, commandTimeoutMs, onStateChange: options.onStateChange };
  const redis: RedisTransport = isPlainServerUrl(options.url)
    ? new RespConnection(options.url, connection)
    : (await import('./ioredis-transport.ts')).createIoredisTransport(options.url, connection);
  await redis.opened;

  return {
    kind: 'redis',
    location: maskUrl(options.url),
    get connected() {
      return redis.ready;
    },
    registry: createRedisKeyRegistry(redis),
    counter: createRedisQuotaCounter(redis, commandTimeoutMs),
    async warnings() {
      // CONFIG is often disabled on managed Redis; then there is nothing to say.
      const setting = async (name: string) => ((await redis.call(['CONFIG', 'GET', name]).catch(() => [])) as string[])[1];
      const [save, appendonly] = await Promise.all([setting('save'), setting('appendonly')]);
      if (save !== '' || appendonly !== 'no') return [];
      return [
        'Redis persists nothing (save "" and appendonly no): every API key and count is lost when it restarts; enable RDB or AOF persistence, or keep a copy with `cardrewards keys export`',
      ];
    },
    ping: () =>
      unavailableOnFailure(async () => {
        await redis.call(['PING']);
      }),
    close: () => redis.close(),
  };
}

/** The key registry in Redis. */
function createRedisKeyRegistry(redis: RedisTransport): KeyRegistry {
  const recordKey = (hash: string) => `cr:key:{${hash}}`;
  const readRecord = async (hash: string) => fieldsOf(await redis.call(['HGETALL', recordKey(hash)]));
  return {
    lookupKey: (hash) =>
      unavailableOnFailure(async () => {
        const fields = await readRecord(hash);
        return fields['hash'] === undefined ? undefined : toRecord(fields);
      }),
    saveKey: (record) =>
      unavailableOnFailure(async () => {
        // Two commands, not MULTI: the record and the index live in different Cluster slots. The
        // record is written first, so a key listed in the index always has its record.
        await redis.call(['HSET', recordKey(record.hash), ...Object.entries(record).flat()]);
        await redis.call(['SADD', 'cr:keys', record.hash]);
      }),
    listKeys: () =>
      unavailableOnFailure(async () => {
        const hashes = (await redis.call(['SMEMBERS', 'cr:keys'])) as string[];
        // Sent together: written in one turn (per node on a Cluster).
        const results = await Promise.all(hashes.map(readRecord));
        return results.filter((fields) => fields['hash'] !== undefined).map(toRecord);
      }),
    revoke: (hash) =>
      unavailableOnFailure(async () => {
        if ((await redis.call(['EXISTS', recordKey(hash)])) === 0) return false;
        await redis.call(['HSET', recordKey(hash), 'status', 'revoked']);
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

/** HGETALL's reply (field, value, field, value…) as an object. */
function fieldsOf(reply: unknown): Record<string, string> {
  const flat = reply as string[];
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i] as string] = flat[i + 1] as string;
  return fields;
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
