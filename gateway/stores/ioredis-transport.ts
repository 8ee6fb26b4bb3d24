/**
 * The Redis transport of a Redis Cluster reached through one of its nodes (`redis+cluster://host:port`,
 * `rediss+cluster://`; the client discovers the other nodes), or of one server named by a URL with
 * query options: ioredis, which a one-server deployment never loads (`resp-connection.ts`). It fails
 * fast while Redis is unreachable (no offline queue) and writes concurrent commands together
 * (auto-pipelining). ioredis types stay in this file.
 */
import { Cluster, Redis } from 'ioredis';
import type { RedisStateListener, RedisTransport } from './redis-transport.ts';
import type { Reply } from './resp-reply.ts';

export interface IoredisTransportOptions {
  readonly connectTimeoutMs: number;
  readonly commandTimeoutMs: number;
  readonly onStateChange?: RedisStateListener | undefined;
}

/** True for the URL schemes of a Redis Cluster. */
export function isClusterUrl(url: string): boolean {
  return /^rediss?\+cluster:/i.test(url);
}

/** An ioredis client for `url`, connecting in the background; its state changes reported once each. */
export function createIoredisTransport(url: string, options: IoredisTransportOptions): RedisTransport {
  const client = createClient(url, options);
  let state: 'starting' | 'ready' | 'down' | 'closed' = 'starting';
  const change = (next: 'ready' | 'down', detail: string) => {
    if (state === next || state === 'closed') return;
    state = next;
    options.onStateChange?.(next, detail);
  };
  // ioredis emits `error` on each failed reconnection: only the first of an outage is told.
  client.on('ready', () => change('ready', 'connected'));
  client.on('error', (error: Error) => change('down', error.message));
  client.on('close', () => change('down', 'connection closed'));
  return {
    get ready() {
      return client.status === 'ready';
    },
    opened: client.connect().then(
      () => undefined,
      () => undefined,
    ),
    call: ([command, ...args]) => client.call(String(command), ...args).then(asReply),
    async close() {
      state = 'closed';
      client.disconnect(false);
    },
  };
}

/** ioredis turns HGETALL's reply into an object: back to RESP's flat array of fields and values. */
function asReply(value: unknown): Reply {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return Object.entries(value).flat() as Reply;
  return value as Reply;
}

function createClient(url: string, options: IoredisTransportOptions): Redis | Cluster {
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
