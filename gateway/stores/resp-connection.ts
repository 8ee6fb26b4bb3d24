/**
 * The Redis connection of a one-server deployment, for every command the store sends. It exists
 * for the hot path: every keyed call sends one command (the count script), and a general client's
 * per-command machinery (ioredis builds a `Command` object, a promise, a timer and an argument
 * buffer per call, and parses replies through a general parser) cost about as much CPU as the rest
 * of the request. This connection writes all the commands of one event-loop turn in one `write`,
 * keeps one pending entry per command and one timer for all of them, and parses replies straight
 * from the socket's bytes (`resp-reply.ts`).
 *
 * It fails fast while Redis is unreachable (no queue of commands waiting for a connection), a
 * command not answered within the command timeout fails (its late reply is read and dropped, so
 * the replies stay in step), and it reconnects by itself, quickly at first and never more than a
 * second apart, until `close()`, which also cancels a reconnection already scheduled. Its state
 * changes go to `onStateChange` once each: one `down` per outage (with the socket's error), however
 * many reconnections fail during it, and one `ready` when it ends. One server only (`redis://`,
 * `rediss://`, with a user, password and database number); a Cluster or a URL with options keeps
 * ioredis (`redis-client.ts`).
 */
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { connect as connectTls } from 'node:tls';
import type { RedisStateListener, RedisTransport } from './redis-transport.ts';
import { encodeCommand, INCOMPLETE, parseReply, ProtocolError, type Reply, ReplyError } from './resp-reply.ts';

/** Told a command's outcome: an error (unreachable, timed out, or Redis's own error reply) or the reply. */
export type ReplyCallback = (error: Error | undefined, reply: Reply | undefined) => void;

export interface RespConnectionOptions {
  readonly connectTimeoutMs: number;
  readonly commandTimeoutMs: number;
  /** Told when the connection becomes ready and when it goes down, once per change. */
  readonly onStateChange?: RedisStateListener | undefined;
}

/** The URLs this connection can serve: one server, no query options. Anything else is left to ioredis. */
export function isPlainServerUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'redis:' || parsed.protocol === 'rediss:') && parsed.search === '' && parsed.hostname !== '';
  } catch {
    return false;
  }
}

interface Pending {
  readonly callback: ReplyCallback;
  /** `performance.now()` after which the command has failed. */
  readonly deadline: number;
  settled: boolean;
}

/** Reconnect forever, quickly at first, never more than a second apart (as the ioredis client does). */
const reconnectDelayMs = (failures: number) => Math.min(failures * 50, 1000);

/** One connection to one Redis server; it connects in the background on creation and reconnects after every drop. */
export class RespConnection implements RedisTransport {
  /** Resolves when the first attempt to connect has succeeded or failed (reconnection goes on either way). */
  readonly opened: Promise<void>;
  readonly #target: URL;
  readonly #options: RespConnectionOptions;
  /** AUTH and SELECT, sent first on every new socket. */
  readonly #handshake: string[] = [];
  #socket: Socket | undefined;
  #state: 'starting' | 'ready' | 'down' | 'closed' = 'starting';
  /** The last socket error, the detail of the `down` it causes. */
  #lastError: string | undefined;
  #failures = 0;
  #reconnectTimer: NodeJS.Timeout | undefined;
  /** Sent commands awaiting their reply, in order; `#head` is the next reply's. */
  #pending: (Pending | undefined)[] = [];
  #head = 0;
  /** Commands before this index have timed out already (their replies are still awaited). */
  #expiredUpTo = 0;
  #timer: NodeJS.Timeout | undefined;
  #unsent = '';
  #flushScheduled = false;
  #rest: Buffer | undefined;
  #settleOpened: () => void = () => undefined;

  constructor(url: string, options: RespConnectionOptions) {
    this.#target = new URL(url);
    this.#options = options;
    const { username, password, pathname } = this.#target;
    if (username !== '' || password !== '') {
      const secret = decodeURIComponent(password);
      this.#handshake.push(encodeCommand(username === '' ? ['AUTH', secret] : ['AUTH', decodeURIComponent(username), secret]));
    }
    const db = Number(pathname.slice(1) || 0);
    if (db !== 0) this.#handshake.push(encodeCommand(['SELECT', db]));
    this.opened = new Promise<void>((resolve) => {
      this.#settleOpened = resolve;
    });
    this.#open();
  }

  /** True once connected (and authenticated) until the connection drops. */
  get ready(): boolean {
    return this.#state === 'ready';
  }

