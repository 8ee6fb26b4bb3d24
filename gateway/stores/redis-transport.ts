/**
 * What the Redis store asks of its one connection to Redis: send a command, say whether it is
 * connected, close. A one-server deployment speaks through `RespConnection` (`resp-connection.ts`);
 * a Cluster, or a URL with options, through ioredis (`ioredis-transport.ts`). Never both at once.
 */
import type { Reply } from './resp-reply.ts';

/** Told each change of a connection's state: `down` once per outage (with its cause), `ready` when it ends. */
export type RedisStateListener = (state: 'ready' | 'down', detail: string) => void;

/** One connection (or one Cluster client) to Redis, for every command the store sends. */
export interface RedisTransport {
  /** True while commands can be sent. */
  readonly ready: boolean;
  /** Resolves when the first attempt to connect has succeeded or failed (reconnection goes on either way). */
  readonly opened: Promise<void>;
  /** Sends `args` as one command; an error reply rejects with Redis's message, an outage or a timeout with its cause. */
  call(args: readonly (string | number)[]): Promise<Reply>;
  /** Closes for good: no reconnection follows. */
  close(): Promise<void>;
}