  /** Sends one command encoded by `encodeCommand`, written with the other commands of this turn. */
  send(command: string, callback: ReplyCallback): void {
    if (this.#state === 'ready') this.#enqueue(command, callback);
    else callback(new Error('the connection to Redis is not ready'), undefined);
  }

  /** Sends `args` as one command; an error reply rejects as ReplyError. */
  call(args: readonly (string | number)[]): Promise<Reply> {
    return new Promise((resolve, reject) =>
      this.send(encodeCommand(args), (error, reply) => (error === undefined ? resolve(reply as Reply) : reject(error))),
    );
  }

  /** Closes for good: pending commands fail, and no reconnection follows, not even one already scheduled. */
  async close(): Promise<void> {
    this.#state = 'closed';
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = undefined;
    this.#socket?.destroy();
  }

  #open(): void {
    this.#reconnectTimer = undefined;
    const target = this.#target;
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const port = Number(target.port || 6379);
    const tls = target.protocol === 'rediss:';
    const socket = tls ? connectTls({ host, port, ...(isIP(host) === 0 ? { servername: host } : {}) }) : connectTcp({ host, port });
    this.#socket = socket;
    socket.setNoDelay(true);
    const connectTimer = setTimeout(() => socket.destroy(new Error('connect timeout')), this.#options.connectTimeoutMs);
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(connectTimer);
      if (this.#handshake.length === 0) return this.#becomeReady();
      let answered = 0;
      for (const command of this.#handshake)
        this.#enqueue(command, (error) => {
          if (error !== undefined) socket.destroy(error);
          else if (++answered === this.#handshake.length) this.#becomeReady();
        });
    });
    socket.on('data', (chunk: Buffer) => this.#onData(socket, chunk));
    socket.on('error', (error) => {
      this.#lastError = error.message;
    });
    socket.once('close', () => {
      clearTimeout(connectTimer);
      this.#onClose(socket);
    });
  }

  #becomeReady(): void {
    this.#failures = 0;
    this.#lastError = undefined;
    this.#changeState('ready', 'connected');
    this.#settleOpened();
  }

  #changeState(state: 'ready' | 'down', detail: string): void {
    if (this.#state === state || this.#state === 'closed') return;
    this.#state = state;
    this.#options.onStateChange?.(state, detail);
  }

  #onClose(socket: Socket): void {
    if (this.#socket !== socket) return;
    this.#socket = undefined;
    this.#settleOpened();
    const dropped = this.#pending;
    this.#pending = [];
    this.#head = 0;
    this.#expiredUpTo = 0;
    this.#unsent = '';
    this.#rest = undefined;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const error = new Error(`the connection to Redis closed${this.#lastError === undefined ? '' : `: ${this.#lastError}`}`);
    for (const entry of dropped) if (entry !== undefined) this.#fail(entry, error);
    if (this.#state === 'closed') return;
    this.#changeState('down', this.#lastError ?? 'connection closed');
    this.#failures++;
    this.#reconnectTimer = setTimeout(() => this.#open(), reconnectDelayMs(this.#failures));
    this.#reconnectTimer.unref();
  }

  #fail(entry: Pending, error: Error): void {
    if (entry.settled) return;
    entry.settled = true;
    entry.callback(error, undefined);
  }

  /** Fails the commands whose deadline has passed, then waits for the next one's. */
  #expire(): void {
    this.#timer = undefined;
    const now = performance.now();
    let index = Math.max(this.#expiredUpTo, this.#head);
    for (; index < this.#pending.length; index++) {
      const entry = this.#pending[index] as Pending;
      if (entry.deadline > now) break;
      this.#fail(entry, new Error(`Redis did not answer within ${this.#options.commandTimeoutMs} ms`));
    }
    this.#expiredUpTo = index;
    this.#armTimer();
  }

  #armTimer(): void {
    const next = this.#pending[Math.max(this.#expiredUpTo, this.#head)];
    if (this.#timer !== undefined || next === undefined) return;
    this.#timer = setTimeout(() => this.#expire(), Math.max(0, next.deadline - performance.now()) + 1);
    this.#timer.unref();
  }

  #flush(): void {
    this.#flushScheduled = false;
    if (this.#unsent === '' || this.#socket === undefined) return;
    this.#socket.write(this.#unsent);
    this.#unsent = '';
  }

  #enqueue(command: string, callback: ReplyCallback): void {
    this.#pending.push({ callback, deadline: performance.now() + this.#options.commandTimeoutMs, settled: false });
    this.#unsent += command;
    if (!this.#flushScheduled) {
      this.#flushScheduled = true;
      // After the I/O callbacks of this turn: the counts of every request read in it go in one write.
      setImmediate(() => this.#flush());
    }
    this.#armTimer();
  }

  #deliver(reply: Reply): void {
    const entry = this.#pending[this.#head];
    if (entry === undefined) throw new ProtocolError('a reply from Redis to no command');
    this.#pending[this.#head] = undefined;
    this.#head++;
    if (this.#head === this.#pending.length) {
      this.#pending = [];
      this.#head = 0;
      this.#expiredUpTo = 0;
    } else if (this.#head > 4096 && this.#head * 2 > this.#pending.length) {
      this.#pending = this.#pending.slice(this.#head);
      this.#expiredUpTo = Math.max(0, this.#expiredUpTo - this.#head);
      this.#head = 0;
    }
    if (entry.settled) return;
    entry.settled = true;
    if (reply instanceof ReplyError) entry.callback(reply, undefined);
    else entry.callback(undefined, reply);
  }

  #onData(socket: Socket, chunk: Buffer): void {
    const bytes = this.#rest === undefined ? chunk : Buffer.concat([this.#rest, chunk]);
    let at = 0;
    try {
      while (at < bytes.length) {
        const parsed = parseReply(bytes, at);
        if (parsed === INCOMPLETE) break;
        at = parsed.end;
        this.#deliver(parsed.reply);
      }
    } catch (error) {
      socket.destroy(error as Error);
      return;
    }
    this.#rest = at < bytes.length ? Buffer.from(bytes.subarray(at)) : undefined;
  }
}
